import { dayKeyToChile } from '@domain/chile-time.ts';
import { type CreditSimulation, simulateCredit } from '@domain/credit.ts';
import { validityText } from '@domain/credit-quotation.ts';
import { formatPercent, formatPrice } from '@domain/format.ts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { quotationAt } from '@server/services/settings/quotation.ts';
import { hydrated, signInAs } from './support/admin.ts';
import { axe } from './support/axe.ts';
import { advertisedCuota, demoFinancing, vehicleToFinance } from './support/financing.ts';
import { findOutboxMail } from './support/outbox.ts';
import { onPhone } from './support/widths.ts';

function expected(input: Parameters<typeof simulateCredit>[1]): CreditSimulation {
  const result = simulateCredit(demoFinancing, input, defaultDealership);
  if (!result.ok) throw new Error(result.error);
  return result.simulation;
}

/** The three headline figures the simulator shows: cuota, CAE and CTC. */
async function expectFigures(scope: Locator, simulation: CreditSimulation) {
  const figures = scope.locator('dl').first();
  await expect(figures).toContainText(`Cuota mensual${formatPrice(simulation.installment)}`);
  await expect(figures).toContainText(`CAE${formatPercent(simulation.caePercent)}`);
  await expect(figures).toContainText(`Costo total del crédito${formatPrice(simulation.totalCost)}`);
}

const simulator = (page: Page) => page.locator('#simulador');

/** The page has hydrated and the simulator's code (loaded after it on a vehicle page) has taken over. */
async function simulatorLive(page: Page) {
  await hydrated(page);
  await expect(simulator(page).locator('[data-simulator="live"]')).toBeVisible();
}

