import { type BrowserContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { axe } from './support/axe.ts';

// Issue 19, items 1, 2 and the favourites part of 5, in a real browser at 390 and 1440 px (ADR 0019): a visitor
// saves three favourites, shares the list, and a fresh browser (empty storage) sees exactly those three; three cars
// compared show their differences; hostile addresses and stored values get a Spanish sentence, never a 5xx.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

async function expectNoAxeViolations(page: Page) {
  const { violations } = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The cards of the listing's first page: their headings name them as "Marca Modelo Año". */
async function listingCards(page: Page) {
  await page.goto('/vehicles');
  await hydrated(page);
  const cards = page
    .locator('#resultados li, main ul li')
    .filter({ has: page.locator('button[data-favourite]') });
  await expect(cards.first()).toBeVisible();
  return cards;
}

const favouritesLink = (page: Page) => page.getByRole('link', { name: /^Mis favoritos/ });

test('a visitor saves three favourites, shares the list, and a fresh browser sees exactly those three', {
  tag: '@phone',
}, async ({ page, browser, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
  const cards = await listingCards(page);
  const names: string[] = [];
  for (const index of [0, 2, 4]) {
    const heart = cards.nth(index).locator('button[data-favourite]');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    const label = (await heart.getAttribute('aria-label')) ?? '';
    names.push(label.replace('Guardar en favoritos: ', ''));
  }
  // The header's count follows at once.
  await expect(favouritesLink(page)).toHaveAccessibleName('Mis favoritos (3)');

  // Pressing a heart again removes it; pressing it once more puts it back (by keyboard).
  const first = cards.nth(0).locator('button[data-favourite]');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await expect(favouritesLink(page)).toHaveAccessibleName('Mis favoritos (2)');
  await page.keyboard.press('Space');
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(favouritesLink(page)).toHaveAccessibleName('Mis favoritos (3)');

  // Another page keeps them: its hearts are pressed and the count is there.
  await page.goto('/');
  await hydrated(page);
  await expect(favouritesLink(page)).toHaveAccessibleName('Mis favoritos (3)');

  await favouritesLink(page).click();
  await expect(page).toHaveURL(/\/favoritos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mis favoritos' })).toBeVisible();
  await hydrated(page);
  const own = page.locator('main ul.grid > li');
  await expect(own).toHaveCount(3);
  // Saved in the order they were pressed (the first was removed and saved again, so it is last).
  const expectedOrder = [names[1], names[2], names[0]];
  for (const [index, name] of expectedOrder.entries()) {
    await expect(own.nth(index).locator('button[data-favourite]')).toHaveAccessibleName(
      `Guardar en favoritos: ${name}`,
    );
  }
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Compartir mi lista' }).click();
  const status = page.getByRole('status').filter({ hasText: '/favoritos?ids=' });
  await expect(status).toBeVisible();
  const shared = (await status.getByRole('link').textContent()) ?? '';
  expect(shared).toMatch(new RegExp(`^${baseURL}/favoritos\\?ids=\\d+,\\d+,\\d+$`));
  if ((await status.textContent())?.startsWith('Enlace copiado')) {
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shared);
  }

  // A new browser context: empty storage, nothing saved, and still exactly those three, rendered by the server.
  const fresh: BrowserContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  try {
    const other = await fresh.newPage();
    const response = await other.goto(shared);
    expect(response?.status()).toBe(200);
    await expect(
      other.getByRole('heading', { level: 1, name: 'Lista de favoritos compartida' }),
    ).toBeVisible();
    const sharedCards = other.locator('main ul.grid > li');
    await expect(sharedCards).toHaveCount(3);
    for (const [index, name] of expectedOrder.entries()) {
      await expect(sharedCards.nth(index).locator('button[data-favourite]')).toHaveAccessibleName(
        `Guardar en favoritos: ${name}`,
      );
    }
    expect(await other.evaluate(() => window.localStorage.getItem('favoritos'))).toBeNull();
    await hydrated(other);
    await expect(favouritesLink(other)).toHaveAccessibleName('Mis favoritos');
    await expectNoAxeViolations(other);
  } finally {
    await fresh.close();
  }

  // The last heart removed on the own list leaves the friendly empty state.
  for (let left = 3; left > 0; left -= 1) {
    await own.first().locator('button[data-favourite]').click();
    await expect(own).toHaveCount(left - 1);
  }
  await expect(page.getByRole('heading', { name: 'Aún no tienes favoritos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver vehículos' })).toHaveAttribute('href', '/vehicles');
  await expect(favouritesLink(page)).toHaveAccessibleName('Mis favoritos');
});

test('a favourite that got cheaper since it was saved says so; a vehicle that is gone is named and can be removed', {
  tag: '@phone',
}, async ({ page }) => {
  const cards = await listingCards(page);
  const heart = cards.first().locator('button[data-favourite]');
  const id = Number(await heart.getAttribute('data-favourite'));
  const price = Number(await heart.getAttribute('data-price'));
  // As if saved when it cost $500.000 more, beside a vehicle that no longer exists.
  await page.evaluate(
    ({ id, price }) =>
      window.localStorage.setItem(
        'favoritos',
        JSON.stringify([
          { id, price: price + 500_000, savedAt: '2026-11-01T12:00:00.000Z' },
          { id: 987_654, price: 1_000_000, savedAt: '2026-11-01T12:00:00.000Z' },
        ]),
      ),
    { id, price },
  );
  await page.goto('/favoritos');
  await hydrated(page);
  await expect(page.getByText(/^Bajó \$500\.000 desde que lo guardaste \(antes \$[\d.]+\)$/)).toBeVisible();
  await expect(page.getByText('Ya no está disponible')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vehículo REF-987654' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Quitar de favoritos: Vehículo REF-987654' }).click();
  await expect(page.getByText('Ya no está disponible')).toHaveCount(0);
  await expect(page.locator('main ul.grid > li')).toHaveCount(1);
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('favoritos') ?? '[]').length)).toBe(
    1,
  );
});

