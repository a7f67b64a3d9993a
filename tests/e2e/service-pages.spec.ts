import { directCreditDownPaymentText } from '@domain/credit';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { axe } from './support/axe.ts';

// The e2e server runs with the default (demo) dealership configuration.
const downPayment = directCreditDownPaymentText(defaultDealership.financing);

/** The root marks <html data-hydrated="true"> once React has taken over the server HTML. */
async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 });
}

/** Presses Tab (from wherever focus is) until `target` has focus; fails if not reached within `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 150) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`not reached by keyboard within ${limit} Tab presses`);
}

/** Scrolls the whole page so every fade-in section starts, as a visitor reading it would; the scan waits for them. */
async function readWholePage(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  // The observers of the last sections report on the next frames.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

test.describe('Financing page', () => {
  test('It shows the general features, both credit options, their documented requirements and six partner logos', async ({
    page,
  }) => {
    await page.goto('/financing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle(/^Financiamiento automotriz/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/financing$/);
    await expect(page.getByRole('heading', { name: 'Un financiamiento pensado para ti' })).toBeVisible();
    for (const feature of ['Plazos flexibles', 'Autos nuevos y usados', 'Apoyo a pymes']) {
      await expect(page.getByRole('heading', { name: feature })).toBeVisible();
    }

    const direct = page.locator('#credito-directo-section');
    await expect(direct.getByRole('heading', { level: 2 })).toHaveText('Crédito Directo');
    for (const item of [
      'Plazo de hasta 48 meses',
      'Primera cuota un mes después de la firma',
      'Cuota fija en pesos durante todo el crédito',
      'Exclusivo para residentes de la Quinta Región',
      'Aval directo familiar (referencial)',
      'Acreditar ingresos acordes al valor de la cuota',
      'Comprobante de domicilio',
      'Cédula de identidad vigente',
      'Para autos nuevos o usados, de uso particular o comercial',
      'Financiamiento especial para pymes y pequeños emprendedores',
    ]) {
      await expect(direct.getByRole('listitem').filter({ hasText: item })).toHaveCount(1);
    }

    const conventional = page.locator('#credito-convencional-section');
    await expect(conventional.getByRole('heading', { level: 2 })).toHaveText('Crédito Convencional');
    for (const item of [
      'Antigüedad laboral mínima de 1 año',
      'Renta fija: últimas 3 liquidaciones de sueldo',
      'Renta variable: últimas 6 liquidaciones de sueldo',
      'Carpeta tributaria',
      'Al menos 3 años de inicio de actividades',
    ]) {
      await expect(conventional.getByRole('listitem').filter({ hasText: item })).toHaveCount(1);
    }

    const partners = page.getByRole('list', { name: 'Instituciones financieras asociadas' });
    await expect(partners.getByRole('img')).toHaveCount(6);
    await expect(partners.locator('img[src]')).toHaveCount(0);
  });

  test('The configured down payment is one text, said once in each place, with no contradicting percentage', async ({
    page,
  }) => {
    await page.goto('/financing');
    const optionCard = page.getByRole('link', { name: /^Crédito Directo/ });
    await expect(optionCard.getByText(downPayment, { exact: true })).toHaveCount(1);
    await expect(
      page.locator('#credito-directo-section').getByText(downPayment, { exact: true }),
    ).toHaveCount(1);
    await expect(page.locator('main').getByText(downPayment, { exact: true })).toHaveCount(2);
    await expect(page.locator('main')).not.toContainText('50%');
  });

  test('Each option card glides to its credit section and moves focus there', async ({ page }) => {
    await page.goto('/financing');
    await hydrated(page);
    await page.getByRole('link', { name: /^Crédito Convencional/ }).click();
    const conventional = page.locator('#credito-convencional-section');
    await expect(conventional).toBeInViewport({ timeout: 10_000 });
    await expect(conventional).toBeFocused();

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: /^Crédito Directo/ }).click();
    await expect(page.locator('#credito-directo-section')).toBeInViewport({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/financing$/);
  });

  test("On the page, the header's Tradicional link glides to its section 100 ms later, without a page load", async ({
    page,
  }) => {
    // Virtual time: the test says when the 100 ms have passed.
    await page.clock.install();
    await page.goto('/financing');
    await hydrated(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.evaluate(() => {
      (window as { samePage?: boolean }).samePage = true;
    });
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await nav.getByRole('link', { name: 'Financiamiento', exact: true }).hover();
    await nav.getByRole('link', { name: 'Tradicional' }).click();
    await expect(page).toHaveURL(/\/financing#credito-convencional-section$/);
    // Not the browser's own jump: nothing has moved yet.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.clock.runFor(100);
    const conventional = page.locator('#credito-convencional-section');
    await expect(conventional).toBeInViewport({ timeout: 10_000 });
    await expect(conventional).toBeFocused();
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  });

  for (const [path, section] of [
    ['/financing/credito-directo-section', 'credito-directo-section'],
    ['/financing/credito-convencional-section', 'credito-convencional-section'],
    ['/financing#credito-convencional-section', 'credito-convencional-section'],
  ] as const) {
    test(`Opening ${path} shows the same financing page scrolled to its section`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Financia tu próximo auto a tu medida',
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/financing$/);
      await hydrated(page);
      // The scroll starts 100 ms after hydration and is smooth, so give it time on a slow machine.
      await expect(page.locator(`#${section}`)).toBeInViewport({ timeout: 10_000 });
    });
  }

  test('Every request button is reachable by keyboard and opens the financing request dialog', async ({
    page,
  }) => {
    test.slow(); // Tabs through the whole page, four times.
    await page.goto('/financing');
    await hydrated(page);
    const triggers = page.locator('main button[aria-haspopup="dialog"]');
    await expect(triggers).toHaveCount(4);
    for (const trigger of await triggers.all()) {
      await tabTo(page, trigger);
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Solicitud de Asesoría Financiera' });
      await expect(dialog).toBeVisible();
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // Closing has finished once the page's state says so; then focus is back on the opener.
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await expect(trigger).toBeFocused();
    }
  });
});

const PLANS = [
  ['Seguro Obligatorio SOAP', 'soap'],
  ['Seguro Contra Terceros', 'terceros'],
  ['Seguro Todo Riesgo', 'todo-riesgo'],
] as const;

test.describe('Insurance page', () => {
  test('"Cotizar este seguro" opens the quote form with that plan chosen, in the address', {
    tag: '@phone',
  }, async ({ page, request }) => {
    // The plan cards fade in sliding up as they are scrolled to; a click could land while one moves (as in
    // forms.spec.ts). With reduced motion nothing moves.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/insurance');
    await hydrated(page);
    const type = page.locator('#cotizacion').getByLabel('Tipo de seguro');
    await expect(type).toHaveValue('');
    for (const [plan, value] of [PLANS[1], PLANS[2], PLANS[0]]) {
      await page.getByRole('link', { name: `Cotizar este seguro: ${plan}`, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/insurance\\?seguro=${value}#cotizacion$`));
      await hydrated(page);
      await expect(type).toHaveValue(value);
      // The page opens at the form's top (its heading), the plan already chosen further down.
      await expect(page.getByRole('heading', { level: 2, name: 'Solicita tu Cotización' })).toBeInViewport();
    }
    // The server renders the choice (a shared link, no JavaScript); an unknown plan chooses nothing.
    const html = await (await request.get('/insurance?seguro=terceros')).text();
    expect(html).toMatch(/<option value="terceros" selected(="")?>/);
    await page.goto('/insurance?seguro=otro#cotizacion');
    await hydrated(page);
    await expect(type).toHaveValue('');
  });

  test('It shows the three plans with their coverages, the quote section and the advisors line', async ({
    page,
  }) => {
    await page.goto('/insurance');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle(/^Seguros automotrices/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/insurance$/);
    for (const [plan, type] of PLANS) {
      await expect(page.getByRole('heading', { level: 3, name: plan })).toBeVisible();
      await expect(
        page.getByRole('list', { name: `Coberturas del ${plan}` }).getByRole('listitem'),
      ).not.toHaveCount(0);
      await expect(
        page.getByRole('link', { name: `Cotizar este seguro: ${plan}`, exact: true }),
      ).toHaveAttribute('href', `?seguro=${type}#cotizacion`);
    }
    const quote = page.locator('#cotizacion');
    await expect(quote.getByRole('heading', { level: 2, name: 'Solicita tu Cotización' })).toBeVisible();
    const phone = defaultDealership.phones[0];
    if (!phone) throw new Error('demo dealership has no phone');
    await expect(quote.getByRole('link', { name: phone.display })).toHaveAttribute(
      'href',
      `tel:${phone.e164}`,
    );
    await expect(quote.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/${defaultDealership.whatsapp}\\?text=`),
    );
  });
});

test.describe('Sell-your-car page', () => {
  test('It explains the three steps, the four benefits and what the seller needs, next to the form', async ({
    page,
  }) => {
    await page.goto('/sell-your-car');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compramos tu auto');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/sell-your-car$/);
    const steps = page.getByRole('list').filter({ has: page.getByRole('heading', { name: /Paso 1/ }) });
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
      'Paso 1: Completa el formulario',
      'Paso 2: Evaluación técnica',
      'Paso 3: Oferta y pago',
    ]);
    for (const benefit of [
      'Tasación justa',
      'Proceso en menos de 48 horas',
      'Sin complicaciones',
      'Pago inmediato',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: benefit })).toBeVisible();
    }
    const checklist = page.getByRole('list', { name: 'Documentos para vender tu auto' });
    await expect(checklist.getByRole('listitem')).toHaveCount(7);
    await expect(checklist).toContainText('Certificado de anotaciones vigentes, sin prendas');
    await expect(page.locator('#tasacion').getByRole('heading', { level: 2 })).toHaveText(
      'Solicita la tasación de tu auto',
    );
  });
});

test.describe('Commercial advisory page', () => {
  test('It presents the intro, the benefits and the five work areas', async ({ page }) => {
    await page.goto('/commercial-advisory');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/commercial-advisory$/);
    await expect(
      page.getByRole('list', { name: 'Beneficios de la asesoría' }).getByRole('listitem'),
    ).toHaveCount(4);
    for (const area of [
      'Diagnóstico financiero',
      'Planificación financiera',
      'Gestión de presupuesto',
      'Asesoría en inversiones',
      'Educación financiera',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: area })).toBeVisible();
    }
  });

  test('Both request buttons are reachable by keyboard and open the advisory request dialog', async ({
    page,
  }) => {
    await page.goto('/commercial-advisory');
    await hydrated(page);
    const triggers = page.locator('main button[aria-haspopup="dialog"]');
    await expect(triggers).toHaveText(['Solicitar asesoría', 'Agendar asesoría']);
    for (const trigger of await triggers.all()) {
      await tabTo(page, trigger);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Solicitud de Asesoría Comercial' });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await expect(trigger).toBeFocused();
    }
  });
});

for (const path of ['/financing', '/insurance', '/sell-your-car', '/commercial-advisory']) {
  test(`${path} has no axe violations once all its sections have faded in`, { tag: '@phone' }, async ({
    page,
  }) => {
    await page.goto(path);
    await hydrated(page);
    await readWholePage(page);
    const results = await axe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
  });
}
