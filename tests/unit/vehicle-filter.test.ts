import { EMPTY_QUERY } from '@domain/listing-query.ts';
import {
  type FilterableVehicle,
  filterVehicles,
  matchesBrand,
  matchesModel,
  matchesSearch,
  modelOptions,
  pageItems,
  paginate,
  sortVehicles,
} from '@domain/vehicle-filter.ts';
import { describe, expect, it } from 'vitest';

function vehicle(overrides: Partial<FilterableVehicle> & { name: string }): FilterableVehicle {
  return {
    model: overrides.name.split(' ').slice(1).join(' '),
    bodyType: 'Sedán',
    transmission: 'Transmisión Manual',
    fuelType: 'Bencina',
    condition: 'Usado',
    price: 10_000_000,
    year: 2020,
    ...overrides,
  };
}

// No filter at all: the listing's empty query without its sort and page.
const { sort: _sort, page: _page, ...none } = EMPTY_QUERY;

const yaris = vehicle({ name: 'Toyota Yaris Sedán', price: 12_990_000, year: 2021 });
const rav4 = vehicle({
  name: 'Toyota RAV4 Hybrid',
  bodyType: 'SUV',
  transmission: 'Transmisión Automática',
  fuelType: 'Híbrido',
  condition: 'Nuevo',
  price: 35_990_000,
  year: 2026,
});
const benz = vehicle({ name: 'Mercedes-Benz Clase C', model: 'Clase C', price: 29_490_000, year: 2019 });
const rover = vehicle({
  name: 'Land Rover Defender',
  model: 'Defender',
  bodyType: 'SUV',
  price: 89_990_000,
  year: 2023,
});
const kiara = vehicle({ name: 'Kiara Uno', price: 5_490_000, year: 2015 });
const stock = [yaris, rav4, benz, rover, kiara];

const names = (list: FilterableVehicle[]) => list.map((v) => v.name);

describe('search (docs/product.md)', () => {
  it('matches the name, the body type or the transmission, ignoring case', () => {
    expect(matchesSearch(yaris, 'YARIS')).toBe(true);
    expect(matchesSearch(rav4, 'suv')).toBe(true);
    expect(matchesSearch(rav4, 'automática')).toBe(true);
    expect(matchesSearch(yaris, 'híbrido')).toBe(false);
  });

  it('ignores accents, so "sedan" finds a Sedán', () => {
    expect(matchesSearch(yaris, 'sedan')).toBe(true);
    expect(matchesSearch(rav4, 'AUTOMATICA')).toBe(true);
  });

  it('finds a whole phrase, and words spread over several fields', () => {
    expect(matchesSearch(rav4, 'rav4 hybrid')).toBe(true);
    expect(matchesSearch(rav4, 'toyota suv')).toBe(true);
    expect(matchesSearch(yaris, 'toyota suv')).toBe(false);
  });

  it('matches the fuel and the condition too, with or without accents: "diésel", "diesel", "usado"', () => {
    const niro = vehicle({ name: 'Kia Niro', fuelType: 'Eléctrico' });
    expect(matchesSearch(niro, 'eléctrico')).toBe(true);
    expect(matchesSearch(niro, 'ELECTRICO usado')).toBe(true);
    expect(matchesSearch(niro, 'eléctrico nuevo')).toBe(false);
    expect(matchesSearch(vehicle({ name: 'Ford Ranger', fuelType: 'Diésel' }), 'diesel')).toBe(true);
    expect(matchesSearch(yaris, 'diésel')).toBe(false);
  });

  it('lets an empty or blank search match everything', () => {
    expect(filterVehicles(stock, { ...none, search: '   ' })).toHaveLength(stock.length);
  });
});

describe('brand (docs/product.md)', () => {
  it('matches when the first word of the name is the brand', () => {
    expect(matchesBrand(yaris, 'Toyota')).toBe(true);
    expect(matchesBrand(benz, 'Mercedes-Benz')).toBe(true);
    expect(matchesBrand(yaris, 'Kia')).toBe(false);
  });

  it('matches a brand of several words when the name, hyphens read as spaces, starts with it', () => {
    expect(matchesBrand(rover, 'Land Rover')).toBe(true);
    expect(matchesBrand(benz, 'Mercedes Benz')).toBe(true);
  });

  it('matches whole words only, so Kia does not claim a Kiara', () => {
    expect(matchesBrand(kiara, 'Kia')).toBe(false);
  });

  it('keeps any vehicle of any chosen brand', () => {
    expect(names(filterVehicles(stock, { ...none, brands: ['Toyota', 'Land Rover'] }))).toEqual([
      'Toyota Yaris Sedán',
      'Toyota RAV4 Hybrid',
      'Land Rover Defender',
    ]);
  });
});

describe('model (docs/product.md)', () => {
  it('matches when the name contains the model', () => {
    expect(matchesModel(yaris, 'Yaris Sedán')).toBe(true);
    expect(matchesModel(yaris, 'Yaris')).toBe(true);
    expect(matchesModel(rav4, 'Yaris')).toBe(false);
    expect(matchesModel(rav4, ' ')).toBe(false);
  });
});

