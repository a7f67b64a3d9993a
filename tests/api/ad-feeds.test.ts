// Item 4 of issue 20 (ADR 0021): the Meta vehicle catalog (XML), the Google vehicle listings feed (CSV) and the
// image sitemap list the published vehicles (the feeds only those with a VIN) with every field their formats
// require; a vehicle sold or back to draft leaves them; hostile text stays well-formed; the bodies are kept per
// catalogue snapshot and rebuilt after a stock change. Issue 30 item 7: every value of a closed field is one of the
// platform's own list (META_VALUES, GOOGLE_VALUES in domain/ad-feeds.ts), for these vehicles and the demo stock.

import { vehicleImages, vehicles } from '@db/schema.ts';
import { seedDemoCatalogue } from '@db/seed/seed-demo.ts';
import { drivetrainTerm, GOOGLE_VALUES, META_VALUES } from '@domain/ad-feeds.ts';
import { stockReference } from '@domain/format.ts';
import { hasValidCheckDigit, withCheckDigit } from '@domain/vin.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { GOOGLE_COLUMNS, googleFeedLeftOut } from '@server/services/feeds/google-feed.ts';
import { ingestImage } from '@server/services/images/ingest-image.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, createVehicle, type LookupIds, makeJpeg } from '../support/factories.ts';
import { children, childText, parseCsv, parseXml, type XmlElement } from '../support/feed-readers.ts';
import { sellAs } from '../support/sales.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const META = '/feeds/meta-vehiculos.xml';
const GOOGLE = '/feeds/google-vehiculos.csv';
const IMAGES = '/sitemap-imagenes.xml';
const BASE = 'https://autos.example.cl';

/** Hostile text as it may reach the database from elsewhere than the form (an import, an old record). */
const HOSTILE_MODEL = 'Hilux <b>&amp; ]]> "GR" \'S\'\u0001\u000B\u007F\u0085 \uD800x \uDC00 🚗, fin';
// The database stores a lone surrogate as U+FFFD (the feeds' own removal of them: tests/unit/feed-text.test.ts).
const HOSTILE_MODEL_AS_FED = 'Hilux <b>&amp; ]]> "GR" \'S\' \uFFFDx \uFFFD 🚗, fin';

let t: TestApp;
let ventas: SignedInStaff;
let suv: LookupIds;
type Vehicle = Awaited<ReturnType<typeof createVehicle>>;
let plain: Vehicle;
let hostile: Vehicle;
let noVin: Vehicle;
let draft: Vehicle;
let sold: Vehicle;

beforeAll(async () => {
  t = await createTestApp();
  ventas = await signedInStaff(t.app, 'ventas');
  const db = t.database.db;
  suv = await createLookups(db, {
    brand: 'Toyota',
    bodyType: 'SUV',
    fuel: 'Bencina',
    transmission: 'Transmisión Automática',
  });
  plain = await createVehicle(db, {
    lookups: suv,
    model: 'Fortuner',
    version: 'SRV 4x4',
    vin: withCheckDigit('JTDBT4K39C1234567'),
    features: ['Tracción 4x4', 'Bluetooth'],
    photos: 2,
  });
  hostile = await createVehicle(db, {
    lookups: suv,
    model: HOSTILE_MODEL,
    color: 'Rojo <script>&',
    condition: 'Nuevo',
    mileage: 5,
    vin: withCheckDigit('JTDBT4K30C7654321'),
    features: ['Llantas 17", aleación'],
    photos: 1,
  });
  noVin = await createVehicle(db, { lookups: suv, model: 'SinVin', photos: 1 });
  draft = await createVehicle(db, {
    lookups: suv,
    model: 'Borrador',
    status: 'draft',
    vin: withCheckDigit('JTDBT4K30C0000001'),
    photos: 1,
  });
  sold = await createVehicle(db, {
    lookups: suv,
    model: 'Vendido',
    status: 'sold',
    vin: withCheckDigit('JTDBT4K30C0000002'),
    photos: 1,
  });
}, 120_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'GET', url, headers });

