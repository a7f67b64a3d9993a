// The listing's search box as people in Chile type a car (domain/vehicle-search.ts).
import { plainLower } from '@domain/plain-text.ts';
import { type SearchableVehicle, searchTest, searchWords } from '@domain/vehicle-search.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

function car(overrides: Partial<SearchableVehicle> & { name: string }): SearchableVehicle {
  return {
    bodyType: 'Sedán',
    transmission: 'Transmisión Manual',
    fuelType: 'Bencina',
    condition: 'Usado',
    year: 2020,
    ...overrides,
  };
}

const yaris2024 = car({ name: 'Toyota Yaris Sedán', year: 2024, condition: 'Nuevo' });
const yaris2019 = car({ name: 'Toyota Yaris Sport', bodyType: 'Hatchback', year: 2019 });
const hilux = car({
  name: 'Toyota Hilux SRV 4x4',
  bodyType: 'Camioneta',
  fuelType: 'Diésel',
  transmission: 'Transmisión Automática',
  year: 2022,
});
const ranger2wd = car({ name: 'Ford Ranger XL', bodyType: 'Camioneta', fuelType: 'Diésel', year: 2021 });
const peugeot2008 = car({ name: 'Peugeot 2008 GT', bodyType: 'SUV', year: 2023 });
const peugeot208 = car({ name: 'Peugeot 208 Active', bodyType: 'Hatchback', year: 2008 });
const cx5 = car({ name: 'Mazda CX-5 Signature', bodyType: 'SUV', year: 2015, fuelType: 'Híbrido' });
const partner = car({ name: 'Peugeot Partner', bodyType: 'Furgón', fuelType: 'Diésel', year: 2018 });
const stock = [yaris2024, yaris2019, hilux, ranger2wd, peugeot2008, peugeot208, cx5, partner];

const found = (search: string) => stock.filter(searchTest(search)).map((v) => `${v.name} ${v.year}`);

describe('searchTest', () => {
  it('finds "diésel", "diesel" and "DIESEL" alike: the fuel is searched, accents and case folded', () => {
    const diesel = ['Toyota Hilux SRV 4x4 2022', 'Ford Ranger XL 2021', 'Peugeot Partner 2018'];
    expect(found('diésel')).toEqual(diesel);
    expect(found('diesel')).toEqual(diesel);
    expect(found('DIESEL')).toEqual(diesel);
    expect(found('  Diésel  ')).toEqual(diesel);
  });

  it('finds "yaris 2024": a year word matches the year, and every word must match', () => {
    expect(found('yaris 2024')).toEqual(['Toyota Yaris Sedán 2024']);
    expect(found('2024 YARIS')).toEqual(['Toyota Yaris Sedán 2024']);
    expect(found('yaris 2023')).toEqual([]);
  });

  it('finds "camioneta 4x4": body type and version words together', () => {
    expect(found('camioneta 4x4')).toEqual(['Toyota Hilux SRV 4x4 2022']);
    expect(found('camioneta')).toEqual(['Toyota Hilux SRV 4x4 2022', 'Ford Ranger XL 2021']);
    expect(found('camionetas diésel')).toEqual(['Toyota Hilux SRV 4x4 2022', 'Ford Ranger XL 2021']);
  });

  it('reads numbers as numbers: whole numbers of the name or the year, never a piece of a longer one', () => {
    // 2008 is a Peugeot model and a year.
    expect(found('2008')).toEqual(['Peugeot 2008 GT 2023', 'Peugeot 208 Active 2008']);
    expect(found('peugeot 208')).toEqual(['Peugeot 208 Active 2008']);
    expect(found('5')).toEqual(['Mazda CX-5 Signature 2015']);
    expect(found('15')).toEqual([]);
    expect(found('20')).toEqual([]);
    expect(found('02024')).toEqual(['Toyota Yaris Sedán 2024']);
  });

  it('finds a model however its hyphen is typed: "cx5", "cx-5", "CX 5"', () => {
    for (const search of ['cx5', 'cx-5', 'CX 5', 'mazda cx5 hibrido']) {
      expect(found(search)).toEqual(['Mazda CX-5 Signature 2015']);
    }
  });

  it("knows the words people use for the stock's own: petrolero, automático, pickup, van, usada", () => {
    expect(found('petrolero')).toEqual(found('diesel'));
    expect(found('automático')).toEqual(['Toyota Hilux SRV 4x4 2022']);
    expect(found('pickup')).toEqual(found('camioneta'));
    expect(found('van')).toEqual(['Peugeot Partner 2018']);
    expect(found('toyota nueva')).toEqual(['Toyota Yaris Sedán 2024']);
    expect(found('suv usada')).toEqual(['Peugeot 2008 GT 2023', 'Mazda CX-5 Signature 2015']);
  });

  it('matches everything on an empty text, nothing on a word no car has', () => {
    expect(found('')).toHaveLength(stock.length);
    expect(found(' , ')).toHaveLength(stock.length);
    expect(found('zzzz')).toEqual([]);
    expect(found('yaris zzzz')).toEqual([]);
    // Words that name properties of every JavaScript object are words like any other.
    for (const word of ['constructor', '__proto__', 'toString']) expect(found(word)).toEqual([]);
  });

  it('splits at spaces and commas, and drops punctuation at the ends of words', () => {
    expect(searchWords('  Yaris,  2024. "Diésel" ')).toEqual(['yaris', '2024', 'diesel']);
    expect(searchWords('---')).toEqual(['---']);
  });

  it('finds any vehicle by any word of its name, written in any case and with or without accents', () => {
    const word = fc.stringMatching(/^[a-zA-ZáéíóúñÁÉÍÓÚÑ]{1,12}$/);
    fc.assert(
      fc.property(word, word, fc.integer({ min: 1950, max: 2030 }), (brand, model, year) => {
        const vehicle = car({ name: `${brand} ${model}`, year });
        const typed = `${plainLower(model).toUpperCase()} ${year}`;
        expect(searchTest(typed)(vehicle)).toBe(true);
        expect(searchTest(`${brand} ${year + 1}`)(vehicle)).toBe(false);
      }),
    );
  });

  it('takes any text without throwing, and every word it reads is non-empty', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        expect(searchWords(text).every((word) => word.length > 0 && !/\s/.test(word))).toBe(true);
        expect(typeof searchTest(text)(hilux)).toBe('boolean');
      }),
    );
  });
});
