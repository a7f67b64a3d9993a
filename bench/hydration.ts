// How long the islands of each public page take to come alive in the browser, on a CPU slowed 4× as Lighthouse's
// mobile preset slows it (ADR 0035). Median of RUNS fresh visits per page, each in a new context (empty cache):
//   hydrated   ms from the navigation's start until the runtime marks the page hydrated (`data-hydrated`);
//   hydration  ms from the runtime's module arriving until that mark: loading the islands' modules, evaluating
//              them and hydrating;
//   script     ms the main thread spent running JavaScript until that mark (Chromium's ScriptDuration);
//   JS kB      the page's scripts, gzip -9, as the page-weight test counts them.
//   BENCH_URL=http://host:port npx tsx bench/hydration.ts        (BENCH_PAGES='/ /vehicles', BENCH_RUNS=5)
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config.ts';
import { PUBLIC_PAGES } from '../tests/e2e/support/public-pages.ts';

const base = process.env.BENCH_URL;
if (!base) throw new Error('BENCH_URL=http://host:port of a running production server');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const pages = process.env.BENCH_PAGES?.split(/\s+/).filter(Boolean) ?? [...PUBLIC_PAGES];
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const browser = await chromium.launch(chromiumLaunch);
const rows: string[] = [];
try {
  for (const path of pages) {
    const hydratedAt: number[] = [];
    const hydration: number[] = [];
    const script: number[] = [];
    let jsBytes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Performance.enable');
      const scripts = new Set<string>();
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.add(r.url());
      });
      await page.addInitScript(() => {
        // The document has no <html> element yet when this runs: watch the document.
        new MutationObserver((_, observer) => {
          if (document.documentElement?.dataset.hydrated !== 'true') return;
          (window as unknown as { __hydratedAt: number }).__hydratedAt = performance.now();
          observer.disconnect();
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
      });
      await page.goto(new URL(path, base).href);
      await page.waitForFunction(
        () => (window as unknown as { __hydratedAt?: number }).__hydratedAt !== undefined,
        {
          timeout: 30_000,
        },
      );
      const { at, runtimeEnd } = await page.evaluate(() => {
        const runtime = performance
          .getEntriesByType('resource')
          .find((entry) => /island-runtime-[^/]*\.js$/.test(entry.name)) as
          | PerformanceResourceTiming
          | undefined;
        return {
          at: (window as unknown as { __hydratedAt: number }).__hydratedAt,
          runtimeEnd: runtime?.responseEnd ?? Number.NaN,
        };
      });
      const { metrics } = await cdp.send('Performance.getMetrics');
      hydratedAt.push(at);
      hydration.push(at - runtimeEnd);
      script.push((metrics.find((m) => m.name === 'ScriptDuration')?.value ?? Number.NaN) * 1000);
      if (run === 0) {
        for (const url of scripts) {
          jsBytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
        }
      }
      await context.close();
    }
    rows.push(
      `${path.padEnd(52)}${median(hydratedAt).toFixed(0).padStart(9)}${median(hydration).toFixed(0).padStart(11)}` +
        `${median(script).toFixed(0).padStart(8)}${(jsBytes / 1000).toFixed(1).padStart(8)}`,
    );
    console.info(rows.at(-1));
  }
} finally {
  await browser.close();
}
console.info(
  `\nCPU 4× slower, median of ${RUNS}\n${'page'.padEnd(52)}${'hydrated'.padStart(9)}${'hydration'.padStart(11)}` +
    `${'script'.padStart(8)}${'JS kB'.padStart(8)}\n${rows.join('\n')}`,
);
