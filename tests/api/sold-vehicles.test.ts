// Items 3 and 4 of the issue: a sold vehicle leaves the listing, the featured grid and the public API, but its page
// stays (200, 'Vendido', photos and specifications, no buying actions, the alert form, similar vehicles); it leaves
// /sitemap.xml SOLD_PAGE_DAYS after the sale and is then `noindex`. Drafts stay 404. ADR 0018.
//
// Pages are served as `npm run dev` serves them (React Router and the islands, from their sources): the same loaders,
// markup and islands as the built site, without a build.

import type { ListingResponse } from '@contracts/listing.ts';
import type { Database } from '@db/client.ts';
import { leads, savedSearches, vehicles } from '@db/schema.ts';
import { stockReference } from '@domain/format.ts';
import { similarSearchQuery } from '@domain/saved-search.ts';
import { buildApp } from '@server/app.ts';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { createLookups, createVehicle } from '../support/factories.ts';
import { sellAs, undoSaleAs } from '../support/sales.ts';
import { type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { builtSiteDir, testConfig } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';

const SOLD_PAGE_DAYS = 10;

let app: FastifyInstance;
let database: Database;
let ventas: SignedInStaff;
let publicUrl: string;
type Vehicle = Awaited<ReturnType<typeof createVehicle>>;
let sold: Vehicle;
let soldLongAgo: Vehicle;
let draft: Vehicle;
let suvs: Vehicle[];
let unrelated: Vehicle;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    config: testConfig({ SOLD_PAGE_DAYS: String(SOLD_PAGE_DAYS) }),
    database,
    pages: 'production',
    buildDir: builtSiteDir(),
  });
  await app.ready();
  publicUrl = app.services.config.publicUrl;
  ventas = await signedInStaff(app, 'ventas');
  const db = database.db;
  const toyotaSuv = await createLookups(db, { brand: 'Toyota', bodyType: 'SUV' });
  const kiaSedan = await createLookups(db, { brand: 'Kia', bodyType: 'Sedán' });
  sold = await createVehicle(db, {
    lookups: toyotaSuv,
    model: 'RAV4',
    year: 2021,
    price: 20_000_000,
    featured: true,
    features: ['Bluetooth', 'Cámara de retroceso'],
    photos: 2,
  });
  // Five SUVs of the same brand: four are shown, the nearest in price first.
  suvs = [];
  for (const [model, price] of [
    ['Corolla Cross', 21_000_000],
    ['Fortuner', 28_000_000],
    ['Rush', 19_000_000],
    ['Land Cruiser', 60_000_000],
    ['Yaris Cross', 20_500_000],
  ] as const) {
    suvs.push(await createVehicle(db, { lookups: toyotaSuv, model, price }));
  }
  unrelated = await createVehicle(db, { lookups: kiaSedan, model: 'Rio', price: 8_000_000 });
  soldLongAgo = await createVehicle(db, { lookups: toyotaSuv, model: 'Hilux', status: 'sold' });
  await db
    .update(vehicles)
    .set({ soldAt: sql`now() - interval '${sql.raw(String(SOLD_PAGE_DAYS + 1))} days'` })
    .where(eq(vehicles.id, soldLongAgo.id));
  draft = await createVehicle(db, { lookups: toyotaSuv, model: 'Borrador', status: 'draft' });

  // Staff mark it sold as the back office does: the sale's own dialog (ADR 0038).
  const change = await sellAs(app, ventas, sold.id);
  expect(change.statusCode, change.body).toBe(201);
}, 180_000);
// The app first: on PostgreSQL it holds a pooled connection (LISTEN) that the pool waits for when it ends.
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });
const vehicleLinks = (html: string) =>
  [...html.matchAll(/href="\/vehicles\/(\d+)"/g)].map((m) => Number(m[1]));
/** The part of a page between two markers (the similar vehicles' section, say). */
const between = (html: string, start: string, end: string) => {
  const from = html.indexOf(start);
  expect(from, `${start} not found`).toBeGreaterThanOrEqual(0);
  const to = html.indexOf(end, from);
  return html.slice(from, to < 0 ? undefined : to);
};
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
  );
