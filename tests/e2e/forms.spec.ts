import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContactLeadSchema, fieldErrors } from '@contracts/leads.ts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { framesDrawn, hydrated, signInAs } from './support/admin.ts';
import { axe } from './support/axe.ts';
import { findOutboxMail } from './support/outbox.ts';

// The six lead forms in a real browser: validation, sending, the success states of docs/product.md and the photo limits.

/**
 * The lead reached the database and the sales mailbox: the staff e-mail (an .eml file, as the e2e server has no
 * SMTP_URL) is written from the outbox row committed with the lead, so finding it proves both.
 */
async function expectDelivered(subject: string, replyTo: string, containing = '') {
  const mail = await findOutboxMail(
    (m) => m.subject === subject && m.replyTo?.text === replyTo && (m.text ?? '').includes(containing),
  );
  expect(mail.to && 'text' in mail.to ? mail.to.text : '').toMatch(/^ventas@/);
  return mail;
}

// Filling a whole form and an axe scan take a while on a loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

// The forms sit in sections that fade in when scrolled to (docs/product.md), sliding 24 px up. Playwright scrolls a button
// into view and presses it at once, so the slide could start between its mouse down and up and the click was lost
// (seen once, on "Quitar foto 5"). With reduced motion nothing moves; the fade-in has its own test.
test.use({ reducedMotion: 'reduce' });

// An unexpected console error (a hydration mismatch, a React warning) fails the test. Chromium's own line for an
// HTTP error answer is expected where a test provokes one.
let consoleErrors: string[] = [];
let toleratedConsole: RegExp[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  toleratedConsole = [/^Failed to load resource/];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !toleratedConsole.some((pattern) => pattern.test(text)))
      consoleErrors.push(text);
  });
});
test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

async function open(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

/** Scans the open form (or dialog); the rest of each page is scanned by that page's own tests. */
async function expectNoAxeViolations(page: Page, scope = '[data-lead-form]') {
  const { violations } = await axe(page).include(scope).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function choose(scope: Page | Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).selectOption({ label: option });
}

/** The form holding the given submit button (pages also have labelled links and buttons outside it). */
function formWith(page: Page, submit: string): Locator {
  return page.locator('form').filter({ has: page.getByRole('button', { name: submit }) });
}

/** The text of the element that has keyboard focus: after a form is sent, its success message. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

async function firstVehicleUrl(page: Page): Promise<string> {
  const response = await page.request.get('/api/vehiculos-resumen/');
  const [first] = (await response.json()) as Array<{ id: number }>;
  if (!first) throw new Error('no demo stock');
  return `/vehicles/${first.id}`;
}

/** Small real JPEGs, and one PNG of noise just over 5 MB, written to a temp dir. */
async function makePhotos(count: number): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sell-photos-'));
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const file = path.join(dir, `auto-${i + 1}.jpg`);
      await sharp({
        create: { width: 600, height: 400, channels: 3, background: { r: 40 * i, g: 90, b: 160 } },
      })
        .jpeg()
        .toFile(file);
      return file;
    }),
  );
}

async function makeHugePhoto(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sell-huge-')), 'enorme.png');
  const width = 1500;
  const height = 1300;
  // Stored without compression, so the file is just over 5 MB whatever the pixels.
  await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toFile(file);
  return file;
}

