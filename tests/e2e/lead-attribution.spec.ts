import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { hydrated, signInAs } from './support/admin.ts';
import { axe } from './support/axe.ts';
import { failOnConsoleErrors } from './support/console-errors.ts';

// Issue 21: where a visit began travels with the lead the visitor sends (kept in the tab's sessionStorage from the
// visit's first page, no cookie) and staff read it on the lead page under 'Origen'.

test.describe.configure({ timeout: 90_000 });
test.use({ reducedMotion: 'reduce' });

failOnConsoleErrors();

async function firstVehicleId(page: Page): Promise<number> {
  const response = await page.request.get('/api/vehiculos-resumen/');
  const [first] = (await response.json()) as Array<{ id: number }>;
  if (!first) throw new Error('no demo stock');
  return first.id;
}

test('A lead sent after arriving from a Facebook campaign shows Facebook / verano in the back office', {
  tag: '@phone',
}, async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const name = `Origen Prueba ${tag}`;
  const id = await firstVehicleId(page);
  const landing = `/vehicles/${id}?utm_source=facebook&utm_campaign=verano`;

  // The visit begins on a vehicle page from the campaign's link, then goes on to the contact page.
  await page.goto(landing);
  await page.goto('/contact');
  await hydrated(page);
  expect(await page.evaluate(() => document.cookie)).toBe('');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Enviar mensaje' }) });
  await form.getByLabel('Nombre completo').fill(name);
  await form.getByLabel('Correo electrónico').fill(`origen.${tag}@example.cl`);
  await form.getByLabel('Teléfono', { exact: true }).fill('+56 9 1234 5678');
  await form.getByLabel('Asunto', { exact: true }).selectOption({ label: 'Información de compra' });
  await form.getByLabel('Mensaje').fill('Vi el aviso en Facebook, ¿sigue disponible?');
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.locator('#contenido').getByRole('status')).toContainText('¡Mensaje enviado con éxito!');

  // Staff find it and read where it came from.
  await signInAs(page, 'ventas');
  await page.goto(`/admin/solicitudes?q=${encodeURIComponent(name)}`);
  await hydrated(page);
  await page.locator('[data-lead-id]').locator('visible=true').getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Origen' })).toBeVisible();
  const facts = page.getByTestId('lead-origin');
  await expect(facts).toContainText('FuenteFacebook');
  await expect(facts).toContainText('Campañaverano');
  await expect(facts).toContainText(`Página de llegada${landing}`);
  await expect(facts).toContainText('MedioNo indicado');

  // The dashboard counts it under Facebook; both new panels pass axe at this width.
  await page.goto('/admin');
  await hydrated(page);
  await expect(page.getByTestId('leads-by-source')).toContainText('Facebook');
  await expect(page.getByRole('heading', { name: 'Más vistos sin solicitudes' })).toBeVisible();
  const { violations } = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('The first page of the visit is the one kept, and nothing is kept for the back office', async ({
  page,
}) => {
  await page.goto('/financing?utm_source=google&utm_medium=cpc');
  await page.goto('/vehicles?utm_source=facebook');
  const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('origen-visita') ?? 'null'));
  expect(kept).toEqual({
    landing_page: '/financing?utm_source=google&utm_medium=cpc',
    utm_source: 'google',
    utm_medium: 'cpc',
  });
  expect(await page.evaluate(() => document.cookie)).toBe('');
});

test('The privacy page says what is recorded about the origin of a request and the views', async ({
  page,
}) => {
  await page.goto('/privacidad');
  await expect(page.getByText('cómo llegaste al sitio')).toBeVisible();
  await expect(page.getByText(/Ese conteo es anónimo/)).toBeVisible();
});
