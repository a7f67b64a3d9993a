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

/**
 * Scans in one call of `axe.run` inside the page ("legacy mode"). The default splits the scan per frame and finishes
 * it in a blank page it opens for each scan: the same rules and results (checked on /, /vehicles and a vehicle page),
 * 1.1 to 1.4 s more per scan on two cores, a tenth of the browser suite (ADR 0030). What it adds is frames of other
 * origins, and the site embeds none until a visitor asks for the map, which then loads from outside this network.
 *
 * Scans what a visitor sees once the page is still: a section caught in its fade-in (app/lib/reveal.ts) is half
 * transparent, and axe would measure the contrast of that passing frame. Endless animations (a spinner) are not
 * waited for.
 */
class SettledAxeBuilder extends AxeBuilder {
  readonly #page: Page;

  constructor(page: Page) {
    super({ page });
    this.#page = page;
    this.setLegacyMode(true);
  }

  override async analyze() {
    await this.#page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 10_000 },
    );
    return super.analyze();
  }
}

/** Every scan of the project: axe's default rules plus the WCAG ones it ships switched off, on a settled page. */
export function axe(page: Page): AxeBuilder {
  return new SettledAxeBuilder(page).options({
    rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
    // Every test reads the violations alone. axe still runs every rule on every element, but it describes only
    // the elements that fail (a passing rule reports one), so it builds no selector and no HTML excerpt for the
    // hundreds of elements that pass: a scan took 25–50 % less time (ADR 0043).
    resultTypes: ['violations'],
  });
}

/** The WCAG 2.2 A/AA violations on the page, one line each (rule and elements), for `expect(…).toEqual([])`. */
export async function wcagViolations(page: Page): Promise<string[]> {
  const { violations } = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