async function metaListings(app = t.app): Promise<XmlElement[]> {
  const response = await get(META, {}, app);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  const root = parseXml(response.body);
  expect(root.name).toBe('listings');
  return children(root, 'listing');
}

async function googleRows(app = t.app): Promise<Record<string, string>[]> {
  const response = await get(GOOGLE, {}, app);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  const [header, ...rows] = parseCsv(response.body);
  expect(header).toEqual([...GOOGLE_COLUMNS]);
  return rows.map((row) => {
    expect(row).toHaveLength(GOOGLE_COLUMNS.length);
    return Object.fromEntries(GOOGLE_COLUMNS.map((column, i) => [column, row[i] ?? '']));
  });
}

async function sitemapPages(): Promise<Map<string, string[]>> {
  const response = await get(IMAGES);
  expect(response.statusCode).toBe(200);
  const root = parseXml(response.body);
  expect(root.attribs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  expect(root.attribs['xmlns:image']).toBe('http://www.google.com/schemas/sitemap-image/1.1');
  return new Map(
    children(root, 'url').map((url) => [
      childText(url, 'loc') ?? '',
      children(url, 'image:image').map((image) => childText(image, 'image:loc') ?? ''),
    ]),
  );
}

/** Meta's closed fields by their path in a <listing>, and their list in META_VALUES; an optional one may be absent. */
const META_CLOSED: Array<[string, keyof typeof META_VALUES, 'required' | 'optional']> = [
  ['body_style', 'body_style', 'required'],
  ['state_of_vehicle', 'state_of_vehicle', 'required'],
  ['mileage/unit', 'mileage.unit', 'required'],
  ['transmission', 'transmission', 'optional'],
  ['fuel_type', 'fuel_type', 'optional'],
  ['drivetrain', 'drivetrain', 'optional'],
  ['availability', 'availability', 'optional'],
];

/** Every closed field of a listing holds one of Meta's values. */
function expectMetaValues(listing: XmlElement) {
  for (const [path, field, presence] of META_CLOSED) {
    const value = childText(listing, path);
    if (value === undefined && presence === 'optional') continue;
    const allowed: readonly string[] = META_VALUES[field];
    expect(allowed, `${path} of ${childText(listing, 'vin')}`).toContain(value);
  }
}

describe('GET /feeds/meta-vehiculos.xml', () => {
  it('lists the published vehicles with a VIN, each with every field Meta requires', async () => {
    const listings = await metaListings();
    expect(listings.map((l) => childText(l, 'vin')).sort()).toEqual([hostile.vin, plain.vin].sort());
    for (const listing of listings) {
      const text = (path: string) => childText(listing, path) ?? '';
      for (const field of ['vehicle_id', 'vin', 'title', 'description', 'make', 'model', 'exterior_color'])
        expect(text(field), field).not.toBe('');
      const id = Number(text('url').split('/').pop());
      expect(text('vehicle_id')).toBe(stockReference(id));
      expect(text('url')).toBe(`${BASE}/vehicles/${id}`);
      expect(text('year')).toMatch(/^\d{4}$/);
      expect(text('mileage/value')).toMatch(/^\d+$/);
      expect(text('mileage/unit')).toBe('KM');
      const [image] = children(listing, 'image');
      expect(childText(image as XmlElement, 'url')).toMatch(
        new RegExp(`^${BASE}/media/[0-9a-f]+/\\d+\\.jpg$`),
      );
      expect(childText(image as XmlElement, 'tag')).toBe('Principal');
      expectMetaValues(listing);
      expect(text('price')).toMatch(/^\d+ CLP$/);
      const components = Object.fromEntries(
        children(children(listing, 'address')[0] as XmlElement, 'component').map((c) => [
          c.attribs.name,
          c.text,
        ]),
      );
      expect(Object.keys(components).sort()).toEqual(['addr1', 'city', 'country', 'postal_code', 'region']);
      expect(components.postal_code).toBe(defaultDealership.addresses[0]?.postalCode);
      expect(components.country).toBe('CL');
      expect(components.region).toBe('Región Metropolitana de Santiago');
    }
  });

  it('maps the lists to Meta values and says what it knows of the drivetrain', async () => {
    const listing = (await metaListings()).find((l) => childText(l, 'vin') === plain.vin) as XmlElement;
    expect(childText(listing, 'body_style')).toBe('SUV');
    expect(childText(listing, 'transmission')).toBe('AUTOMATIC');
    expect(childText(listing, 'fuel_type')).toBe('GASOLINE');
    expect(childText(listing, 'drivetrain')).toBe('FOUR_WD');
    expect(childText(listing, 'state_of_vehicle')).toBe('USED');
    // The model without its version, the version as the trim, both in the title.
    expect(childText(listing, 'model')).toBe('Fortuner');
    expect(childText(listing, 'trim')).toBe('SRV 4x4');
    expect(childText(listing, 'title')).toBe('Toyota Fortuner SRV 4x4 2020');
    expect(childText(listing, 'price')).toBe('12990000 CLP');
    expect(children(listing, 'image')).toHaveLength(2);
  });

  it("names the traction in Meta's words, from a feature or the version, and leaves an unknown one out", () => {
    expect(drivetrainTerm(['Bluetooth', 'Tracción 4x4'])).toBe('FOUR_WD');
    expect(drivetrainTerm(['Tracción integral'])).toBe('AWD');
    expect(drivetrainTerm(['Tracción delantera'])).toBe('FWD');
    expect(drivetrainTerm(['Tracción trasera'])).toBe('RWD');
    expect(drivetrainTerm([], 'XLT 4x4')).toBe('FOUR_WD');
    expect(drivetrainTerm([], 'SR 4X2')).toBe('TWO_WD');
    expect(drivetrainTerm([], 'AWD Limited')).toBe('AWD');
    expect(drivetrainTerm(['Bluetooth'], 'GLX')).toBeNull();
    // "4x4" inside another word is not a traction.
    expect(drivetrainTerm(['Neumáticos 204x45'])).toBeNull();
  });

  it('keeps hostile text well-formed: escaped, without control characters or lone surrogates', async () => {
    const listing = (await metaListings()).find((l) => childText(l, 'vin') === hostile.vin) as XmlElement;
    expect(childText(listing, 'model')).toBe(HOSTILE_MODEL_AS_FED);
    // No version, no trim element.
    expect(childText(listing, 'trim')).toBeUndefined();
    expect(childText(listing, 'exterior_color')).toBe('Rojo <script>&');
    expect(childText(listing, 'state_of_vehicle')).toBe('NEW');
    expect(childText(listing, 'description')).toContain('Llantas 17", aleación');
  });
});

/** Every closed column of a row holds one of Google's values (body_style may be left empty: it is optional). */
function expectGoogleValues(row: Record<string, string>) {
  const condition: readonly string[] = GOOGLE_VALUES.condition;
  expect(condition, `condition of ${row.vin}`).toContain(row.condition);
  const bodyStyle: readonly string[] = GOOGLE_VALUES.body_style;
  if (row.body_style !== '') expect(bodyStyle, `body_style of ${row.vin}`).toContain(row.body_style);
  // A VIN that fails the check digit is refused by Google: it never reaches the feed.
  expect(hasValidCheckDigit(row.vin ?? ''), `vin ${row.vin}`).toBe(true);
}

describe('GET /feeds/google-vehiculos.csv', () => {
  it('lists the published vehicles with a VIN, each with every field Google requires', async () => {
    const rows = await googleRows();
    expect(rows.map((r) => r.vin).sort()).toEqual([hostile.vin, plain.vin].sort());
    for (const row of rows) {
      for (const field of [
        'store_code',
        'vin',
        'dealership_name',
        'dealership_address',
        'make',
        'model',
        'link',
      ])
        expect(row[field], field).not.toBe('');
      expect(row.price).toMatch(/^\d+ CLP$/);
      expectGoogleValues(row);
      expect(row.year).toMatch(/^\d{4}$/);
      expect(row.mileage).toMatch(/^\d+ km$/);
      // Google asks for the postal code in the address: the main address's, from the settings.
      expect(row.dealership_address).toBe('Av. Vicuña Mackenna 4120, San Joaquín, Santiago 8940000, Chile');
      expect(row.link).toMatch(new RegExp(`^${BASE}/vehicles/\\d+$`));
      expect(row.image_link).toMatch(new RegExp(`^${BASE}/media/`));
    }
  });

  it('leaves out a VIN that fails the check digit, which Meta still gets', async () => {
    // Position 9 holds a 0 where the check digit is another: a VIN the form accepts, as cars for other markets carry.
    const vin = 'JTDBT4K30C0000004';
    expect(hasValidCheckDigit(vin)).toBe(false);
    const before = googleFeedLeftOut(await t.app.services.catalogue.snapshot());
    const foreign = await createVehicle(t.database.db, { lookups: suv, model: 'Importado', vin, photos: 1 });
    t.app.services.catalogue.invalidate();
    try {
      // The back office counts it (the dashboard says how many wait out of Google's catalogue).
      expect(googleFeedLeftOut(await t.app.services.catalogue.snapshot())).toBe(before + 1);
      expect((await metaListings()).map((l) => childText(l, 'vin'))).toContain(vin);
      const feed = (await get(GOOGLE)).body;
      expect(feed).not.toContain(vin);
      expect(feed).not.toContain(`/vehicles/${foreign.id}`);
      expect((await googleRows()).map((r) => r.vin).sort()).toEqual([hostile.vin, plain.vin].sort());
    } finally {
      await t.database.db.update(vehicles).set({ status: 'sold' }).where(eq(vehicles.id, foreign.id));
      t.app.services.catalogue.invalidate();
    }
  });

  it('quotes commas and quotes, and drops control characters and lone surrogates', async () => {
    const rows = await googleRows();
    const row = rows.find((r) => r.vin === hostile.vin);
    expect(row?.model).toBe(HOSTILE_MODEL_AS_FED);
    expect(row?.condition).toBe('new');
    expect(row?.vehicle_option).toBe('Automática,Bencina,Llantas 17" aleación');
    const first = rows.find((r) => r.vin === plain.vin);
    expect(first?.body_style).toBe('suv');
    expect(first).toMatchObject({ make: 'Toyota', model: 'Fortuner', trim: 'SRV 4x4' });
    expect(row?.trim).toBe('');
    expect(first?.additional_image_link?.split(',')).toHaveLength(1);
  });
});

describe('GET /sitemap-imagenes.xml', () => {
  it('lists every published vehicle page with its photos, with or without a VIN', async () => {
    const pages = await sitemapPages();
    expect([...pages.keys()].sort()).toEqual(
      [plain, hostile, noVin].map((v) => `${BASE}/vehicles/${v.id}`).sort(),
    );
    expect(pages.get(`${BASE}/vehicles/${plain.id}`)).toHaveLength(2);
    for (const photos of pages.values())
      for (const url of photos) expect(url).toMatch(new RegExp(`^${BASE}/media/[0-9a-f]+/\\d+\\.jpg$`));
  });
});

describe('the feeds follow the stock', () => {
  it('are kept between stock changes: the same ETag, and 304 for a revalidation', async () => {
    for (const path of [META, GOOGLE, IMAGES]) {
      const first = await get(path);
      const again = await get(path, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode, path).toBe(304);
    }
  });

  it('drop a vehicle sold or back to draft, and take one published, at once', async () => {
    const before = await get(META);
    const toSold = await sellAs(t.app, ventas, plain.id);
    expect(toSold.statusCode, toSold.body).toBe(201);
    const toDraft = await callAs(t.app, 'PATCH', `/admin/api/vehiculos/${hostile.id}`, ventas, {
      estado: 'borrador',
    });
    expect(toDraft.statusCode, toDraft.body).toBe(200);
    const published = await callAs(t.app, 'PATCH', `/admin/api/vehiculos/${draft.id}`, ventas, {
      estado: 'publicado',
    });
    expect(published.statusCode, published.body).toBe(200);

    const stale = await get(META, { 'if-none-match': String(before.headers.etag) });
    expect(stale.statusCode).toBe(200);
    expect((await metaListings()).map((l) => childText(l, 'vin'))).toEqual([draft.vin]);
    expect((await googleRows()).map((r) => r.vin)).toEqual([draft.vin]);
    expect([...(await sitemapPages()).keys()].sort()).toEqual(
      [noVin, draft].map((v) => `${BASE}/vehicles/${v.id}`).sort(),
    );
    expect((await metaListings()).some((l) => childText(l, 'vin') === sold.vin)).toBe(false);
  });

  it('take a vehicle once staff give it a VIN', async () => {
    const response = await callAs(t.app, 'PUT', `/admin/api/vehiculos/${noVin.id}`, ventas, {
      marca: suv.brandId,
      modelo: 'SinVin',
      version: ' GLX 4x2 ',
      año: 2020,
      precio: 12_990_000,
      kilometraje: 87_000,
      condicion: 'Usado',
      transmision: suv.transmissionId,
      combustible: suv.fuelId,
      tipo: suv.bodyTypeId,
      motor: '1.6',
      color: 'Rojo',
      estado: 'publicado',
      vin: 'jtdbt4k30c0000003',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await googleRows()).map((r) => r.vin).sort()).toEqual([draft.vin, 'JTDBT4K30C0000003'].sort());
    const [row] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, noVin.id));
    expect(row?.vin).toBe('JTDBT4K30C0000003');
    // The version typed in the form: apart in the feeds, joined where the site shows the model.
    expect(row).toMatchObject({ modelName: 'SinVin', version: 'GLX 4x2', model: 'SinVin GLX 4x2' });
    const fed = (await googleRows()).find((r) => r.vin === 'JTDBT4K30C0000003');
    expect(fed).toMatchObject({ model: 'SinVin', trim: 'GLX 4x2' });
    const listing = (await metaListings()).find((l) => childText(l, 'vin') === 'JTDBT4K30C0000003');
    expect(listing && childText(listing, 'drivetrain')).toBe('TWO_WD');
    const api = (await get(`/api/vehiculos/${noVin.id}/`)).json() as { modelo: string };
    expect(api.modelo).toBe('SinVin GLX 4x2');
  });
});