// Reading a stored list does not depend on the width: one run, at 1440 px.
test('a corrupted or hostile stored list never breaks the page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  for (const value of [
    'no es json',
    '{"id":1}',
    '[null,{"id":-1},{"id":"3"},{"id":1e400}]',
    '<img src=x onerror=alert(1)>',
  ]) {
    await page.evaluate((v) => {
      window.localStorage.setItem('favoritos', v);
      window.localStorage.setItem('comparar', v);
    }, value);
    await page.goto('/favoritos');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Aún no tienes favoritos' })).toBeVisible();
    await expect(favouritesLink(page)).toHaveAccessibleName('Mis favoritos');
    await expect(page.getByRole('region', { name: 'Vehículos para comparar' })).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test('a visitor compares three cars: differences highlighted, best values marked, "Solo diferencias"', {
  tag: '@phone',
}, async ({ page }) => {
  const cards = await listingCards(page);
  const tray = page.getByRole('region', { name: 'Vehículos para comparar' });
  await expect(tray).toHaveCount(0);
  for (const index of [0, 1, 2]) {
    const button = cards.nth(index).getByRole('button', { name: /^Comparar / });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(tray).toBeVisible();
  await expect(tray.getByRole('listitem')).toHaveCount(3);
  // The tray covers nothing: the page gained its height at the foot.
  const padding = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).paddingBottom));
  const trayHeight = (await tray.boundingBox())?.height ?? 0;
  expect(padding).toBeGreaterThanOrEqual(trayHeight - 1);

  // A fifth is refused with a sentence once four are chosen.
  await cards
    .nth(3)
    .getByRole('button', { name: /^Comparar / })
    .click();
  await cards
    .nth(4)
    .getByRole('button', { name: /^Comparar / })
    .click();
  await expect(cards.nth(4).getByRole('button', { name: /^Comparar / })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(
    tray.getByText('Puedes comparar hasta 4 vehículos. Quita uno para agregar otro.'),
  ).toBeVisible();
  // Removed from the tray by keyboard.
  const removeFourth = tray.getByRole('button', { name: /^Quitar .* de la comparación$/ }).nth(3);
  await removeFourth.focus();
  await page.keyboard.press('Enter');
  await expect(tray.getByRole('listitem')).toHaveCount(3);
  await expect(cards.nth(3).getByRole('button', { name: /^Comparar / })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  await tray.getByRole('link', { name: 'Comparar (3)' }).click();
  await expect(page).toHaveURL(/\/comparar\?ids=\d+,\d+,\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Comparar vehículos' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.locator('thead th')).toHaveCount(3);
  const priceRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Precio/ }) });
  const prices = (await priceRow.getByRole('cell').allTextContents()).map((t) =>
    Number(t.replace(/\D/g, '')),
  );
  const lowest = prices.filter((p) => p === Math.min(...prices)).length;
  await expect(priceRow.getByText('Menor precio')).toHaveCount(lowest === prices.length ? 0 : lowest);
  // "Cuota desde" once per vehicle, in its own cell with its CAE (issue 30): the row is named "Financiamiento".
  const cuotaRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /^Financiamiento/ }) });
  const cuotaCells = cuotaRow.getByRole('cell');
  await expect(cuotaCells).toHaveCount(3);
  for (const cell of await cuotaCells.all()) {
    const text = (await cell.innerText()).replace(/\s+/g, ' ');
    expect(text.match(/Cuota desde/g) ?? [], text).toHaveLength(1);
    expect(text).toMatch(/CAE \d+,\d{2}%/);
  }
  expect((await table.innerText()).match(/Cuota desde/g)).toHaveLength(3);
  // Rows that differ are said to (tinted, and named for screen readers); equal rows are not.
  const differing = table.getByRole('rowheader', { name: /\(distinto\)$/ });
  const differingCount = await differing.count();
  expect(differingCount).toBeGreaterThan(0);
  await expect(page.getByText(`${differingCount} filas con valores distintos`)).toBeVisible();
  const allRows = await table.locator('tbody tr:has(th[scope=row])').count();
  expect(allRows).toBeGreaterThan(differingCount);

  // "Solo diferencias" by keyboard: the equal rows go, the differing ones stay.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoAxeViolations(page);
  const onlyDifferences = page.getByRole('checkbox', { name: 'Solo diferencias' });
  await onlyDifferences.focus();
  await page.keyboard.press('Space');
  await expect(onlyDifferences).toBeChecked();
  await expect(table.locator('tbody tr[data-same]').first()).toBeHidden();
  await expect(differing.first()).toBeVisible();
  await expect(table.locator('tbody tr:has(th[scope=row]):visible')).toHaveCount(differingCount);

  // On a phone the first column stays while the vehicles scroll sideways.
  const scroller = page.getByRole('region', { name: 'Tabla de comparación' });
  const box = await scroller.boundingBox();
  const viewport = page.viewportSize();
  if (box && viewport && viewport.width < 800) {
    const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeGreaterThan(0);
    const label = differing.first();
    const before = (await label.boundingBox())?.x;
    await scroller.evaluate((el) => el.scrollBy(200, 0));
    await expect.poll(async () => (await label.boundingBox())?.x).toBe(before);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  }
});

