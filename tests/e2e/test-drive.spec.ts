import { gzipSync } from 'node:zlib';
import { test as base, expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { hydrated, signInAs } from './support/admin.ts';
import { axe } from './support/axe.ts';
import { findOutboxMail } from './support/outbox.ts';
import { onPhone } from './support/widths.ts';

// Item 6 of issue 19 in a real browser (ADR 0020): a visitor books a test drive on a vehicle page; it reaches the
// staff e-mail, the back office inbox and (for today or tomorrow) the dashboard; a full slot is not offered and a
// forced booking of it gets a clear 409. axe at both widths with the dialog open and on the success panel; a booking
// made with the keyboard alone.

const test = base;
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

interface Slots {
  dias: Array<{ fecha: string; etiqueta: string; horarios: Array<{ inicio: string; hora: string }> }>;
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A published demo vehicle per project and test, so the two widths never compete for one car. */
async function vehicleFor(page: Page, index: number): Promise<{ id: number; name: string }> {
  const list = (await (await page.request.get('/api/vehiculos-resumen/')).json()) as Array<{
    id: number;
    marca: string;
    modelo: string;
    año: number;
  }>;
  const vehicle = list[index];
  if (!vehicle) throw new Error('not enough demo vehicles');
  return { id: vehicle.id, name: `${vehicle.marca} ${vehicle.modelo} ${vehicle.año}` };
}

const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 7)}`.replace(/\d/g, 'x');

/**
 * The k-th free time of the first day that has more than k. A slot has one place whatever the car, and the tests run
 * in parallel: each test and width books its own k (0–3; the keyboard test takes the first time of days 1 and 2).
 */
async function chooseTime(
  dialog: Locator,
  k: number,
): Promise<{ dayName: string; time: Locator; inicio: string }> {
  const days = dialog.getByRole('group', { name: 'Día', exact: true }).getByRole('radio');
  const count = await days.count();
  for (let d = 0; d < count; d++) {
    const day = days.nth(d);
    if (d > 0) await day.check({ force: true });
    await expect(day).toBeChecked();
    const dayName = (await day.getAttribute('aria-label')) ?? '';
    const times = dialog.getByRole('group', { name: `Hora del ${dayName}`, exact: true }).getByRole('radio');
    await expect(times.first()).toBeAttached();
    if ((await times.count()) > k) {
      const time = times.nth(k);
      return { dayName, time, inicio: (await time.getAttribute('value')) ?? '' };
    }
  }
  throw new Error(`no day offers ${k + 1} free times`);
}

/** The headers a booking sent from the page carries (CSRF token and origin), for someone else's booking by API. */
async function bookingHeaders(page: Page): Promise<Record<string, string>> {
  const token = (await (await page.request.get('/api/get-csrf-token/')).json()) as { csrfToken: string };
  return { 'X-CSRFToken': token.csrfToken, Origin: new URL(page.url()).origin };
}

async function openBooking(page: Page, vehicleId: number, withInquiry = false) {
  await page.goto(`/vehicles/${vehicleId}`);
  await hydrated(page);
  if (withInquiry) {
    // The enquiry form open in the side card names its fields as the dialog does: ids must still be unique.
    await page.getByRole('button', { name: 'Solicitar información' }).click();
    await expect(page.getByRole('button', { name: 'Enviar solicitud' })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Agendar prueba de manejo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agendar prueba de manejo' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('group', { name: /^Hora del/ })).toBeVisible();
  return dialog;
}

test(
  'a visitor books a test drive; staff get the e-mail, see it in the inbox and on the dashboard',
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    const phone = onPhone(testInfo);
    const vehicle = await vehicleFor(page, phone ? 3 : 2);
    const dialog = await openBooking(page, vehicle.id, true);
    await expectNoAxeViolations(page);
    expect(
      await page.evaluate(() => {
        const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
        return ids.filter((id, i) => ids.indexOf(id) !== i);
      }),
    ).toEqual([]);

    // An early free slot, of this test and width alone.
    const { dayName, time, inicio } = await chooseTime(dialog, phone ? 1 : 0);
    await time.check({ force: true });
    const name = unique('Cliente Prueba');
    await dialog.getByLabel('Nombre completo').fill(name);
    await dialog.getByLabel('Teléfono').fill('+56 9 8123 4567');
    await dialog.getByLabel('Correo electrónico').fill('cliente.prueba@example.cl');
    await dialog.getByRole('button', { name: 'Agendar prueba de manejo' }).click();

    const success = dialog.getByRole('heading', { name: '¡Prueba de manejo agendada!' });
    await expect(success).toBeFocused();
    const slotTime = new Intl.DateTimeFormat('es-CL', {
      timeZone: 'America/Santiago',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(inicio));
    await expect(dialog).toContainText(`${dayName}, ${slotTime}`);
    const calendar = dialog.getByRole('link', { name: 'Agregar a mi calendario (.ics)' });
    const href = (await calendar.getAttribute('href')) ?? '';
    const ics = await page.request.get(href);
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await ics.text()).toContain(`DTSTART:${inicio.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    await expectNoAxeViolations(page);
    // The e-mail, the slot taken for every car and the staff's inbox (opened in a context of its own, at the default
    // width) do not depend on the visitor's width: 1440 px only.
    if (onPhone(testInfo)) return;

    const mail = await findOutboxMail((m) => m.subject === `Prueba de manejo: ${name}`);
    expect(mail.text).toContain(`Prueba de manejo: ${dayName}, ${slotTime}`);
    expect(mail.text).toContain(vehicle.name);

    // The slot is no longer offered, for this car or any other (one place per slot).
    const other = await vehicleFor(page, phone ? 5 : 4);
    const slots = (await (
      await page.request.get(`/api/prueba-de-manejo/horarios/?vehiculo=${other.id}`)
    ).json()) as Slots;
    expect(slots.dias.flatMap((d) => d.horarios.map((h) => h.inicio))).not.toContain(inicio);

    const staff = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const admin = await staff.newPage();
    await signInAs(admin, 'ventas');
    await admin.goto('/admin/solicitudes?tipo=prueba');
    const row = admin.locator('[data-lead-id]').filter({ hasText: name }).filter({ visible: true });
    await expect(row).toContainText('Prueba de manejo');
    await admin.getByRole('link', { name }).filter({ visible: true }).click();
    await expect(admin.getByText(`${dayName}, ${slotTime}`)).toBeVisible();

    const chileDay = (date: Date) => date.toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });
    const soon = [chileDay(new Date()), chileDay(new Date(Date.now() + 86_400_000))];
    await admin.goto('/admin');
    const panel = admin
      .getByRole('heading', { name: 'Pruebas de manejo de hoy y mañana' })
      .locator('..')
      .locator('..');
    if (soon.includes(chileDay(new Date(inicio)))) {
      await expect(panel.getByRole('listitem').filter({ hasText: name })).toContainText(slotTime);
      await expect(
        panel.getByRole('link', { name: new RegExp(`^Ver solicitud N° \\d+: prueba de manejo de ${name}`) }),
      ).toBeVisible();
    } else {
      testInfo.annotations.push({
        type: 'note',
        description: `slot ${inicio} is after tomorrow: not on the dashboard`,
      });
      await expect(panel).not.toContainText(name);
    }
    await staff.close();
  },
);

