import { expect, test } from '@playwright/test';

/**
 * Fails each test of the file that logs a console error, other than a failed resource load (a refusal the test
 * provokes on purpose answers 4xx, which Chromium also logs). Call once at the top of a spec file.
 */
export function failOnConsoleErrors(): void {
  let consoleErrors: string[] = [];
  test.beforeEach(({ page }) => {
    consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !/^Failed to load resource/.test(message.text()))
        consoleErrors.push(message.text());
    });
  });
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });
}
