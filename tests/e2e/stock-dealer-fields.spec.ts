import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, type Page } from '@playwright/test';
import { makeJpeg } from '../support/factories.ts';
import { hydrated, staffCall, testAsVentas as test } from './support/admin.ts';
import { axe } from './support/axe.ts';

// Issue 31 items 6 and 7 and the vehicle page of item 3 in a real browser, at 390 and 1440 px (ADR 0040): a used
// car is created with its patente and photos in the creation step (the photos first on a phone) and published; the
// public page shows its doors, owners and description and never its patente; the stock is exported, the car is
// changed in its form (the save bar says what was saved, where the button is), and the export imported afterwards
// is shown old → new with a warning, its stale row skipped while the current one is applied.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function expectNoAxeViolations(page: Page) {
  const { violations } = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** With E2E_SCREENSHOTS=<dir>, a full-page screenshot of each step, per width, for a person to look at. */
async function shot(page: Page, name: string, project: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}-${project}.png`), fullPage: true });
}

/** A plate of the current series no other run takes: four letters and two digits. */
function randomPlate(): string {
  const letter = () => String.fromCharCode(66 + Math.floor(Math.random() * 24));
  return `${letter()}${letter()}${letter()}${letter()}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
}

const pairs = (plate: string) => (plate.match(/.{2}/g) ?? []).join('·');

