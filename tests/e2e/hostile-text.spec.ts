import { randomBytes } from 'node:crypto';
import type { LookupKind } from '@contracts/admin-lookups.ts';
import type { StockLookups, StockVehicleDetail } from '@contracts/admin-stock.ts';
import { expect, type Page, test } from '@playwright/test';
import { hydrated, signInAs } from './support/admin.ts';

// Text the API accepts must come back as text: shown literally in the site and the back office, never run. Each
// value tries another way out: closing the JSON-LD script, an attribute, an element with a handler, a template.
const tag = randomBytes(3).toString('hex');
const VEHICLE_TEXT = {
  modelo: `</script><script>__x=1</script><img src=x onerror=__x=2> ${tag}`,
  motor: `2.0" onmouseover="__x=3`,
  color: `<svg onload="__x=4">{{7*7}}\${7*7}`,
};
const LEAD_TEXT = {
  name: `<img src=x onerror="__x=5"> Ana ${tag}`,
  message: `Hola </textarea><script>__x=6</script>\n<a href="javascript:__x=7">clic</a> & &amp; ‮derecha`,
};

/** What an injected script would leave behind: a value in window.__x (checked per page) or a dialog. */
function watchForAttacks(page: Page): { dialogs: string[]; ran: () => Promise<unknown> } {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { dialogs, ran: () => page.evaluate(() => (window as { __x?: unknown }).__x) };
}

async function adminHeaders(page: Page): Promise<Record<string, string>> {
  const token = await page.request.get('/api/get-csrf-token/');
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  return { 'X-CSRFToken': csrfToken, Origin: new URL(token.url()).origin };
}

test('hostile text typed into a vehicle is shown literally on its public page and in the back office, and runs nothing', async ({
  page,
}) => {
  const attack = watchForAttacks(page);
  await signInAs(page, 'admin');
  const headers = await adminHeaders(page);
  const { listas } = (await (await page.request.get('/admin/api/listas')).json()) as { listas: StockLookups };
  const first = (kind: LookupKind) => listas[kind][0]?.id;
  const created = await page.request.post('/admin/api/vehiculos', {
    headers,
    data: {
      ...VEHICLE_TEXT,
      marca: first('marcas'),
      tipo: first('tipos'),
      combustible: first('combustibles'),
      transmision: first('transmisiones'),
      año: 2021,
      precio: 9_990_000,
      kilometraje: 12_000,
      condicion: 'Usado',
      estado: 'publicado',
      publicarSinFotos: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { vehiculo } = (await created.json()) as { vehiculo: StockVehicleDetail };
  // Stored exactly as sent.
  expect(vehiculo).toMatchObject(VEHICLE_TEXT);

  try {
    await page.goto(`/vehicles/${vehiculo.id}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(VEHICLE_TEXT.modelo);
    await expect(page.locator('main')).toContainText(VEHICLE_TEXT.color);
    await expect(page.locator('main')).toContainText(VEHICLE_TEXT.motor);
    expect(await page.title()).toContain(VEHICLE_TEXT.modelo);
    // The structured data is still one valid JSON document holding the exact name.
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const car = jsonLd
      .map((text) => JSON.parse(text) as { '@type'?: string; name?: string })
      .find((d) => d.name);
    expect(car?.name).toContain(VEHICLE_TEXT.modelo);
    await expect(page.locator('img[src="x"], svg[onload], [onmouseover]')).toHaveCount(0);
    expect(await attack.ran()).toBeUndefined();

    await page.goto(`/admin/vehiculos?q=${tag}`);
    await hydrated(page);
    const listed = page.locator('main').getByText(VEHICLE_TEXT.modelo, { exact: false });
    await expect(listed.locator('visible=true').first()).toBeVisible();
    expect(await attack.ran()).toBeUndefined();
    await page.goto(`/admin/vehiculos/${vehiculo.id}`);
    await hydrated(page);
    await expect(page.getByLabel('Modelo')).toHaveValue(VEHICLE_TEXT.modelo);
    await expect(page.getByLabel('Motor')).toHaveValue(VEHICLE_TEXT.motor);
    await expect(page.getByLabel('Color')).toHaveValue(VEHICLE_TEXT.color);
    await expect(page.locator('img[src="x"], svg[onload], [onmouseover]')).toHaveCount(0);
    expect(await attack.ran()).toBeUndefined();
    expect(attack.dialogs).toEqual([]);
  } finally {
    await page.request.delete(`/admin/api/vehiculos/${vehiculo.id}`, { headers });
  }
});

test('hostile text sent in a lead is shown literally in the inbox and on the lead page, and runs nothing', async ({
  page,
}) => {
  const attack = watchForAttacks(page);
  const email = `hostil.${tag}@example.cl`;
  const sent = await page.request.post('/api/contacto-contacto/', {
    headers: await adminHeaders(page),
    data: { ...LEAD_TEXT, email, phone: '+56 9 8123 4567', subject: 'compra' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await signInAs(page, 'ventas');
  await page.goto(`/admin/solicitudes?q=${encodeURIComponent(email)}`);
  await hydrated(page);
  const entry = page.getByRole('link', { name: LEAD_TEXT.name }).first();
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(/\/admin\/solicitudes\/\d+/);
  await hydrated(page);
  await expect(page.locator('main')).toContainText(LEAD_TEXT.name);
  // Line breaks are kept; every character arrives as typed.
  const shownMessage = await page.locator('main').getByText('Hola </textarea>', { exact: false }).innerText();
  expect(shownMessage.trim()).toBe(LEAD_TEXT.message);
  await expect(page.locator('img[src="x"], a[href^="javascript:"]')).toHaveCount(0);
  expect(await attack.ran()).toBeUndefined();
  expect(attack.dialogs).toEqual([]);
});
