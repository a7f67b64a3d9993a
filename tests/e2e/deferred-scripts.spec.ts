import { expect, test } from '@playwright/test';
import { PRIORITY_IMAGE_TIMING } from '~/lib/deferred-scripts.ts';
import { hydrated } from './support/admin.ts';

// A public page's code starts after its first paint (app/lib/deferred-scripts.ts, ADR 0012).
test.describe('public pages start their code after the first paint', () => {
  // Each page on the desktop; the home page on the phone too (its slider's photo is the one the script waits for).
  for (const path of ['/', '/vehicles', '/vehicles/1', '/pagina-que-no-existe']) {
    test(`${path}: the document holds the code inert, and the browser fetches it only once the page is painted`, {
      tag: path === '/' ? '@phone' : [],
    }, async ({ page, request }) => {
      // What the server sends: no live preload or module script (the islands' runtime script was found and marked).
      const html = await (await request.get(path)).text();
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).not.toMatch(/<script[^>]* type="module"/);
      expect(html.match(/<script[^>]* type="x-deferred-module"/g)).toHaveLength(1);
      expect((html.match(/rel="x-deferred-modulepreload"/g) ?? []).length).toBeGreaterThan(2);

      await page.goto(path);
      await hydrated(page);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => entry.startTime),
      }));
      expect(timing.scripts.length).toBeGreaterThan(2);
      for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint);
      // The photo at the top of the home and vehicle pages (once the demo photos are there) is painted first too:
      // script work started earlier would hold its paint back.
      if (['/', '/vehicles/1'].includes(path) && html.includes(`elementtiming="${PRIORITY_IMAGE_TIMING}"`)) {
        const photoPainted = await page.evaluate(
          (name) =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list) => {
                const entry = list
                  .getEntries()
                  .find((e) => (e as unknown as { identifier: string }).identifier === name);
                if (entry) resolve((entry as unknown as { renderTime: number }).renderTime);
              }).observe({ type: 'element', buffered: true });
            }),
          PRIORITY_IMAGE_TIMING,
        );
        // Unless the photo takes over three seconds (a fresh server encodes each size on its first request).
        const startedBy = Math.min(photoPainted, 3_000);
        for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(startedBy);
      }
    });
  }

  test('the back office loads its code at once, as React Router writes it', async ({ request }) => {
    const html = await (await request.get('/admin/ingresar')).text();
    expect(html).toContain('rel="modulepreload"');
    expect(html).toMatch(/<script[^>]* type="module"/);
    expect(html).not.toContain('x-deferred');
  });
});
