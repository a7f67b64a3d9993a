import { type Browser, expect, type Page, test } from '@playwright/test';
import { freshBrowser, hydrated, signInAs, staffCall } from './support/admin.ts';
import { axe } from './support/axe.ts';

// Desktop and phone run at the same time against one server: each run makes its own accounts and people.
const unique = (prefix: string, project: string) =>
  `${prefix}-${project}-${Date.now().toString(36)}@e2e.automotora.cl`;

// Creating accounts hashes passwords (argon2id) and a story spans three browsers: give it room on 2 cores.
test.describe.configure({ timeout: 120_000 });
/** For answers that hash or verify a password: seconds, when the machine is busy. */
const slow = expect.configure({ timeout: 30_000 });

async function violationsOf(page: Page) {
  const { violations } = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

/** A second browser (another person or device) with the same screen as this project's. */
async function signInWithForm(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await freshBrowser(browser);
  await page.goto('/admin/ingresar');
  await hydrated(page);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await slow(page).toHaveURL(/\/admin$/);
  return page;
}

test('an admin creates a sales account; its owner signs in, is kept out of admin pages, changes the password; the admin deactivates it', async ({
  page,
  browser,
}, info) => {
  const email = unique('vendedora', info.project.name);
  const name = `Valeria ${info.project.name}`;
  const firstPassword = 'clave-inicial-e2e-1';
  const newPassword = 'nueva-clave-e2e-2026';

  // The admin creates the account; a too-short password, then a guessable one, are refused beside the field first.
  await signInAs(page, 'admin');
  await page.goto('/admin/usuarios');
  await hydrated(page);
  const create = page.locator('form', { has: page.getByRole('button', { name: 'Crear usuario' }) });
  await create.getByLabel('Nombre').fill(name);
  await create.getByLabel('Correo electrónico').fill(email);
  await create.getByLabel('Rol').selectOption({ label: 'Ventas' });
  await create.getByLabel('Contraseña inicial').fill('corta');
  await create.getByRole('button', { name: 'Crear usuario' }).click();
  await slow(create.getByLabel('Contraseña inicial')).toHaveAttribute('aria-invalid', 'true');
  await expect(create.getByText('La contraseña debe tener al menos 10 caracteres.')).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  // A long enough but guessable one is refused too, saying why (ADR 0027).
  await create.getByLabel('Contraseña inicial').fill('1234567890');
  await create.getByRole('button', { name: 'Crear usuario' }).click();
  await slow(create.getByText('Es una de las contraseñas más usadas.')).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);

  await create.getByLabel('Contraseña inicial').fill(firstPassword);
  await create.getByRole('button', { name: 'Crear usuario' }).click();
  await slow(page.getByRole('status').filter({ hasText: `Se creó la cuenta de ${name}.` })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: email });
  await expect(row).toContainText('Ventas');
  await expect(row).toContainText('Último ingreso: nunca');

  // Its owner signs in with the form, and finds no way into the admin-only pages.
  const seller = await signInWithForm(browser, email, firstPassword);
  const nav = seller.getByRole('navigation', { name: 'Administración', includeHidden: true });
  await expect(nav.getByRole('link', { name: 'Mi cuenta', includeHidden: true })).toBeAttached();
  await expect(nav.getByRole('link', { name: 'Usuarios', includeHidden: true })).toHaveCount(0);
  const denied = await seller.goto('/admin/usuarios');
  expect(denied?.status()).toBe(403);
  await expect(seller.getByRole('heading', { level: 1, name: 'Sin permiso' })).toBeVisible();

  // ...and changes the password: a wrong current one is refused beside the field.
  await seller.goto('/admin/cuenta');
  await hydrated(seller);
  await expect(seller.getByRole('main').getByText(email)).toBeVisible();
  await seller.getByLabel('Contraseña actual').fill('no-es-la-actual');
  await seller.getByLabel('Nueva contraseña', { exact: true }).fill(newPassword);
  await seller.getByLabel('Repite la nueva contraseña').fill(newPassword);
  await seller.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await slow(seller.getByText('La contraseña actual no es correcta.')).toBeVisible();
  await expect(seller.getByLabel('Contraseña actual')).toHaveAttribute('aria-invalid', 'true');
  await expect(seller.getByLabel('Contraseña actual')).toBeFocused();

  await seller.getByLabel('Contraseña actual').fill(firstPassword);
  await seller.getByLabel('Nueva contraseña', { exact: true }).fill(newPassword);
  await seller.getByLabel('Repite la nueva contraseña').fill(newPassword);
  await seller.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await slow(seller.getByRole('status').filter({ hasText: 'Tu contraseña se cambió.' })).toBeVisible();

  // The new password signs in (another device); the old one no longer does.
  const again = await signInWithForm(browser, email, newPassword);
  await again.context().close();
  const oldOne = await seller.request.post('/admin/api/sesion', {
    data: { email, password: firstPassword },
    headers: await apiHeaders(seller),
  });
  expect(oldOne.status()).toBe(401);

  // The admin deactivates the account after confirming: its open session ends at once.
  await page.reload();
  await hydrated(page);
  await page.getByRole('button', { name: `Desactivar a ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Desactivar la cuenta de ${name}` });
  await expect(dialog).toContainText('sus sesiones abiertas se cerrarán de inmediato');
  await dialog.getByRole('button', { name: 'Desactivar cuenta' }).click();
  await slow(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: `La cuenta de ${name} quedó desactivada` }),
  ).toBeVisible();
  await expect(row).toContainText('Desactivada');
  await expect(page.getByRole('button', { name: `Reactivar a ${name}` })).toBeVisible();

  const after = await seller.goto('/admin/cuenta');
  expect(after?.url()).toContain('/admin/ingresar?siguiente=%2Fadmin%2Fcuenta');
  await seller.context().close();

  // The audit trail tells the story, newest first.
  await page.goto('/admin/auditoria?entidad=usuario');
  const entries = page.getByRole('listitem').filter({ hasText: email });
  await expect(entries.first()).toContainText('Usuario desactivado');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Contraseña cambiada' }).filter({ hasText: name }),
  ).toHaveCount(1);
  await expect(entries.last()).toContainText('Usuario creado');
});

