import { simulateCredit } from '@domain/credit.ts';
import { formatPercent, formatPrice } from '@domain/format.ts';
import { expect, type Page, test } from '@playwright/test';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { hydrated } from './support/admin.ts';
import { advertisedCuota, demoFinancing, vehicleToFinance } from './support/financing.ts';
import { PUBLIC_PAGES } from './support/public-pages.ts';

// What a buyer on a narrow phone trips over (issue 35), at 320 and 390 px, and at 1440 px for contrast. Each test
// sets its widths itself, so none is tagged '@phone'.
const WIDTHS = [320, 390, 1440] as const;

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 1024 ? 740 : 900 });
}

/**
 * Every control and every value (`dd`, `td`) the page shows, scrolled into view the way the browser brings one into
 * view (focus, a link to an anchor, find in page: the nearest edge, so one below the screen stops at its foot), must
 * not lie under a floating element: the WhatsApp button, the compare tray, anything else fixed on the page but the
 * header, which has its own room at the top (`scroll-padding-top`). Boxes that overlap by more than a pixel each way
 * are named, with the size of the overlap.
 */
function coveredByFloating(): string[] {
  const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true });
  const floating = [...document.querySelectorAll('body *')].filter((element) => {
    if (getComputedStyle(element).position !== 'fixed' || !shown(element)) return false;
    if (element.closest('header')) return false;
    const box = element.getBoundingClientRect();
    return box.width >= 8 && box.height >= 8;
  });
  const targets = document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="tab"], [tabindex="0"], dd, td',
  );
  const found: string[] = [];
  for (const target of targets) {
    if (!shown(target) || target.closest('header, [aria-hidden="true"]')) continue;
    const own = floating.filter((f) => f.contains(target));
    if (own.length === 0) target.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    const box = target.getBoundingClientRect();
    // A region taller than half the screen (a tab panel, the table's scroller) is never seen whole anyway.
    if (box.width < 1 || box.height < 1 || box.height > window.innerHeight / 2) continue;
    for (const over of floating) {
      if (own.includes(over)) continue;
      const o = over.getBoundingClientRect();
      const width = Math.min(box.right, o.right) - Math.max(box.left, o.left);
      const height = Math.min(box.bottom, o.bottom) - Math.max(box.top, o.top);
      if (width <= 1 || height <= 1) continue;
      const name = (
        target.getAttribute('aria-label') ??
        target.textContent ??
        target.getAttribute('name') ??
        ''
      )
        .trim()
        .slice(0, 40);
      const by = over.getAttribute('aria-label') ?? over.closest('[aria-label]')?.getAttribute('aria-label');
      found.push(
        `<${target.tagName.toLowerCase()}> "${name}" under "${by}" (${Math.round(width)}×${Math.round(height)} px)`,
      );
    }
  }
  return found;
}

/** Two cars in the compare tray, which then floats at the foot of every page but /comparar. */
async function withCompareTray(page: Page) {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'comparar',
      JSON.stringify([
        { id: 1, name: 'Primer vehículo de la comparación' },
        { id: 2, name: 'Segundo vehículo de la comparación' },
      ]),
    ),
  );
}

/**
 * Each page is loaded once, at the narrowest width, and then widened, as a phone turned sideways or a window
 * resized: the layout is the stylesheet's at each width, and a third of the page loads is the test's whole cost.
 */
async function expectNothingCovered(page: Page, paths: readonly string[], widths: readonly number[]) {
  const covered: string[] = [];
  for (const path of paths) {
    for (const [i, width] of widths.entries()) {
      await atWidth(page, width);
      if (i === 0) {
        await page.goto(path);
        await hydrated(page);
      }
      covered.push(...(await page.evaluate(coveredByFloating)).map((what) => `${width} px ${path}: ${what}`));
    }
  }
  expect(covered).toEqual([]);
}

const HALF = Math.ceil(PUBLIC_PAGES.length / 2);

