import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { hydrated } from './support/admin.ts';
import { expectEveryCuotaWithCae } from './support/cuota-cae.ts';
import { PUBLIC_PAGES } from './support/public-pages.ts';

// Issue budget: a public page loads at most 45 kB of JavaScript, gzip (ADR 0015, 0035). Sizes, not times: the same
// build always gives the same figures. The same visit reads every cuota the page shows for its CAE (art. 17 G), so
// each page of PUBLIC_PAGES, and each page a later change adds there, is checked for both.
const BUDGET_BYTES = 45_000;

test.describe('JavaScript a public page loads', () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path}: at most 45 kB gzip, every island hydrated, no React Router, every cuota with its CAE`, async ({
      page,
      request,
    }) => {
      const scripts = new Set<string>();
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.add(r.url());
      });
      await page.goto(path);
      await hydrated(page);
      expect(scripts.size).toBeGreaterThan(0);
      let bytes = 0;
      for (const url of scripts) {
        const body = await (await request.get(url)).body();
        bytes += gzipSync(body, { level: 9 }).length;
        // React Router's browser code sets this global; islands pages never load it.
        expect(body.includes('__reactRouterContext'), url).toBe(false);
      }
      test.info().annotations.push({ type: 'gzip', description: `${path}: ${(bytes / 1000).toFixed(1)} kB` });
      console.info(`${path}: ${(bytes / 1000).toFixed(1)} kB of JavaScript, gzip`);
      expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
      // A page whose islands did not load would pass the budget without working: each island's wrapper is marked
      // by the runtime once it hydrated, and its module is among the scripts counted.
      const islands = page.locator('[data-island]');
      expect(await islands.count()).toBeGreaterThan(0);
      for (const island of await islands.all()) {
        const name = await island.getAttribute('data-name');
        await expect(island, `${name}`).toHaveAttribute('data-hydrated', 'true');
        const src = new URL((await island.getAttribute('data-island')) ?? '', page.url()).href;
        expect(scripts, `${name}`).toContain(src);
      }
      await expectEveryCuotaWithCae(page, path);
    });
  }
});
