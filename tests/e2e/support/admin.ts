import { expect, type Page } from '@playwright/test';
import { E2E_STAFF } from './staff-accounts.ts';

/** React has hydrated the page: the root layout sets `data-hydrated` on <html>. */
export const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

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
