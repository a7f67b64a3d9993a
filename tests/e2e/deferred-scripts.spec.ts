import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { PAINTED_CLASS, PRIORITY_IMAGE_TIMING } from '~/lib/deferred-scripts.ts';
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
        const { startedBy } = await priorityPhotoPainted(page);
        for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(startedBy);
      }
    });
  }

  test("a vehicle page asks for its thumbnails and its similar cars' photos only once its main photo is painted", {
    tag: '@phone',
  }, async ({ page, request }) => {
    test.setTimeout(240_000);
    const path = await vehicleWithSimilarPhotos(request);
    await page.goto(path);
    await hydrated(page);
    const gallery = page.getByRole('list', { name: 'Fotos del vehículo' });
    const thumbnails = await gallery.getByRole('button').count();
    expect(thumbnails).toBeGreaterThanOrEqual(3);
    // Every thumbnail has its photo once the gallery has hydrated.
    await expect(gallery.locator('img')).toHaveCount(thumbnails);
    await expect(page.locator('html')).toHaveClass(new RegExp(`(^| )${PAINTED_CLASS}( |$)`));
    const paint = await priorityPhotoPainted(page);
    // Every other photo, as the browser fetched them (an entry is written once its answer has ended).
    const others = () =>
      page.evaluate(
        (folder) =>
          performance
            .getEntriesByType('resource')
            .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime }))
            .filter((e) => e.path.startsWith('/media/') && !e.path.startsWith(folder)),
        paint.folder,
      );
    await expect.poll(async () => (await others()).length).toBeGreaterThanOrEqual(thumbnails - 1);
    for (const photo of await others())
      expect(photo.start, photo.path).toBeGreaterThanOrEqual(paint.startedBy);
    // Held back by the stylesheet until then (`photos-after-paint`), and shown once the visitor gets there.
    const similar = page.locator('#similares img');
    await page.evaluate((name) => document.documentElement.classList.remove(name), PAINTED_CLASS);
    await expect(similar.first()).toHaveCSS('display', 'none');
    await page.evaluate((name) => document.documentElement.classList.add(name), PAINTED_CLASS);
    await expectShownWhenScrolledTo(similar);
  });

  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false });
    test("the similar cars' photos of a vehicle page load as the visitor scrolls to them", async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      await page.goto(await vehicleWithSimilarPhotos(request));
      const photos = page.locator('#similares img');
      expect(await photos.count()).toBeGreaterThan(0);
      await expectShownWhenScrolledTo(photos);
    });
  });

  test('the back office loads its code at once, as React Router writes it', async ({ request }) => {
    const html = await (await request.get('/admin/ingresar')).text();
    expect(html).toContain('rel="modulepreload"');
    expect(html).toMatch(/<script[^>]* type="module"/);
    expect(html).not.toContain('x-deferred');
  });
});

/**
 * A vehicle page with three photos or more whose similar cars show photos: demo photos are rendered in the
 * background after a fresh start, and other tests add vehicles without photos, which may then be the similar ones.
 */
async function vehicleWithSimilarPhotos(request: APIRequestContext): Promise<string> {
  let found = '';
  await expect(async () => {
    const stock = (await (await request.get('/api/vehiculos/')).json()) as Array<{
      id: number;
      imagenes: unknown[];
    }>;
    for (const vehicle of stock.filter((v) => v.imagenes.length >= 3)) {
      const html = await (await request.get(`/vehicles/${vehicle.id}`)).text();
      const similar = html.slice(html.indexOf('id="similares"'), html.indexOf('<footer'));
      if (html.includes('id="similares"') && similar.includes('<img')) {
        found = `/vehicles/${vehicle.id}`;
        return;
      }
    }
    throw new Error('no vehicle with photos whose similar cars have photos yet');
  }).toPass({ timeout: 200_000, intervals: [2_000] });
  return found;
}

/**
 * When the page's priority photo was painted, read from the Element Timing API: `startedBy` is the time from which the
 * page's code and its other photos may start (the paint, or three seconds at the latest: a fresh server encodes each
 * size on its first request), `folder` the photo's folder under /media/ (all its sizes, and its thumbnail).
 */
async function priorityPhotoPainted(page: Page): Promise<{ startedBy: number; folder: string }> {
  const painted = await page.evaluate(
    (name) =>
      new Promise<{ at: number; folder: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list
            .getEntries()
            .find((e) => (e as unknown as { identifier: string }).identifier === name) as unknown as
            | { renderTime: number; element: HTMLImageElement }
            | undefined;
          // The folder, not the file: the head's preload may pick another size than the <img>.
          if (entry)
            resolve({ at: entry.renderTime, folder: new URL('.', entry.element.currentSrc).pathname });
        }).observe({ type: 'element', buffered: true });
      }),
    PRIORITY_IMAGE_TIMING,
  );
  return { startedBy: Math.min(painted.at, 3_000), folder: painted.folder };
}

/** Each of these photos shows, loaded, once scrolled to. */
async function expectShownWhenScrolledTo(photos: Locator): Promise<void> {
  for (const photo of await photos.all()) {
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
}