describe('text a spreadsheet would run as a formula', () => {
  const FORMULA_VIN = withCheckDigit('JTDBT4K30C0000009');
  it('is written behind an apostrophe in the Google feed, as in every CSV of the product', async () => {
    const admin = await signedInStaff(t.app, 'admin');
    const addToList = async (tipo: string, nombre: string) => {
      const response = await callAs(t.app, 'POST', `/admin/api/listas/${tipo}`, admin, { nombre });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { item: { id: number } }).item.id;
    };
    // Every text a salesperson sets: the brand and feature lists, the model, colour and engine.
    const marca = await addToList('marcas', '=HYPERLINK("https://malo.example","Ver")');
    const caracteristicas = [await addToList('caracteristicas', '@SUM(1+1)*cmd|"/C calc"!A0')];
    caracteristicas.push(await addToList('caracteristicas', '-2+3'));
    const created = await callAs(t.app, 'POST', '/admin/api/vehiculos', ventas, {
      marca,
      modelo: '+56 9 1234 5678',
      año: 2021,
      precio: 15_990_000,
      kilometraje: 12_000,
      condicion: 'Usado',
      transmision: suv.transmissionId,
      combustible: suv.fuelId,
      tipo: suv.bodyTypeId,
      motor: '@1.6',
      color: '-Rojo',
      caracteristicas,
      estado: 'publicado',
      publicarSinFotos: true,
      vin: FORMULA_VIN,
    });
    expect(created.statusCode, created.body).toBe(201);

    const row = (await googleRows()).find((r) => r.vin === FORMULA_VIN);
    expect(row).toMatchObject({
      make: `'=HYPERLINK("https://malo.example","Ver")`,
      model: `'+56 9 1234 5678`,
      exterior_color: `'-Rojo`,
      engine: `'@1.6`,
      vehicle_option: `Automática,Bencina,'@SUM(1+1)*cmd|"/C calc"!A0,'-2+3`,
      // The figures the product formats are left as the spec reads them.
      price: '15990000 CLP',
      year: '2021',
      mileage: '12000 km',
    });
    // No cell, nor any value of a list, begins like a formula.
    for (const cell of Object.values(row ?? {}))
      for (const value of cell.split(',')) expect(value, cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('the feeds of the demo stock', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
    const db = demo.database.db;
    await seedDemoCatalogue(db);
    // Meta lists the vehicles with a photo; the demo's own are rendered in the background, so one photo for all.
    const image = await ingestImage(db, await makeJpeg(800, 600));
    const stock = await db.select({ id: vehicles.id }).from(vehicles);
    await db
      .insert(vehicleImages)
      .values(stock.map((v) => ({ vehicleId: v.id, imageId: image.id, position: 0 })));
    demo.app.services.catalogue.invalidate();
  }, 120_000);
  afterAll(() => demo?.close());

  it("writes only Meta's values in Meta's closed fields, the 4x4 pickups' drivetrain among them", async () => {
    const listings = await metaListings(demo.app);
    expect(listings).toHaveLength(64);
    for (const listing of listings) expectMetaValues(listing);
    expect(listings.map((l) => childText(l, 'drivetrain'))).toContain('FOUR_WD');
  });

  it("writes only Google's values in Google's closed columns", async () => {
    const rows = await googleRows(demo.app);
    expect(rows).toHaveLength(64);
    for (const row of rows) expectGoogleValues(row);
  });

  it('writes the model without its trim and the trim in a column of its own, as both platforms ask', async () => {
    const shown = new Map(
      (
        (await get('/api/vehiculos-resumen/', {}, demo.app)).json() as Array<{ id: number; modelo: string }>
      ).map((v) => [stockReference(v.id), v.modelo]),
    );
    const rows = await googleRows(demo.app);
    // "Accent GL", "CX-5 GT", "Ranger XLT 4x4": the examples, now apart.
    const apart = rows.map((r) => `${r.make} ${r.model} | ${r.trim}`);
    expect(apart).toContain('Hyundai Accent | GL');
    expect(apart).toContain('Mazda CX-5 | GT');
    expect(apart).toContain('Ford Ranger | XLT 4x4');
    for (const row of rows) {
      // The model and the trim are the model the site shows, split; the model never carries the trim.
      expect([row.model, row.trim].filter(Boolean).join(' ')).toBe(shown.get(row.id ?? ''));
      if (row.trim) expect(row.model, row.id).not.toContain(row.trim);
    }
    expect(rows.filter((r) => r.trim !== '').length).toBeGreaterThan(rows.length / 2);
    for (const listing of await metaListings(demo.app)) {
      const model = childText(listing, 'model') ?? '';
      const trim = childText(listing, 'trim');
      expect([model, trim].filter(Boolean).join(' ')).toBe(shown.get(childText(listing, 'vehicle_id') ?? ''));
      if (trim) expect(model).not.toContain(trim);
    }
  });
});
