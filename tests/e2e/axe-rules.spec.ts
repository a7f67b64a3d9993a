import { expect, test } from '@playwright/test';
import { axe } from './support/axe.ts';

// The project's scans must catch what axe ships switched off: a control whose accessible name does not contain its
// visible text (WCAG 2.5.3, level A) went unnoticed on /insurance while the scans ran axe's defaults.
const MISMATCH = `<!doctype html><html lang="es"><head><title>Prueba</title></head><body><main>
  <h1>Seguros</h1><a href="#cotizar" aria-label="Cotizar Seguro SOAP">Cotizar este seguro</a>
  <p id="cotizar">Formulario</p></main></body></html>`;

test('the scans report a label that differs from the visible text, with and without WCAG tags', async ({
  page,
}) => {
  await page.setContent(MISMATCH);
  const all = await axe(page).analyze();
  expect(all.violations.map((v) => v.id)).toContain('label-content-name-mismatch');
  const tagged = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(tagged.violations.map((v) => v.id)).toContain('label-content-name-mismatch');
});
