import { expect, type Page, test } from '@playwright/test';
import { framesDrawn } from './support/admin.ts';
import { axe } from './support/axe.ts';

const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

interface Summary {
  id: number;
  marca: string;
  modelo: string;
  año: number;
}
const published = async (request: import('@playwright/test').APIRequestContext) =>
  (await (await request.get('/api/vehiculos-resumen/')).json()) as Summary[];

test.describe('/contact', () => {
  test('The page has the form, two phones, both addresses, the hours and a maps link', async ({ page }) => {
    const response = await page.goto('/contact');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Contacto \| /);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contáctanos');
    await expect(page.getByRole('heading', { name: 'Envíanos un mensaje' })).toBeVisible();
    const card = page.locator('dl');
    await expect(card.locator('a[href^="tel:+"]')).toHaveCount(2);
    await expect(card).toContainText('Sede Central:');
    await expect(card).toContainText('Sucursal:');
    await expect(card).toContainText('Lun-Vie 9:30-19:00');
    await expect(card).toContainText('Sáb 10:30-13:30');
    const maps = page.getByRole('link', { name: /Cómo llegar/ });
    await expect(maps).toHaveAttribute('target', '_blank');
    await expect(maps).toHaveAttribute('href', /^https:\/\//);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
    expect(data['@type']).toBe('AutoDealer');
  });

  test('The embedded map makes no request to the map provider until the visitor asks for it', async ({
    page,
    baseURL,
  }) => {
    const own = new URL(baseURL ?? '').origin;
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== own) foreign.push(r.url());
    });
    // Answer the provider locally: the test proves the request is made, not that the internet works.
    await page.route(
      (url) => url.origin !== own,
      (route) => route.fulfill({ contentType: 'text/html', body: '<title>mapa</title>' }),
    );
    await page.goto('/contact');
    await hydrated(page);
    await page.mouse.wheel(0, 3000);
    await framesDrawn(page);
    expect(foreign).toEqual([]);
    await expect(page.locator('iframe')).toHaveCount(0);

    await page.getByRole('button', { name: 'Ver mapa' }).click();
    const frame = page.locator('iframe[title^="Mapa"]');
    await expect(frame).toBeVisible();
    await expect(frame).toBeFocused();
    await expect.poll(() => foreign.length).toBeGreaterThan(0);
    expect(new URL(foreign[0] ?? '').origin).toBe(new URL((await frame.getAttribute('src')) ?? '').origin);
  });
});

test.describe('legal pages', () => {
  test('The terms cover site use, prices subject to confirmation and financing subject to approval', async ({
    page,
  }) => {
    await page.goto('/terminos');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Términos y condiciones');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/terminos$/);
    const article = page.locator('article');
    await expect(article.getByRole('heading', { name: /Uso del sitio/ })).toBeVisible();
    await expect(article).toContainText('están sujetos a confirmación');
    await expect(article).toContainText('sujeto a evaluación y aprobación');
    await expect(article).toContainText('Ley 19.496');
    await article.getByRole('link', { name: 'política de privacidad' }).click();
    await expect(page).toHaveURL(/\/privacidad$/);
  });

  test('The privacy policy says what each form collects, how long it is kept and how to exercise rights', async ({
    page,
  }) => {
    await page.goto('/privacidad');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de privacidad');
    const article = page.locator('article');
    // Its version and the date it came into force (Ley 19.628 as amended, art. 14 ter a; ADR 0031).
    await expect(article.getByText(/^Versión \d+ · vigente desde \d{2}-\d{2}-\d{4}$/)).toBeVisible();
    for (const form of [
      'Contacto:',
      'Solicitud de financiamiento:',
      'Cotización de seguros:',
      'Compramos tu auto:',
    ]) {
      await expect(article).toContainText(form);
    }
    for (const text of [
      'Ley 19.628',
      'Ley 21.719',
      '12 meses para los mensajes de contacto',
      '6 meses para las solicitudes de financiamiento',
      'portabilidad',
      'No vendemos',
      'Agencia de Protección de Datos Personales',
      'csrftoken',
    ]) {
      await expect(article).toContainText(text);
    }
    for (const right of ['acceso:', 'rectificación:', 'supresión:']) {
      await expect(article.getByText(right, { exact: true })).toBeVisible();
    }
    await expect(article.locator('a[href^="mailto:"]').first()).toBeVisible();
    await expect(article.getByRole('link', { name: 'la página de derechos' }).first()).toHaveAttribute(
      'href',
      '/derechos',
    );
  });

  test('An unknown version of the privacy policy answers the Spanish 404 page', async ({ page }) => {
    for (const version of ['999', '-1', 'abc']) {
      const response = await page.goto(`/privacidad/version/${version}`);
      expect(response?.status(), version).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
    }
  });
});