test(
  'a full slot is not offered, and a forced booking of it gets a clear 409',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const phone = onPhone(testInfo);
    const [first, second] = [await vehicleFor(page, phone ? 7 : 6), await vehicleFor(page, phone ? 9 : 8)];
    const dialog = await openBooking(page, first.id);
    const { time, inicio } = await chooseTime(dialog, phone ? 3 : 2);

    // Someone else takes that slot (for another car) while the dialog is open.
    const headers = await bookingHeaders(page);
    const other = { nombre: 'Otra Persona', telefono: '+56 9 7000 1111', correo: 'otra@example.cl' };
    const taken = await page.request.post('/api/prueba-de-manejo/', {
      headers,
      data: { ...other, vehiculo: second.id, horario: inicio },
    });
    expect(taken.status()).toBe(201);

    // The visitor still submits it: the answer says so, beside the times, and the times are read again without it.
    await time.check({ force: true });
    await dialog.getByLabel('Nombre completo').fill('Visitante Tardío');
    await dialog.getByLabel('Teléfono').fill('+56 9 8123 4567');
    await dialog.getByLabel('Correo electrónico').fill('tardio@example.cl');
    await dialog.getByRole('button', { name: 'Agendar prueba de manejo' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Error 409: Ese horario ya no tiene cupo');
    await expect(dialog.getByRole('group', { name: /^Hora del/ })).toContainText(
      'Ese horario ya no tiene cupo',
    );
    await expect(dialog.locator(`input[value="${inicio}"]`)).toHaveCount(0);
    // What the server answers a page opened now, or a forced POST, does not depend on the width: 1440 px only.
    if (onPhone(testInfo)) return;

    // A page opened now does not offer it, and a forced POST for it is refused with 409 and nothing stored.
    const reopened = await openBooking(page, first.id);
    await expect(reopened.locator(`input[value="${inicio}"]`)).toHaveCount(0);
    const forced = await page.request.post('/api/prueba-de-manejo/', {
      headers,
      data: { ...other, correo: 'forzado@example.cl', vehiculo: first.id, horario: inicio },
    });
    expect(forced.status()).toBe(409);
    expect(await forced.json()).toEqual({
      error: 'Ese horario ya no tiene cupo: alguien lo acaba de tomar. Elige otro horario.',
      campos: { horario: 'Ese horario ya no tiene cupo: alguien lo acaba de tomar. Elige otro horario.' },
    });
  },
);

// The 409 puts focus on the first time of the day. When that time is taken too, reading the times again removes the
// focused radio, which Chromium reports as focus leaving it (focusout): the field's error must stay beside the times.
// Seen once in a full run, when another test booked the first time meanwhile; here it is made to happen, on the last
// day offered, which no other test books. What the form does is the same at every width: one run, at 1440 px.
test('the taken time stays said beside the times read again, also when the focused first time was taken', async ({
  page,
}) => {
  const [mine, theirs, another] = [
    await vehicleFor(page, 12),
    await vehicleFor(page, 13),
    await vehicleFor(page, 14),
  ];
  const dialog = await openBooking(page, mine.id);
  const lastDay = dialog.getByRole('group', { name: 'Día', exact: true }).getByRole('radio').last();
  await lastDay.check({ force: true });
  await expect(lastDay).toBeChecked();
  const dayName = (await lastDay.getAttribute('aria-label')) ?? '';
  const timesGroup = dialog.getByRole('group', { name: `Hora del ${dayName}`, exact: true });
  const times = timesGroup.getByRole('radio');
  const first = (await times.nth(0).getAttribute('value')) ?? '';
  const chosen = (await times.nth(1).getAttribute('value')) ?? '';

  // Someone else takes the time the visitor is about to choose, and the first time of that day, while the dialog is open.
  const headers = await bookingHeaders(page);
  for (const [vehiculo, horario, correo] of [
    [theirs.id, chosen, 'primera@example.cl'],
    [another.id, first, 'segunda@example.cl'],
  ] as const) {
    const taken = await page.request.post('/api/prueba-de-manejo/', {
      headers,
      data: { nombre: 'Otra Persona', telefono: '+56 9 7000 2222', correo, vehiculo, horario },
    });
    expect(taken.status()).toBe(201);
  }

  await dialog.locator(`input[value="${chosen}"]`).check({ force: true });
  await dialog.getByLabel('Nombre completo').fill('Visitante Tardía');
  await dialog.getByLabel('Teléfono').fill('+56 9 8123 4567');
  await dialog.getByLabel('Correo electrónico').fill('tardia@example.cl');
  await dialog.getByRole('button', { name: 'Agendar prueba de manejo' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Error 409: Ese horario ya no tiene cupo');
  // The times were read again: both taken ones are gone, and the field still says why.
  await expect(dialog.locator(`input[value="${first}"]`)).toHaveCount(0);
  await expect(dialog.locator(`input[value="${chosen}"]`)).toHaveCount(0);
  await expect(timesGroup).toContainText('Ese horario ya no tiene cupo');
});

test('a test drive can be booked with the keyboard alone', { tag: '@phone' }, async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const vehicle = await vehicleFor(page, phone ? 11 : 10);
  await page.goto(`/vehicles/${vehicle.id}`);
  await hydrated(page);
  const open = page.getByRole('button', { name: 'Agendar prueba de manejo' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Agendar prueba de manejo' });
  const days = dialog.getByRole('group', { name: 'Día', exact: true }).getByRole('radio');
  await expect(days.first()).toBeVisible();
  // Into the days (after the close button), the next day with the arrow key (two days on for the phone: the widths
  // run in parallel and a slot has one place), then its first time.
  await days.first().focus();
  await page.keyboard.press('ArrowRight');
  if (phone) await page.keyboard.press('ArrowRight');
  const day = days.nth(phone ? 2 : 1);
  await expect(day).toBeChecked();
  await expect(day).toBeFocused();
  await page.keyboard.press('Tab');
  const firstTime = dialog
    .getByRole('group', { name: /^Hora del/ })
    .getByRole('radio')
    .first();
  await expect(firstTime).toBeFocused();
  await page.keyboard.press('Space');
  await expect(firstTime).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Nombre completo')).toBeFocused();
  await page.keyboard.type('Teclado Pérez');
  await page.keyboard.press('Tab');
  await page.keyboard.type('+56 9 8123 4567');
  await page.keyboard.press('Tab');
  await page.keyboard.type('teclado@example.cl');
  // The optional marketing box (ADR 0031) comes before the button; Space ticks it.
  await page.keyboard.press('Tab');
  const marketing = dialog.getByRole('checkbox', { name: /^Acepto que .+ ofertas/ });
  await expect(marketing).toBeFocused();
  await page.keyboard.press('Space');
  await expect(marketing).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Agendar prueba de manejo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: '¡Prueba de manejo agendada!' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('link', { name: 'Agregar a mi calendario (.ics)' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // 'Cerrar'
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('the booking code loads only when asked for; the page stays within 90 kB', async ({ page, request }) => {
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(r.url());
  });
  const gzip = async () => {
    let bytes = 0;
    for (const url of scripts) bytes += gzipSync(await (await request.get(url)).body(), { level: 9 }).length;
    return bytes;
  };
  const vehicle = await vehicleFor(page, 0);
  await page.goto(`/vehicles/${vehicle.id}`);
  await hydrated(page);
  expect([...scripts].some((url) => url.includes('test-drive'))).toBe(false);
  const initial = await gzip();
  expect(initial).toBeLessThanOrEqual(90_000);
  await page.getByRole('button', { name: 'Agendar prueba de manejo' }).click();
  await expect(page.getByRole('dialog', { name: 'Agendar prueba de manejo' })).toBeVisible();
  expect([...scripts].some((url) => url.includes('test-drive'))).toBe(true);
  const opened = await gzip();
  console.info(
    `vehicle page JS gzip: ${(initial / 1000).toFixed(1)} kB at load, ${(opened / 1000).toFixed(1)} kB with the booking open`,
  );
});
