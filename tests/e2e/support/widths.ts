import type { TestInfo } from '@playwright/test';

/**
 * Whether the test runs in a phone project (390 px). A story tagged '@phone' checks at 390 px what a phone changes:
 * its pages, their controls and an axe scan of each. Past that point (the e-mails the server sends, the staff's side
 * of a request, the server's answers) nothing depends on the width, so the phone run ends the story there and the
 * desktop run goes on (ADR 0045).
 */
export function onPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name.endsWith('phone');
}
