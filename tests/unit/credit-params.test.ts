import { hasSimulatorChoice, readSimulatorChoice, simulatorParams } from '@domain/credit-params.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { describe, expect, it } from 'vitest';

const settings = defaultDealership.financing;
const read = (search: string) => readSimulatorChoice(new URLSearchParams(search), settings);

describe('the simulation in the address', () => {
  it('reads what a shared link names', () => {
    expect(read('tipo=directo&plazo=24&pie=4.000.000&seguros=desgravamen,cesantia')).toEqual({
      type: 'directo',
      term: 24,
      pie: 4_000_000,
      insurances: ['desgravamen', 'cesantia'],
    });
  });

  it('gives the defaults for nothing, and for broken or hostile values', () => {
    const defaults = { type: 'convencional', term: 48, pie: null, insurances: [] };
    expect(read('')).toEqual(defaults);
    expect(read('tipo=no-se&plazo=60&pie=-5&seguros=vida')).toEqual(defaults);
    expect(read('tipo=<script>&plazo=1e3&pie=1e9&seguros=%00')).toEqual(defaults);
    expect(read(`pie=${'9'.repeat(40)}`)).toEqual(defaults);
  });

  it('writes parameters it reads back the same', () => {
    const choice = { type: 'directo', term: 36, pie: 5_000_000, insurances: ['cesantia'] } as const;
    const search = new URLSearchParams(simulatorParams({ ...choice, insurances: [...choice.insurances] }));
    expect(search.toString()).toBe('tipo=directo&plazo=36&pie=5000000&seguros=cesantia');
    expect(read(search.toString())).toEqual(choice);
    expect(hasSimulatorChoice(search)).toBe(true);
    expect(hasSimulatorChoice(new URLSearchParams('tab=financiamiento'))).toBe(false);
  });
});
