import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Download, type Page } from '@playwright/test';
import { testAsVentas as test } from './support/admin.ts';
import { axe } from './support/axe.ts';

// Staff bring a spreadsheet in: the template, a 200-row CSV with three faulty rows, the errors in the preview, the
// fixed file imported, the vehicles in the stock list, the same file again changing nothing, and the export back.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

/** The layout the template and the export write (ADR 0040). */
const HEADERS =
  'REF;Marca;Modelo;Versión;Año;Precio;Kilometraje;Condición;Transmisión;Combustible;Tipo;Motor;Color;Puertas;Dueños anteriores;Características;Destacado;Estado;Patente;VIN;Referencia externa;Descripción;Revisión';
/** The layout before the dealer columns: a file of it still imports (its missing columns keep each car's value). */
const OLDER_HEADERS =
  'REF;Marca;Modelo;Versión;Año;Precio;Kilometraje;Condición;Transmisión;Combustible;Tipo;Motor;Color;Características;Destacado;Estado;VIN;Referencia externa';

/** A CSV of `count` vehicles (Windows Excel's ';'), drafts so the public site does not change; `faults` rows broken. */
function stockCsv(tag: string, count: number, faults: Record<number, Partial<Record<string, string>>> = {}) {
  const lines = [OLDER_HEADERS];
  for (let n = 1; n <= count; n++) {
    const row: Record<string, string> = {
      Modelo: `Importado ${tag} ${n}`,
      Año: String(2012 + (n % 12)),
      Precio: String(8_000_000 + n * 1000),
      Referencia: `${tag}-${n}`,
      ...faults[n],
    };
    lines.push(
      `;Toyota;${row.Modelo};;${row.Año};${row.Precio};${n * 1000};Usado;Automática;Bencina;Sedán;1.6;Blanco;;No;Borrador;;${row.Referencia}`,
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

async function choose(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel('Archivo (.xlsx o .csv)').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.getByRole('button', { name: 'Revisar archivo' }).click();
  await expect(page.getByRole('heading', { name: `3. Vista previa de ${name}` })).toBeFocused();
}

const text = async (download: Download) => readFileSync((await download.path()) ?? '', 'utf8');

test('staff import a 200-row CSV: three errors shown, fixed, imported, listed, re-imported unchanged, exported', async ({
  page,
}, testInfo) => {
  const tag = `E2E${testInfo.project.name.slice(0, 1)}${Math.random().toString(36).slice(2, 7)}`;
  await page.goto('/admin/vehiculos');
  await hydrated(page);
  await page.getByRole('link', { name: 'Importar o exportar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar y exportar stock' })).toBeVisible();
  await hydrated(page);

  // The template: the layout's headers and one example row.
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Plantilla (.csv)' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('plantilla-stock.csv');
  const templateLines = (await text(template))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(templateLines[0]).toBe(HEADERS);
  expect(templateLines).toHaveLength(2);

  // Three faulty rows: a price in words, a year out of range, a reference used twice.
  const faulty = stockCsv(tag, 200, {
    17: { Precio: 'ocho millones' },
    88: { Año: '1890' },
    150: { Referencia: `${tag}-149` },
  });
  await choose(page, 'stock.csv', faulty);
  await expect(page.getByText('197 nuevos')).toBeVisible();
  await expect(page.getByText('3 con error')).toBeVisible();
  // The errors are listed at the top of the preview, before the button, each a link to its row below.
  const errors = page.getByRole('region', { name: /3 filas con error/ });
  await expect(errors.getByRole('listitem')).toHaveCount(3);
  await expect(errors.getByRole('listitem').nth(0)).toHaveText(
    'Fila 18 · Precio: Ingresa el precio en pesos, solo números (por ejemplo 12990000).',
  );
  await expect(errors.getByRole('listitem').nth(1)).toHaveText(
    /^Fila 89 · Año: El año debe estar entre 1950 y \d{4}\.$/,
  );
  await expect(errors.getByRole('listitem').nth(2)).toHaveText(
    'Fila 151 · Referencia externa: Fila duplicada: la fila 150 tiene la misma referencia externa.',
  );
  await expect(page.locator('#fila-18')).toContainText(
    'Precio: Ingresa el precio en pesos, solo números (por ejemplo 12990000).',
  );
  await expect(page.getByRole('button', { name: 'Importar' })).toBeDisabled();

  // Fixed and uploaded again: 200 new vehicles, imported in one go.
  const fixed = stockCsv(tag, 200);
  await choose(page, 'stock.csv', fixed);
  await expect(page.getByText('200 nuevos')).toBeVisible();
  await expect(page.getByText('0 con error')).toBeVisible();
  await page.getByRole('button', { name: 'Importar' }).click();
  const outcome = page.getByText(/^Importación lista:/).locator('xpath=..');
  await expect(outcome).toContainText(
    'Importación lista: 200 vehículos nuevos, 0 actualizados, 0 filas omitidas y 0 sin cambios.',
  );
  await expect(outcome).toBeFocused();

  // They are in the stock list.
  await page.getByRole('link', { name: 'Ver el stock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vehículos' })).toBeVisible();
  await page.goto(`/admin/vehiculos?q=${encodeURIComponent(`Importado ${tag}`)}&orden=marca`);
  await expect(page.getByRole('link', { name: `Toyota Importado ${tag} 1`, exact: true })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Filtrar por estado' }).getByRole('link', { name: 'Borrador' }),
  ).toContainText('200');

  // The same file again: every row "sin cambios", nothing to import.
  await page.goto('/admin/vehiculos/importar');
  await hydrated(page);
  await choose(page, 'stock.csv', fixed);
  await expect(page.getByText('200 sin cambios', { exact: true })).toBeVisible();
  await expect(page.getByText('0 nuevos')).toBeVisible();
  await expect(page.getByText('El archivo no cambia nada del stock.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar' })).toBeDisabled();

  // Exported back: the whole stock in the same layout, the 200 among it with their REF.
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exportar stock (.csv)' }).click(),
  ]);
  expect(exported.suggestedFilename()).toMatch(/^stock-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await text(exported))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(HEADERS);
  const ours = lines.filter((line) => line.includes(`;Importado ${tag} `));
  expect(ours).toHaveLength(200);
  expect(ours.every((line) => /^REF-\d{4,};Toyota;/.test(line))).toBe(true);
  // Each row ends with its reference, an empty description and the car's revision.
  expect(ours.some((line) => line.endsWith(`;${tag}-200;;1`))).toBe(true);
});

test(
  'the import page with errors in its preview is axe-clean and usable by keyboard',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const tag = `AX${testInfo.project.name.slice(0, 1)}${Math.random().toString(36).slice(2, 7)}`;
    await page.goto('/admin/vehiculos/importar');
    await hydrated(page);
    await page.getByLabel('Archivo (.xlsx o .csv)').setInputFiles({
      name: 'errores.csv',
      mimeType: 'text/csv',
      buffer: stockCsv(tag, 4, { 2: { Precio: 'mucho' }, 3: { Año: '3000' } }),
    });
    // By keyboard: the button is reached and pressed, and focus lands on the preview's heading.
    await page.getByRole('button', { name: 'Revisar archivo' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: '3. Vista previa de errores.csv' })).toBeFocused();
    await expect(page.getByText('2 con error')).toBeVisible();
    // The next stop is the first error, a link to its row; following it lands there.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Fila 3', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#fila-3$/);
    await expect(page.locator('#fila-3')).toBeInViewport();

    const { violations } = await axe(page)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  },
);
