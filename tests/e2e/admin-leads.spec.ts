import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { hydrated, QUEDAN_24_OPEN_HOURS, signInAs } from './support/admin.ts';
import { axe } from './support/axe.ts';
import { failOnConsoleErrors } from './support/console-errors.ts';

// The leads inbox and the dashboard in a real browser, at desktop and phone widths: a lead sent from the public site is
// found in the inbox with its time left, worked (note, Contactado) and exported as CSV; axe scans every screen.

test.describe.configure({ timeout: 90_000 });

failOnConsoleErrors();

/** Sends the contact form's request as the public site does (CSRF token first); returns the lead's id. */
async function sendContactLead(page: Page, name: string, email: string): Promise<number> {
  const token = await page.request.get('/api/get-csrf-token/');
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  const response = await page.request.post('/api/contacto-contacto/', {
    data: {
      name,
      email,
      phone: '+56 9 8765 4321',
      subject: 'prueba',
      message: 'Quisiera agendar una prueba de manejo el sábado.',
    },
    headers: { 'X-CSRFToken': csrfToken, Origin: new URL(token.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The lead's entry in the inbox, whichever layout the width shows (table row or card). */
const inboxEntry = (page: Page, id: number) => page.locator(`[data-lead-id="${id}"]`).locator('visible=true');

test('Sales finds a new lead in the inbox with its time left, works it and exports the CSV', {
  tag: '@phone',
}, async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const name = `Rocío Prueba ${tag}`;
  const email = `rocio.${tag}@example.cl`;
  const id = await sendContactLead(page, name, email);
  await signInAs(page, 'ventas');

  // The inbox: search by name without the accent, in the filter form that writes the URL.
  await page.goto('/admin/solicitudes');
  await hydrated(page);
  await page.getByLabel('Buscar').fill(`rocio prueba ${tag}`);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=rocio\\+prueba\\+${tag}`));
  const entry = inboxEntry(page, id);
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Mensaje de contacto');
  await expect(entry).toContainText(email);
  await expect(entry).toContainText('Nuevo');
  await expect(entry.locator('[data-deadline="a_tiempo"]')).toHaveText(QUEDAN_24_OPEN_HOURS);
  await expect(page.getByText('Página 1 de 1 · 1 solicitud')).toBeVisible();

  // The lead page: every field, a note, then Contactado.
  await entry.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await hydrated(page);
  await expect(page.getByText('Agendar prueba de manejo')).toBeVisible();
  await expect(page.getByText('Quisiera agendar una prueba de manejo el sábado.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/56987654321\?text=/,
  );
  await expect(page.getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', 'tel:+56987654321');

  await page.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(page.getByLabel('Nueva nota')).toHaveAccessibleDescription(/Escribe la nota\./);
  await page.getByLabel('Nueva nota').fill('Llamé y dejé mensaje; vuelve a llamar mañana.');
  await page.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nota agregada.' })).toBeVisible();
  const notes = page.getByRole('list', { name: 'Notas, de la más nueva a la más antigua' });
  await expect(notes).toContainText('Llamé y dejé mensaje; vuelve a llamar mañana.');
  await expect(notes).toContainText('Vendedor E2E');
  await expect(page.getByLabel('Nueva nota')).toHaveValue('');

  await page.getByRole('button', { name: 'Marcar como Contactado' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Estado cambiado a Contactado.' })).toBeVisible();
  await expect(page.locator('[data-deadline="atendida"]')).toHaveText(
    /^Contactada en (menos de 1 min|\d+ min)$/,
  );
  await expect(page.getByRole('button', { name: 'Marcar como Cerrado' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Volver a Nuevo' })).toBeVisible();
  await expect(page.getByText('De Nuevo a Contactado')).toBeVisible();
  await expectNoAxeViolations(page);

  // Back in the inbox (same filters) it is Contactado; the CSV of the filtered list has it.
  await page.goto(`/admin/solicitudes?q=${encodeURIComponent(email)}`);
  await hydrated(page);
  await expect(inboxEntry(page, id)).toContainText('Contactado');
  const exportLink = page.getByRole('link', { name: 'Exportar CSV' });
  await expect(exportLink).toHaveAttribute(
    'href',
    `/admin/api/solicitudes.csv?${new URLSearchParams({ q: email })}`,
  );
  const downloading = page.waitForEvent('download');
  await exportLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^solicitudes-\d{4}-\d\d-\d\d\.csv$/);
  const bytes = readFileSync((await download.path()) ?? '');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]?.split(';').slice(0, 4)).toEqual([
    'N° de solicitud',
    'Fecha de recepción',
    'Tipo',
    'Estado',
  ]);
  expect(lines).toHaveLength(3);
  const cells = lines[1]?.split(';') ?? [];
  expect(cells[0]).toBe(String(id));
  expect(cells[1]).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d$/);
  expect(cells[3]).toBe('Contactado');
  expect(cells[4]).toMatch(/^Contactada en/);
  expect(cells[7]).toBe(name);
  // Stored and exported as E.164 (ADR 0041).
  expect(cells[9]).toBe(`'+56987654321`);
});

test('A financing request sent from the simulator shows its credit simulation on the lead page', {
  tag: '@phone',
}, async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const name = `Tomás Crédito ${tag}`;
  const token = await page.request.get('/api/get-csrf-token/');
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  const response = await page.request.post('/api/contact-form/', {
    data: {
      nombre: name,
      telefono: '+56 9 8765 4321',
      correo: `tomas.${tag}@example.cl`,
      financiamiento: 'convencional',
      vehiculo: '$15.000.000',
      plazo: '48',
      ingresos: 'dependiente',
      simulacion: { precio: 15_000_000, pie: 4_000_000, plazo: 48, tipo: 'convencional', seguros: [] },
    },
    headers: { 'X-CSRFToken': csrfToken, Origin: new URL(token.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };

  await signInAs(page, 'ventas');
  await page.goto(`/admin/solicitudes/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Simulación de crédito' })).toBeVisible();
  await expect(page.getByText('Precio del vehículo')).toBeVisible();
  await expect(page.getByText('$15.000.000').first()).toBeVisible();
  const cae = page.getByText('Carga anual equivalente (CAE)', { exact: true });
  await expect(cae).toBeVisible();
  await expect(cae.locator('xpath=following-sibling::dd')).toHaveText(/^\d{1,2},\d{2}%$/);
  await expectNoAxeViolations(page);
});

test('The filters live in the URL and the dashboard links to the overdue leads', async ({ page }) => {
  await signInAs(page, 'ventas');
  await page.goto('/admin');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Solicitudes por responder' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /solicitudes en los últimos 30 días|No llegaron solicitudes/ }),
  ).toBeVisible();
  // What the retention job will do next (ADR 0031): the suite's requests are all recent.
  await expect(page.getByRole('heading', { name: 'Conservación de datos' })).toBeVisible();
  await expect(page.getByText('Ninguna solicitud se anonimizará en los próximos 30 días.')).toBeVisible();
  await page.getByText('Ver los datos como tabla').click();
  await expect(
    page.getByRole('table', { name: 'Solicitudes recibidas por día' }).getByRole('row'),
  ).toHaveCount(31);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: /^Vencidas/ }).click();
  await expect(page).toHaveURL(/\/admin\/solicitudes\?vencidas=1$/);
  await hydrated(page);
  await expect(page.getByLabel('Solo vencidas')).toBeChecked();

  await page.getByLabel('Solo vencidas').uncheck();
  await page.getByLabel('Tipo').selectOption({ label: 'Cotización de seguro' });
  await page.getByLabel('Estado').selectOption({ label: 'Contactado' });
  await page.getByLabel('Desde').fill('2026-01-01');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/\/admin\/solicitudes\?tipo=seguro&estado=contactado&desde=2026-01-01$/);
  await expect(page.getByLabel('Tipo')).toHaveValue('seguro');
  await expect(page.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
    'href',
    '/admin/api/solicitudes.csv?tipo=seguro&estado=contactado&desde=2026-01-01',
  );
  await page.goBack();
  await expect(page).toHaveURL(/vencidas=1$/);
  await expect(page.getByLabel('Solo vencidas')).toBeChecked();
  await page.getByRole('link', { name: 'Limpiar filtros' }).click();
  await expect(page).toHaveURL(/\/admin\/solicitudes$/);
  await expectNoAxeViolations(page);
});

test('Signed out, the inbox sends to the sign-in page and the API refuses the CSV', async ({ page }) => {
  await page.goto('/admin/solicitudes?tipo=seguro');
  await expect(page).toHaveURL(/\/admin\/ingresar\?siguiente=%2Fadmin%2Fsolicitudes%3Ftipo%3Dseguro$/);
  const csv = await page.request.get('/admin/api/solicitudes.csv');
  expect(csv.status()).toBe(401);
});