test(
  'A visitor simulates a credit on a vehicle, shares it, and the request carries it to staff',
  {
    tag: '@phone',
  },
  async ({ page, browser, request }, testInfo) => {
    test.setTimeout(120_000);
    const vehicle = await vehicleToFinance(request);
    await page.goto(`/vehicles/${vehicle.id}?tab=financiamiento`);
    await simulatorLive(page);
    const panel = simulator(page);

    // The default: the side card's "Cuota desde" (the cheapest credit type at its minimum pie, the longest term).
    const lowest = advertisedCuota(vehicle.price);
    await expectFigures(panel, lowest);

    // Direct credit, the pie moved by keyboard from 40% to 50%, 24 months, with desgravamen.
    await panel.getByRole('radio', { name: /Crédito directo/ }).check();
    const slider = panel.getByRole('slider', { name: 'Pie en porcentaje del precio' });
    await expect(slider).toHaveAttribute('aria-valuetext', '40% del precio');
    await slider.focus();
    for (let step = 0; step < 10; step += 1) await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', '50% del precio');
    await panel.getByRole('radio', { name: '24 meses' }).check();
    await panel.getByRole('checkbox', { name: /Seguro de desgravamen/ }).check();
    const chosen = expected({
      price: vehicle.price,
      downPayment: { percent: 50 },
      term: 24,
      type: 'directo',
      insurances: ['desgravamen'],
    });
    await expectFigures(panel, chosen);
    await expect(panel.getByLabel('Pie (en pesos)')).toHaveValue(formatPrice(chosen.downPayment).slice(1));
    // Screen readers hear the result once the visitor stops.
    await expect(panel.locator('[aria-live="polite"]')).toHaveText(
      `24 cuotas de ${formatPrice(chosen.installment)}, CAE ${formatPercent(chosen.caePercent)}, costo total del crédito ${formatPrice(chosen.totalCost)}.`,
    );

    const scan = await axe(page).analyze();
    expect(scan.violations, 'the live simulator').toEqual([]);

    // The address holds the simulation: a fresh visitor opening it sees the same one, rendered by the server.
    await expect(page).toHaveURL(
      new RegExp(`tab=financiamiento&tipo=directo&plazo=24&pie=${chosen.downPayment}&seguros=desgravamen`),
    );
    const shared = await browser.newContext();
    const other = await shared.newPage();
    await other.goto(page.url());
    await expect(other.getByRole('tab', { name: 'Financiamiento' })).toHaveAttribute('aria-selected', 'true');
    await expectFigures(simulator(other), chosen);
    await shared.close();

    // 'Solicitar este crédito' opens the financing request, filled from the simulation.
    await panel.getByRole('button', { name: 'Solicitar este crédito' }).click();
    const dialog = page.getByRole('dialog', { name: 'Solicitud de Asesoría Financiera' });
    await expect(dialog).toContainText(`24 cuotas de ${formatPrice(chosen.installment)}`);
    await expect(dialog.getByLabel('Tipo de financiamiento')).toHaveValue('directo');
    await expect(dialog.getByLabel('Plazo')).toHaveValue('24');
    expect((await axe(page).analyze()).violations, 'the request filled from it').toEqual([]);
    await expect(dialog.getByLabel(/^Pie/)).toHaveValue(new RegExp(`^\\${formatPrice(chosen.downPayment)}`));
    const email = `simulacion.${Date.now()}@example.cl`;
    await dialog.getByLabel('Nombre completo').fill('Camila Simulación');
    await dialog.getByLabel('Teléfono').fill('+56 9 5555 1234');
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByLabel('Tipo de ingresos (opcional)', { exact: true }).selectOption('dependiente');
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/contact-form/') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: number };
    await expect(dialog.getByText('¡Solicitud enviada con éxito!')).toBeVisible();
    // What staff receive does not depend on the visitor's width (the lead page's simulation at 390 px is admin-leads'
    // «A financing request sent from the simulator…»).
    if (onPhone(testInfo)) return;

    // The staff e-mail and the lead page show the simulation the server computed again.
    const mail = await findOutboxMail((m) => (m.text ?? '').includes(email));
    expect(mail.text).toContain('Simulación de crédito');
    expect(mail.text).toContain(formatPrice(chosen.installment));
    expect(mail.text).toContain(formatPercent(chosen.caePercent));
    // With its quotation's terms (ADR 0032): the direct credit's lender is the dealership itself.
    const terms = await quotationAt(defaultDealership, Date.now());
    expect(mail.text).toContain(`Institución que otorga el crédito: ${defaultDealership.legalName}`);
    expect(mail.text).toContain(`Válida hasta: ${validityText(terms)}`);
    expect(mail.text).toContain(`Primera cuota: ${dayKeyToChile(terms.firstInstallmentOn)}`);
    expect(mail.text).toContain(`Prepago: ${terms.prepayment}`);
    expect(mail.text).toContain('Seguro de desgravamen: aseguradora y cobertura: Seguros Andes.');
    expect(mail.text).not.toContain('Seguro de cesantía: aseguradora');
    await signInAs(page, 'ventas');
    await page.goto(`/admin/solicitudes/${id}`);
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: 'Simulación de crédito' }),
    });
    await expect(section).toContainText(formatPrice(chosen.installment));
    await expect(section).toContainText(formatPercent(chosen.caePercent));
    await expect(section).toContainText(formatPrice(chosen.totalCost));
    await expect(section).toContainText(`Válida hasta${validityText(terms)}`);
    await expect(section).toContainText(`Gastos de cobranza${terms.collectionCharges}`);
  },
);

