import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signPersonToken } from '@server/services/privacy/person-link.ts';
import { hydrated, signInAs } from './support/admin.ts';
import { wcagViolations } from './support/axe.ts';
import { failOnConsoleErrors } from './support/console-errors.ts';
import { serverDataDir } from './support/data-dir.ts';
import { findOutboxMail } from './support/outbox.ts';

// A person's consents (ADR 0031, decision 4): the receipt of a request with a consent carries the signed link; the
// page it opens withdraws with one button, in a browser without JavaScript; a link we did not sign is a Spanish 404.
// And the breach register's form, scanned by axe at both widths.

failOnConsoleErrors();

/** Sends a contact request with the marketing box ticked, as the public form does; returns the receipt's link. */
async function requestWithMarketing(page: Page, email: string): Promise<string> {
  const token = await page.request.get('/api/get-csrf-token/');
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  const response = await page.request.post('/api/contacto-contacto/', {
    data: {
      name: 'Rocío Consentimiento',
      email,
      phone: '+56 9 8765 4321',
      subject: 'compra',
      message: 'Quisiera recibir ofertas de SUV híbridas.',
      consentimiento_marketing: true,
    },
    headers: { 'X-CSRFToken': csrfToken, Origin: new URL(token.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  const mail = await findOutboxMail(
    (m) =>
      (m.to && 'text' in m.to ? m.to.text : '') === email &&
      (m.subject ?? '').startsWith('Tus autorizaciones'),
  );
  const link = mail.text?.match(/https?:\/\/\S+\/privacidad\/consentimientos\?t=\S+/)?.[0];
  expect(link, mail.text).toBeDefined();
  return link ?? '';
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('A person withdraws their marketing consent from the link in the receipt e-mail', {
    tag: '@phone',
  }, async ({ page }) => {
    const email = `rocio.${randomBytes(3).toString('hex')}@example.cl`;
    const link = await requestWithMarketing(page, email);

    const opened = await page.goto(link);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['cache-control']).toMatch(/\bno-store\b/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tus autorizaciones' })).toBeVisible();
    await expect(page).toHaveTitle('Tus autorizaciones | Automotora Cordillera');
    await expect(page.getByText(`Autorizaciones de r***@example.cl`)).toBeVisible();
    const marketing = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'Recibir ofertas y novedades por correo, teléfono o WhatsApp' }),
    });
    await expect(marketing).toContainText('en el formulario «Mensaje de contacto»');

    await marketing
      .getByRole('button', { name: 'Retirar mi autorización para recibir ofertas y novedades' })
      .click();
    // The page's own live region (the site's layout has another, empty one).
    await expect(page.getByRole('status').filter({ hasText: 'Listo' })).toHaveText(
      'Listo: no te enviaremos más ofertas ni novedades.',
    );
    await expect(page.getByText('No tienes autorizaciones vigentes.')).toBeVisible();
    await expect(page).toHaveURL(/[?&]retirado=marketing/);

    // Reloading the answer withdraws nothing twice: it is a plain page.
    await page.reload();
    await expect(page.getByText('No tienes autorizaciones vigentes.')).toBeVisible();
  });

  test('A person without the e-mails asks the rights page for the link, and withdraws from it', {
    tag: '@phone',
  }, async ({ page }) => {
    const email = `sin.correos.${randomBytes(3).toString('hex')}@example.cl`;
    await requestWithMarketing(page, email);

    await page.goto('/derechos');
    const section = page.getByRole('region', { name: 'Retirar una autorización' });
    await section.getByLabel('Tu correo electrónico').fill(email.toUpperCase());
    await section.getByRole('button', { name: 'Enviarme el enlace a mis autorizaciones' }).click();
    await expect(page).toHaveURL(/\/derechos\/enviada\?enlace=autorizaciones$/);
    await expect(page.getByRole('heading', { name: 'Enlace enviado' })).toBeVisible();
    await expect(page.getByText('te enviamos el enlace a tus autorizaciones')).toBeVisible();

    const mail = await findOutboxMail(
      (m) =>
        (m.to && 'text' in m.to ? m.to.text : '') === email &&
        (m.subject ?? '').startsWith('El enlace a tus autorizaciones'),
    );
    const link = mail.text?.match(/https?:\/\/\S+\/privacidad\/consentimientos\?t=\S+/)?.[0] ?? '';
    await page.goto(link);
    await expect(page.getByText('Autorizaciones de s***@example.cl')).toBeVisible();
    await page
      .getByRole('button', { name: 'Retirar mi autorización para recibir ofertas y novedades' })
      .click();
    await expect(page.getByText('No tienes autorizaciones vigentes.')).toBeVisible();
  });

  test('A link that was altered or cut shows a Spanish 404 that says only that it is not valid', async ({
    page,
  }) => {
    // A link as the server signs it (its secret is in its data directory), then spoiled in the ways a mail client or
    // a person might.
    const secret = readFileSync(path.join(serverDataDir(), 'session-secret'), 'utf8').trim();
    const good = `/privacidad/consentimientos?t=${signPersonToken(secret, 'consentimientos', 'corta@example.cl')}`;
    const valid = await page.goto(good);
    expect(valid?.status()).toBe(200);
    for (const broken of [good.slice(0, -3), good.replace('?t=v1.', '?t=v2.'), good.split('?')[0] ?? good]) {
      const response = await page.goto(broken);
      expect(response?.status(), broken).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Este enlace no es válido' })).toBeVisible();
      await expect(page.getByText('Autorizaciones de')).toHaveCount(0);
    }
  });
});

test('The consents page passes axe at both widths', { tag: '@phone' }, async ({ page }) => {
  const email = `axe.${randomBytes(3).toString('hex')}@example.cl`;
  await page.goto(await requestWithMarketing(page, email));
  await expect(page.getByRole('heading', { level: 1, name: 'Tus autorizaciones' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});

test('The breach register’s form passes axe at both widths', { tag: '@phone' }, async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/vulneraciones/nueva');
  await hydrated(page);
  await page.getByRole('button', { name: 'Registrar vulneración' }).click();
  // The form's own refusal, field by field, is part of what is scanned.
  await expect(page.getByText('Marca al menos una categoría de datos afectados.')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});