test.describe('contact form', () => {
  test('A visitor sends the contact form and the form gives way to the confirmation', {
    tag: '@phone',
  }, async ({ page }) => {
    await open(page, '/contact');
    const form = formWith(page, 'Enviar mensaje');
    await form.getByLabel('Nombre completo').fill('Ana Pérez');
    await form.getByLabel('Correo electrónico').fill('ana.perez@example.cl');
    await form.getByLabel('Teléfono', { exact: true }).fill('+56 9 1234 5678');
    await choose(form, 'Asunto', 'Agendar prueba de manejo');
    await form.getByLabel('Mensaje').fill('Quisiera probar el auto este sábado en la mañana.');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();

    await expect(page.locator('#contenido').getByRole('status')).toContainText(
      '📩 ¡Mensaje enviado con éxito!',
    );
    await expect(page.getByRole('heading', { name: '¡Mensaje enviado con éxito!' })).toBeFocused();
    await expect(page.getByText('Nos pondremos en contacto contigo a la brevedad.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar mensaje' })).toHaveCount(0);
    const mail = await expectDelivered('Mensaje de contacto: Ana Pérez', 'ana.perez@example.cl');
    expect(mail.text).toContain('Asunto: Agendar prueba de manejo');

    await page.getByRole('button', { name: 'Enviar otro mensaje' }).click();
    await expect(form.getByLabel('Nombre completo')).toBeFocused();
    await expect(form.getByLabel('Nombre completo')).toHaveValue('');
    await expect(form.getByLabel('Asunto', { exact: true })).toHaveValue('');
  });

  test('An empty contact submit shows a Spanish error beside each field and focuses the first one', async ({
    page,
  }) => {
    await open(page, '/contact');
    const form = formWith(page, 'Enviar mensaje');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    // The sentences are the shared contract's, for the values an empty form holds.
    const empty = ContactLeadSchema.safeParse({ name: '', email: '', phone: '', message: '' });
    const expected = empty.success ? {} : fieldErrors(empty.error);
    const name = form.getByLabel('Nombre completo');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(expected.name ?? 'missing');
    await expect(form.getByLabel('Correo electrónico')).toHaveAccessibleDescription(
      expected.email ?? 'missing',
    );
    await expect(form.getByLabel('Asunto', { exact: true })).toHaveAccessibleDescription(
      'Selecciona un asunto de la lista.',
    );
    await expect(form.getByLabel('Mensaje')).toHaveAccessibleDescription(expected.message ?? 'missing');
    await expectNoAxeViolations(page);

    // After the first submit, a corrected field loses its error as soon as it is valid.
    await name.fill('Ana Pérez');
    await name.blur();
    await expect(name).not.toHaveAttribute('aria-invalid');
    await form.getByLabel('Teléfono', { exact: true }).fill('123');
    await form.getByLabel('Teléfono', { exact: true }).blur();
    await expect(form.getByLabel('Teléfono', { exact: true })).toHaveAccessibleDescription(
      'Ingresa un teléfono chileno, como 9 1234 5678 o 2 2345 6789, o uno de otro país con + y su código.',
    );
  });
});

test.describe('vehicle page', () => {
  test('A visitor asks about a vehicle with the inline form, and "Usar mi correo" is addressed to sales', {
    tag: '@phone',
  }, async ({ page }) => {
    await open(page, await firstVehicleUrl(page));
    const vehicleName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await page.getByRole('button', { name: 'Solicitar información' }).click();

    const form = formWith(page, 'Enviar solicitud');
    const message = form.getByLabel('Mensaje');
    await expect(message).toHaveValue(
      new RegExp(`^Hola, me interesa el ${vehicleName} \\d{4} publicado en \\$`),
    );
    await expect(form.getByLabel('Teléfono (opcional)')).toBeVisible();
    const mailto = await form.getByRole('link', { name: 'Usar mi correo' }).getAttribute('href');
    expect(mailto).toMatch(/^mailto:[^?]+@[^?]+\?subject=/);
    const mail = new URL(mailto ?? '');
    expect(mail.searchParams.get('subject')).toMatch(
      new RegExp(`^Solicitud de información: ${vehicleName} \\d{4}$`),
    );
    for (const fact of [
      'Vehículo:',
      'Año:',
      'Precio:',
      'Condición:',
      'Kilometraje:',
      'Motor:',
      'Transmisión:',
      'Color:',
      'Tipo:',
    ])
      expect(mail.searchParams.get('body')).toContain(fact);

    await form.getByLabel('Nombre', { exact: true }).fill('Jorge Soto');
    await form.getByLabel('Email').fill('jorge.soto@example.cl');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByRole('status').filter({ hasText: '¡Mensaje enviado!' })).toBeVisible();
    // The form gives way to a confirmation that has focus, not the page.
    await expect(page.getByRole('heading', { name: '¡Consulta enviada!' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Enviar solicitud' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Enviar otra consulta' }).click();
    await expect(form.getByLabel('Nombre', { exact: true })).toBeFocused();
    await expect(form.getByLabel('Nombre', { exact: true })).toHaveValue('');
    const delivered = await expectDelivered('Consulta por un vehículo: Jorge Soto', 'jorge.soto@example.cl');
    expect(delivered.text).toMatch(/Ficha del vehículo: http:\/\/127\.0\.0\.1:\d+\/vehicles\/\d+/);
  });

  test('"Consultar por financiamiento" opens the financing modal prefilled with the vehicle', async ({
    page,
  }) => {
    await open(page, await firstVehicleUrl(page));
    const vehicleName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await page.getByRole('tab', { name: 'Financiamiento' }).click();
    await page.getByRole('button', { name: 'Consultar por financiamiento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Solicitud de Asesoría Financiera' });
    await expect(dialog.getByLabel('Valor aproximado del vehículo')).toHaveValue(
      new RegExp(`^${vehicleName} \\d{4}`),
    );
    await fillFinancing(dialog);
    await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(dialog.getByRole('heading', { name: '¡Solicitud enviada con éxito!' })).toBeVisible();
  });
});

