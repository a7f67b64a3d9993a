// One opening-hours setting (issue 31 item 2, ADR 0036), as a person uses it: an admin closes Saturday in Sitio; the
// header, the footer and the contact page say so, a vehicle page offers no Saturday test drive, and a request sent
// now is due when the rule says (a Friday request on Monday). It changes what every page shows, so it runs in the
// 'site-wide' projects against their own server (playwright.config.ts), and puts the hours back at the end.

import type { OpeningSchedule } from '@contracts/opening-schedule.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import { promiseDueAt, weekdayOf } from '@domain/opening-hours.ts';
import { slotLabel } from '@domain/test-drive.ts';
import { expect, type Page, test } from '@playwright/test';
import { chileHolidays } from '@server/services/rights/chile-holidays.ts';
import { hydrated, sendContactLead, signInAs, staffCall } from './support/admin.ts';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

const WEEKDAYS = '9:00-18:00';
const SENTENCE = 'Lun-Vie 9:00-18:00, Sáb y Dom cerrado';
/** This project runs at 1440 px; a phone is opened beside it (a second project would race it on these settings). */
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** The Sitio card of the opening hours. */
const hoursCard = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Horario de atención', exact: true }) });

async function saveHours(page: Page, saturday: string, weekdays = WEEKDAYS) {
  await signInAs(page, 'admin');
  await page.goto('/admin/sitio');
  await hydrated(page);
  const card = hoursCard(page);
  for (const day of ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'])
    await card.getByLabel(new RegExp(`^${day}`)).fill(weekdays);
  await card.getByLabel(/^Sábado/).fill(saturday);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText(/Se guardó la versión \d+\. El sitio ya la muestra\./).first()).toBeVisible();
}

/** A published vehicle of this server (it has no demo stock), made through the back office's API. */
async function createVehicle(page: Page, model: string): Promise<number> {
  const { listas } = (await (await page.request.get('/admin/api/listas')).json()) as {
    listas: Record<string, Array<{ id: number }>>;
  };
  const first = (kind: string) => listas[kind]?.[0]?.id;
  const { vehiculo } = (await staffCall(page.request, 'POST', '/admin/api/vehiculos', {
    marca: first('marcas'),
    modelo: model,
    año: 2024,
    precio: 18_990_000,
    kilometraje: 12_000,
    condicion: 'Usado',
    transmision: first('transmisiones'),
    combustible: first('combustibles'),
    tipo: first('tipos'),
    motor: '1.6',
    color: 'Gris',
    estado: 'publicado',
  })) as { vehiculo: { id: number } };
  return vehiculo.id;
}

test.afterAll(async ({ browser }) => {
  // The demo hours again, for the site-settings stories that share this server.
  const page = await browser.newPage();
  await saveHours(page, '10:30-13:30', '9:30-19:00');
  await page.close();
});

test('an admin closes Saturday: the site says so, no Saturday test drive is offered, and a request is due on an open day', async ({
  page,
  browser,
}, testInfo) => {
  await saveHours(page, '');
  // The form reads back what was saved: Saturday blank (closed), the weekdays as typed.
  await page.reload();
  await hydrated(page);
  const card = hoursCard(page);
  await expect(card.getByLabel(/^Sábado/)).toHaveValue('');
  await expect(card.getByLabel(/^Lunes/)).toHaveValue(WEEKDAYS);
  await page.screenshot({ path: testInfo.outputPath('sitio-horario.png'), fullPage: false });

  const vehicleId = await createVehicle(page, 'Horario');

  // A visitor who never signed in, on a wide screen and on a phone.
  for (const viewport of WIDTHS) {
    const visitor = await browser.newPage({
      viewport,
      isMobile: viewport.width < 500,
      hasTouch: viewport.width < 500,
    });
    await visitor.goto('/');
    await expect(visitor.getByTestId('top-bar')).toContainText(SENTENCE);
    await expect(visitor.getByRole('contentinfo')).toContainText('Lun-Vie 9:00-18:00');
    await expect(visitor.getByRole('contentinfo')).toContainText('Sáb y Dom cerrado');
    await visitor.goto('/contact');
    await expect(visitor.getByRole('main')).toContainText('Sáb y Dom cerrado');
    await expect(visitor.getByRole('main')).toContainText('Feriados cerrado');
    const jsonLd = JSON.parse(
      (await visitor.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    ) as { openingHoursSpecification?: Array<{ dayOfWeek?: string[] }> };
    expect(jsonLd.openingHoursSpecification?.flatMap((spec) => spec.dayOfWeek ?? [])).not.toContain(
      'Saturday',
    );

    await visitor.goto(`/vehicles/${vehicleId}`);
    await hydrated(visitor);
    await visitor.getByRole('button', { name: 'Agendar prueba de manejo' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Agendar prueba de manejo' });
    await expect(dialog.getByRole('group', { name: /^Hora del/ })).toBeVisible();
    const days = dialog.getByRole('group', { name: 'Día', exact: true }).getByRole('radio');
    const names = await days.evaluateAll((radios) =>
      radios.map((radio) => radio.getAttribute('aria-label') ?? ''),
    );
    expect(names.length).toBeGreaterThan(3);
    expect(names.filter((name) => /^(sábado|domingo)/.test(name))).toEqual([]);
    const times = await dialog
      .getByRole('group', { name: /^Hora del/ })
      .first()
      .getByRole('radio')
      .evaluateAll((radios) =>
        radios.map((radio) => radio.getAttribute('aria-label') ?? radio.textContent ?? ''),
      );
    for (const time of times) expect(time.match(/\d\d:\d\d/)?.[0] ?? '').toMatch(/^(09|1[0-7]):(00|30)$/);
    await visitor.screenshot({ path: testInfo.outputPath(`prueba-sin-sabado-${viewport.width}.png`) });
    await visitor.close();
  }

  // A request sent now: staff see it due when the rule says, on a day the dealership opens. On a Friday, Monday.
  const sentAt = new Date();
  const leadId = await sendContactLead(page, 'Persona Horario', 'horario@example.cl');
  await page.goto(`/admin/solicitudes/${leadId}`);
  await hydrated(page);
  const schedule: OpeningSchedule = {
    week: [[], ...[1, 2, 3, 4, 5].map(() => [{ open: '09:00', close: '18:00' }]), []],
    closedOnHolidays: true,
    closedDates: [],
  };
  const isHoliday = await chileHolidays();
  // The server stamped the request a moment after `sentAt`: either minute may be shown.
  const expected = [sentAt, new Date(sentAt.getTime() + 60_000)].map((at) =>
    slotLabel(promiseDueAt(at, 24, schedule, isHoliday)),
  );
  const due = page
    .getByText('Responder antes de (24 h en días de atención)')
    .locator('xpath=following-sibling::dd');
  const shown = (await due.textContent()) ?? '';
  expect(expected).toContain(shown);
  expect(shown).not.toMatch(/^(sábado|domingo)/);
  const today = chileDayKey(sentAt);
  if (weekdayOf(today) === 5 && !isHoliday(today)) expect(shown).toMatch(/^lunes/);
  await page.screenshot({ path: testInfo.outputPath('solicitud-plazo.png') });
  await page.setViewportSize(WIDTHS[1] as { width: number; height: number });
  await expect(due).toHaveText(shown);
  await page.screenshot({ path: testInfo.outputPath('solicitud-plazo-390.png') });
});
