import { expect as baseExpect, type Page } from '@playwright/test';
import { makeJpeg } from '../support/factories.ts';
import { testAsVentas as test } from './support/admin.ts';
import { axe } from './support/axe.ts';

// The stock story in a real browser at desktop and phone widths: create, photos (upload, keyboard reorder), publish,
// public page; the lists page; axe on every stock screen.

test.describe.configure({ timeout: 120_000 });
/** Saves go through a shared, busy 2-core machine in CI: give the server time to answer. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** React runs the page (the root layout marks <html>); clicks before that would do nothing. */
const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

/** Both projects share one server: every name a test creates carries the project and a random part. */
const unique = (label: string, project: string) =>
  `${label} ${project} ${Math.random().toString(36).slice(2, 7)}`;

async function expectNoAxeViolations(page: Page) {
  const { violations } = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The content hash in a /media/<hash>/<width>.<ext> URL. */
const hashOf = (url: string | null) => /\/media\/([0-9a-f]{32})\//.exec(url ?? '')?.[1];

test(
  'a salesperson creates a vehicle, adds two photos, makes the second the main one by keyboard, publishes it and finds it on the site',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const model = unique('Corolla', testInfo.project.name);
    await page.goto('/admin/vehiculos');
    await hydrated(page);
    await page.getByRole('link', { name: 'Nuevo vehículo' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo vehículo' })).toBeVisible();

    // An empty form is refused in the browser with Spanish errors next to the fields; focus goes to the first one.
    await page.getByRole('button', { name: 'Crear vehículo' }).click();
    await expect(page.getByText('Selecciona una marca de la lista.')).toBeVisible();
    await expect(page.getByText('Ingresa el modelo.')).toBeVisible();
    await expect(page.getByLabel('Marca', { exact: true })).toBeFocused();

    await page.getByLabel('Marca', { exact: true }).selectOption({ label: 'Toyota' });
    await page.getByLabel('Modelo', { exact: true }).fill(model);
    await page.getByLabel('Año', { exact: true }).fill('2024');
    await page.getByLabel('Precio (pesos)', { exact: true }).fill('21.990.000');
    await expect(page.getByText('Se mostrará como $21.990.000.')).toBeVisible();
    await page.getByLabel('Kilometraje', { exact: true }).fill('12000');
    await page.getByLabel('Condición', { exact: true }).selectOption('Usado');
    await page.getByLabel('Transmisión', { exact: true }).selectOption({ label: 'Automática' });
    await page.getByLabel('Combustible', { exact: true }).selectOption({ label: 'Híbrido' });
    await page.getByLabel('Tipo de carrocería', { exact: true }).selectOption({ label: 'SUV' });
    await page.getByLabel('Motor', { exact: true }).fill('1.8 Híbrido');
    await page.getByLabel('Color', { exact: true }).fill('Rojo');
    await page.getByRole('checkbox', { name: 'Bluetooth' }).check();
    await page.getByRole('button', { name: 'Crear vehículo' }).click();

    await expect(page).toHaveURL(/\/admin\/vehiculos\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    await expect(page.getByRole('heading', { level: 1, name: `Toyota ${model} 2024` })).toBeVisible();
    await expect(
      page.getByText('Vehículo creado como borrador, sin fotos. Agrégalas en «Fotos».'),
    ).toBeVisible();
    // A draft is not public.
    expect((await page.request.get(`/api/vehiculos/${id}/`)).status()).toBe(404);

    // Two photos at once.
    const [front, side] = [await makeJpeg(1200, 800, '#b91c1c'), await makeJpeg(1200, 800, '#1d4ed8')];
    await page.getByLabel('Agregar fotos').setInputFiles([
      { name: 'frente.jpg', mimeType: 'image/jpeg', buffer: front },
      { name: 'lado.jpg', mimeType: 'image/jpeg', buffer: side },
    ]);
    await expect(page.getByText('Se agregaron 2 fotos.')).toBeVisible();
    const photos = page.getByRole('list').filter({ has: page.getByRole('img', { name: /^Foto 1/ }) });
    await expect(photos.getByRole('listitem')).toHaveCount(2);
    await expect(photos.getByRole('listitem').first()).toContainText('Principal');
    const secondHash = hashOf(await photos.getByRole('img', { name: 'Foto 2' }).getAttribute('src'));
    expect(secondHash).toBeTruthy();

    // Keyboard: the second photo moves first; the new position is announced and focus stays with the photo.
    await page.getByRole('button', { name: 'Mover foto 2 antes' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Foto movida a la posición 1 de 2' })).toHaveText(
      'Foto movida a la posición 1 de 2: ahora es la principal.',
    );
    await expect(page.getByRole('button', { name: 'Mover foto 1 después' })).toBeFocused();
    await expect
      .poll(async () =>
        hashOf(await photos.getByRole('img', { name: 'Foto 1 (principal)' }).getAttribute('src')),
      )
      .toBe(secondHash);

    // Publish.
    await page.getByRole('radio', { name: /Publicado/ }).check();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Cambios guardados: Estado.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver en el sitio' })).toHaveAttribute(
      'href',
      `/vehicles/${id}`,
    );

    // The public page shows it at once, with the reordered main photo.
    await page.goto(`/vehicles/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Toyota ${model}` })).toBeVisible();
    await expect(page.getByText('$21.990.000').first()).toBeVisible();
    expect(hashOf(await page.locator('meta[property="og:image"]').getAttribute('content'))).toBe(secondHash);
    const api = (await (await page.request.get(`/api/vehiculos/${id}/`)).json()) as {
      imagenes: { imagen: string }[];
      caracteristicas: { nombre: string }[];
    };
    expect(api.imagenes.map((i) => hashOf(i.imagen))[0]).toBe(secondHash);
    expect(api.caracteristicas).toEqual([{ nombre: 'Bluetooth' }]);

    // The list finds it (state in the URL) and a quick status change takes it off the site.
    await page.goto(`/admin/vehiculos?q=${encodeURIComponent(model)}`);
    await hydrated(page);
    const status = page.getByLabel(`Estado de Toyota ${model} 2024`).filter({ visible: true });
    await expect(status).toHaveValue('publicado');
    await status.selectOption('borrador');
    await expect(page.getByText(`Toyota ${model} 2024: ahora está borrador.`)).toBeVisible();
    expect((await page.request.get(`/api/vehiculos/${id}/`)).status()).toBe(404);
  },
);

test('the lists page adds, renames and deletes, and refuses to delete a brand in use', async ({
  page,
}, testInfo) => {
  const brand = unique('Marca', testInfo.project.name);
  await page.goto('/admin/listas');
  await hydrated(page);
  const brands = page.getByRole('region', { name: 'Marcas' });

  await brands.getByRole('button', { name: 'Eliminar Toyota', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  // The refusal shows under Toyota's own row, and focus is back on the button that asked.
  const toyota = brands.getByRole('listitem').filter({ hasText: /^Toyota/ });
  await expect(toyota.getByRole('alert')).toHaveText(
    /^No se puede eliminar «Toyota»: está en uso en \d+ vehículos?\. Cambia esos vehículos a otra marca primero\.$/,
  );
  await expect(toyota.getByRole('button', { name: 'Eliminar Toyota', exact: true })).toBeFocused();

  await brands.getByLabel('Nueva marca').fill(brand);
  await brands.getByRole('button', { name: 'Agregar' }).click();
  await expect(brands.getByText(`Se agregó «${brand}».`)).toBeVisible();
  await brands.getByLabel('Nueva marca').fill(brand.toUpperCase());
  await brands.getByRole('button', { name: 'Agregar' }).click();
  await expect(brands.getByText(`Ya existe la marca «${brand}».`).first()).toBeVisible();

  await brands.getByRole('button', { name: `Cambiar nombre de ${brand}` }).click();
  await brands.getByLabel(`Nuevo nombre de «${brand}»`).fill(`${brand} Motors`);
  await brands.getByRole('button', { name: 'Guardar nombre' }).click();
  await expect(brands.getByText(`«${brand}» ahora se llama «${brand} Motors».`)).toBeVisible();
  await expect(brands.getByRole('button', { name: `Cambiar nombre de ${brand} Motors` })).toBeFocused();
  expect(
    ((await (await page.request.get('/api/marcas/')).json()) as { nombre: string }[]).map((b) => b.nombre),
  ).toContain(`${brand} Motors`);

  await brands.getByRole('button', { name: `Eliminar ${brand} Motors` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(brands.getByText(`Se eliminó «${brand} Motors».`)).toBeVisible();
  await expect(brands.getByRole('button', { name: `Eliminar ${brand} Motors` })).toHaveCount(0);
});

test.describe('accessibility (axe)', { tag: '@phone' }, () => {
  test('the vehicle list', async ({ page }) => {
    await page.goto('/admin/vehiculos');
    await hydrated(page);
    await expectNoAxeViolations(page);
  });

  test('the vehicle form, also with its field errors showing', async ({ page }) => {
    await page.goto('/admin/vehiculos/nuevo');
    await hydrated(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Crear vehículo' }).click();
    await expect(page.getByText('Ingresa el modelo.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the edit page with its photo manager', async ({ page }) => {
    const list = (await (await page.request.get('/admin/api/vehiculos?orden=marca')).json()) as {
      items: { id: number }[];
    };
    await page.goto(`/admin/vehiculos/${list.items[0]?.id}`);
    await hydrated(page);
    await expectNoAxeViolations(page);
  });

  test('the lists page', async ({ page }) => {
    await page.goto('/admin/listas');
    await hydrated(page);
    await expectNoAxeViolations(page);
  });
});