test('A visitor reads a complete quotation, with its dates and lender, and prints it on one page', {
  tag: '@phone',
}, async ({ page, request }) => {
  const vehicle = await vehicleToFinance(request);
  await page.goto(`/vehicles/${vehicle.id}?tab=financiamiento&tipo=convencional`);
  await simulatorLive(page);
  const panel = page.getByRole('tabpanel', { name: 'Financiamiento' });
  // Today's terms, in Chile time, as the page computes them (the e2e server runs the demo settings).
  const terms = await quotationAt(defaultDealership, Date.now());
  const conditions = panel.getByRole('region', { name: 'Condiciones de la cotización' });
  await expect(conditions).toContainText(`Emitida por${defaultDealership.legalName}`);
  await expect(conditions).toContainText(`Fecha de emisión${dayKeyToChile(terms.issuedOn)}`);
  await expect(conditions).toContainText(`Válida hasta${validityText(terms)}`);
  await expect(conditions).toContainText(`Primera cuota${dayKeyToChile(terms.firstInstallmentOn)}`);
  for (const text of [terms.prepayment, terms.lateInterest, terms.collectionCharges])
    await expect(conditions).toContainText(text);
  await expect(conditions).toContainText('Seguro de desgravamen (opcional): aseguradora Seguros Andes.');
  await expect(conditions).toContainText(
    'Seguro de cesantía (opcional): aseguradora Aseguradora del Pacífico.',
  );
  // No promise of a deferred first cuota anywhere on the page.
  await expect(page.locator('body')).not.toContainText('90 días');

  // The lender follows the credit type; the annual rate stands beside the monthly one.
  const detail = panel.locator('details');
  await expect(detail).toContainText('Institución que otorga el créditoBanco Cumbre Andina');
  const conventional = expected({
    price: vehicle.price,
    downPayment: { percent: 20 },
    term: 48,
    type: 'convencional',
  });
  await expect(panel).toContainText(
    `Tasa ${formatPercent(conventional.monthlyRatePercent)} mensual, ${formatPercent(conventional.annualRatePercent)} anual`,
  );
  await expect(detail).toContainText(`Tasa de interés anual${formatPercent(conventional.annualRatePercent)}`);
  await panel.getByRole('radio', { name: /Crédito directo/ }).check();
  await expect(detail).toContainText(`Institución que otorga el crédito${defaultDealership.legalName}`);
  expect((await axe(page).analyze()).violations, 'the quotation').toEqual([]);

  // Printed, it is the quotation alone on one page: the figures and the terms, not the gallery or the header.
  await expect(panel.getByRole('button', { name: 'Imprimir cotización' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(panel.getByRole('radio', { name: /Crédito directo/ })).toBeHidden();
  await expect(conditions).toBeVisible();
  await expect(detail).toBeVisible();
  const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
  expect(pdf.match(/\/Count (\d+)/)?.[1], 'pages of the printed quotation').toBe('1');
  await page.emulateMedia({ media: 'screen' });

  // /financing states the same terms below its simulator.
  await page.goto(`/financing?vehiculo=${vehicle.id}`);
  await simulatorLive(page);
  const below = page.getByRole('region', { name: 'Condiciones de la cotización' });
  await expect(below).toContainText(`Válida hasta${validityText(terms)}`);
  await expect(simulator(page).locator('details')).toContainText(
    'Institución que otorga el créditoBanco Cumbre Andina',
  );
  await page.emulateMedia({ media: 'print' });
  const financingPdf = (await page.pdf({ format: 'A4' })).toString('latin1');
  expect(financingPdf.match(/\/Count (\d+)/)?.[1], 'pages of /financing printed').toBe('1');
});

test('The side card and the cards show "Cuota desde" with its CAE, and the side card opens that simulation', async ({
  page,
  request,
}) => {
  const vehicle = await vehicleToFinance(request);
  const lowest = advertisedCuota(vehicle.price);
  await page.goto(`/vehicles/${vehicle.id}`);
  const card = page.getByRole('complementary', { name: 'Resumen y contacto' });
  await expect(card).toContainText(`Cuota desde ${formatPrice(lowest.installment)} al mes`);
  await expect(card).toContainText(`CAE ${formatPercent(lowest.caePercent)}`);
  // ADR 0034: the credit every buyer can get, named beside its cuota.
  expect(lowest.type).toBe('convencional');
  await expect(card).toContainText('Crédito convencional');
  await card.getByRole('link', { name: 'Simula tu crédito' }).click();
  await expect(page.getByRole('tab', { name: 'Financiamiento' })).toHaveAttribute('aria-selected', 'true');
  await expectFigures(simulator(page), lowest);

  await page.goto('/vehicles?sort=price-desc');
  const first = page.locator('main a[href^="/vehicles/"]').first();
  const href = (await first.getAttribute('href')) ?? '';
  const listed = (await (await request.get(`/api/vehiculos/${href.split('/').at(-1)}/`)).json()) as {
    precio: string;
  };
  const fromCard = advertisedCuota(Number.parseInt(listed.precio, 10));
  await expect(first).toContainText(`Cuota desde ${formatPrice(fromCard.installment)}/mes`);
  await expect(first).toContainText(`CAE ${formatPercent(fromCard.caePercent)}`);
  await expect(first).toContainText(fromCard.typeLabel);
});

test('/financing simulates a typed price or a vehicle from stock, and refuses what no credit allows', {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/financing');
  await simulatorLive(page);
  const panel = simulator(page);
  await expect(panel.getByRole('button', { name: 'Solicitar este crédito' })).toBeDisabled();
  await panel.getByLabel('Precio del vehículo (en pesos)').fill('9990000');
  await expect(panel.getByLabel('Precio del vehículo (en pesos)')).toHaveValue('9.990.000');
  await panel.getByRole('radio', { name: '36 meses' }).check();
  await expectFigures(
    panel,
    expected({ price: 9_990_000, downPayment: { percent: 20 }, term: 36, type: 'convencional' }),
  );
  await expect(page).toHaveURL(/precio=9990000&tipo=convencional&plazo=36&pie=1998000/);

  // A pie under the minimum: a Spanish sentence instead of figures, never NaN.
  await panel.getByLabel('Pie (en pesos)').fill('500000');
  await expect(panel).toContainText('El crédito convencional requiere un pie de al menos 20% ($1.998.000).');
  await expect(panel.getByLabel('Pie (en pesos)')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel).not.toContainText('NaN');
  await expect(panel.getByRole('button', { name: 'Solicitar este crédito' })).toBeDisabled();

  // A credit of more than 5.000 UF: its maximum rate (the demo table's 9,12% a year) is under the credit's, so it is
  // not quoted, and the sentence names the limit (ADR 0042).
  await panel.getByLabel('Precio del vehículo (en pesos)').fill('300000000');
  await expect(panel).toContainText(
    'supera la tasa máxima convencional: 9,12% anual (0,76% mensual) para créditos a 90 días o más, de más de 5.000 UF',
  );
  await expect(panel).not.toContainText('NaN');
  await expect(panel.getByRole('button', { name: 'Solicitar este crédito' })).toBeDisabled();

  const { violations } = await axe(page).analyze();
  expect(violations).toEqual([]);
});

test('Without JavaScript the simulator is a form the server answers', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/financing?precio=12990000');
  const panel = simulator(page);
  await panel.getByRole('radio', { name: '24 meses' }).check();
  await panel.getByLabel('Pie (en pesos)').fill('5000000');
  await panel.getByRole('button', { name: 'Calcular' }).click();
  await expect(page).toHaveURL(/plazo=24/);
  await expectFigures(
    simulator(page),
    expected({ price: 12_990_000, downPayment: { pesos: 5_000_000 }, term: 24, type: 'convencional' }),
  );
  await context.close();
});

test('Hostile simulation parameters give the default simulation, never an error or NaN', async ({
  request,
}) => {
  const vehicle = await vehicleToFinance(request);
  const hostile = [
    '<script>alert(1)</script>',
    '-1',
    '1e99',
    'NaN',
    '9'.repeat(400),
    '%00',
    '__proto__',
    '\u202E48',
    '😀',
    '12,24,36',
  ];
  for (const value of hostile) {
    const v = encodeURIComponent(value);
    const query = `tipo=${v}&plazo=${v}&pie=${v}&seguros=${v}&precio=${v}&vehiculo=${v}`;
    for (const path of [`/vehicles/${vehicle.id}?tab=financiamiento&${query}`, `/financing?${query}`]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).not.toContain('NaN');
      expect(html, path).not.toContain('<script>alert(1)</script>');
    }
  }
  // The vehicle page then shows the default: conventional credit, minimum pie, longest term.
  const page = await request.get(`/vehicles/${vehicle.id}?tipo=x&plazo=x&pie=x`);
  const defaults = expected({
    price: vehicle.price,
    downPayment: { percent: 20 },
    term: 48,
    type: 'convencional',
  });
  expect(await page.text()).toContain(formatPrice(defaults.installment));
});
