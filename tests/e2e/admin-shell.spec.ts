import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { hydrated, signInAs } from './support/admin.ts';
import { axe } from './support/axe.ts';
import { E2E_STAFF } from './support/staff-accounts.ts';

/** The back office pages a person without a session must reach: sign-in and password recovery. */
const PUBLIC_DOORS = ['/admin/ingresar', '/admin/clave-olvidada', '/admin/clave-nueva'];
// Every other back office page of app/routes.ts ('admin/...' entries), with a sample id for the dynamic ones.
const ADMIN_PAGES = [...readFileSync('app/routes.ts', 'utf8').matchAll(/route\('(admin[^']*)'/g)]
  .map((m) => `/${m[1]}`.replace(':id', '1'))
  .filter((path) => !PUBLIC_DOORS.includes(path) && path !== '/admin/*');
const ADMIN_ONLY = [
  '/admin/usuarios',
  '/admin/auditoria',
  '/admin/datos-personales',
  '/admin/datos-personales/ver',
  // ADR 0031: the registers of cessions and breaches.
  '/admin/cesiones',
  '/admin/vulneraciones',
  '/admin/vulneraciones/nueva',
];

test.describe('back office access', () => {
  test('lists the pages it checks', () => {
    expect(ADMIN_PAGES).toEqual(
      expect.arrayContaining(['/admin', '/admin/solicitudes', '/admin/vehiculos', ...ADMIN_ONLY]),
    );
  });

  test('sends an anonymous visitor of every page to the sign-in page, keeping the way back', async ({
    request,
  }) => {
    for (const path of [...ADMIN_PAGES, '/admin/no-existe']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe(`/admin/ingresar?siguiente=${encodeURIComponent(path)}`);
    }
  });

  // Client navigations load /admin/....data; the way back must name the page, not that data address.
  test('keeps the way back to the page when a client navigation finds the session gone', async ({
    request,
  }) => {
    const response = await request.get('/admin/solicitudes.data?estado=nuevo', { maxRedirects: 0 });
    const body = await response.text();
    expect(body).toContain('SingleFetchRedirect');
    expect(body).toContain(
      `"/admin/ingresar?siguiente=${encodeURIComponent('/admin/solicitudes?estado=nuevo')}"`,
    );
  });

  test('shows the sales role a 403 page on admin-only pages and hides their links', async ({ page }) => {
    await signInAs(page, 'ventas');
    for (const path of ADMIN_ONLY) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole('heading', { level: 1, name: 'Sin permiso' })).toBeVisible();
    }
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Administración', includeHidden: true });
    // On a phone the menu is closed: look at the links whether shown or not.
    await expect(nav.getByRole('link', { name: 'Solicitudes', includeHidden: true })).toBeAttached();
    await expect(nav.getByRole('link', { name: 'Usuarios', includeHidden: true })).toHaveCount(0);
  });

  test('serves every page to an admin, uncached and kept out of search engines', async ({ page }) => {
    await signInAs(page, 'admin');
    for (const path of ADMIN_PAGES.filter((p) => !p.includes('/1'))) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['cache-control'], path).toBe('no-store');
      expect(response?.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
    }
    const missing = await page.goto('/admin/no-existe');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'No encontrado' })).toBeVisible();
  });
});

test.describe('sign-in page', () => {
  test('refuses a wrong password in Spanish, then signs in and returns to the page asked for', async ({
    page,
  }) => {
    await page.goto('/admin/solicitudes');
    await expect(page).toHaveURL(/\/admin\/ingresar\?siguiente=%2Fadmin%2Fsolicitudes$/);
    await hydrated(page);
    const { email, password } = E2E_STAFF.ventas;
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.');

    await page.getByLabel('Contraseña').fill(password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/admin\/solicitudes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Solicitudes' })).toBeVisible();
  });

  test('has no accessibility violations', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/admin/ingresar');
    await hydrated(page);
    const { violations } = await axe(page)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations).toEqual([]);
  });

  test('signs out: the session ends and the pages ask for sign-in again', { tag: '@phone' }, async ({
    page,
    isMobile,
  }) => {
    await signInAs(page, 'admin');
    await page.goto('/admin');
    await hydrated(page);
    if (isMobile) await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/admin\/ingresar$/);
    const response = await page.goto('/admin');
    expect(response?.url()).toContain('/admin/ingresar?siguiente=%2Fadmin');
  });
});