// The server's answer to hostile ids does not depend on the width: one run, at 1440 px.
test('hostile ids answer a clear Spanish sentence, never a 5xx', async ({ page }) => {
  const fifty = Array.from({ length: 50 }, (_, i) => i + 1).join(',');
  const cases: Array<[string, RegExp]> = [
    ['ids=garbage', /no es válida/],
    ['ids=-3,4', /no es válida/],
    [`ids=${'7'.repeat(10_000)}`, /no es válida/],
    ['ids[]=', /no es válida/],
    ['ids=1&ids=2', /no es válida/],
  ];
  for (const [query, message] of [...cases, [`ids=${fifty}`, /hasta 30 vehículos/] as [string, RegExp]]) {
    const response = await page.goto(`/favoritos?${query}`);
    expect(response?.status(), query.slice(0, 40)).toBe(400);
    await expect(page.getByRole('alert')).toHaveText(message);
  }
  for (const [query, message] of [...cases, [`ids=${fifty}`, /hasta 4 vehículos/] as [string, RegExp]]) {
    const response = await page.goto(`/comparar?${query}`);
    expect(response?.status(), query.slice(0, 40)).toBe(400);
    await expect(page.getByRole('alert')).toHaveText(message);
  }
  // A control character is refused before any page, by the server's own guard, in Spanish too.
  for (const path of ['/favoritos?ids=1,%00,2', '/comparar?ids=1,%00,2', '/favoritos.json?ids=%00']) {
    const refused = await page.request.get(path);
    expect(refused.status(), path).toBe(400);
    expect(await refused.json()).toEqual({ error: 'La dirección de la solicitud no es válida.' });
  }
  // The same vehicle thrice is one vehicle, and comparing needs two.
  let response = await page.goto('/comparar?ids=1,1,1');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('alert')).toContainText('se necesitan al menos dos vehículos');
  // Ids that are not published are named, and the rest compared.
  response = await page.goto('/comparar?ids=1,987654,2');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('alert')).toHaveText(
    'El vehículo REF-987654 no existe o ya no está publicado.',
  );
  await expect(page.getByRole('table').locator('thead th')).toHaveCount(2);
  await expectNoAxeViolations(page);
  // Without ids: what to do.
  response = await page.goto('/comparar');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('alert')).toContainText('Elige al menos dos vehículos');
  await expectNoAxeViolations(page);
  // The JSON endpoint of the own list refuses the same way.
  const json = await page.request.get('/favoritos.json?ids=abc');
  expect(json.status()).toBe(400);
  expect(((await json.json()) as { error: string }).error).toMatch(/no es válida/);
});

test('the vehicle page has the heart and "Comparar", and the tray links to the comparison', {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/vehicles/1');
  await hydrated(page);
  const heart = page.getByRole('button', { name: /^Guardar en favoritos: / }).first();
  const compare = page
    .locator('main > div > div')
    .first()
    .getByRole('button', { name: /^Comparar / });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await compare.click();
  await expect(compare).toHaveAttribute('aria-pressed', 'true');
  const tray = page.getByRole('region', { name: 'Vehículos para comparar' });
  await expect(tray.getByText('Elige otro vehículo para comparar.')).toBeVisible();
  await expect(favouritesLink(page)).toHaveAccessibleName('Mis favoritos (1)');
  await expectNoAxeViolations(page);
});

test('another tab of the same browser follows a change at once (storage event)', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/vehicles');
  await hydrated(first);
  const second = await context.newPage();
  await second.goto('/vehicles');
  await hydrated(second);
  const heart = second.locator('button[data-favourite]').first();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // The first tab's header and the same card's heart follow without a reload.
  await expect(favouritesLink(first)).toHaveAccessibleName('Mis favoritos (1)');
  await expect(first.locator('button[data-favourite]').first()).toHaveAttribute('aria-pressed', 'true');
  await second.locator('button[data-compare]').first().click();
  await expect(first.getByRole('region', { name: 'Vehículos para comparar' })).toBeVisible();
});