/** What the site's own scripts send with a mutation: the CSRF token and our origin. */
async function apiHeaders(page: Page): Promise<Record<string, string>> {
  const response = await page.request.get('/api/get-csrf-token/');
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { 'X-CSRFToken': csrfToken, Origin: new URL(response.url()).origin };
}

test.describe('accessibility of the account pages', () => {
  test.use({ reducedMotion: 'reduce' });

  test(
    'axe finds no violation on /admin/usuarios, with field errors and with the edit dialog',
    {
      tag: '@phone',
    },
    async ({ page }, info) => {
      await signInAs(page, 'admin');
      // A colleague with a long e-mail: the list truncates it and the page never scrolls sideways (once it did, 32 px
      // at 390, and the round-robin switch's help text lay over its button).
      await staffCall(page.request, 'POST', '/admin/api/usuarios', {
        name: 'Correo Largo',
        email: unique('una-direccion-de-correo-bastante-larga', info.project.name),
        role: 'ventas',
        password: 'Zorro-azul-salta-9271',
      });
      await page.goto('/admin/usuarios');
      await hydrated(page);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
      ).toBeLessThanOrEqual(0);
      expect(await violationsOf(page)).toEqual([]);
      await page.getByRole('button', { name: 'Crear usuario' }).click();
      await slow(page.getByText('Ingresa el nombre (al menos 2 caracteres).')).toBeVisible();
      expect(await violationsOf(page), 'create form errors').toEqual([]);
      await page
        .getByRole('button', { name: /^Editar a / })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await violationsOf(page), 'edit dialog').toEqual([]);
    },
  );

  test('axe finds no violation on /admin/cuenta and /admin/auditoria', { tag: '@phone' }, async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    for (const path of ['/admin/cuenta', '/admin/auditoria']) {
      await page.goto(path);
      await hydrated(page);
      expect(await violationsOf(page), path).toEqual([]);
    }
  });

  test(
    'personal data: found by e-mail, erased after typing it again; axe finds no violation at each step',
    { tag: '@phone' },
    async ({ page }, info) => {
      await signInAs(page, 'admin');
      const person = unique('persona', info.project.name);
      const lead = await page.request.post('/api/contacto-contacto/', {
        data: {
          name: 'Persona Prueba',
          email: person,
          phone: '+56 9 8123 4567',
          subject: 'compra',
          message: 'Hola, quisiera saber si tienen SUV híbridas disponibles.',
        },
        headers: await apiHeaders(page),
      });
      expect(lead.status()).toBe(201);
      await page.goto('/admin/datos-personales');
      await hydrated(page);
      expect(await violationsOf(page), 'search').toEqual([]);

      await page.getByLabel('Correo de la persona').fill(person);
      await page.getByRole('button', { name: 'Buscar' }).click();
      await expect(page.getByRole('heading', { name: `Datos guardados de ${person}` })).toBeVisible();
      expect(await violationsOf(page), 'result').toEqual([]);

      await page.getByRole('button', { name: 'Eliminar datos', exact: true }).click();
      const erase = page.getByRole('dialog', { name: 'Eliminar datos personales' });
      await erase.getByRole('button', { name: 'Eliminar definitivamente' }).click();
      await expect(erase.getByText('Escribe nuevamente el correo para confirmar.')).toBeVisible();
      expect(await violationsOf(page), 'erase dialog').toEqual([]);

      await erase.getByLabel('Escribe el correo para confirmar').fill(person);
      await erase.getByRole('button', { name: 'Eliminar definitivamente' }).click();
      await slow(erase).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'Se eliminaron 1 solicitud' })).toBeVisible();
      await expect(page.getByText('No hay datos guardados para este correo.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Solicitudes de eliminación atendidas' })).toBeVisible();
    },
  );

  test('axe finds no violation on the sign-in page', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/admin/ingresar');
    await hydrated(page);
    expect(await violationsOf(page)).toEqual([]);
  });
});