describe('condition, body type, transmission and fuel (docs/product.md)', () => {
  it('keep the vehicles whose value equals one of the chosen', () => {
    expect(names(filterVehicles(stock, { ...none, conditions: ['Nuevo'] }))).toEqual(['Toyota RAV4 Hybrid']);
    expect(names(filterVehicles(stock, { ...none, bodyTypes: ['SUV'] }))).toEqual([
      'Toyota RAV4 Hybrid',
      'Land Rover Defender',
    ]);
    expect(names(filterVehicles(stock, { ...none, fuelTypes: ['Híbrido', 'Diésel'] }))).toEqual([
      'Toyota RAV4 Hybrid',
    ]);
  });

  it('compare the transmission with its stored value, prefix included', () => {
    expect(filterVehicles(stock, { ...none, transmissions: ['Transmisión Automática'] })).toEqual([rav4]);
    expect(filterVehicles(stock, { ...none, transmissions: ['Automática'] })).toEqual([]);
  });

  it('combine with each other: every kind of filter must hold', () => {
    const filters = { ...none, bodyTypes: ['SUV'], conditions: ['Usado'] };
    expect(filterVehicles(stock, filters)).toEqual([rover]);
  });
});

describe('price and year ranges (docs/product.md)', () => {
  it('include both bounds', () => {
    const price = { min: 12_990_000, max: 29_490_000 };
    expect(names(filterVehicles(stock, { ...none, price }))).toEqual([
      'Toyota Yaris Sedán',
      'Mercedes-Benz Clase C',
    ]);
    expect(names(filterVehicles(stock, { ...none, year: { min: 2021, max: 2023 } }))).toEqual([
      'Toyota Yaris Sedán',
      'Land Rover Defender',
    ]);
  });

  it('treat a missing bound as no bound', () => {
    expect(filterVehicles(stock, { ...none, price: { min: 30_000_000, max: null } })).toEqual([rav4, rover]);
    expect(filterVehicles(stock, { ...none, year: { min: null, max: 2015 } })).toEqual([kiara]);
  });
});

describe('sorting (docs/product.md)', () => {
  it("keeps the catalogue's order for 'featured' and does not touch the input", () => {
    const sorted = sortVehicles(stock, 'featured');
    expect(sorted).toEqual(stock);
    expect(sorted).not.toBe(stock);
  });

  it('sorts by price both ways, by newest year and by name', () => {
    expect(sortVehicles(stock, 'price-asc').map((v) => v.price)).toEqual([
      5_490_000, 12_990_000, 29_490_000, 35_990_000, 89_990_000,
    ]);
    expect(sortVehicles(stock, 'price-desc')[0]).toBe(rover);
    expect(sortVehicles(stock, 'year-desc').map((v) => v.year)).toEqual([2026, 2023, 2021, 2019, 2015]);
    expect(names(sortVehicles(stock, 'name-asc'))).toEqual([
      'Kiara Uno',
      'Land Rover Defender',
      'Mercedes-Benz Clase C',
      'Toyota RAV4 Hybrid',
      'Toyota Yaris Sedán',
    ]);
  });

  it('keeps the catalogue order between equals', () => {
    const a = vehicle({ name: 'A Uno', year: 2020 });
    const b = vehicle({ name: 'B Dos', year: 2020 });
    expect(sortVehicles([b, a], 'year-desc')).toEqual([b, a]);
  });
});

describe('pagination (docs/product.md: 6 per page)', () => {
  const items = Array.from({ length: 15 }, (_, i) => i + 1);

  it('cuts pages of six and says which positions are shown', () => {
    expect(paginate(items, 1)).toMatchObject({
      items: [1, 2, 3, 4, 5, 6],
      page: 1,
      pageCount: 3,
      from: 1,
      to: 6,
    });
    expect(paginate(items, 3)).toMatchObject({ items: [13, 14, 15], from: 13, to: 15, total: 15 });
  });

  it('keeps the page within the pages that exist', () => {
    expect(paginate(items, 99).page).toBe(3);
    expect(paginate(items, 0).page).toBe(1);
  });

  it('has one empty page when nothing matches', () => {
    expect(paginate([], 2)).toEqual({ items: [], page: 1, pageCount: 1, total: 0, from: 0, to: 0 });
  });

  it.each([
    [1, 3, [1, 2, 3]],
    [1, 11, [1, 2, 3, 4, 'gap', 11]],
    [6, 11, [1, 'gap', 5, 6, 7, 'gap', 11]],
    [4, 11, [1, 2, 3, 4, 5, 'gap', 11]],
    [11, 11, [1, 'gap', 8, 9, 10, 11]],
    [5, 7, [1, 2, 3, 4, 5, 6, 7]],
    [5, 8, [1, 'gap', 4, 5, 6, 7, 8]],
  ])('numbers page %i of %i as %j', (current, count, expected) => {
    expect(pageItems(current, count)).toEqual(expected);
  });
});

describe('model options', () => {
  it('lists the models in stock, narrowed to the chosen brands, alphabetically and once', () => {
    const twice = [...stock, vehicle({ name: 'Toyota Yaris Sedán' })];
    expect(modelOptions(twice, [], [])).toEqual(['Clase C', 'Defender', 'RAV4 Hybrid', 'Uno', 'Yaris Sedán']);
    expect(modelOptions(twice, ['Toyota'], [])).toEqual(['RAV4 Hybrid', 'Yaris Sedán']);
  });

  it('keeps a chosen model listed even when its brand is no longer chosen', () => {
    expect(modelOptions(stock, ['Toyota'], ['Defender'])).toEqual(['Defender', 'RAV4 Hybrid', 'Yaris Sedán']);
  });
});
