import {
  cheaperSinceSaved,
  idsValue,
  MAX_COMPARE,
  MAX_FAVOURITES,
  parseIdsParam,
  readCompare,
  readFavourites,
  toggled,
} from '@domain/saved-lists.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAUGHTY_STRINGS } from '../support/naughty-strings.ts';

const params = (query: string) => new URLSearchParams(query);
const ids = (query: string, max = MAX_FAVOURITES) => parseIdsParam(params(query), max, 'lista');

describe('parseIdsParam', () => {
  it('reads ids in their order, each once, ignoring empty pieces and spaces', () => {
    expect(ids('ids=3,17,42')).toEqual({ kind: 'ids', ids: [3, 17, 42] });
    expect(ids('ids=42,3,42,17,3')).toEqual({ kind: 'ids', ids: [42, 3, 17] });
    expect(ids('ids=1,1,1')).toEqual({ kind: 'ids', ids: [1] });
    expect(ids('ids=,5,,%206%20,')).toEqual({ kind: 'ids', ids: [5, 6] });
    expect(ids('ids=')).toEqual({ kind: 'ids', ids: [] });
  });

  it('is absent without the parameter, whatever else the address says', () => {
    expect(ids('')).toEqual({ kind: 'absent' });
    expect(ids('utm_source=x&id=3')).toEqual({ kind: 'absent' });
  });

  it.each([
    'ids=abc',
    'ids=-3',
    'ids=0',
    'ids=07',
    'ids=1.5',
    'ids=1e3',
    'ids=3;4',
    'ids=2147483648',
    `ids=${'9'.repeat(10_000)}`,
    'ids=1&ids=2',
    'ids[]=1',
    'ids[]=',
    'ids=%00',
    'ids=1,%E2%80%AE2',
  ])('refuses %s with a Spanish sentence', (query) => {
    const result = ids(query);
    expect(result.kind).toBe('invalid');
    if (result.kind === 'invalid') expect(result.message).toMatch(/^La dirección de esta lista no es válida/);
  });

  it('refuses more vehicles than the limit, counting each id once', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => i + 1).join(',');
    expect(ids(`ids=${fifty}`)).toEqual({
      kind: 'invalid',
      message: 'Una lista puede tener hasta 30 vehículos.',
    });
    const compare = parseIdsParam(params('ids=1,2,3,4,5'), MAX_COMPARE, 'comparación');
    expect(compare.kind).toBe('invalid');
    if (compare.kind === 'invalid') expect(compare.message).toContain('hasta 4 vehículos');
    expect(parseIdsParam(params('ids=1,2,3,4,4,4,1'), MAX_COMPARE, 'comparación')).toEqual({
      kind: 'ids',
      ids: [1, 2, 3, 4],
    });
  });

  it('round-trips any list of ids through its address (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 2_147_483_647 }), { maxLength: MAX_FAVOURITES }),
        (list) => {
          const unique = [...new Set(list)];
          expect(ids(`ids=${idsValue(list)}`)).toEqual({ kind: 'ids', ids: unique });
        },
      ),
    );
  });

  it('never throws and answers ids only when every id is valid (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (value) => {
        const search = new URLSearchParams();
        search.set('ids', value);
        const result = parseIdsParam(search, MAX_FAVOURITES, 'lista');
        if (result.kind === 'ids') {
          expect(result.ids.length).toBeLessThanOrEqual(MAX_FAVOURITES);
          expect(new Set(result.ids).size).toBe(result.ids.length);
          for (const id of result.ids) expect(value).toContain(String(id));
        } else {
          expect(result.kind).toBe('invalid');
        }
      }),
    );
  });
});

