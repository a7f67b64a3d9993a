import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { hydrated, signInAs } from './support/admin.ts';
import { axe } from './support/axe.ts';
import { findOutboxMail } from './support/outbox.ts';

// ADR 0031 decision 6 in a real browser: a person exercises their rights on /derechos without an account, proves the
// address with the e-mailed link, downloads their data; asks for suppression; staff answer it within its clock.

test.describe.configure({ timeout: 120_000 });

/** The link an e-mail to `to` whose subject starts with `subject` carries to `path`. */
async function linkIn(to: string, subject: string, path: string): Promise<string> {
  const mail = await findOutboxMail(
    (m) =>
      (m.subject ?? '').startsWith(subject) && (m.to && 'text' in m.to ? m.to.text : '').toLowerCase() === to,
  );
  const match = new RegExp(`https?://[^\\s]+${path.replace('?', '\\?')}[A-Za-z0-9_-]{43}`).exec(
    mail.text ?? '',
  );
  if (!match) throw new Error(`no ${path} link in «${mail.subject}»`);
  return new URL(match[0]).pathname + new URL(match[0]).search;
}

async function ask(page: Page, email: string, right: string, detail?: string, block = false) {
  await page.goto('/derechos');
  // The rights form (the page's other form mails the consents link).
  const form = page.locator('#formulario');
  await form.getByLabel('Tu correo electrónico').fill(email);
  await form.getByRole('radio', { name: new RegExp(`^${right}`) }).check();
  if (detail) await form.getByLabel('Detalle').fill(detail);
  if (block) await form.getByRole('checkbox', { name: /bloquear el tratamiento de mis datos/ }).check();
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page).toHaveURL(/\/derechos\/enviada$/);
  await expect(
    page.getByText(/^Si el correo es correcto, te enviamos un enlace para confirmar tu solicitud/),
  ).toBeVisible();
}

async function confirmFromMail(page: Page, email: string, subject: string) {
  await page.goto(await linkIn(email, subject, '/derechos/confirmar?t='));
  await page.getByRole('button', { name: 'Confirmar solicitud' }).click();
  await expect(page).toHaveURL(/\/derechos\/recibida$/);
}

test('a visitor gets their data from /derechos and has it erased, and staff answer within the clock @phone', async ({
  page,
}) => {
  const email = `rosa.${Date.now()}@example.cl`;
  // Rosa wrote to the dealership before.
  const token = await page.request.get('/api/get-csrf-token/');
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  const lead = await page.request.post('/api/contacto-contacto/', {
    data: {
      name: 'Rosa Derechos',
      email,
      phone: '+56 9 8123 4567',
      subject: 'compra',
      message: 'Hola, busco un SUV familiar.',
    },
    headers: { 'X-CSRFToken': csrfToken, Origin: new URL(token.url()).origin },
  });
  expect(lead.status()).toBe(201);

  await ask(page, email, 'Acceso');
  await confirmFromMail(page, email, 'Confirma tu solicitud de acceso');
  await page.goto(await linkIn(email, 'Tus datos personales están listos', '/derechos/descarga?t='));
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar JSON' }).click(),
  ]);
  const document = JSON.parse(readFileSync((await json.path()) ?? '', 'utf8'));
  expect(document.correo).toBe(email);
  expect(document.solicitudes.map((s: { nombre: string }) => s.nombre)).toEqual(['Rosa Derechos']);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar CSV' }).click(),
  ]);
  expect(readFileSync((await csv.path()) ?? '', 'utf8')).toContain('Rosa Derechos');
  // The same data as a page to read and print (ADR 0041): each request in words, the phone as it reads.
  await page.getByRole('link', { name: 'Ver tus datos en esta página, para leerlos o imprimirlos' }).click();
  const request = page.getByRole('region', { name: /^Mensaje de contacto N° \d+$/ });
  await expect(request).toContainText('Rosa Derechos');
  await expect(request).toContainText('+56 9 8123 4567');
  await expect(request).toContainText('Información de compra');
  await expect(page.getByRole('region', { name: 'Correos' })).toBeVisible();
  expect(await page.getByRole('main').textContent()).not.toMatch(/plazoPrimerContacto|"\w+":|\bnull\b/);
  const { violations } = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('datos-para-imprimir.png'), fullPage: true });

  await ask(page, email, 'Supresión', 'Ya compré mi auto en otra parte.', true);
  await confirmFromMail(page, email, 'Confirma tu solicitud de supresión');

  await signInAs(page, 'admin');
  await page.goto('/admin/derechos');
  await hydrated(page);
  const row = page.locator('tr', { hasText: email });
  await expect(row.getByText(/^Quedan (29|30) días/)).toBeVisible();
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Supresión · solicitud #\d+$/ })).toBeVisible();
  await expect(page.getByText('Ya compré mi auto en otra parte.')).toBeVisible();
  await page.getByRole('button', { name: 'Bloquear ahora' }).click();
  await expect(page.getByText('Tratamiento bloqueado. Le enviamos un correo a la persona.')).toBeVisible();
  await page.getByLabel('Escribe el correo de la persona para confirmar').fill(email);
  await page.getByLabel('Respuesta a la persona').fill('Eliminamos todos tus datos de nuestros registros.');
  await page.getByRole('button', { name: 'Eliminar datos y completar' }).click();
  await expect(page.getByText('Solicitud completada. Le enviamos la respuesta a la persona.')).toBeVisible();
  await expect(page.getByText(/^Respondida en /).first()).toBeVisible();
  // Nothing of hers is left but this request's own answer.
  const stat = (label: string) =>
    page
      .locator('dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');
  await expect(stat('Solicitudes')).toHaveText('0');
  const answer = await findOutboxMail((m) =>
    (m.subject ?? '').startsWith('Atendimos tu solicitud de supresión'),
  );
  expect(answer.text).toContain('Eliminamos todos tus datos de nuestros registros.');
});

test('the rights page and its answer have no axe violations @phone', async ({ page }) => {
  for (const path of [
    '/derechos',
    '/derechos/enviada',
    '/derechos/enviada?enlace=autorizaciones',
    '/derechos?error=correo',
    '/derechos?error=autorizaciones',
    '/derechos?error=autorizaciones-limite',
  ]) {
    await page.goto(path);
    const { violations } = await axe(page).analyze();
    expect(
      violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
});

test('the footer links to /derechos', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Ejercer mis derechos' }).click();
  await expect(page).toHaveURL(/\/derechos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ejerce tus derechos' })).toBeVisible();
});