test.describe('No floating element covers a control or a value', () => {
  test('on the first half of the public pages, at 320, 390 and 1440 px', async ({ page }) => {
    test.setTimeout(120_000);
    await expectNothingCovered(page, PUBLIC_PAGES.slice(0, HALF), WIDTHS);
  });

  test('on the second half of the public pages, at 320, 390 and 1440 px', async ({ page }) => {
    test.setTimeout(120_000);
    await expectNothingCovered(page, PUBLIC_PAGES.slice(HALF), WIDTHS);
  });

  test('with the compare tray open: the WhatsApp button floats above it, and neither covers the page', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await withCompareTray(page);
    await expectNothingCovered(page, ['/vehicles', '/vehicles/1', '/contact'], WIDTHS);
    const tray = page.getByRole('region', { name: 'Vehículos para comparar' });
    await expect(tray).toBeVisible();
    const trayBox = await tray.boundingBox();
    const button = await page.getByTestId('whatsapp-float').boundingBox();
    expect(button && trayBox && button.y + button.height).toBeLessThanOrEqual(trayBox?.y ?? 0);
  });
});

const simulator = (page: Page) => page.locator('#simulador');
const liveSimulator = (page: Page) =>
  expect(simulator(page).locator('[data-simulator="live"]')).toBeVisible();

test('The vehicle tabs show whole from 320 px, and the financing tab opens on the cuota the side card advertises', async ({
  page,
}) => {
  const vehicle = await vehicleToFinance(page.request);
  const lowest = advertisedCuota(vehicle.price);
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.goto(`/vehicles/${vehicle.id}`);
    await hydrated(page);
    // Each label is inside its tab and every tab inside the list: nothing scrolls out of view or is cut.
    const cut = await page.getByRole('tablist').evaluate((list) => {
      const box = list.getBoundingClientRect();
      return [list, ...list.querySelectorAll('[role="tab"]')].flatMap((element) => {
        const tab = element.getBoundingClientRect();
        const inside = tab.left >= box.left - 0.5 && tab.right <= box.right + 0.5;
        return inside && element.scrollWidth <= element.clientWidth ? [] : [element.textContent];
      });
    });
    expect(cut, `${width} px`).toEqual([]);

    const card = page.getByRole('complementary', { name: 'Resumen y contacto' });
    await expect(card).toContainText(`Cuota desde ${formatPrice(lowest.installment)} al mes`);
    await page.getByRole('tab', { name: 'Financiamiento' }).click();
    await liveSimulator(page);
    const figures = simulator(page).locator('dl').first();
    await expect(figures).toContainText(`Cuota mensual${formatPrice(lowest.installment)}`);
    await expect(figures).toContainText(`CAE${formatPercent(lowest.caePercent)}`);
  }
});

