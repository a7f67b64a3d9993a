// The public vehicle page's specifications and description (ADR 0040): doors and previous owners are said only when
// staff gave them; the description keeps its line breaks as text, never as markup.

import type { VehicleView } from '@domain/vehicle.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { carJsonLd } from '~/components/vehicle/car-json-ld.ts';
import { VehicleDescription } from '~/components/vehicle/vehicle-description.tsx';
import { Specifications } from '~/components/vehicle/vehicle-tabs.tsx';

const vehicle: VehicleView = {
  id: 7,
  name: 'Subaru Forester',
  brand: 'Subaru',
  model: 'Forester',
  year: 2019,
  price: 15_990_000,
  previousPrice: null,
  mileage: 70_000,
  fuelType: 'Bencina',
  condition: 'Usado',
  bodyType: 'SUV',
  transmission: 'Automática',
  installmentFrom: null,
  engine: '2.0',
  color: 'Verde',
  features: [],
  featured: false,
  images: [],
  doors: 5,
  previousOwners: 0,
};

describe('the vehicle page', () => {
  it('lists doors and previous owners when given, and leaves them out when not', () => {
    const html = renderToStaticMarkup(createElement(Specifications, { vehicle }));
    expect(html).toMatch(/Puertas<\/dt><dd[^>]*>5</);
    expect(html).toMatch(/Dueños anteriores<\/dt><dd[^>]*>Ninguno</);
    const bare = renderToStaticMarkup(
      createElement(Specifications, { vehicle: { ...vehicle, doors: null, previousOwners: null } }),
    );
    expect(bare).not.toMatch(/Puertas|Dueños/);
  });

  it('shows the description as escaped text with its line breaks, and nothing without one', () => {
    const html = renderToStaticMarkup(
      createElement(VehicleDescription, { text: 'Único dueño.\n<script>alert(1)</script>' }),
    );
    expect(html).toContain('whitespace-pre-line');
    expect(html).toContain('Único dueño.\n&lt;script&gt;');
    expect(renderToStaticMarkup(createElement(VehicleDescription, { text: null }))).toBe('');
  });

  it('tells search engines the doors, owners and description (schema.org Car)', () => {
    const ld = carJsonLd(vehicle, 'https://www.example.cl', 'Automotora', false, 'Único dueño.');
    expect(ld).toMatchObject({ numberOfDoors: 5, numberOfPreviousOwners: 0, description: 'Único dueño.' });
    const bare = carJsonLd({ ...vehicle, doors: null, previousOwners: null }, 'https://www.example.cl', 'A');
    expect(Object.keys(bare)).not.toContain('numberOfDoors');
    expect(Object.keys(bare)).not.toContain('description');
  });
});