describe('readFavourites', () => {
  it('keeps valid entries in order, once each', () => {
    const stored = JSON.stringify([
      { id: 3, price: 9_990_000, savedAt: '2026-11-20T10:00:00.000Z' },
      { id: 17, price: 12_500_000, savedAt: '2026-11-21T10:00:00.000Z' },
      { id: 3, price: 1, savedAt: '2026-11-22T10:00:00.000Z' },
    ]);
    expect(readFavourites(stored)).toEqual([
      { id: 3, price: 9_990_000, savedAt: '2026-11-20T10:00:00.000Z' },
      { id: 17, price: 12_500_000, savedAt: '2026-11-21T10:00:00.000Z' },
    ]);
  });

  it('drops entries of another shape and survives anything that is not a list', () => {
    const stored = JSON.stringify([
      null,
      7,
      'x',
      { id: -1, price: 1 },
      { id: 1.5, price: 1 },
      { id: '4', price: 1 },
      { id: 5, price: -10 },
      { id: 6, price: Number.MAX_SAFE_INTEGER + 2 },
      { id: 2_147_483_648, price: 1 },
      { id: 8, price: 1_000, savedAt: 'ayer' },
      { id: 9, price: 2_000, savedAt: { toString: 1 } },
      { __proto__: { id: 10 }, price: 1 },
    ]);
    expect(readFavourites(stored)).toEqual([
      { id: 8, price: 1_000, savedAt: '' },
      { id: 9, price: 2_000, savedAt: '' },
    ]);
    for (const raw of [
      null,
      undefined,
      '',
      'no json',
      '{"id":1}',
      '42',
      'null',
      '[',
      '{}',
      'x'.repeat(200_000),
    ]) {
      expect(readFavourites(raw)).toEqual([]);
    }
    for (const naughty of NAUGHTY_STRINGS) expect(() => readFavourites(naughty)).not.toThrow();
  });

  it('keeps at most the limit', () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, price: 1, savedAt: '' }));
    expect(readFavourites(JSON.stringify(many))).toHaveLength(MAX_FAVOURITES);
  });

  it('never throws on any JSON (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const list = readFavourites(JSON.stringify(value));
        expect(new Set(list.map((f) => f.id)).size).toBe(list.length);
        expect(list.length).toBeLessThanOrEqual(MAX_FAVOURITES);
      }),
    );
  });
});

describe('readCompare', () => {
  it('keeps at most four, cleans names and names a nameless vehicle by its id', () => {
    const stored = JSON.stringify([
      { id: 1, name: 'Toyota\u0000 Corolla\n' },
      { id: 2 },
      { id: 2, name: 'otra vez' },
      { id: 3, name: 'x'.repeat(500) },
      { id: 4, name: '   ' },
      { id: 5, name: 'quinto' },
    ]);
    const list = readCompare(stored);
    expect(list.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(list[0]?.name).toBe('Toyota Corolla');
    expect(list[1]?.name).toBe('Vehículo 2');
    expect(list[2]?.name).toHaveLength(120);
    expect(list[3]?.name).toBe('Vehículo 4');
    expect(readCompare('{"broken"')).toEqual([]);
  });
});

describe('toggled', () => {
  it('adds, removes, and refuses past the limit', () => {
    const one = toggled([], { id: 1, name: 'a' }, 2);
    expect(one).toEqual({ list: [{ id: 1, name: 'a' }], added: true, full: false });
    const two = toggled(one.list, { id: 2, name: 'b' }, 2);
    expect(toggled(two.list, { id: 3, name: 'c' }, 2)).toEqual({ list: two.list, added: false, full: true });
    expect(toggled(two.list, { id: 1, name: 'a' }, 2)).toEqual({
      list: [{ id: 2, name: 'b' }],
      added: false,
      full: false,
    });
  });
});

describe('cheaperSinceSaved', () => {
  it('is true only when the price now is lower than the one saved', () => {
    expect(cheaperSinceSaved({ price: 10_000_000 }, 9_500_000)).toBe(true);
    expect(cheaperSinceSaved({ price: 10_000_000 }, 10_000_000)).toBe(false);
    expect(cheaperSinceSaved({ price: 10_000_000 }, 10_500_000)).toBe(false);
    expect(cheaperSinceSaved(undefined, 1)).toBe(false);
  });
});
