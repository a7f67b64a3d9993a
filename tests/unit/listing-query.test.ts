import {
  activeFilterCount,
  clearedQuery,
  EMPTY_QUERY,
  hasActiveFilters,
  type ListingQuery,
  listingHref,
  parseListingQuery,
  serializeListingQuery,
  toggleValue,
  withChange,
} from '@domain/listing-query.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const parse = (search: string) => parseListingQuery(new URLSearchParams(search));

describe('reading the listing state from the URL query', () => {
  it('reads an empty query as the plain listing', () => {
    expect(parse('')).toEqual(EMPTY_QUERY);
  });

  it('reads the search, every list filter (repeatable), the ranges, the order and the page', () => {
    const query = parse(
      'q=corolla&marca=Toyota&marca=Kia&modelo=Yaris+Sed%C3%A1n&condicion=Usado&tipo=SUV&transmision=Autom%C3%A1tica' +
        '&combustible=Bencina&combustible=Di%C3%A9sel&precio_min=5000000&precio_max=20000000&anio_min=2015' +
        '&anio_max=2022&cuota_max=350000&orden=price-asc&pagina=3',
    );
    expect(query).toEqual<ListingQuery>({
      search: 'corolla',
      brands: ['Toyota', 'Kia'],
      models: ['Yaris Sedán'],
      conditions: ['Usado'],
      bodyTypes: ['SUV'],
      transmissions: ['Automática'],
      fuelTypes: ['Bencina', 'Diésel'],
      price: { min: 5_000_000, max: 20_000_000 },
      year: { min: 2015, max: 2022 },
      cuotaMax: 350_000,
      sort: 'price-asc',
      page: 3,
    });
  });

  it('reads a cuota máxima in whole pesos, the Chilean way too, and anything else as no bound', () => {
    expect(parse('cuota_max=300.000').cuotaMax).toBe(300_000);
    expect(parse('cuota_max=299999.9').cuotaMax).toBe(299_999);
    for (const bad of ['', '0', '-5', 'mucho', '1e9', '9'.repeat(40), '300000abc', '<script>']) {
      expect(parse(`cuota_max=${encodeURIComponent(bad)}`).cuotaMax, bad).toBeNull();
    }
    expect(serializeListingQuery({ ...EMPTY_QUERY, cuotaMax: 300_000 })).toBe('cuota_max=300000');
  });

  it('reads any cuota_max as a positive whole bound or none, and writes it back as read', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (raw) => {
        const query = parseListingQuery(new URLSearchParams([['cuota_max', raw]]));
        if (query.cuotaMax !== null) {
          expect(Number.isSafeInteger(query.cuotaMax) && query.cuotaMax >= 1).toBe(true);
        }
        const again = parseListingQuery(new URLSearchParams(serializeListingQuery(query)));
        expect(again).toEqual(query);
      }),
    );
  });

  it("accepts the footer's condition links in any case and drops unknown conditions", () => {
    expect(parse('condicion=nuevo').conditions).toEqual(['Nuevo']);
    expect(parse('condicion=USADO&condicion=Usado&condicion=Chocado').conditions).toEqual(['Usado']);
  });

  it('accepts a transmission with or without its stored prefix', () => {
    expect(parse('transmision=Transmisi%C3%B3n+Manual').transmissions).toEqual(['Manual']);
  });

  it('never lets the price minimum go below 0 and keeps whole pesos', () => {
    expect(parse('precio_min=-5').price.min).toBe(0);
    expect(parse('precio_min=1500.75').price.min).toBe(1500);
    expect(parse('precio_min=12.990.000').price.min).toBe(12_990_000);
  });

  it('treats empty or unreadable bounds as no bound', () => {
    expect(parse('precio_min=&precio_max=mucho&anio_min=abc&anio_max=').price).toEqual({
      min: null,
      max: null,
    });
    expect(parse('anio_min=1200&anio_max=99999').year).toEqual({ min: null, max: null });
  });

  it('falls back to the featured order and the first page on nonsense', () => {
    expect(parse('orden=random&pagina=-2')).toMatchObject({ sort: 'featured', page: 1 });
    expect(parse('pagina=dos').page).toBe(1);
  });

  it('trims and collapses the search and drops blank and repeated values', () => {
    expect(parse('q=%20%20toyota%20%20%20yaris%20').search).toBe('toyota yaris');
    expect(parse('marca=&marca=Kia&marca=Kia').brands).toEqual(['Kia']);
  });

  it('reads a submitted GET form without JavaScript, empty fields and all', () => {
    const query = parse('q=&orden=featured&marca=Kia&precio_min=&precio_max=&anio_min=2018&anio_max=');
    expect(serializeListingQuery(query)).toBe('marca=Kia&anio_min=2018');
  });
});

describe('writing the listing state to the URL query', () => {
  it('writes nothing for the plain listing', () => {
    expect(serializeListingQuery(EMPTY_QUERY)).toBe('');
    expect(listingHref(EMPTY_QUERY)).toBe('/vehicles');
  });

  it('writes a canonical query that reads back to the same state', () => {
    const query: ListingQuery = {
      ...EMPTY_QUERY,
      search: 'rav4 hybrid',
      brands: ['Toyota'],
      transmissions: ['Automática'],
      price: { min: 0, max: 30_000_000 },
      sort: 'year-desc',
      page: 2,
    };
    const search = serializeListingQuery(query);
    expect(search).toBe(
      'q=rav4+hybrid&marca=Toyota&transmision=Autom%C3%A1tica&precio_min=0&precio_max=30000000&orden=year-desc&pagina=2',
    );
    expect(parse(search)).toEqual(query);
    expect(listingHref(query)).toBe(`/vehicles?${search}`);
  });
});

describe('changing the listing state', () => {
  const onPage3 = { ...EMPTY_QUERY, brands: ['Kia'], sort: 'price-desc' as const, page: 3 };

  it('goes back to page 1 on every change (docs/product.md)', () => {
    expect(withChange(onPage3, { search: 'rio' }).page).toBe(1);
    expect(toggleValue(onPage3, 'fuelTypes', 'Diésel')).toMatchObject({ fuelTypes: ['Diésel'], page: 1 });
  });

  it('ticks and unticks a value', () => {
    expect(toggleValue(onPage3, 'brands', 'Kia').brands).toEqual([]);
    expect(toggleValue(onPage3, 'brands', 'BYD').brands).toEqual(['Kia', 'BYD']);
  });

  it("clears the search and the filters but keeps the visitor's order", () => {
    const query = { ...onPage3, search: 'rio', year: { min: 2018, max: null } };
    expect(clearedQuery(query)).toEqual({ ...EMPTY_QUERY, sort: 'price-desc' });
  });

  it("counts what narrows the list for 'Limpiar filtros', not the order or the page", () => {
    expect(hasActiveFilters({ ...EMPTY_QUERY, sort: 'name-asc', page: 4 })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_QUERY, search: 'kia' })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_QUERY, price: { min: 0, max: null } })).toBe(true);
    expect(activeFilterCount({ ...onPage3, fuelTypes: ['Diésel'], year: { min: 2018, max: 2020 } })).toBe(4);
  });
});
