import { withCheckDigit } from '@domain/vin.ts';
import { expect, type Page, test } from '@playwright/test';
import { makeJpeg } from '../support/factories.ts';
import { parseCsv } from '../support/feed-readers.ts';
import { hydrated, sellVehicle, signInAs, staffCall } from './support/admin.ts';

// Item 4 of issue 20 in the built site (ADR 0021): the feeds of the demo stock read with Chromium's own XML parser
// (strict: one error and the document is refused), every required field on every item; staff give a vehicle
// hostile text and the feed stays well-formed; a sold vehicle leaves; the stock form's VIN field refuses a
// duplicate in Spanish, naming the other vehicle.

const META_REQUIRED = [
  'vehicle_id',
  'vin',
  'title',
  'description',
  'url',
  'make',
  'model',
  'year',
  'mileage > value',
  'mileage > unit',
  'image > url',
  'image > tag',
  'body_style',
  'exterior_color',
  'price',
  'state_of_vehicle',
  'address > component[name="addr1"]',
  'address > component[name="city"]',
  'address > component[name="region"]',
  // Optional for Meta; the demo settings have one.
  'address > component[name="postal_code"]',
  'address > component[name="country"]',
];

type Item = Record<string, { text: string; count: number }>;

/**
 * Parses XML in the browser and reads, for each element `item` selects, the first text and the number of the
 * elements each selector finds under it; throws with the parser's message when the document is not well-formed.
 */
async function readXml(page: Page, xml: string, item: string, selectors: string[]): Promise<Item[]> {
  await page.goto('about:blank');
  return page.evaluate(
    ({ xml, item, selectors }) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      const error = doc.getElementsByTagName('parsererror')[0];
      if (error) throw new Error(`not well-formed: ${error.textContent}`);
      return [...doc.querySelectorAll(item)].map((element) =>
        Object.fromEntries(
          selectors.map((selector) => {
            const found = element.querySelectorAll(`:scope > ${selector}`);
            return [selector, { text: found[0]?.textContent?.trim() ?? '', count: found.length }];
          }),
        ),
      );
    },
    { xml, item, selectors },
  );
}

const metaListings = (page: Page, xml: string) => readXml(page, xml, 'listings > listing', META_REQUIRED);

test.describe.configure({ timeout: 120_000 });

