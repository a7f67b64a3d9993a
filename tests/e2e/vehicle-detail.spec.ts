import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axe } from './support/axe.ts';

interface Vehicle {
  id: number;
  marca: { nombre: string };
  modelo: string;
  año: number;
  precio: string;
  condicion: 'Nuevo' | 'Usado';
  kilometraje: number;
  imagenes: Array<{ imagen: string }>;
  caracteristicas: Array<{ nombre: string }>;
}

const pesos = (precio: string) => `$${Number.parseInt(precio, 10).toLocaleString('es-CL')}`;

async function vehicles(request: APIRequestContext): Promise<Vehicle[]> {
  return (await (await request.get('/api/vehiculos/')).json()) as Vehicle[];
}

async function firstVehicle(request: APIRequestContext): Promise<Vehicle> {
  const [first] = await vehicles(request);
  if (!first) throw new Error('no demo stock');
  return first;
}

/** The island holding this part has taken over the server HTML (the runtime marks each island it hydrated). */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector<HTMLElement>('[role="tablist"]')?.closest<HTMLElement>('[data-island]')?.dataset
        .hydrated === 'true',
  );
}

let consoleErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  consoleErrors = [];
  page.on('console', (message) => {
    // A 404 document is reported by the browser itself; that one is expected.
    if (message.type() === 'error' && !message.text().includes('status of 404'))
      consoleErrors.push(message.text());
  });
  page.on('dialog', (dialog) => {
    consoleErrors.push(`unexpected ${dialog.type()} dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
});
test.afterEach(() => {
  expect(consoleErrors, 'unexpected console.error or dialog').toEqual([]);
});

test('A vehicle page shows its summary card and leads back to the listing', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  const vehicle = await firstVehicle(request);
  const name = `${vehicle.marca.nombre} ${vehicle.modelo}`;
  await page.goto(`/vehicles/${vehicle.id}`);
  const card = page.getByRole('complementary', { name: 'Resumen y contacto' });
  await expect(card.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(card).toContainText(`${vehicle.año} · ${vehicle.condicion}`);
  await expect(card).toContainText(pesos(vehicle.precio));
  await expect(card.getByText('Financiable')).toBeVisible();
  await expect(card.getByText(`REF-${String(vehicle.id).padStart(4, '0')}`)).toBeVisible();
  await expect(card.getByText('Santiago, Chile')).toBeVisible();
  await expect(card).toContainText(`${vehicle.kilometraje.toLocaleString('es-CL')} km`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Volver a vehículos' }).click();
  await expect(page).toHaveURL(/\/vehicles$/);
});

test('The tabs follow the ARIA pattern and work with the keyboard', async ({ page, request }) => {
  const vehicle = await firstVehicle(request);
  await page.goto(`/vehicles/${vehicle.id}`);
  await hydrated(page);
  const tab = (name: string) => page.getByRole('tab', { name });
  await expect(tab('Especificaciones')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Especificaciones' })).toContainText(vehicle.marca.nombre);
  await tab('Especificaciones').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Características')).toBeFocused();
  await expect(tab('Características')).toHaveAttribute('aria-selected', 'true');
  const features = page.getByRole('tabpanel', { name: 'Características' });
  for (const { nombre } of vehicle.caracteristicas) await expect(features).toContainText(nombre);
  await page.keyboard.press('End');
  await expect(tab('Financiamiento')).toBeFocused();
  const financing = page.getByRole('tabpanel', { name: 'Financiamiento' });
  await expect(financing).toContainText('Pie desde 40% del valor del vehículo');
  await expect(financing.getByRole('button', { name: 'Consultar por financiamiento' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Especificaciones')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Financiamiento')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab('Especificaciones')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Características')).toHaveAttribute('tabindex', '-1');
});

test('Without JavaScript a tab is a link the server answers with that tab open', async ({
  browser,
  request,
}) => {
  const vehicle = await firstVehicle(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/vehicles/${vehicle.id}`);
  await page.getByRole('tab', { name: 'Características' }).click();
  await expect(page).toHaveURL(/\?tab=caracteristicas$/);
  await expect(page.getByRole('tab', { name: 'Características' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Características' })).toBeVisible();
  await context.close();
});

test('A thumbnail selects the main photo by click and by keyboard', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  // Demo photos are rendered in the background after a fresh start: wait for a vehicle that has three.
  test.setTimeout(240_000);
  let vehicle: Vehicle | undefined;
  await expect(async () => {
    vehicle = (await vehicles(request)).find((v) => v.imagenes.length >= 3);
    expect(vehicle).toBeTruthy();
  }).toPass({ timeout: 200_000, intervals: [2_000] });
  if (!vehicle) return;
  const count = vehicle.imagenes.length;
  await page.goto(`/vehicles/${vehicle.id}`);
  await hydrated(page);
  const gallery = page.getByRole('list', { name: 'Fotos del vehículo' });
  const thumb = (n: number) => gallery.getByRole('button', { name: `Ver foto ${n} de ${count}` });
  const main = page.locator('img[alt*="foto"]').first();
  await expect(thumb(1)).toHaveAttribute('aria-current', 'true');
  await thumb(3).click();
  await expect(thumb(3)).toHaveAttribute('aria-current', 'true');
  await expect(thumb(1)).not.toHaveAttribute('aria-current', 'true');
  await expect(main).toHaveAttribute('alt', new RegExp(`foto 3 de ${count}$`));
  const third = new URL(vehicle.imagenes[2]?.imagen ?? '').pathname.split('/')[2] ?? '';
  await expect(main).toHaveAttribute('src', new RegExp(third));
  await thumb(2).focus();
  await page.keyboard.press('Enter');
  await expect(main).toHaveAttribute('alt', new RegExp(`foto 2 de ${count}$`));
  await page.getByRole('button', { name: 'Foto siguiente' }).click();
  await expect(thumb(3)).toHaveAttribute('aria-current', 'true');
});

test('Contactar por WhatsApp opens a chat in a new tab naming the vehicle, year and price', async ({
  page,
  request,
}) => {
  const vehicle = await firstVehicle(request);
  await page.goto(`/vehicles/${vehicle.id}`);
  const link = page.getByRole('link', { name: 'Contactar por WhatsApp' });
  await expect(link).toHaveAttribute('target', '_blank');
  const href = new URL((await link.getAttribute('href')) ?? '');
  expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/56987654321');
  const text = href.searchParams.get('text') ?? '';
  expect(text).toContain(`${vehicle.marca.nombre} ${vehicle.modelo} ${vehicle.año}`);
  expect(text).toContain(pesos(vehicle.precio));
});

test('Compartir copies the address and says so in the page when there is no share sheet', {
  tag: '@phone',
}, async ({ page, context, request }) => {
  const vehicle = await firstVehicle(request);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await page.goto(`/vehicles/${vehicle.id}?tab=financiamiento`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Compartir' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enlace copiado al portapapeles' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`/vehicles/${vehicle.id}$`));
});

test('Solicitar información opens and closes the inline request form', async ({ page, request }) => {
  const vehicle = await firstVehicle(request);
  await page.goto(`/vehicles/${vehicle.id}`);
  await hydrated(page);
  const toggle = page.getByRole('button', { name: 'Solicitar información' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page.locator('#solicitar-informacion').getByRole('button', { name: 'Enviar solicitud' }),
  ).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#solicitar-informacion')).toBeHidden();
});

test('Consultar por financiamiento opens the financing request for this vehicle', async ({
  page,
  request,
}) => {
  const vehicle = await firstVehicle(request);
  await page.goto(`/vehicles/${vehicle.id}?tab=financiamiento`);
  await hydrated(page);
  const button = page.getByRole('button', { name: 'Consultar por financiamiento' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Solicitud de Asesoría Financiera' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('The page describes the car to search engines as a Car with an Offer in CLP', async ({
  page,
  request,
}) => {
  const vehicle = await firstVehicle(request);
  await page.goto(`/vehicles/${vehicle.id}`);
  const json = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  );
  expect(json).toMatchObject({
    '@type': 'Car',
    brand: { name: vehicle.marca.nombre },
    model: vehicle.modelo,
    vehicleModelDate: String(vehicle.año),
    mileageFromOdometer: { value: vehicle.kilometraje, unitCode: 'KMT' },
    offers: {
      '@type': 'Offer',
      price: Number.parseInt(vehicle.precio, 10),
      priceCurrency: 'CLP',
      availability: 'https://schema.org/InStock',
      itemCondition: `https://schema.org/${vehicle.condicion === 'Nuevo' ? 'New' : 'Used'}Condition`,
    },
  });
  expect(json.image).toHaveLength(vehicle.imagenes.length);
});

test('An unknown vehicle answers 404 with a Spanish page and a way back', async ({ page }) => {
  for (const path of ['/vehicles/999999', '/vehicles/abc']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vehículo no encontrado');
    await expect(page.getByRole('link', { name: 'Volver a vehículos' })).toHaveAttribute('href', '/vehicles');
  }
});

test('axe finds no violation on a vehicle page, on each tab and on the 404', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const vehicle = await firstVehicle(request);
  for (const path of [
    `/vehicles/${vehicle.id}`,
    `/vehicles/${vehicle.id}?tab=financiamiento`,
    '/vehicles/999999',
  ]) {
    await page.goto(path);
    const { violations } = await axe(page).analyze();
    expect(violations, path).toEqual([]);
  }
  await page.goto(`/vehicles/${vehicle.id}`);
  await hydrated(page);
  await page.getByRole('tab', { name: 'Características' }).click();
  await page.getByRole('button', { name: 'Solicitar información' }).click();
  const { violations } = await axe(page).analyze();
  expect(violations, 'features tab and request open').toEqual([]);
});
