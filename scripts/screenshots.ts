// Screenshots of pages at phone and desktop widths, to look at what we build:
//   npx tsx scripts/screenshots.ts http://localhost:3000 /tmp/shots / /vehicles /vehicles/1
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config.ts';

const [base = 'http://localhost:3000', outDir = 'test-results/screenshots', ...paths] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunch);
for (const width of [390, 1440]) {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 844 : 900 } });
  for (const p of paths.length > 0 ? paths : ['/']) {
    await page.goto(`${base}${p}`, { waitUntil: 'networkidle' });
    const file = path.join(outDir, `${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.info(file);
  }
  await page.close();
}
await browser.close();
