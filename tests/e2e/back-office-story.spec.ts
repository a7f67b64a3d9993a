import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { makeJpeg } from '../support/factories.ts';
import { QUEDAN_24_OPEN_HOURS } from './support/admin.ts';

// The whole story of a dealership that starts from nothing: the first admin is created with `npm run admin:create`
// on an empty installation (no demo stock), signs in, fills the lookup lists, adds a vehicle with photos and
// publishes it; a visitor finds it and asks about it; staff find the lead with its time left, mark it Contactado and
// export the CSV. Each project (desktop, phone) runs it on a server of its own.

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const ADMIN = { email: 'duena@automotora-nueva.cl', name: 'Dueña', password: 'primera-clave-segura-2026' };

let server: ChildProcess | undefined;
let base = '';

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures from this pattern; none are needed.
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(180_000); // hashing the password, then a first start (migrations) on a busy machine
  const port = Number(process.env.E2E_PORT ?? 3210) + 60 + (testInfo.project.name === 'phone' ? 1 : 0);
  base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'automotora-story-')),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    NODE_ENV: 'production',
    DEMO_STOCK: 'off',
  };
  // The README's command for the first admin, on the embedded database before the first start.
  const created = spawnSync(
    'npm',
    [
      'run',
      '-s',
      'admin:create',
      '--',
      '--email',
      ADMIN.email,
      '--name',
      ADMIN.name,
      '--password',
      ADMIN.password,
    ],
    { env, encoding: 'utf8' },
  );
  expect(created.status, created.stderr).toBe(0);
  expect(created.stdout).toContain(`Cuenta creada: ${ADMIN.email} (admin)`);
  server = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: 'ignore', detached: true });
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the story server did not start');
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

async function openMenuOnPhone(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole('button', { name: 'Abrir menú' }).click();
}

