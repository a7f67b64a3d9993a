import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe rules that check a WCAG A/AA success criterion but ship marked 'experimental', which axe leaves off unless
 * asked: a visible label missing from a control's accessible name (2.5.3), orientation locked by CSS (1.3.4),
 * paragraphs styled as headings and tables faking their captions or headers (1.3.1).
 */
export const EXPERIMENTAL_WCAG_RULES = [
  'label-content-name-mismatch',
  'css-orientation-lock',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
] as const;

/** Every scan of the project: axe's default rules plus the WCAG ones it ships switched off. */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({
    rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
  });
}
