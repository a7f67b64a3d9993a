// Issue 19 (ADR 0019): the server's half of favourites and compare. /favoritos?ids= and /comparar?ids= render
// exactly the vehicles asked, in order, with sold and unknown ones named; /favoritos.json gives the own list's cards;
// hostile `ids` get a Spanish sentence and a 400, never a 5xx. Pages are served from the build, as in production.

import type { FavouritesResponse } from '@contracts/saved.ts';
import type { Database } from '@db/client.ts';
import { buildApp } from '@server/app.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, createVehicle } from '../support/factories.ts';
import { NAUGHTY_STRINGS } from '../support/naughty-strings.ts';
import { builtSiteDir, testConfig } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';

let app: FastifyInstance;
let database: Database;
type Vehicle = Awaited<ReturnType<typeof createVehicle>>;
let cheap: Vehicle;
let dear: Vehicle;
let newest: Vehicle;
let sold: Vehicle;
let draft: Vehicle;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig(), database, pages: 'production', buildDir: builtSiteDir() });
  await app.ready();
  const db = database.db;
  const lookups = await createLookups(db, { brand: 'Mazda', bodyType: 'SUV' });
  cheap = await createVehicle(db, {
    lookups,
    model: 'CX-3',
    year: 2019,
    price: 9_990_000,
    features: ['ABS'],
  });
  dear = await createVehicle(db, {
    lookups,
    model: 'CX-9',
    year: 2020,
    price: 25_990_000,
    features: ['ABS', 'Sunroof'],
  });
  newest = await createVehicle(db, {
    lookups,
    model: 'CX-5',
    year: 2024,
    price: 19_990_000,
    features: ['ABS'],
  });
  sold = await createVehicle(db, { lookups, model: 'CX-30', status: 'sold' });
  draft = await createVehicle(db, { lookups, model: 'Borrador', status: 'draft' });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });
const favouriteIds = (html: string) => [...html.matchAll(/data-favourite="(\d+)"/g)].map((m) => Number(m[1]));

describe('/favoritos?ids= (a shared list)', () => {
  it('shows exactly the vehicles asked, in their order, and names the sold and the unknown', async () => {
    const response = await get(`/favoritos?ids=${newest.id},${sold.id},${cheap.id},${draft.id},999999`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('Lista de favoritos compartida');
    expect(favouriteIds(html)).toEqual([newest.id, cheap.id]);
    expect(html).toContain('Mazda CX-30');
    expect(html).toContain('Vendido');
    // The draft is as unknown as an id that never existed.
    expect(html).toContain(`Vehículo REF-${String(draft.id).padStart(4, '0')}`);
    expect(html).toContain('Vehículo REF-999999');
    expect(html.match(/Ya no está disponible/g)).toHaveLength(2);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it('without ids is the own list, read in the browser', async () => {
    const response = await get('/favoritos');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-name="own-favourites"');
    expect(response.body).toContain('Cargando tus favoritos...');
  });
});

describe('/favoritos.json', () => {
  it('answers the cards in the order asked, each with its state', async () => {
    const response = await get(`/favoritos.json?ids=${cheap.id},${sold.id},999999,${cheap.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<FavouritesResponse>();
    if (!('items' in body)) throw new Error(body.error);
    expect(body.items.map((i) => [i.id, i.state])).toEqual([
      [cheap.id, 'published'],
      [sold.id, 'sold'],
      [999999, 'unknown'],
    ]);
    const [first] = body.items;
    expect(first?.state === 'published' && first.card.price).toBe(9_990_000);
  });
});

describe('/comparar?ids=', () => {
  it('puts the vehicles side by side with their differences and best values', async () => {
    const response = await get(`/comparar?ids=${dear.id},${cheap.id},${newest.id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    expect(html).toContain('Menor precio');
    expect(html).toContain('Más nuevo');
    // The factory gives every vehicle the same mileage: an equal row marks no best value.
    expect(html).not.toContain('Menos km');
    // 'Sunroof' only on one: a differing feature row; 'ABS' on all three: equal, so it carries data-same.
    expect(html).toMatch(/<tr class="[^"]*">(?:(?!<\/tr>).)*Sunroof/s);
    expect(html).toMatch(/<tr data-same=""[^>]*>(?:(?!<\/tr>).)*>ABS</s);
    expect(html).toContain('id="solo-diferencias"');
    expect(html).toContain(
      `<link rel="canonical" href="${app.services.config.publicUrl}/comparar?ids=${dear.id},${cheap.id},${newest.id}"/>`,
    );
  });

  it('names unpublished ids and compares the rest; one vehicle is not enough', async () => {
    let response = await get(`/comparar?ids=${cheap.id},${sold.id},${draft.id},${dear.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Mazda CX-30');
    expect(response.body).toContain('ya se vendió.');
    expect(response.body).toContain('no existe o ya no está publicado.');
    expect(response.body.match(/<th scope="col"/g)).toHaveLength(2);
    response = await get(`/comparar?ids=${cheap.id},${cheap.id},${cheap.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Para comparar se necesitan al menos dos vehículos.');
    expect(response.body).not.toContain('<table');
  });
});

describe('hostile ids', () => {
  const fifty = Array.from({ length: 50 }, (_, i) => i + 1).join(',');
  const queries = [
    'ids=garbage',
    'ids=-1',
    'ids=0',
    'ids=1.5',
    `ids=${'9'.repeat(10_000)}`,
    'ids[]=',
    'ids[]=1&ids[]=2',
    'ids=1&ids=2',
    `ids=${fifty}`,
    `ids=${encodeURIComponent('1,<script>alert(1)</script>')}`,
    ...NAUGHTY_STRINGS.slice(0, 60).map((s) => `ids=${encodeURIComponent(s)}`),
  ];

  it.each(['/favoritos', '/comparar', '/favoritos.json'])(
    '%s answers 400 with a Spanish sentence, never a 5xx',
    async (path) => {
      for (const query of queries) {
        const response = await get(`${path}?${query}`);
        if (response.statusCode === 200) {
          // A naughty string made only of blanks or commas is an empty list, which is no error.
          expect(decodeURIComponent(query.slice(4)).replace(/[\s,]/g, ''), query).toBe('');
          continue;
        }
        expect(response.statusCode, query.slice(0, 60)).toBe(400);
        expect(response.body).toMatch(
          /no es válida|hasta 30 vehículos|hasta 4 vehículos|La dirección de la solicitud no es válida/,
        );
        expect(response.body).not.toContain('<script>alert(1)');
      }
    },
  );
});
