import { expect as baseExpect, type Page } from '@playwright/test';
import { hydrated, staffCall, testAsVentas as test } from './support/admin.ts';
import { axe } from './support/axe.ts';

// Item 5 of issue 31 in a real browser (ADR 0038): a salesperson records the sale of a car on its back office page
// (day, final price, who sold it) and finds it in the sales report, at both widths, with axe on the dialog, the
// vehicle page and the report.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

async function expectNoAxeViolations(page: Page) {
  const { violations } = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test(
  'a salesperson records a sale and finds it in the sales report',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const model = `Vendido${testInfo.project.name === 'phone' ? 'Tel' : 'Esc'}${Math.random().toString(36).slice(2, 7)}`;
    const { listas } = (await (await page.request.get('/admin/api/listas')).json()) as {
      listas: Record<string, Array<{ id: number; nombre: string }>>;
    };
    const first = (kind: string) => listas[kind]?.[0]?.id;
    const { vehiculo } = (await staffCall(page.request, 'POST', '/admin/api/vehiculos', {
      marca: listas.marcas?.find((b) => b.nombre === 'Toyota')?.id ?? first('marcas'),
      modelo: model,
      año: 2022,
      precio: 18_990_000,
      kilometraje: 30_000,
      condicion: 'Usado',
      transmision: first('transmisiones'),
      combustible: first('combustibles'),
      tipo: first('tipos'),
      motor: '2.0',
      color: 'Blanco',
      estado: 'publicado',
      publicarSinFotos: true,
    })) as { vehiculo: { id: number; nombre: string } };
    const name = `${vehiculo.nombre} 2022`;

    await page.goto(`/admin/vehiculos/${vehiculo.id}`);
    await hydrated(page);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Venta', exact: true }) });
    await card.getByRole('button', { name: 'Registrar venta' }).click();
    const dialog = page.getByRole('dialog', { name: `Registrar venta: ${name}` });
    await expect(dialog.getByLabel('Vendedor')).toHaveValue(/\d+/);
    await expect(dialog.getByLabel('Precio final')).toHaveValue('18990000');
    // A salesperson does not enter the cost.
    await expect(dialog.getByLabel(/Costo/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('dialog.png') });

    // A typo is refused in Spanish, next to the field, and nothing is sold.
    await dialog.getByLabel('Precio final').fill('17,5 millones');
    await dialog.getByRole('button', { name: 'Registrar venta' }).click();
    await expect(
      dialog.getByText('Ingresa el precio final en pesos, solo números (por ejemplo 12990000).'),
    ).toBeVisible();
    await dialog.getByLabel('Precio final').fill('17.500.000');
    await dialog.getByRole('button', { name: 'Registrar venta' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByText('Venta registrada.', { exact: false })).toBeVisible();
    await expect(card.getByText('$17.500.000')).toBeVisible();
    // The salesperson, and who recorded it: the same person here.
    await expect(card.getByText('Vendedor E2E')).toHaveCount(2);
    expect((await page.request.get(`/api/vehiculos/${vehiculo.id}/`)).status()).toBe(404);
    await expectNoAxeViolations(page);
    await card.screenshot({ path: testInfo.outputPath('card.png') });

    // The sales report lists it, with its price and salesperson.
    await card.getByRole('link', { name: 'Ver informe de ventas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Informe de ventas' })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row).toContainText('$17.500.000');
    await expect(row).toContainText('Vendedor E2E');
    await expect(row).toContainText('Sin solicitud');
    await hydrated(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('report.png'), fullPage: true });
    const csv = await page.request.get('/admin/api/ventas.csv');
    expect(await csv.text()).toContain(`${name};17500000;18990000;Vendedor E2E;Sin solicitud`);
  },
);
