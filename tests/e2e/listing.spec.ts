import { formatPrice } from '@domain/format.ts';
import { installmentFrom } from '@domain/vehicle.ts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { axe, wcagViolations } from './support/axe.ts';

interface Summary {
  id: number;
  marca: string;
  modelo: string;
  año: number;
  precio: string;
  combustible: string;
  condicion: 'Nuevo' | 'Usado';
  transmision: string;
  tipo: string;
}

async function stock(request: APIRequestContext): Promise<Summary[]> {
  return (await (await request.get('/api/vehiculos-resumen/')).json()) as Summary[];
}

const countLine = (n: number, page = 1) =>
  n === 0 ? '' : `Mostrando ${(page - 1) * 6 + 1}-${Math.min(page * 6, n)} de ${n} vehículos`;

/** The island holding this part has taken over the server HTML (the runtime marks each island it hydrated). */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector<HTMLElement>('#buscar')?.closest<HTMLElement>('[data-island]')?.dataset
        .hydrated === 'true',
  );
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 1024;
const results = (page: Page) => page.locator('#resultados');
const cards = (page: Page) =>
  page.locator('section[aria-labelledby="resultados-titulo"] li a[href^="/vehicles/"]');

/** The filter panel: the sidebar on desktop, the dialog (opened here) on a phone. */
async function filters(page: Page) {
  if (isPhone(page) && !(await page.getByRole('dialog', { name: 'Filtros' }).isVisible())) {
    await page.getByRole('button', { name: /^Filtros/ }).click();
  }
  return page.locator('#filtros');
}

async function tick(page: Page, group: string, option: string) {
  const panel = await filters(page);
  await panel
    .getByRole('group', { name: group })
    .getByRole('checkbox', { name: option, exact: true })
    .check();
}

let consoleErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});
test.afterEach(() => {
  expect(consoleErrors, 'unexpected console.error').toEqual([]);
});

test('The listing is rendered on the server: six cards, the count line and the pagination', {
  tag: '@phone',
}, async ({ browser, request }) => {
  const all = await stock(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/vehicles');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuestro Stock' })).toBeVisible();
  await expect(page.getByPlaceholder('Buscar por marca, modelo, tipo...')).toBeVisible();
  await expect(results(page)).toHaveText(countLine(all.length));
  await expect(cards(page)).toHaveCount(6);
  const first = all[0] as Summary;
  await expect(cards(page).first()).toHaveAttribute('href', `/vehicles/${first.id}`);
  const pagination = page.getByRole('navigation', { name: 'Paginación' });
  await expect(pagination.locator('[aria-disabled="true"]', { hasText: 'Anterior' })).toBeAttached();
  await expect(pagination.getByRole('link', { name: 'Página 1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await context.close();
});

test('Each kind of filter narrows the list and is written to the address', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  const all = await stock(request);
  await page.goto('/vehicles');
  await hydrated(page);

  await tick(page, 'Condición', 'Usado');
  let expected = all.filter((v) => v.condicion === 'Usado');
  await expect(page).toHaveURL(/\?condicion=Usado$/);
  await expect(results(page)).toHaveText(countLine(expected.length));

  await tick(page, 'Marca', 'Toyota');
  expected = expected.filter((v) => v.marca === 'Toyota');
  await expect(page).toHaveURL(/marca=Toyota/);
  await expect(results(page)).toHaveText(countLine(expected.length));
  const models = (await filters(page)).getByRole('group', { name: 'Modelo' }).getByRole('checkbox');
  const toyotaModels = new Set(all.filter((v) => v.marca === 'Toyota').map((v) => v.modelo));
  await expect(models).toHaveCount(toyotaModels.size);

  await page.goto('/vehicles');
  await hydrated(page);
  const kinds: Array<[string, string, (v: Summary) => boolean]> = [
    ['Tipo de vehículo', 'SUV', (v) => v.tipo === 'SUV'],
    ['Transmisión', 'Automática', (v) => v.transmision === 'Transmisión Automática'],
    ['Combustible', 'Diésel', (v) => v.combustible === 'Diésel'],
  ];
  expected = all;
  for (const [group, option, keep] of kinds) {
    await tick(page, group, option);
    expected = expected.filter(keep);
    await expect(results(page)).toHaveText(countLine(expected.length));
  }
  await expect(page).toHaveURL(/tipo=SUV&transmision=Autom%C3%A1tica&combustible=Di%C3%A9sel$/);

  const yaris = all.find((v) => v.modelo.startsWith('Yaris'));
  if (!yaris) throw new Error('demo stock has no Yaris');
  await page.goto('/vehicles');
  await hydrated(page);
  await tick(page, 'Modelo', yaris.modelo);
  await expect(results(page)).toHaveText(countLine(all.filter((v) => v.modelo === yaris.modelo).length));
});