test('robots.txt names the image sitemap next to the sitemap', async ({ request, baseURL }) => {
  const lines = (await (await request.get('/robots.txt')).text()).split('\n');
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap-imagenes.xml`);
});

test('The feeds of the demo stock are well-formed and every item has every required field', async ({
  page,
  request,
}) => {
  const published = (await (await request.get('/api/vehiculos-resumen/')).json()) as unknown[];
  const meta = await request.get('/feeds/meta-vehiculos.xml');
  expect(meta.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const listings = await metaListings(page, await meta.text());
  // Every demo vehicle has a VIN; Meta's feed takes those whose photos are rendered (in the background, ADR 0004).
  expect(listings.length).toBeGreaterThan(0);
  for (const listing of listings) {
    const missing = META_REQUIRED.filter((selector) => !listing[selector]?.text);
    expect(missing, listing.vin?.text).toEqual([]);
    expect(listing.price?.text).toMatch(/^\d+ CLP$/);
    expect(listing['mileage > unit']?.text).toBe('KM');
  }

  const images = await request.get('/sitemap-imagenes.xml');
  // CSS type selectors match the local name in any namespace: `image` is <image:image>, `image > loc` its <image:loc>.
  const pages = await readXml(page, await images.text(), 'urlset > url', ['loc', 'image', 'image > loc']);
  expect(pages.length).toBeGreaterThan(0);
  for (const url of pages) {
    expect(url.loc?.text).toMatch(/\/vehicles\/\d+$/);
    expect(url.image?.count).toBeGreaterThan(0);
    expect(url['image > loc']?.text).toMatch(/\/media\//);
  }

  const google = await request.get('/feeds/google-vehiculos.csv');
  expect(google.headers()['content-type']).toBe('text/csv; charset=utf-8');
  // Read strictly (csv-parse: RFC 4180, every row as long as the header).
  const [header, ...rows] = parseCsv(await google.text());
  expect(header?.slice(0, 7)).toEqual([
    'store_code',
    'id',
    'vin',
    'dealership_name',
    'dealership_address',
    'price',
    'condition',
  ]);
  // Google's columns need no photo: every demo vehicle is there (the other tests' vehicles have no VIN).
  expect(rows.length).toBeGreaterThanOrEqual(Math.min(published.length, 64));
  for (const [store, id, vin, name, address, price, condition] of rows) {
    expect(store).toBe('principal');
    expect(id).toMatch(/^REF-\d{4,}$/);
    expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(name).not.toBe('');
    // With the postal code Google asks for (the demo settings have one).
    expect(address).toMatch(/ \d{7}, Chile$/);
    expect(price).toMatch(/^\d+ CLP$/);
    expect(['new', 'used']).toContain(condition);
  }
});

test('A vehicle with hostile text stays well-formed in the feed and leaves it when sold', async ({
  page,
}, testInfo) => {
  await signInAs(page, 'ventas');
  const { listas } = (await (await page.request.get('/admin/api/listas')).json()) as {
    listas: Record<string, Array<{ id: number; nombre: string }>>;
  };
  const first = (kind: string) => listas[kind]?.[0]?.id;
  const suffix = testInfo.project.name === 'phone' ? '2' : '1';
  // With a correct check digit: Google's feed leaves out the others (ADR 0021).
  const vin = withCheckDigit(`JTDBT4K30C99999${suffix}${Math.floor(Math.random() * 9)}`.slice(0, 17));
  const model = `Hilux <b>&amp; ]]> "GR" ${vin.slice(-3)}`;
  const { vehiculo } = (await staffCall(page.request, 'POST', '/admin/api/vehiculos', {
    marca: first('marcas'),
    modelo: model,
    año: 2024,
    precio: 30_990_000,
    kilometraje: 10,
    condicion: 'Nuevo',
    transmision: first('transmisiones'),
    combustible: first('combustibles'),
    tipo: first('tipos'),
    motor: '2.8',
    color: 'Blanco & <Perla>',
    estado: 'publicado',
    publicarSinFotos: true,
    vin,
  })) as { vehiculo: { id: number } };

  // Google's columns need no photo: the vehicle is there at once; Meta's need one.
  await expect
    .poll(async () => (await page.request.get('/feeds/google-vehiculos.csv')).text())
    .toContain(vin);
  const inMeta = async () =>
    (await metaListings(page, await (await page.request.get('/feeds/meta-vehiculos.xml')).text())).find(
      (l) => l.vin?.text === vin,
    );
  expect(await inMeta()).toBeUndefined();
  const token = await page.request.get('/api/get-csrf-token/');
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  const upload = await page.request.post(`/admin/api/vehiculos/${vehiculo.id}/fotos`, {
    multipart: { fotos: { name: 'frente.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg() } },
    headers: { 'X-CSRFToken': csrfToken, Origin: new URL(token.url()).origin },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  // Read by Chromium's parser: the markup-like text comes back as the very text staff typed.
  const listing = await inMeta();
  expect(listing?.model?.text).toBe(model);
  expect(listing?.exterior_color?.text).toBe('Blanco & <Perla>');

  await sellVehicle(page.request, vehiculo.id);
  expect(await (await page.request.get('/feeds/google-vehiculos.csv')).text()).not.toContain(vin);
  expect(await inMeta()).toBeUndefined();
  expect(await (await page.request.get('/sitemap-imagenes.xml')).text()).not.toContain(
    `/vehicles/${vehiculo.id}<`,
  );
});

test('Staff see the VIN in the stock form, and a duplicate VIN is refused naming the other vehicle', async ({
  page,
  request,
}) => {
  const [a, b] = (await (await request.get('/api/vehiculos-resumen/')).json()) as Array<{ id: number }>;
  if (!a || !b) throw new Error('no demo stock');
  await signInAs(page, 'ventas');
  const other = (await (await page.request.get(`/admin/api/vehiculos/${b.id}`)).json()) as {
    vehiculo: { vin: string };
  };
  await page.goto(`/admin/vehiculos/${a.id}`);
  await hydrated(page);
  const field = page.getByLabel('VIN (opcional)');
  await expect(field).toHaveValue(/^[A-HJ-NPR-Z0-9]{17}$/);
  const own = await field.inputValue();
  await field.fill(other.vehiculo.vin.toLowerCase());
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(
    page.getByText(`Este VIN ya está registrado en el vehículo REF-${String(b.id).padStart(4, '0')}.`),
  ).toBeVisible();
  const after = (await (await page.request.get(`/admin/api/vehiculos/${a.id}`)).json()) as {
    vehiculo: { vin: string };
  };
  expect(after.vehiculo.vin).toBe(own);
});