test('from the first admin to a contacted lead, using the back office alone', { tag: '@phone' }, async ({
  page,
  isMobile,
}) => {
  await test.step('the first admin signs in with the account made by npm run admin:create', async () => {
    await page.goto(`${base}/admin`);
    await expect(page).toHaveURL(`${base}/admin/ingresar?siguiente=%2Fadmin`);
    await hydrated(page);
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
  });

  await test.step('the empty installation gets its lookup lists', async () => {
    await hydrated(page);
    await openMenuOnPhone(page, isMobile);
    await page
      .getByRole('navigation', { name: 'Administración' })
      .getByRole('link', { name: 'Listas' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Listas' })).toBeVisible();
    await hydrated(page);
    for (const [region, field, value] of [
      ['Marcas', 'Nueva marca', 'Subaru'],
      ['Tipos de carrocería', 'Nuevo tipo de carrocería', 'SUV'],
      ['Combustibles', 'Nuevo combustible', 'Bencina'],
      ['Transmisiones', 'Nueva transmisión', 'Automática'],
      ['Características', 'Nueva característica', 'Tracción AWD'],
    ] as const) {
      const card = page.getByRole('region', { name: region });
      await card.getByLabel(field).fill(value);
      await card.getByRole('button', { name: 'Agregar' }).click();
      await expect(card.getByText(`Se agregó «${value}».`)).toBeVisible();
    }
  });

  let vehicleId = 0;
  await test.step('a vehicle is added with two photos and published', async () => {
    await page.goto(`${base}/admin/vehiculos/nuevo`);
    await hydrated(page);
    await page.getByLabel('Marca', { exact: true }).selectOption({ label: 'Subaru' });
    await page.getByLabel('Modelo', { exact: true }).fill('Forester e-Boxer');
    await page.getByLabel('Año', { exact: true }).fill('2023');
    await page.getByLabel('Precio (pesos)', { exact: true }).fill('24.490.000');
    await page.getByLabel('Kilometraje', { exact: true }).fill('18500');
    await page.getByLabel('Condición', { exact: true }).selectOption('Usado');
    await page.getByLabel('Transmisión', { exact: true }).selectOption({ label: 'Automática' });
    await page.getByLabel('Combustible', { exact: true }).selectOption({ label: 'Bencina' });
    await page.getByLabel('Tipo de carrocería', { exact: true }).selectOption({ label: 'SUV' });
    await page.getByLabel('Motor', { exact: true }).fill('2.0 Boxer');
    await page.getByLabel('Color', { exact: true }).fill('Gris');
    await page.getByRole('checkbox', { name: 'Tracción AWD' }).check();
    await page.getByRole('button', { name: 'Crear vehículo' }).click();
    await expect(page).toHaveURL(/\/admin\/vehiculos\/\d+$/);
    vehicleId = Number(/(\d+)$/.exec(page.url())?.[1]);

    await page.getByLabel('Agregar fotos').setInputFiles([
      { name: 'frente.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(1200, 800, '#475569') },
      { name: 'interior.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(1200, 800, '#0f766e') },
    ]);
    await expect(page.getByText('Se agregaron 2 fotos.')).toBeVisible();
    await page.getByRole('radio', { name: /Publicado/ }).check();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Cambios guardados: Estado.')).toBeVisible();
  });

  await test.step('a visitor finds it on the public listing and its page, and asks about it', async () => {
    await page.goto(`${base}/vehicles`);
    await expect(page.getByText('Mostrando 1-1 de 1 vehículos')).toBeVisible();
    const card = page.getByRole('link', { name: /Subaru Forester e-Boxer/ });
    await expect(card).toContainText('$24.490.000');
    await expect(card).toContainText('18.500 km');
    await card.click();
    await expect(page).toHaveURL(`${base}/vehicles/${vehicleId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Subaru Forester e-Boxer' })).toBeVisible();
    await hydrated(page);
    await page.getByRole('button', { name: 'Solicitar información' }).click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Enviar solicitud' }) });
    await form.getByLabel('Nombre', { exact: true }).fill('Ignacio Vera');
    await form.getByLabel('Email').fill('ignacio.vera@example.cl');
    await form.getByLabel('Teléfono (opcional)').fill('+56 9 5555 1234');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByRole('status').filter({ hasText: '¡Mensaje enviado!' })).toBeVisible();
  });

  let leadId = 0;
  await test.step('staff find the lead in the inbox with the time left to answer', async () => {
    await page.goto(`${base}/admin`);
    await hydrated(page);
    await openMenuOnPhone(page, isMobile);
    await page
      .getByRole('navigation', { name: 'Administración' })
      .getByRole('link', { name: 'Solicitudes' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Solicitudes' })).toBeVisible();
    const entry = page.locator('[data-lead-id]').locator('visible=true');
    await expect(entry).toHaveCount(1);
    leadId = Number(await entry.getAttribute('data-lead-id'));
    await expect(entry).toContainText('Ignacio Vera');
    await expect(entry).toContainText('Nuevo');
    await expect(entry.locator('[data-deadline="a_tiempo"]')).toHaveText(QUEDAN_24_OPEN_HOURS);
  });

  await test.step('the lead page names the vehicle; the lead is marked Contactado', async () => {
    await page
      .locator('[data-lead-id]')
      .locator('visible=true')
      .getByRole('link', { name: 'Ignacio Vera' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ignacio Vera' })).toBeVisible();
    await hydrated(page);
    await expect(page.getByText('Subaru Forester e-Boxer 2023').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Ver en el sitio/ })).toHaveAttribute(
      'href',
      new RegExp(`/vehicles/${vehicleId}$`),
    );
    await page.getByRole('button', { name: 'Marcar como Contactado' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Estado cambiado a Contactado.' })).toBeVisible();
    await expect(page.locator('[data-deadline="atendida"]')).toHaveText(/^Contactada en/);
  });

  await test.step('the CSV export has the lead, Contactado, readable by Excel', async () => {
    await page.goto(`${base}/admin/solicitudes`);
    await hydrated(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exportar CSV' }).click();
    const bytes = readFileSync((await (await downloading).path()) ?? '');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes
      .toString('utf8')
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(';'));
    expect(rows).toHaveLength(2);
    const [header = [], row = []] = rows;
    const cell = (title: string) => row[header.indexOf(title)];
    expect(cell('N° de solicitud')).toBe(String(leadId));
    expect(cell('Estado')).toBe('Contactado');
    expect(row).toContain('Ignacio Vera');
    expect(row).toContain('ignacio.vera@example.cl');
    expect(row.join(';')).toContain('Subaru Forester e-Boxer');
  });
});