test('Price and year ranges are inclusive, whole and never below zero', async ({ page, request }) => {
  const all = await stock(request);
  await page.goto('/vehicles');
  await hydrated(page);
  const panel = await filters(page);
  const price = panel.getByRole('group', { name: 'Precio (CLP)' });
  await price.getByLabel('Desde').fill('10000000');
  await price.getByLabel('Hasta').fill('20000000');
  await price.getByLabel('Hasta').press('Enter');
  const inPrice = all.filter((v) => Number(v.precio) >= 10_000_000 && Number(v.precio) <= 20_000_000);
  await expect(page).toHaveURL(/precio_min=10000000&precio_max=20000000$/);
  await expect(results(page)).toHaveText(countLine(inPrice.length));

  const year = panel.getByRole('group', { name: 'Año' });
  await year.getByLabel('Desde').fill('2020');
  await year.getByLabel('Desde').blur();
  await expect(page).toHaveURL(/anio_min=2020$/);
  await expect(results(page)).toHaveText(countLine(inPrice.filter((v) => v.año >= 2020).length));

  await price.getByLabel('Desde').fill('-500');
  await price.getByLabel('Desde').blur();
  await expect(page).toHaveURL(/precio_min=0&/);
  await expect(price.getByLabel('Desde')).toHaveValue('0');
});