async function fillFinancing(dialog: Locator) {
  await dialog.getByLabel('Nombre completo').fill('Carla Muñoz');
  await dialog.getByLabel('Teléfono', { exact: true }).fill('+56 9 8765 4321');
  await dialog.getByLabel('Correo electrónico').fill('carla@example.cl');
  await choose(dialog, 'Tipo de financiamiento', 'Crédito Directo');
  await choose(dialog, 'Plazo', '36 meses');
  await choose(dialog, 'Tipo de ingresos (opcional)', 'Dependiente');
}

test.describe('financing modal', () => {
  test('A visitor requests financing advice and reaches the success panel', { tag: '@phone' }, async ({
    page,
  }) => {
    await open(page, '/financing');
    const opener = page.getByRole('button', { name: 'Solicitar asesoría financiera' }).first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Solicitud de Asesoría Financiera' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'dialog[open]');

    await fillFinancing(dialog);
    await dialog.getByLabel('Valor aproximado del vehículo').fill('$12.000.000');
    // 'Pie' and 'Comentarios' say they are optional, and they are.
    await expect(dialog.getByLabel('Pie (opcional)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();

    await expect(dialog.getByRole('heading', { name: '¡Solicitud enviada con éxito!' })).toBeFocused();
    // The same visitor also asks from a vehicle page (another test): this one names the typed value.
    await expectDelivered(
      'Solicitud de financiamiento: Carla Muñoz',
      'carla@example.cl',
      'Valor aproximado del vehículo: $12.000.000',
    );
    await expect(
      dialog.getByText('Un asesor se pondrá en contacto contigo en las próximas 24 horas'),
    ).toBeVisible();
    await expect(dialog.getByRole('status')).toContainText('Formulario enviado con éxito');
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('The modal keeps focus inside, closes with Escape and gives focus back to its opener', {
    tag: '@phone',
  }, async ({ page }) => {
    await open(page, '/financing');
    const opener = page.getByRole('button', { name: 'Solicitar asesoría financiera' }).first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Solicitud de Asesoría Financiera' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/overflow-hidden/);

    const insideDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog')));
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      expect(await insideDialog()).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await insideDialog()).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.locator('html')).not.toHaveClass(/overflow-hidden/);
  });
});

test.describe('consents on the financing form (ADR 0031)', () => {
  const EXPRESS = /^Autorizo expresamente a .+ tipo de ingresos/;

  test('The boxes start unticked, are reached and ticked from the keyboard, and pass axe', {
    tag: '@phone',
  }, async ({ page }) => {
    await open(page, '/financing');
    await page.getByRole('button', { name: 'Solicitar asesoría financiera' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Solicitud de Asesoría Financiera' });
    const boxes = dialog.getByRole('checkbox');
    await expect(boxes).toHaveCount(3);
    for (const box of await boxes.all()) await expect(box).not.toBeChecked();
    await expect(
      dialog.getByText('Usaremos estos datos para preparar tu propuesta de crédito'),
    ).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute(
      'href',
      '/privacidad',
    );
    await expect(dialog.getByRole('link', { name: 'ejercer tus derechos' })).toHaveAttribute(
      'href',
      '/derechos',
    );
    await dialog.getByLabel('Tipo de ingresos (opcional)', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('checkbox', { name: EXPRESS })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('checkbox', { name: EXPRESS })).toBeChecked();
    await expectNoAxeViolations(page, 'dialog[open]');
  });

  // What staff read and what the e-mail says depend on what was stored, not on the width: once, at 1440 px (the
  // dialog's boxes at 390 px are the keyboard test's above).
  test('Staff see the income type only when the express consent was given, and each consent with its words', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    /** Sends the financing request with 'Jubilado'; returns the lead's id and the express box's sentence. */
    async function send(name: string, express: boolean) {
      await open(page, '/financing');
      await page.getByRole('button', { name: 'Solicitar asesoría financiera' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Solicitud de Asesoría Financiera' });
      await dialog.getByLabel('Nombre completo').fill(name);
      await dialog.getByLabel('Teléfono', { exact: true }).fill('+56 9 8765 4321');
      await dialog.getByLabel('Correo electrónico').fill(`consentimiento.${tag}@example.cl`);
      await choose(dialog, 'Tipo de financiamiento', 'Crédito Convencional');
      await dialog.getByLabel('Valor aproximado del vehículo').fill('$9.000.000');
      await choose(dialog, 'Plazo', '24 meses');
      await choose(dialog, 'Tipo de ingresos (opcional)', 'Jubilado');
      const box = dialog.getByRole('checkbox', { name: EXPRESS });
      const wording = await box.evaluate(
        (input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '',
      );
      if (express) await box.check();
      await dialog.getByRole('checkbox', { name: /^Acepto que .+ ofertas/ }).check();
      const sent = page.waitForResponse(
        (r) => r.url().endsWith('/api/contact-form/') && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
      const response = await sent;
      expect(response.status()).toBe(201);
      await expect(dialog.getByRole('heading', { name: '¡Solicitud enviada con éxito!' })).toBeVisible();
      return { id: ((await response.json()) as { id: number }).id, wording };
    }
    const given = await send(`Rosa Expresa ${tag}`, true);
    const withheld = await send(`Luis Sin Consentimiento ${tag}`, false);

    const mail = await expectDelivered(
      `Solicitud de financiamiento: Luis Sin Consentimiento ${tag}`,
      `consentimiento.${tag}@example.cl`,
      'Tipo de ingresos: no guardado (sin consentimiento expreso)',
    );
    expect(mail.text).not.toContain('Jubilado');

    await signInAs(page, 'ventas');
    const income = () =>
      page.locator('dt', { hasText: /^Tipo de ingresos$/ }).locator('xpath=following-sibling::dd[1]');
    const consent = (purpose: string) =>
      page.getByTestId('lead-consents').locator(`[data-purpose="${purpose}"]`);

    await page.goto(`/admin/solicitudes/${given.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Consentimientos' })).toBeVisible();
    await expect(income()).toHaveText('Jubilado');
    await expect(consent('datos_socioeconomicos')).toContainText('Otorgado el');
    // The sentence staff read is the one the form showed beside the box.
    await expect(consent('datos_socioeconomicos')).toContainText(`«${given.wording}»`);
    await expect(consent('marketing')).toContainText('Otorgado el');
    await expect(consent('cesion')).toContainText('No otorgado');

    await page.goto(`/admin/solicitudes/${withheld.id}`);
    await expect(income()).toHaveText('no guardado (sin consentimiento expreso)');
    await expect(consent('datos_socioeconomicos')).toContainText('No otorgado');
    await expect(page.getByRole('main')).not.toContainText('Jubilado');
  });
});

test.describe('insurance form', () => {
  test('A visitor asks for an insurance quote and the panel stays until "Solicitar otra cotización"', {
    tag: '@phone',
  }, async ({ page }) => {
    await open(page, '/insurance');
    const form = formWith(page, 'Solicitar cotización');
    await form.getByLabel('Nombre completo').fill('Pedro González');
    await form.getByLabel('Correo electrónico').fill('pedro@example.cl');
    await form.getByLabel('Teléfono').fill('+56 2 2345 6789');
    await choose(form, 'Marca del vehículo', 'Toyota');
    await form.getByLabel('Año').fill('2019');
    await form.getByLabel('Modelo').fill('Corolla');
    await choose(form, 'Tipo de seguro', 'Seguro Todo Riesgo');
    await form.getByLabel('Comentarios').fill('Uso particular, estaciono en casa.');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Solicitar cotización' }).click();

    await expect(
      page.getByRole('status').filter({ hasText: '📩 ¡Solicitud de seguro enviada con éxito!' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: '¡Solicitud enviada con éxito!' })).toBeVisible();
    await framesDrawn(page);
    await expect(page.getByRole('heading', { name: '¡Solicitud enviada con éxito!' })).toBeFocused();
    await expectDelivered('Cotización de seguro: Pedro González', 'pedro@example.cl');
    await page.getByRole('button', { name: 'Solicitar otra cotización' }).click();
    await expect(form.getByLabel('Nombre completo')).toHaveValue('');
  });

  test('The year must be four digits within range, in Spanish, beside the field', async ({ page }) => {
    await open(page, '/insurance');
    const form = formWith(page, 'Solicitar cotización');
    await form.getByLabel('Año').fill('19');
    await form.getByRole('button', { name: 'Solicitar cotización' }).click();
    await expect(form.getByLabel('Nombre completo')).toBeFocused();
    await expect(form.getByLabel('Año')).toHaveAccessibleDescription(
      'Ingresa el año con cuatro dígitos, por ejemplo 2018.',
    );
    await expect(form.getByLabel('Comentarios')).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('sending and refusals', () => {
  test('While sending, the button says "Enviando..." and is disabled; a server refusal lands beside its field', async ({
    page,
  }) => {
    await open(page, '/insurance');
    const form = formWith(page, 'Solicitar cotización');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/seguros/', async (route) => {
      await held;
      await route.fulfill({
        status: 400,
        json: { error: 'Revisa los datos del formulario.', campos: { vehicle_model: 'Ingresa el modelo.' } },
      });
    });
    await form.getByLabel('Nombre completo').fill('Pedro González');
    await form.getByLabel('Correo electrónico').fill('pedro@example.cl');
    await form.getByLabel('Teléfono').fill('+56 2 2345 6789');
    await choose(form, 'Marca del vehículo', 'Kia');
    await form.getByLabel('Año').fill('2021');
    await form.getByLabel('Modelo').fill('Rio');
    await choose(form, 'Tipo de seguro', 'No estoy seguro');
    await form.getByLabel('Comentarios').fill('Sin comentarios.');
    await form.getByRole('button', { name: 'Solicitar cotización' }).click();

    // The form locator goes by the submit button's name, which changes while sending.
    const sending = page.getByRole('button', { name: 'Enviando...' });
    await expect(sending).toBeDisabled();
    release();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Error: Error 400: Revisa los datos del formulario.' }),
    ).toBeVisible();
    await expect(form.getByLabel('Modelo')).toHaveAccessibleDescription('Ingresa el modelo.');
    await expect(form.getByLabel('Modelo')).toBeFocused();
    await expect(form.getByRole('button', { name: 'Solicitar cotización' })).toBeEnabled();
  });

  test('The sell page words a failed token fetch its own way', async ({ page }) => {
    await open(page, '/sell-your-car');
    await page.route('**/api/get-csrf-token/', (route) =>
      route.fulfill({ status: 503, body: 'no disponible' }),
    );
    const form = formWith(page, 'Solicitar tasación');
    await form.getByLabel('Nombre completo').fill('Luis Fernández');
    await form.getByLabel('Teléfono', { exact: true }).fill('+56 9 5555 1234');
    await form.getByLabel('Correo electrónico').fill('luis@example.cl');
    await choose(form, 'Marca', 'Ford');
    await form.getByLabel('Modelo').fill('Ranger');
    await form.getByLabel('Año').fill('2015');
    await form.getByLabel('Kilometraje').fill('150000');
    await form.getByLabel('Color').fill('Blanco');
    await choose(form, 'Estado del vehículo', 'Regular');
    await form.getByRole('button', { name: 'Solicitar tasación' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Hubo un error al enviar: Error obteniendo CSRF token: 503' }),
    ).toBeVisible();
  });
});

test.describe('refused photos', () => {
  test('A file that only pretends to be a photo is refused in the page; a photo the server refuses is named in the notice', async ({
    page,
  }) => {
    // Playwright's trace recorder reads blob: URLs in this test, which the page's CSP (connect-src
    // 'self') reports; without tracing the page logs nothing (the page itself never fetches a blob: URL).
    toleratedConsole.push(/^Connecting to 'blob:/);
    await open(page, '/sell-your-car');
    const form = formWith(page, 'Solicitar tasación');
    const fake = path.join(mkdtempSync(path.join(tmpdir(), 'sell-fake-')), 'factura.jpg');
    writeFileSync(fake, '%PDF-1.4 esto no es una foto');
    await form.getByLabel('Agregar fotos').setInputFiles(fake);
    await expect(
      page.getByRole('alert').filter({ hasText: '«factura.jpg» no es una imagen válida.' }),
    ).toBeVisible();
    await expect(form.getByRole('img', { name: /^Foto/ })).toHaveCount(0);

    await page.route('**/api/vendeauto/', (route) =>
      route.fulfill({
        status: 400,
        json: {
          error: 'Revisa las fotos adjuntas.',
          campos: { images: 'Foto 1: El archivo no es una imagen válida.' },
        },
      }),
    );
    await form.getByLabel('Agregar fotos').setInputFiles(await makePhotos(1));
    await form.getByLabel('Nombre completo').fill('Luis Fernández');
    await form.getByLabel('Teléfono', { exact: true }).fill('+56 9 5555 1234');
    await form.getByLabel('Correo electrónico').fill('luis@example.cl');
    await choose(form, 'Marca', 'Nissan');
    await form.getByLabel('Modelo').fill('Versa');
    await form.getByLabel('Año').fill('2016');
    await form.getByLabel('Kilometraje').fill('120000');
    await form.getByLabel('Color').fill('Gris');
    await choose(form, 'Estado del vehículo', 'Bueno');
    await form.getByRole('button', { name: 'Solicitar tasación' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText:
          'Hubo un error al enviar: Error 400: Revisa las fotos adjuntas. Foto 1: El archivo no es una imagen válida.',
      }),
    ).toBeVisible();
    await expect(form.getByRole('img', { name: /^Foto 1: auto-1/ })).toBeVisible();
  });
});

test.describe('sell-your-car form', () => {
  test('A visitor asks for an appraisal with two photos and reaches the success panel', {
    tag: '@phone',
  }, async ({ page }) => {
    await open(page, '/sell-your-car');
    const form = formWith(page, 'Solicitar tasación');
    await form.getByLabel('Nombre completo').fill('Luis Fernández');
    await form.getByLabel('Teléfono', { exact: true }).fill('+56 9 5555 1234');
    await form.getByLabel('Correo electrónico').fill('luis@example.cl');
    await choose(form, 'Marca', 'Mazda');
    await form.getByLabel('Modelo').fill('CX-5');
    await form.getByLabel('Año').fill('2017');
    await form.getByLabel('Kilometraje').fill('98.500');
    await form.getByLabel('Color').fill('Rojo');
    await choose(form, 'Estado del vehículo', 'Bueno');
    await form.getByLabel('Agregar fotos').setInputFiles(await makePhotos(2));
    await expect(page.getByRole('img', { name: /^Foto \d: auto-/ })).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Solicitar tasación' }).click();

    await expect(
      page.getByRole('status').filter({ hasText: '¡Formulario VendeAuto enviado correctamente!' }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('heading', { name: '¡Solicitud enviada con éxito!' })).toBeFocused();
    const appraisal = await expectDelivered(
      'Tasación "Compramos tu auto": Luis Fernández',
      'luis@example.cl',
    );
    expect(appraisal.attachments).toHaveLength(2);
    expect(appraisal.text).toContain('dentro de 48 horas');
    await page.getByRole('button', { name: 'Enviar otra solicitud' }).click();
    await expect(form.getByLabel('Nombre completo')).toHaveValue('');
    await expect(page.getByRole('img', { name: /^Foto \d/ })).toHaveCount(0);
  });

  test('The photo picker keeps five photos, refuses one over 5 MB and can remove each', async ({ page }) => {
    await open(page, '/sell-your-car');
    await expect(page.getByText('JPG, PNG, máx 5MB')).toBeVisible();
    const picker = page.getByLabel('Agregar fotos');
    await picker.setInputFiles(await makePhotos(6));
    await expect(page.getByRole('img', { name: /^Foto \d/ })).toHaveCount(5);
    await expect(page.getByRole('alert').filter({ hasText: 'se descartó 1 archivo' })).toBeVisible();
    const full = page.getByLabel('Máximo de fotos alcanzado');
    await expect(full).toBeDisabled();

    await page.getByRole('button', { name: 'Quitar foto 5' }).click();
    await expect(page.getByRole('img', { name: /^Foto \d/ })).toHaveCount(4);
    await expect(picker).toBeEnabled();

    await picker.setInputFiles(await makeHugePhoto());
    await expect(
      page.getByRole('alert').filter({ hasText: '«enorme.png» pesa más de 5 MB y no se agregó.' }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: /^Foto \d/ })).toHaveCount(4);
  });
});

test.describe('commercial advisory modal', () => {
  test('A visitor requests commercial advice; the modal closes and the confirmation stays on the page', {
    tag: '@phone',
  }, async ({ page }) => {
    await open(page, '/commercial-advisory');
    const opener = page.getByRole('button', { name: 'Solicitar asesoría' }).first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Solicitud de Asesoría Comercial' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(dialog.getByLabel('Nombre completo')).toBeFocused();
    await expect(dialog.getByLabel('Fecha preferida')).toHaveAccessibleDescription(/Selecciona una fecha/);
    await expect(dialog.getByLabel('Situación financiera (opcional)')).not.toHaveAttribute('aria-invalid');
    await expectNoAxeViolations(page, 'dialog[open]');

    await dialog.getByLabel('Nombre completo').fill('Sofía Rojas');
    await dialog.getByLabel('Teléfono', { exact: true }).fill('+56 9 4444 3333');
    await dialog.getByLabel('Correo electrónico').fill('sofia@example.cl');
    await choose(dialog, 'Área de asesoría', 'Planificación financiera');
    await choose(dialog, 'Tipo de cliente', 'Pyme');
    const tomorrow = new Date(Date.now() + 86_400_000);
    await dialog.getByLabel('Fecha preferida').fill(tomorrow.toLocaleDateString('sv-SE'));
    await dialog.getByLabel('Comentarios').fill('Quiero ordenar las finanzas de mi negocio.');
    await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();

    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Formulario de asesoría enviado con éxito' }),
    ).toBeVisible();
    // Focus goes to the confirmation; closing it gives focus back to the button that opened the form.
    await expect.poll(() => focusedText(page)).toBe('Formulario de asesoría enviado con éxito');
    await framesDrawn(page);
    await expect(page.getByText('Formulario de asesoría enviado con éxito')).toBeVisible();
    await expectDelivered('Solicitud de asesoría comercial: Sofía Rojas', 'sofia@example.cl');
    await page.getByRole('button', { name: 'Cerrar aviso' }).click();
    await expect(page.getByText('Formulario de asesoría enviado con éxito')).toBeHidden();
    await expect(opener).toBeFocused();

    // Opened again, the form starts empty.
    await opener.click();
    await expect(dialog.getByLabel('Nombre completo')).toHaveValue('');
  });
});
