import { expect, type Page } from '@playwright/test';

// Ley 19.496 art. 17 G: a cuota advertised in pesos carries its CAE beside it, in the same type (ADR 0017). A page is
// read as a visitor sees it: a text that speaks of a cuota next to an amount in pesos must have "CAE" in the same
// card, row or paragraph.

/** Pages whose demo stock shows cuotas: there the check must find some, or it would pass by reading nothing. */
const WITH_CUOTAS = new Set<string>([
  '/',
  '/vehicles',
  '/vehicles/1',
  '/favoritos?ids=1,2,3',
  '/comparar?ids=1,2,3',
]);

/** Fails on any cuota in pesos without its CAE on the page open at `path`; returns how many cuotas it read. */
export async function expectEveryCuotaWithCae(page: Page, path: string): Promise<number> {
  const found = await page.evaluate(() => {
    const cuotas: Array<{ text: string; withCae: boolean }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !/\bcuota/i.test(node.textContent ?? '')) continue;
      if (element.closest('script, style, template, [hidden], [aria-hidden="true"]')) continue;
      // The unit a visitor reads as one: a card, a table row, a list item, a paragraph.
      const unit = element.closest('article, tr, li, p, dd, [data-cuota]') ?? element;
      // innerText, as it reads: "…/mes" and "CAE …" are separate lines, not one word.
      const text = (unit as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
      if (!/\$\s?\d/.test(text)) continue;
      const scope = element.closest('article, tr, [data-cuota]') ?? unit;
      cuotas.push({ text: text.slice(0, 140), withCae: /\bCAE\b/.test((scope as HTMLElement).innerText) });
    }
    return cuotas;
  });
  if (WITH_CUOTAS.has(path)) expect(found.length, `cuotas read on ${path}`).toBeGreaterThan(0);
  const without = found.filter((cuota) => !cuota.withCae).map((cuota) => cuota.text);
  expect(without, `cuotas without their CAE on ${path}`).toEqual([]);
  return found.length;
}