const islands = (html: string) => [...html.matchAll(/data-name="([^"]+)"/g)].map((m) => m[1]);

describe('a sold vehicle leaves the lists', () => {
  it('is gone from the public API lists, and its API detail answers 404 as unknown (ADR 0018)', async () => {
    for (const url of ['/api/vehiculos/', '/api/vehiculos/?destacado=true', '/api/vehiculos-resumen/']) {
      const ids = ((await get(url)).json() as { id: number }[]).map((v) => v.id);
      expect(ids, url).not.toContain(sold.id);
      expect(ids, url).not.toContain(soldLongAgo.id);
    }
    const detail = await get(`/api/vehiculos/${sold.id}/`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toEqual({ error: 'Vehículo no encontrado.' });
    // Nor can it be asked about as a car on sale.
    const enquiry = await app.inject({
      method: 'POST',
      url: '/api/contact/',
      headers: await csrfHeaders(app),
      payload: {
        nombre: 'Pedro Soto',
        correo: 'pedro@example.cl',
        mensaje: '¿Sigue disponible?',
        vehiculo: sold.id,
      },
    });
    expect(enquiry.statusCode).toBe(400);
    expect(enquiry.json()).toMatchObject({ campos: { vehiculo: expect.any(String) } });
  });

  it('is gone from the listing and from the featured grid', async () => {
    const listing = (await get('/vehicles.json')).json() as ListingResponse;
    expect(listing.data.total).toBe(suvs.length + 1);
    expect(listing.data.vehicles.map((v) => v.id)).not.toContain(sold.id);
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(vehicleLinks(home.body)).not.toContain(sold.id);
  });
});

describe('the page of a sold vehicle', () => {
  it('answers 200 with the Vendido banner, its photos and specifications, and no way to buy it', async () => {
    const response = await get(`/vehicles/${sold.id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('>Vendido</strong>');
    expect(html).toMatch(/Este Toyota RAV4 2021 se vendió el \d{2}-\d{2}-\d{4}\./);
    expect(html).toMatch(/<h1[^>]*>Toyota RAV4<\/h1>/);
    expect(html).toContain(stockReference(sold.id));
    for (const image of sold.images) expect(html).toContain(`/media/${image.hash}/`);
    expect(html).toContain('Especificaciones');
    expect(html).toContain('Cámara de retroceso');
    // The similar vehicles below are on sale, with their own "Cuota desde"; the sold one offers nothing.
    const ownPart = html.slice(0, html.indexOf('id="similares"'));
    for (const buying of [
      'Solicitar información',
      'Contactar por WhatsApp',
      'Consultar por financiamiento',
      'Simula tu crédito',
      'Cuota desde',
      'Financiable',
    ]) {
      expect(ownPart, buying).not.toContain(buying);
    }
    // Its code: the header, the way back, the gallery and the alert form; not the side card or the tabs.
    expect(islands(html)).toEqual([
      'site-header',
      'back-to-listing',
      'vehicle-gallery',
      'similar-alert-form',
    ]);
    expect(html).toContain('Te avisamos si llega uno similar');
  });

  it('shows up to four similar vehicles on sale, best first, as cards', async () => {
    const html = (await get(`/vehicles/${sold.id}`)).body;
    const section = between(html, 'id="similares"', '</section>');
    expect(section).toContain('Vehículos similares');
    // Same body type and brand; then the nearest price: 20.5, 21 and 19 million, then 28.
    const [corollaCross, fortuner, rush, , yarisCross] = suvs;
    expect(vehicleLinks(section)).toEqual([yarisCross?.id, corollaCross?.id, rush?.id, fortuner?.id]);
    expect(vehicleLinks(section)).not.toContain(unrelated.id);
  });

  it('tells search engines it is sold out, and stays indexable for SOLD_PAGE_DAYS', async () => {
    const html = (await get(`/vehicles/${sold.id}`)).body;
    const car = jsonLd(html).find((d) => d['@type'] === 'Car') as { offers: { availability: string } };
    expect(car.offers.availability).toBe('https://schema.org/SoldOut');
    expect(html).not.toContain('name="robots"');
    expect(html).toContain('<title>Toyota RAV4 2021 | Vendido</title>');

    const old = await get(`/vehicles/${soldLongAgo.id}`);
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain('<meta name="robots" content="noindex"/>');
  });

  it('takes "Te avisamos si llega uno similar" as a saved search of the same brand and body type (issue 33)', async () => {
    const consulta = similarSearchQuery({ brand: 'Toyota', bodyType: 'SUV', year: 2021 });
    expect(consulta).toBe('marca=Toyota&tipo=SUV&anio_min=2019');
    const response = await app.inject({
      method: 'POST',
      url: '/api/alertas/',
      headers: await csrfHeaders(app),
      payload: { correo: 'camila@example.cl', consentimiento: true, consulta, origen: 'vendido' },
    });
    expect(response.statusCode, response.body).toBe(202);
    const [search] = await database.db.select().from(savedSearches).orderBy(desc(savedSearches.id)).limit(1);
    expect(search).toMatchObject({
      email: 'camila@example.cl',
      status: 'pending',
      source: 'vendido',
      queryString: consulta,
      yearMin: 2019,
    });
    // No request for staff to remember: the alert does the watching.
    expect(await database.db.select().from(leads).where(eq(leads.email, 'camila@example.cl'))).toEqual([]);
  });

  it('is back on sale when staff publish it again', async () => {
    const vehicle = await createVehicle(database.db, {
      lookups: await createLookups(database.db),
      model: 'Vuelve',
    });
    await sellAs(app, ventas, vehicle.id);
    expect((await get(`/vehicles/${vehicle.id}`)).body).toContain('>Vendido</strong>');
    expect((await undoSaleAs(app, ventas, vehicle.id)).statusCode).toBe(200);
    const html = (await get(`/vehicles/${vehicle.id}`)).body;
    expect(html).not.toContain('>Vendido</strong>');
    expect(html).toContain('Solicitar información');
    expect((await get(`/api/vehiculos/${vehicle.id}/`)).statusCode).toBe(200);
  });
});

describe('drafts and unknown vehicles', () => {
  it('answer 404, as pages and in the API', async () => {
    for (const id of [draft.id, 999_999]) {
      expect((await get(`/vehicles/${id}`)).statusCode).toBe(404);
      expect((await get(`/api/vehiculos/${id}/`)).statusCode).toBe(404);
    }
  });
});

describe('a published vehicle page', () => {
  it('shows its similar vehicles too, and stays in stock for search engines', async () => {
    const [corollaCross] = suvs;
    const html = (await get(`/vehicles/${corollaCross?.id}`)).body;
    const section = between(html, 'id="similares"', '</section>');
    const shown = vehicleLinks(section);
    expect(shown).toHaveLength(4);
    expect(shown).not.toContain(corollaCross?.id);
    expect(shown).not.toContain(sold.id);
    const car = jsonLd(html).find((d) => d['@type'] === 'Car') as { offers: { availability: string } };
    expect(car.offers.availability).toBe('https://schema.org/InStock');
  });
});

describe('/sitemap.xml', () => {
  it(`lists published vehicles and the ones sold in the last ${SOLD_PAGE_DAYS} days, never drafts`, async () => {
    const xml = (await get('/sitemap.xml')).body;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const v of [...suvs, unrelated]) expect(locs).toContain(`${publicUrl}/vehicles/${v.id}`);
    expect(locs).toContain(`${publicUrl}/vehicles/${sold.id}`);
    expect(locs).not.toContain(`${publicUrl}/vehicles/${soldLongAgo.id}`);
    expect(locs).not.toContain(`${publicUrl}/vehicles/${draft.id}`);
    // A sold vehicle's last change is its sale.
    expect(xml).toMatch(
      new RegExp(`<loc>${publicUrl}/vehicles/${sold.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`),
    );
  });
});