test.describe('footer', () => {
  test('The footer has every item of the specification and the current year', async ({ page }) => {
    await page.goto('/terminos');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /ir al inicio/ })).toHaveAttribute('href', '/');
    await expect(footer.getByRole('link', { name: /Facebook|Instagram/ })).toHaveCount(2);
    await expect(footer.getByText('Certificación ISO 9001')).toBeVisible();
    const quick = footer.getByRole('navigation', { name: 'Enlaces rápidos' });
    await expect(quick.getByRole('link')).toHaveText([
      'Inicio',
      'Nuestro Stock',
      'Nosotros',
      'Contacto',
      'Financiamiento',
      'Seguros',
      'Compramos tu auto',
    ]);
    await expect(quick.getByRole('link', { name: 'Nosotros' })).toHaveAttribute('href', '/#about');
    const vehicles = footer.getByRole('navigation', { name: 'Vehículos' });
    await expect(vehicles.getByRole('link', { name: 'Autos nuevos' })).toHaveAttribute('href', /^\/vehicles/);
    await expect(vehicles.getByRole('link', { name: 'Autos usados' })).toHaveAttribute('href', /^\/vehicles/);
    await expect(footer.locator('a[href^="tel:+"]')).toHaveCount(2);
    await expect(footer.getByText('Lun-Vie 9:30-19:00')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Contáctanos Ahora' })).toHaveAttribute('href', '/contact');
    await expect(footer.getByText(/Desarrollado por/).getByRole('link')).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} `);
    await expect(footer.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute(
      'href',
      '/terminos',
    );
    await expect(footer.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
      'href',
      '/privacidad',
    );
  });
});

test.describe('sitemaps and robots', () => {
  test('/sitemap lists every page and every published vehicle', async ({ page, request }) => {
    const vehicles = await published(request);
    await page.goto('/sitemap');
    const pages = page.getByRole('region', { name: 'Páginas' });
    for (const href of ['/', '/vehicles', '/financing', '/contact', '/terminos', '/privacidad']) {
      await expect(pages.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    const list = page.getByRole('region', { name: 'Vehículos' });
    await expect(list.locator('a[href^="/vehicles/"]')).toHaveCount(vehicles.length);
    const first = vehicles[0];
    if (!first) throw new Error('no demo stock');
    await expect(list.locator(`a[href="/vehicles/${first.id}"]`)).toHaveText(
      `${first.marca} ${first.modelo} ${first.año}`,
    );
  });

  test('/sitemap.xml lists the pages and every published vehicle', async ({ request, baseURL }) => {
    const vehicles = await published(request);
    const response = await request.get('/sitemap.xml');
    expect(response.headers()['content-type']).toMatch(/^application\/xml/);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of [
      '/',
      '/vehicles',
      '/financing',
      '/insurance',
      '/contact',
      '/terminos',
      '/privacidad',
    ]) {
      expect(locs).toContain(`${baseURL}${path}`);
    }
    for (const v of vehicles) expect(locs).toContain(`${baseURL}/vehicles/${v.id}`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  test('/robots.txt allows the site, keeps crawlers out of /admin and /api/ and names the sitemap', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/robots.txt');
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/']),
    );
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('An unknown path answers 404 with a Spanish page linking home and to the stock', async ({ page }) => {
    const response = await page.goto('/esto-no-existe');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Página no encontrada');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
    await expect(page.getByRole('main').getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.getByRole('main').getByRole('link', { name: /Ver vehículos/ })).toHaveAttribute(
      'href',
      '/vehicles',
    );
  });
});

test.describe('accessibility', () => {
  // Scanned at rest: with reduced motion nothing is mid-fade (a half-transparent text fails contrast only
  // while it fades in) and the slider stays on its first slide.
  test.use({ reducedMotion: 'reduce' });

  for (const path of [
    '/',
    '/contact',
    '/terminos',
    '/privacidad',
    '/privacidad/version/1',
    '/sitemap',
    '/esto-no-existe',
  ]) {
    test(`axe finds no violation on ${path}`, { tag: '@phone' }, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      const { violations } = await axe(page).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    });
  }

  test('axe finds no violation with the menu or the dropdown open', { tag: '@phone' }, async ({
    page,
    isMobile,
  }) => {
    await page.goto('/');
    await hydrated(page);
    if (isMobile) await page.getByRole('button', { name: 'Menú', exact: true }).click();
    else await page.getByRole('button', { name: 'Opciones de Financiamiento' }).click();
    await expect(page.getByRole('link', { name: 'Tradicional' })).toBeVisible();
    const { violations } = await axe(page).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  });
});
