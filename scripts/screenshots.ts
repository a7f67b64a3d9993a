// Screenshots of pages at phone and desktop widths, to look at what we build:
//   npx tsx scripts/screenshots.ts http://localhost:3000 /tmp/shots / /vehicles /vehicles/1
// Back office pages: SCREENSHOT_AS='correo:contraseña' signs each page in first.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config.ts';

const [base = 'http://localhost:3000', outDir = 'test-results/screenshots', ...paths] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunch);
for (const width of [390, 1440]) {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 844 : 900 } });
  if (process.env.SCREENSHOT_AS) await signIn(page, process.env.SCREENSHOT_AS);
  for (const p of paths.length > 0 ? paths : ['/']) {
    await page.goto(`${base}${p}`, { waitUntil: 'networkidle' });
    const file = path.join(outDir, `${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`);
    // A full-page picture shows what a visitor sees after scrolling: content far below the fold is drawn only near
    // the screen (ADR 0022), and lazy photos load as they come near, so draw it all and scroll through once.
    await page.addStyleTag({ content: '.render-near-view { content-visibility: visible !important; }' });
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: file, fullPage: true });
    console.info(file);
  }
  await page.close();
}
await browser.close();

async function signIn(page: import('@playwright/test').Page, credentials: string): Promise<void> {
  const [email, ...rest] = credentials.split(':');
  const token = await page.request.get(`${base}/api/get-csrf-token/`);
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  const response = await page.request.post(`${base}/admin/api/sesion`, {
    data: { email, password: rest.join(':') },
    headers: { 'X-CSRFToken': csrfToken, Origin: new URL(base).origin },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
}