// Issue 30 item 6: about half of car purchases are financed, so a visitor looks for what a month costs.
test('A visitor filters by cuota máxima and sees only cars whose advertised cuota, with its CAE, is at or below it', {
  tag: '@phone',
}, async ({ page, request, browser }) => {
  const all = await stock(request);
  const cuotas = all
    .map((v) => installmentFrom(defaultDealership, Number(v.precio))?.installment ?? null)
    .filter((c): c is number => c !== null)
    .sort((a, b) => a - b);
  const bound = cuotas[Math.floor(cuotas.length / 3)] ?? 0;
  const found = cuotas.filter((c) => c <= bound).length;
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(all.length);

  await page.goto('/vehicles');
  await hydrated(page);
  const panel = await filters(page);
  const cuota = panel.getByRole('group', { name: 'Cuota mensual (CLP)' });
  await cuota.getByLabel('Hasta').fill(String(bound));
  await cuota.getByLabel('Hasta').press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?cuota_max=${bound}$`));
  await expect(results(page)).toHaveText(countLine(found));
  if (isPhone(page)) await page.getByRole('button', { name: /^Ver \d+ vehículos$/ }).click();
  await expect(page.getByRole('list', { name: 'Filtros activos' })).toContainText(
    `Cuota hasta ${formatPrice(bound)}`,
  );
  await expect(cards(page)).toHaveCount(Math.min(found, 6));
  for (const text of await cards(page).allTextContents()) {
    const amount = Number(/Cuota desde \$([\d.]+)/.exec(text)?.[1]?.replace(/\./g, '') ?? Number.NaN);
    expect(amount, text).toBeLessThanOrEqual(bound);
    expect(text).toMatch(/CAE \d+,\d{2}%/);
    expect(text).toContain('Crédito convencional');
  }
  expect(await wcagViolations(page)).toEqual([]);

  // The same address without JavaScript: the server renders the same list, and the form keeps the bound.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
  const plain = await context.newPage();
  await plain.goto(`/vehicles?cuota_max=${bound}`);
  await expect(results(plain)).toHaveText(countLine(found));
  await expect(plain.locator(`input[name="cuota_max"]`)).toHaveValue(String(bound));
  await context.close();
});

test('The search applies once, 300 ms after the last keystroke', async ({ page, request }) => {
  const all = await stock(request);
  // Virtual time: the test says exactly how long the visitor pauses, however busy the machine is.
  await page.clock.install();
  await page.goto('/vehicles');
  await hydrated(page);
  await page.clock.pauseAt(Date.now() + 60_000);
  const loads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/vehicles.json')) loads.push(r.url());
  });
  const search = page.getByPlaceholder('Buscar por marca, modelo, tipo...');
  await search.pressSequentially('coro');
  await page.clock.runFor(250);
  await search.pressSequentially('lla');
  await page.clock.runFor(299);
  expect(loads).toHaveLength(0);
  await page.clock.runFor(1);
  await expect(page).toHaveURL(/\?q=corolla$/);
  await expect(results(page)).toHaveText(
    countLine(all.filter((v) => `${v.marca} ${v.modelo}`.toLowerCase().includes('corolla')).length),
  );
  expect(loads).toHaveLength(1);
  await expect(cards(page).first()).toContainText('Corolla');
  await expect(page.getByRole('link', { name: 'Limpiar filtros' })).toBeVisible();
});

test('A visitor finds "diésel", "yaris 2024" and "camioneta 4x4" as typed, in the address @phone', async ({
  page,
  request,
}) => {
  const all = await stock(request);
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const diesel = all.filter((v) => fold(v.combustible) === 'diesel');
  const yaris2024 = all.filter((v) => fold(v.modelo).includes('yaris') && v.año === 2024);
  const pickups4x4 = all.filter((v) => fold(v.tipo) === 'camioneta' && v.modelo.includes('4x4'));
  // The demo stock has each of them: otherwise this test would prove nothing.
  for (const found of [diesel, yaris2024, pickups4x4]) expect(found.length).toBeGreaterThan(0);

  await page.goto('/vehicles');
  await hydrated(page);
  await page.getByPlaceholder('Buscar por marca, modelo, tipo...').fill('Diésel');
  await expect(page).toHaveURL(/\?q=Di%C3%A9sel$/);
  await expect(results(page)).toHaveText(countLine(diesel.length));
  await expect(cards(page).first()).toContainText('Diésel');

  // The server renders a shared address as it is, before any script runs.
  const html = await (await request.get('/vehicles?q=yaris+2024')).text();
  expect(html).toContain(countLine(yaris2024.length));
  await page.goto('/vehicles?q=yaris+2024');
  await expect(results(page)).toHaveText(countLine(yaris2024.length));
  await expect(cards(page).first()).toContainText('Yaris');
  await expect(cards(page).first()).toContainText('2024');

  await page.goto('/vehicles?q=camioneta+4x4');
  await expect(results(page)).toHaveText(countLine(pickups4x4.length));
  await expect(cards(page)).toHaveCount(Math.min(6, pickups4x4.length));
  for (const card of await cards(page).all()) await expect(card).toContainText('4x4');
});

test('Sorting by price puts the cheapest first and keeps the order in the address', async ({
  page,
  request,
}) => {
  const all = await stock(request);
  await page.goto('/vehicles');
  await hydrated(page);
  await page.getByLabel('Ordenar por').selectOption({ label: 'Precio: menor a mayor' });
  await expect(page).toHaveURL(/\?orden=price-asc$/);
  const cheapest = [...all].sort((a, b) => Number(a.precio) - Number(b.precio))[0] as Summary;
  await expect(cards(page).first()).toHaveAttribute('href', `/vehicles/${cheapest.id}`);
  await page.getByLabel('Ordenar por').selectOption({ label: 'Año: Más reciente' });
  const newest = Math.max(...all.map((v) => v.año));
  await expect(cards(page).first()).toContainText(String(newest));
  await expect(page.getByRole('link', { name: 'Limpiar filtros' })).toHaveCount(0);
});

test('Pagination walks the pages and is disabled at both ends', async ({ page, request }) => {
  const all = await stock(request);
  const last = Math.ceil(all.length / 6);
  await page.goto('/vehicles');
  await hydrated(page);
  const pagination = page.getByRole('navigation', { name: 'Paginación' });
  await pagination.getByRole('link', { name: 'Página 2', exact: true }).click();
  await expect(results(page)).toHaveText(countLine(all.length, 2));
  await expect(page).toHaveURL(/\?pagina=2#resultados$/);
  await expect(pagination.getByRole('link', { name: 'Página 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(results(page)).toBeFocused();
  await pagination.getByRole('link', { name: 'Siguiente' }).click();
  await expect(results(page)).toHaveText(countLine(all.length, 3));
  await pagination.getByRole('link', { name: `Página ${last}`, exact: true }).click();
  await expect(results(page)).toHaveText(countLine(all.length, last));
  await expect(pagination.locator('[aria-disabled="true"]', { hasText: 'Siguiente' })).toBeAttached();
  await expect(pagination.getByRole('link', { name: 'Anterior' })).toBeVisible();
  await tick(page, 'Condición', 'Nuevo');
  await expect(page).toHaveURL(/\?condicion=Nuevo$/);
});

test('A shared filtered address shows the same listing, rendered on the server', async ({
  browser,
  page,
}) => {
  const url = '/vehicles?marca=Toyota&marca=Kia&orden=price-desc';
  await page.goto(url);
  await hydrated(page);
  const shown = await cards(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  const line = await results(page).textContent();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(url);
  await expect(results(plain)).toHaveText(line ?? '');
  expect(await cards(plain).evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(shown);
  // On a phone the panel is closed, so the box is looked up by its form name.
  await expect(plain.locator('input[name="marca"][value="Kia"]')).toBeChecked();
  await expect(plain.getByLabel('Ordenar por')).toHaveValue('price-desc');
  await context.close();
});

test('Without JavaScript the filters work as a form with an Aplicar filtros button', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/vehicles?condicion=nuevo');
  await expect(page).toHaveURL(/\?condicion=Nuevo$/);
  if (isPhone(page)) await page.getByRole('link', { name: /^Filtros/ }).click();
  await page.getByRole('checkbox', { name: 'SUV', exact: true }).check();
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page).toHaveURL(/\?condicion=Nuevo&tipo=SUV$/);
  await expect(page.locator('input[name="tipo"][value="SUV"]')).toBeChecked();
  await expect(page.getByRole('list', { name: 'Filtros activos' })).toContainText('SUV');
  await context.close();
});

test('The back button restores the previous filter state', async ({ page, request }) => {
  const all = await stock(request);
  await page.goto('/vehicles');
  await hydrated(page);
  await tick(page, 'Marca', 'Toyota');
  await expect(page).toHaveURL(/\?marca=Toyota$/);
  await tick(page, 'Condición', 'Usado');
  await expect(page).toHaveURL(/\?marca=Toyota&condicion=Usado$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?marca=Toyota$/);
  await expect(results(page)).toHaveText(countLine(all.filter((v) => v.marca === 'Toyota').length));
  const panel = await filters(page);
  await expect(panel.getByRole('checkbox', { name: 'Usado' })).not.toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Toyota' })).toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(/\/vehicles$/);
  await expect(results(page)).toHaveText(countLine(all.length));
});

test('Active filters show as chips that remove them one by one', async ({ page }) => {
  await page.goto('/vehicles?q=hybrid&marca=Toyota&precio_max=30000000');
  await hydrated(page);
  const chips = page.getByRole('list', { name: 'Filtros activos' });
  await expect(chips.getByRole('link')).toHaveText(['“hybrid”', 'Toyota', 'Hasta $30.000.000']);
  await chips.getByRole('link', { name: 'Quitar filtro: Toyota' }).click();
  await expect(page).toHaveURL(/\?q=hybrid&precio_max=30000000$/);
  await chips.getByRole('link', { name: 'Quitar filtro: “hybrid”' }).click();
  await expect(page).toHaveURL(/\?precio_max=30000000$/);
  await expect(page.getByPlaceholder('Buscar por marca, modelo, tipo...')).toHaveValue('');
});

test('Volver a vehículos on a vehicle page returns to the filtered listing it was opened from', async ({
  page,
}) => {
  await page.goto('/vehicles?condicion=Usado&pagina=2');
  await hydrated(page);
  await cards(page).first().click();
  await expect(page).toHaveURL(/\/vehicles\/\d+$/);
  // The link learns where the visitor came from (the page's referrer) once its island has hydrated.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('link', { name: 'Volver a vehículos' }).click();
  await expect(page).toHaveURL(/\/vehicles\?condicion=Usado&pagina=2$/);
});

test('No match shows the empty state, and clearing the filters brings the stock back', async ({
  page,
  request,
}) => {
  const all = await stock(request);
  await page.goto('/vehicles?q=zzzz');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'No se encontraron vehículos' })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.locator('section').getByRole('link', { name: 'Limpiar filtros' }).last().click();
  await expect(page).toHaveURL(/\/vehicles$/);
  await expect(results(page)).toHaveText(countLine(all.length));
  await expect(page.getByPlaceholder('Buscar por marca, modelo, tipo...')).toHaveValue('');
});

test('While a listing loads the page says so, also in the model filter', async ({ page }) => {
  await page.goto('/vehicles');
  await hydrated(page);
  // The answer is held until the loading state has been seen, then let through: no clock decides either.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/vehicles.json*', async (route) => {
    await held;
    await route.continue();
  });
  await tick(page, 'Marca', 'Kia');
  await expect(results(page)).toHaveText('Cargando vehículos...');
  await expect((await filters(page)).getByText('Cargando filtros...')).toBeVisible();
  release();
  await expect(results(page)).toHaveText(/^Mostrando 1-/);
});

test('On a phone the filters open in a dialog that keeps focus and closes with Escape', {
  tag: '@phone',
}, async ({ page }) => {
  test.skip(!isPhone(page), 'the panel is a sidebar on desktop');
  await page.goto('/vehicles');
  await hydrated(page);
  await expect(page.locator('#filtros')).toBeHidden();
  const toggle = page.getByRole('button', { name: /^Filtros/ });
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Filtros' });
  await expect(dialog).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(dialog.getByRole('button', { name: 'Cerrar filtros' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: /^Ver \d+ vehículos$/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeFocused();
  await toggle.click();
  await dialog.getByRole('checkbox', { name: 'Usado' }).check();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar filtros' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\?condicion=Usado$/);
});

test('axe finds no violation on the listing, filtered, empty, and with the phone panel open', {
  tag: '@phone',
}, async ({ page }) => {
  test.setTimeout(120_000);
  for (const url of ['/vehicles', '/vehicles?marca=Toyota&tipo=SUV&orden=price-asc', '/vehicles?q=zzzz']) {
    await page.goto(url);
    await hydrated(page);
    const { violations } = await axe(page).analyze();
    expect(violations, url).toEqual([]);
  }
  if (isPhone(page)) {
    await filters(page);
    const { violations } = await axe(page).analyze();
    expect(violations, 'phone filter panel').toEqual([]);
  }
});

test('The listing island fetches its results from /vehicles.json: the canonical query and the cards the page shows', async ({
  page,
  request,
}) => {
  // A page past the end is answered with the last page, and says so in its canonical query.
  const answer = await request.get('/vehicles.json?condicion=Usado&pagina=99');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/json/);
  const body = (await answer.json()) as { search: string; data: { pageCount: number; vehicles: Summary[] } };
  const canonical = new URLSearchParams(body.search);
  expect(canonical.get('condicion')).toBe('Usado');
  expect(canonical.get('pagina')).toBe(String(body.data.pageCount));
  await page.goto(`/vehicles?${body.search}`);
  const shown = await cards(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(shown).toEqual(body.data.vehicles.map((v) => `/vehicles/${v.id}`));
  expect(shown.length).toBeGreaterThan(0);
});

test('A change of the hash alone (skip link, results anchor) fetches no results; a change of the query does', async ({
  page,
}) => {
  await page.goto('/vehicles?pagina=2');
  await hydrated(page);
  const loads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/vehicles.json')) loads.push(r.url());
  });
  await page.evaluate(() => {
    window.location.hash = 'contenido';
  });
  await page.goBack();
  await expect(page).toHaveURL(/\/vehicles\?pagina=2$/);
  await page
    .getByRole('navigation', { name: 'Paginación' })
    .getByRole('link', { name: 'Página 1', exact: true })
    .click();
  await expect(results(page)).toHaveText(/^Mostrando 1-6 de /);
  expect(loads).toHaveLength(1);
});