test(
  'staff create a used car with patente and photos, change it, and a stale export is shown old → new and its row skipped',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    const model = `Patente${project === 'phone' ? 'Tel' : 'Esc'}${Math.random().toString(36).slice(2, 7)}`;
    const plate = randomPlate();

    // ---- The creation step: photos first (on a phone, in the first screen), then the data.
    await page.goto('/admin/vehiculos/nuevo');
    await hydrated(page);
    const photosHeading = page.getByRole('heading', { level: 2, name: 'Fotos' });
    await expect(photosHeading).toBeInViewport();
    const photosBox = await photosHeading.boundingBox();
    const dataBox = await page.getByRole('heading', { name: 'Datos principales' }).boundingBox();
    expect(photosBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(dataBox?.y ?? 0);

    await page.getByLabel('Agregar fotos').setInputFiles([
      { name: 'frente.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(1200, 800, '#7c2d12') },
      { name: 'interior.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(1200, 800, '#1e3a8a') },
    ]);
    const chosen = page.getByRole('img', { name: /^Foto \d/ });
    await expect(chosen).toHaveCount(2);
    await expect(page.getByRole('img', { name: 'Foto 1 (principal): frente.jpg' })).toBeVisible();
    // The second one made the main photo, by its own button.
    await page.getByRole('button', { name: 'Hacer principal la foto 2' }).click();
    await expect(page.getByRole('img', { name: 'Foto 1 (principal): interior.jpg' })).toBeVisible();

    await page.getByLabel('Marca', { exact: true }).selectOption({ label: 'Toyota' });
    await page.getByLabel('Modelo', { exact: true }).fill(model);
    await page.getByLabel('Año', { exact: true }).fill('2019');
    await page.getByLabel('Precio (pesos)', { exact: true }).fill('13.990.000');
    await page.getByLabel('Kilometraje', { exact: true }).fill('64000');
    await page.getByLabel('Condición', { exact: true }).selectOption('Usado');
    await page.getByLabel(/^Dueños anteriores/).fill('2');
    await page.getByLabel('Transmisión', { exact: true }).selectOption({ label: 'Automática' });
    await page.getByLabel('Combustible', { exact: true }).selectOption({ label: 'Bencina' });
    await page.getByLabel('Tipo de carrocería', { exact: true }).selectOption({ label: 'SUV' });
    await page.getByLabel('Motor', { exact: true }).fill('2.0');
    await page.getByLabel('Color', { exact: true }).fill('Rojo');
    await page.getByLabel(/^Puertas/).fill('5');
    await page
      .getByLabel(/^Descripción para el sitio/)
      .fill('Único dueño anterior a la automotora.\nMantenciones al día en la marca.');
    // A patente typed as people type it; a wrong one first gets the Spanish sentence next to the field.
    const patente = page.getByLabel(/^Patente/);
    await patente.fill('ABC123');
    await page.getByRole('radio', { name: /Publicado/ }).check();
    // With photos chosen, publishing asks nothing more.
    await expect(page.getByText('Publicar sin fotos')).toHaveCount(0);
    await page.getByRole('button', { name: 'Crear vehículo' }).click();
    await expect(page.getByText(/^Escribe la patente como BBCD·12/)).toBeVisible();
    await expect(patente).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'Revisa los campos marcados.' })).toBeInViewport();
    await patente.fill(pairs(plate).toLowerCase());
    await shot(page, '1-nuevo-vehiculo', project);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Crear vehículo' }).click();

    await expect(page).toHaveURL(/\/admin\/vehiculos\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    await hydrated(page);
    // What the creation did is said in the save bar, beside the button.
    const saved = page.getByRole('status').filter({ hasText: 'Vehículo creado y publicado, con 2 fotos.' });
    await expect(saved).toBeVisible();
    await expect(page.getByLabel(/^Patente/)).toHaveValue(pairs(plate));

    // ---- The public page: doors, owners and the description; the patente never.
    await page.goto(`/vehicles/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Toyota ${model}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Descripción' })).toBeVisible();
    await expect(page.getByText('Mantenciones al día en la marca.')).toBeVisible();
    const specs = page.getByRole('tabpanel', { name: /Especifi/ });
    await expect(specs.getByText('Puertas', { exact: true })).toBeVisible();
    await expect(specs.locator('dd').filter({ hasText: /^5$/ })).toBeVisible();
    await expect(specs.getByText('Dueños anteriores', { exact: true })).toBeVisible();
    expect(await page.content()).not.toContain(plate);
    expect(await page.content()).not.toContain(pairs(plate));
    await shot(page, '2-pagina-publica', project);

    // ---- A second car of the same person, to be changed in the spreadsheet (current, not stale).
    const { listas } = (await (await page.request.get('/admin/api/listas')).json()) as {
      listas: Record<string, Array<{ id: number; nombre: string }>>;
    };
    const first = (kind: string) => listas[kind]?.[0]?.id;
    const { vehiculo: other } = (await staffCall(page.request, 'POST', '/admin/api/vehiculos', {
      marca: listas.marcas?.find((b) => b.nombre === 'Toyota')?.id ?? first('marcas'),
      modelo: `${model}B`,
      año: 2020,
      precio: 11_990_000,
      kilometraje: 50_000,
      condicion: 'Usado',
      transmision: first('transmisiones'),
      combustible: first('combustibles'),
      tipo: first('tipos'),
      motor: '1.5',
      color: 'Gris',
    })) as { vehiculo: { id: number } };

    // ---- The export, taken before the change.
    await page.goto('/admin/vehiculos/importar');
    await hydrated(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exportar stock (.csv)' }).click(),
    ]);
    const exported = readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
    const [header = '', ...lines] = exported.trim().split('\r\n');
    const ref = (n: number) => `REF-${String(n).padStart(4, '0')}`;
    const mine = lines.find((line) => line.startsWith(`${ref(id)};`)) ?? '';
    const theirs = lines.find((line) => line.startsWith(`${ref(other.id)};`)) ?? '';
    expect(mine).toContain(`;${plate};`);
    expect(header.endsWith(';Revisión')).toBe(true);

    // ---- The car is changed in its form; the save bar says what was saved, where the button is.
    await page.goto(`/admin/vehiculos/${id}`);
    await hydrated(page);
    await page.getByLabel('Precio (pesos)', { exact: true }).fill('12.990.000');
    const save = page.getByRole('button', { name: 'Guardar cambios' });
    await expect(save).toBeInViewport();
    await save.click();
    const savedPrice = page.getByRole('status').filter({ hasText: 'Cambios guardados: Precio.' });
    await expect(savedPrice).toBeVisible();
    await expect(savedPrice).toBeInViewport();
    await expect(save).toBeInViewport();
    await shot(page, '3-ficha-guardada', project);
    await expectNoAxeViolations(page);

    // ---- The spreadsheet from before the change: the person recolours the second car and imports both rows.
    const file = Buffer.from(
      `\uFEFF${[header, mine, theirs.replace(';Gris;', ';Grafito;')].join('\r\n')}\r\n`,
      'utf8',
    );
    await page.getByRole('link', { name: 'Importar o exportar' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Importar y exportar stock' })).toBeVisible();
    await hydrated(page);
    await page.getByLabel('Archivo (.xlsx o .csv)').setInputFiles({
      name: 'stock-antiguo.csv',
      mimeType: 'text/csv',
      buffer: file,
    });
    await page.getByRole('button', { name: 'Revisar archivo' }).click();
    await expect(page.getByRole('heading', { name: '3. Vista previa de stock-antiguo.csv' })).toBeFocused();

    // The warning at the top, before the button: one row older than a change made in the site, skipped unless kept.
    const warning = page.getByText(/^1 fila es anterior a cambios hechos en el sitio/);
    await expect(warning).toBeInViewport();
    const staleRow = page.locator('li').filter({ hasText: `Actualiza ${ref(id)}` });
    await expect(staleRow).toContainText('Precio');
    await expect(staleRow.getByText('$12.990.000')).toBeVisible();
    await expect(staleRow.getByText('$13.990.000')).toBeVisible();
    await expect(staleRow).toContainText(/cambió en el sitio 1 vez después de que se exportó esta fila/);
    await expect(staleRow.getByRole('radio', { name: 'Omitir esta fila' })).toBeChecked();
    // Kept, then skipped again: the choice is the person's, and the count beside the button follows it.
    await staleRow.getByRole('radio', { name: 'Aplicar sus cambios' }).check();
    await expect(page.getByText('Se guardan 2 filas juntas, o ninguna.')).toBeVisible();
    await staleRow.getByRole('radio', { name: 'Omitir esta fila' }).check();
    await expect(page.getByText('Se guarda 1 fila; se omite 1 fila.')).toBeVisible();
    const currentRow = page.locator('li').filter({ hasText: `Actualiza ${ref(other.id)}` });
    await expect(currentRow).toContainText('Color');
    await expect(currentRow.getByText('Grafito')).toBeVisible();
    await expect(currentRow.getByRole('radio')).toHaveCount(0);
    await shot(page, '4-vista-previa-antigua', project);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Importar' }).click();
    const outcome = page.getByText(/^Importación lista:/).locator('xpath=..');
    await expect(outcome).toContainText(
      'Importación lista: 0 vehículos nuevos, 1 actualizado, 1 fila omitida y 0 sin cambios.',
    );
    await expect(outcome).toBeFocused();

    // The price changed in the site stayed; the spreadsheet's colour went in.
    const detail = async (n: number) =>
      (
        (await (await page.request.get(`/admin/api/vehiculos/${n}`)).json()) as {
          vehiculo: Record<string, unknown>;
        }
      ).vehiculo;
    expect(await detail(id)).toMatchObject({ precio: 12_990_000, patente: plate });
    expect(await detail(other.id)).toMatchObject({ color: 'Grafito' });

    // The back office finds the car by its patente, typed with its dots.
    await page.goto(`/admin/vehiculos?q=${encodeURIComponent(pairs(plate).toLowerCase())}`);
    await expect(
      page.getByRole('link', { name: `Toyota ${model}`, exact: true }).filter({ visible: true }),
    ).toBeVisible();
  },
);
