// domain/saved-search.ts (issue 33, ADR 0039): the search saved is the listing's, read strictly; the brand keys the
// matching compares in SQL agree with the listing's brand rule on every name and brand.
import { AlertSignupSchema } from '@contracts/saved-searches.ts';
import { buildDemoVehicles } from '@db/seed/demo-catalogue.ts';
import {
  alertConsentWording,
  brandKey,
  describeSearch,
  parseSavedQuery,
  similarAlert,
  similarSearchQuery,
  vehicleBrandKeys,
} from '@domain/saved-search.ts';
import { type FilterableVehicle, matchesBrand } from '@domain/vehicle-filter.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const vehicle = (name: string): FilterableVehicle => ({
  name,
  model: name,
  bodyType: 'SUV',
  transmission: 'Automática',
  fuelType: 'Bencina',
  condition: 'Usado',
  price: 1,
  year: 2020,
});

describe('the brand keys', () => {
  const demo = buildDemoVehicles(200);
  const names = [
    ...new Set(demo.map((v) => `${v.brand} ${v.model}`)),
    'Mercedes-Benz Clase C 200',
    'Land Rover Defender',
    'Kiara Rio',
    'Citroën C3',
  ];
  const brands = [
    ...new Set(demo.map((v) => v.brand)),
    'mercedes',
    'Mercedes Benz',
    'MERCEDES-BENZ',
    'Land',
    'land rover',
    'Kia',
    'citroen',
    'C3',
    ' Toyota ',
  ];

  it('meet a vehicle exactly when the listing’s brand rule does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.constantFrom(...brands), (name, brand) => {
        const key = brandKey(brand);
        expect(vehicleBrandKeys(name).includes(key), `${name} / ${brand}`).toBe(
          matchesBrand(vehicle(name), brand),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('agree on any text a person could type as a brand', () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.string({ maxLength: 20 }), (name, brand) => {
        if (brandKey(brand) === '' || /\s{2}|-\s|\s-/.test(brand)) return;
        expect(vehicleBrandKeys(name).includes(brandKey(brand))).toBe(matchesBrand(vehicle(name), brand));
      }),
    );
  });
});

describe('the saved query', () => {
  it('is the canonical listing query without order and page, described in a few words', () => {
    const parsed = parseSavedQuery(
      '/vehicles?orden=price-asc&pagina=4&marca=Toyota&precio_max=15.000.000&tipo=SUV',
    );
    expect(parsed).toMatchObject({ ok: true, canonical: 'marca=Toyota&tipo=SUV&precio_max=15000000' });
    if (!parsed.ok) return;
    expect(describeSearch(parsed.filters)).toBe('Toyota · SUV · hasta $15.000.000');
    const cuota = parseSavedQuery('cuota_max=300000&anio_min=2019&anio_max=2019');
    expect(cuota.ok && describeSearch(cuota.filters)).toBe('año 2019 · cuota hasta $300.000');
  });

  it('names the sold car’s similar search, and the consent says what is sent and how often', () => {
    expect(similarSearchQuery({ brand: 'Kia', bodyType: 'Sedán', year: 2001 })).toBe(
      'marca=Kia&tipo=Sed%C3%A1n&anio_min=2000',
    );
    expect(alertConsentWording('Automotora Cordillera', 'busqueda')).toBe(
      'Acepto que Automotora Cordillera me envíe correos cuando llegue o baje de precio un auto que calce con esta búsqueda, como máximo uno al día. Puedo darme de baja cuando quiera con el enlace de cada correo.',
    );
  });
});

describe('the sold car’s alert (its page works these out; its island checks two fields)', () => {
  it('names the search in words and carries the consent sentence', () => {
    const alert = similarAlert({ brand: 'Mazda', bodyType: 'SUV', year: 2023 }, 'Automotora Cordillera');
    expect(alert.title).toBe('Mazda · SUV · desde el año 2021');
    expect(parseSavedQuery(alert.query).ok).toBe(true);
    expect(alert.consentWording).toMatch(/^Acepto que Automotora Cordillera me envíe correos/);
  });

  it('the island’s schema refuses an empty address and an unticked box in Spanish', () => {
    const result = AlertSignupSchema.safeParse({ correo: '', consentimiento: false });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['correo', 'Ingresa tu correo.'],
      ['consentimiento', 'Para recibir alertas, marca la casilla de autorización.'],
    ]);
    expect(AlertSignupSchema.parse({ correo: 'Ana@Example.cl', consentimiento: 'on' })).toEqual({
      correo: 'ana@example.cl',
      consentimiento: true,
    });
  });
});