test('/financing keeps the vehicle, price, pie, term, type and insurance in the address; the pie follows the price', async ({
  page,
  browser,
}) => {
  await atWidth(page, 390);
  await page.goto('/financing');
  await hydrated(page);
  await liveSimulator(page);
  const panel = simulator(page);
  const picker = panel.getByLabel(/Vehículo de nuestro stock/);
  // Every stock label tells its car apart.
  const labels = (await picker.locator('option').allTextContents()).slice(1);
  expect(labels.length).toBeGreaterThan(1);
  expect(new Set(labels).size).toBe(labels.length);

  const vehicle = await vehicleToFinance(page.request);
  await picker.selectOption(String(vehicle.id));
  await expect(page).toHaveURL(new RegExp(`[?&]vehiculo=${vehicle.id}&`));
  await panel.getByRole('radio', { name: /Crédito directo/ }).check();
  await panel.getByRole('radio', { name: '24 meses' }).check();
  await panel.getByRole('checkbox', { name: /Seguro de desgravamen/ }).check();
  const pie = Math.ceil(vehicle.price / 2);
  await panel.getByLabel('Pie (en pesos)').fill(String(pie));
  const chosen = simulateCredit(
    demoFinancing,
    {
      price: vehicle.price,
      downPayment: { pesos: pie },
      term: 24,
      type: 'directo',
      insurances: ['desgravamen'],
    },
    defaultDealership,
  );
  if (!chosen.ok) throw new Error(chosen.error);
  const cuota = `Cuota mensual${formatPrice(chosen.simulation.installment)}`;
  await expect(panel.locator('dl').first()).toContainText(cuota);
  await expect(page).toHaveURL(
    new RegExp(`vehiculo=${vehicle.id}&tipo=directo&plazo=24&pie=${pie}&seguros=desgravamen$`),
  );

  // A reload, and the shared link at every width (without JavaScript too), bring back the same simulation.
  await page.reload();
  await hydrated(page);
  await expect(picker).toHaveValue(String(vehicle.id));
  await expect(panel.getByRole('radio', { name: '24 meses' })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: /Seguro de desgravamen/ })).toBeChecked();
  await expect(panel.locator('dl').first()).toContainText(cuota);
  const shared = await browser.newContext({ javaScriptEnabled: false });
  const other = await shared.newPage();
  for (const width of WIDTHS) {
    await other.setViewportSize({ width, height: 800 });
    await other.goto(page.url());
    await expect(simulator(other).getByLabel(/Vehículo de nuestro stock/)).toHaveValue(String(vehicle.id));
    await expect(simulator(other).getByRole('radio', { name: /Crédito directo/ })).toBeChecked();
    await expect(simulator(other).locator('dl').first()).toContainText(cuota);
  }
  await shared.close();

  // A typed price: the pie keeps its share when the price changes, instead of "222% del precio" and an error.
  await picker.selectOption('');
  const price = panel.getByLabel('Precio del vehículo (en pesos)');
  await price.fill('30000000');
  await panel.getByLabel('Pie (en pesos)').fill('15000000');
  await expect(panel).toContainText('50% del precio');
  await price.fill('12000000');
  await expect(panel.getByLabel('Pie (en pesos)')).toHaveValue('6.000.000');
  await expect(panel).toContainText('50% del precio');
  await expect(panel.getByLabel('Pie (en pesos)')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/[?&]precio=12000000&tipo=directo&plazo=24&pie=6000000&seguros=desgravamen$/);
  // Under the credit type's minimum it rises to the minimum.
  await panel.getByRole('slider', { name: 'Pie en porcentaje del precio' }).fill('40');
  await price.fill('20000000');
  await expect(panel.getByLabel('Pie (en pesos)')).toHaveValue('8.000.000');
});

test('/comparar on a phone keeps the row labels in view and shows two cars side by side from 390 px', async ({
  page,
}) => {
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.goto('/comparar?ids=1,2,3');
    await hydrated(page);
    const scroller = page.getByRole('region', { name: 'Tabla de comparación' });
    const frame = await scroller.boundingBox();
    if (!frame) throw new Error('no comparison table');
    const whole = async () => {
      let count = 0;
      for (const header of await scroller.getByRole('columnheader').all()) {
        const box = await header.boundingBox();
        if (box && box.x >= frame.x - 0.5 && box.x + box.width <= frame.x + frame.width + 0.5) count += 1;
      }
      return count;
    };
    expect(await whole(), `${width} px: cars shown whole`).toBeGreaterThanOrEqual(width >= 390 ? 2 : 1);
    // Scrolled to the last car, the labels stay at the left, in front of the values.
    await scroller.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    const label = scroller.getByRole('rowheader').first();
    const { left, start, onTop } = await label.evaluate((cell) => {
      cell.scrollIntoView({ block: 'center', behavior: 'instant' });
      const r = cell.getBoundingClientRect();
      const table = cell.closest('section')?.getBoundingClientRect();
      const point = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { left: r.left, start: table?.left ?? Number.NaN, onTop: cell.contains(point) };
    });
    expect(Math.abs(left - start), `${width} px: row label at the left`).toBeLessThanOrEqual(1);
    expect(onTop, `${width} px: row label in front`).toBe(true);
  }
});
