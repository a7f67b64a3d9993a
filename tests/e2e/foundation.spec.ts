import { expect, test } from '@playwright/test';
import { hydrated } from './support/admin.ts';
import { expectInlineScriptsAllowed } from './support/csp.ts';

test.describe('server-rendered slice', () => {
  test.use({ javaScriptEnabled: false });

  test('The home page lists the featured vehicles from the database without JavaScript', async ({
    page,
    request,
  }) => {
    const featured = (await (await request.get('/api/vehiculos/?destacado=true')).json()) as Array<{
      id: number;
      marca: { nombre: string };
      modelo: string;
    }>;
    expect(featured.length).toBeGreaterThanOrEqual(6);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Vehículos Destacados' })).toBeVisible();
    const cards = page.locator('#vehicles li a[href^="/vehicles/"]');
    await expect(cards).toHaveCount(featured.length);
    for (const vehicle of featured.slice(0, 3)) {
      await expect(page.locator(`#vehicles a[href="/vehicles/${vehicle.id}"]`)).toContainText(vehicle.modelo);
    }
  });

  test('A vehicle page is rendered on the server with its title, description, canonical link and Open Graph tags', async ({
    page,
    request,
  }) => {
    const [first] = (await (await request.get('/api/vehiculos-resumen/')).json()) as Array<{
      id: number;
      marca: string;
      modelo: string;
      año: number;
    }>;
    if (!first) throw new Error('no demo stock');
    const response = await page.goto(`/vehicles/${first.id}`);
    expect(response?.status()).toBe(200);
    const name = `${first.marca} ${first.modelo}`;
    await expect(page).toHaveTitle(new RegExp(`^${name} ${first.año} \\| \\$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/vehicles/${first.id}$`),
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(name));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(name));
    await expect(page.getByText(`REF-${String(first.id).padStart(4, '0')}`)).toBeVisible();
  });

  test('An unknown vehicle and an unknown path answer 404 with a Spanish page', async ({ page }) => {
    const vehicle = await page.goto('/vehicles/999999');
    expect(vehicle?.status()).toBe(404);
    const other = await page.goto('/esta-pagina-no-existe');
    expect(other?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
  });
});

test('The home page hydrates and a featured card opens its vehicle', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/');
  const firstCard = page.locator('#vehicles li a[href^="/vehicles/"]').first();
  const href = await firstCard.getAttribute('href');
  await hydrated(page);
  await firstCard.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('link', { name: 'Volver a vehículos' })).toBeVisible();
});

test('Pages allow their inline scripts by hash, no others, and hydrate without a violation', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+;/);
  expect(expectInlineScriptsAllowed(policy, (await response?.text()) ?? '')).toBe('hashes');
  expect(policy).toContain("frame-ancestors 'none'");
  await hydrated(page);
  await page.getByRole('link', { name: 'Ver Todos los Vehículos' }).click();
  await expect(page).toHaveURL(/\/vehicles$/);
  expect(problems).toEqual([]);
});

test('Inter is fetched once, after the first page is painted, and sets every later page from its first paint', async ({
  page,
}) => {
  // Requests in order: the font must come after the page's code, which starts once the main photo is painted
  // (tests/e2e/deferred-scripts.spec.ts).
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const fonts = () => requests.filter((path) => path.endsWith('.woff2'));
  await page.goto('/');
  // The first page keeps the system font while it is open: no file competes with its main photo (ADR 0022).
  expect(await page.evaluate(() => document.documentElement.classList.contains('inter'))).toBe(false);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toContain('Inter');
  expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('inter'))).toBe('1');
  expect(fonts()).toHaveLength(1);
  expect(fonts()[0]).toMatch(/^\/assets\/inter-latin-400-700-[\w-]+\.woff2$/);
  const firstScript = requests.findIndex((path) => path.endsWith('.js'));
  expect(firstScript).toBeGreaterThan(-1);
  expect(requests.indexOf(fonts()[0] ?? '')).toBeGreaterThan(firstScript);

  await page.goto('/vehicles');
  expect(await page.evaluate(() => document.documentElement.classList.contains('inter'))).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable"/);
  // Every weight the site uses comes from that one variable file, already in the cache.
  for (const weight of [400, 500, 600, 700]) {
    expect(
      await page.evaluate((w) => document.fonts.load(`${w} 16px "Inter Variable"`, 'Ñandú'), weight),
    ).toHaveLength(1);
  }
  expect(await page.evaluate(() => document.fonts.check('700 16px "Inter Variable"', 'Ñandú'))).toBe(true);
  expect(new Set(fonts()).size).toBe(1);
});

test('The back office is set in Inter from its first page', async ({ page }) => {
  await page.goto('/admin/ingresar');
  expect(await page.evaluate(() => document.documentElement.classList.contains('inter'))).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable"/);
});
