import { chileDayKey } from '@domain/chile-time.ts';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { E2E_STAFF } from './staff-accounts.ts';

/**
 * A new lead's time left (ADR 0036): the promised 24 h run on open days only, so «Quedan 23 h 59 min» on a weekday
 * morning, up to «Quedan 47 h 59 min» when Sunday falls inside them (a Saturday's lead), and days when a holiday
 * adds more. formatDuration writes hours below 48 h and days from there.
 */
export const QUEDAN_24_OPEN_HOURS = /^Quedan ((2[3-9]|3\d|4[0-7]) h( \d{1,2} min)?|[2-6] días( \d{1,2} h)?)$/;

/** React has hydrated the page: the root layout sets `data-hydrated` on <html>. */
export const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

/**
 * The page has drawn what it had to do: `frames` animation frames have passed since now, so a state set by the last
 * answer or event it got (an observer's callback, a reset after a request) has been rendered. For "it is still there"
 * checks, in place of a sleep: the wait follows the page's own frames, not the clock.
 */
export async function framesDrawn(page: Page, frames = 3): Promise<void> {
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
        next(count);
      }),
    frames,
  );
}

/**
 * Signs the page's browser context in through the back office API (fast; the sign-in form itself is covered by
 * its own test). The session cookie lands in the context, so every following page.goto is signed in.
 */
export async function signInAs(page: Page, role: keyof typeof E2E_STAFF): Promise<void> {
  const { email, password } = E2E_STAFF[role];
  const token = await page.request.get('/api/get-csrf-token/');
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  const origin = new URL(token.url()).origin;
  const response = await page.request.post('/admin/api/sesion', {
    data: { email, password },
    headers: { 'X-CSRFToken': csrfToken, Origin: origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A back office API call as the signed-in salesperson, with the CSRF token the back office's pages send. */
export async function staffCall(
  request: APIRequestContext,
  method: 'POST' | 'PATCH',
  url: string,
  data: object,
) {
  const token = await request.get('/api/get-csrf-token/');
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  const response = await request.fetch(url, {
    method,
    data,
    headers: { 'X-CSRFToken': csrfToken, Origin: new URL(token.url()).origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** Records the sale of a vehicle as the signed-in staff member (ADR 0038): today, at `price`, sold by the first person listed. */
export async function sellVehicle(request: APIRequestContext, vehicleId: number, price = 10_000_000) {
  const options = (await (await request.get(`/admin/api/vehiculos/${vehicleId}/venta`)).json()) as {
    opciones: { vendedores: { id: number }[] };
  };
  return staffCall(request, 'POST', `/admin/api/vehiculos/${vehicleId}/venta`, {
    fecha: chileDayKey(new Date()),
    precio: price,
    vendedor: options.opciones.vendedores[0]?.id,
  });
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * `test` with every page signed in as sales: the sign-in happens once per worker and its cookies are reused, since
 * each sign-in costs an argon2id check and every admin spec of the suite shares the e2e accounts.
 */
export const testAsVentas = base.extend<object, { ventasState: StorageState }>({
  ventasState: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      await signInAs(await context.newPage(), 'ventas');
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ ventasState }, use) => use(ventasState),
});

/** Sends the contact form's request as a visitor's page would (CSRF token, our Origin); the new lead's id. */
export async function sendContactLead(page: Page, name: string, email: string): Promise<number> {
  const token = await page.request.get('/api/get-csrf-token/');
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  const response = await page.request.post('/api/contacto-contacto/', {
    data: { name, email, phone: '+56 9 8765 4321', subject: 'compra', message: 'Busco un SUV familiar.' },
    headers: { 'X-CSRFToken': csrfToken, Origin: new URL(token.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A browser of its own (another person or device), signed in nowhere, with the running project's screen. */
export async function freshBrowser(browser: Browser): Promise<Page> {
  const { baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = base.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
  });
  return context.newPage();
}
