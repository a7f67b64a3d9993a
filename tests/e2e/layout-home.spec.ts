import { expect, type Page, test } from '@playwright/test';

/** React has hydrated the page: the root layout sets `data-hydrated` on <html>. */
const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
const slide = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

const NAV = [
  ['Inicio', '/'],
  ['Nuestro Stock', '/vehicles'],
  ['Financiamiento', '/financing'],
  ['Seguros', '/insurance'],
  ['Compramos tu auto', '/sell-your-car'],
  ['Asesoría Comercial', '/commercial-advisory'],
  ['Contacto', '/contact'],
] as const;

test.describe('header', () => {
  test('The top bar shows hours, e-mail, WhatsApp, phone and two social links, and collapses after 10 px of scroll', {
    tag: '@phone',
  }, async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const bar = page.getByTestId('top-bar');
    await expect(bar).toContainText('Lun-Vie 9:30-19:00, Sáb 10:30-13:30');
    await expect(bar.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(bar.locator('a[href^="https://wa.me/"]')).toHaveAccessibleName(/WhatsApp/);
    await expect(bar.locator('a[href^="tel:+"]')).toHaveAccessibleName(/Llámanos/);
    await expect(bar.getByRole('link', { name: /Facebook/ })).toBeVisible();
    await expect(bar.getByRole('link', { name: /Instagram/ })).toBeVisible();

    await page.evaluate(() => window.scrollTo(0, 8));
    await expect(page.locator('header')).toHaveAttribute('data-collapsed', 'false');
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(page.locator('header')).toHaveAttribute('data-collapsed', 'true');
    await expect(bar).toBeHidden();
    await expect(page.getByRole('link', { name: /ir al inicio/ }).first()).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeVisible();
  });

  test('The skip link is the first stop of the keyboard and leads to the content', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Saltar al contenido' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#contenido')).toBeFocused();
  });

  test('The floating WhatsApp button is on every page', { tag: '@phone' }, async ({ page }) => {
    for (const path of ['/', '/contact', '/terminos', '/pagina-que-no-existe']) {
      await page.goto(path);
      const button = page.getByRole('link', { name: /Escríbenos por WhatsApp/ }).last();
      await expect(button).toBeVisible();
      await expect(button).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+/);
    }
  });
});

test.describe('navigation on a wide screen', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop navigation');

  test('The main navigation has the seven sections and Financiamiento opens its sub-links on hover', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Principal' });
    for (const [label, href] of NAV) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    const traditional = nav.getByRole('link', { name: 'Tradicional' });
    await expect(traditional).toBeHidden();
    await nav.getByRole('link', { name: 'Financiamiento', exact: true }).hover();
    await expect(traditional).toHaveAttribute('href', '/financing#credito-convencional-section');
    await expect(nav.getByRole('link', { name: 'Directo' })).toHaveAttribute(
      'href',
      '/financing#credito-directo-section',
    );
    await page.mouse.move(10, 600);
    await expect(traditional).toBeHidden();

    await nav.getByRole('link', { name: 'Financiamiento', exact: true }).hover();
    await nav.getByRole('link', { name: 'Directo' }).click();
    await expect(page).toHaveURL(/\/financing#credito-directo-section$/);
    await expect(nav.getByRole('link', { name: 'Directo' })).toBeHidden();
  });

  // Header and footer links are plain links (app/components/site-link.tsx): the header is an island (ADR 0015).
  test('Header and footer links open their page, mark the current section, and leave modified clicks to the browser', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Seguros' }).click();
    await expect(page).toHaveURL(/\/insurance$/);
    await expect(nav.getByRole('link', { name: 'Seguros' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Autos usados' }).click();
    await expect(page).toHaveURL(/\/vehicles\?condicion=Usado$/);
    await expect(nav.getByRole('link', { name: 'Nuestro Stock' })).toHaveAttribute('aria-current', 'page');

    const opened = context.waitForEvent('page');
    await nav.getByRole('link', { name: 'Contacto' }).click({ modifiers: ['ControlOrMeta'] });
    await expect(await opened).toHaveURL(/\/contact$/);
    await expect(page).toHaveURL(/\/vehicles\?condicion=Usado$/);
  });

  test('The Financiamiento dropdown opens when its button is activated, not when focus reaches it', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Principal' });
    const toggle = nav.getByRole('button', { name: 'Opciones de Financiamiento' });
    const traditional = nav.getByRole('link', { name: 'Tradicional' });
    await nav.getByRole('link', { name: 'Nuestro Stock' }).focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Financiamiento', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    // Focus alone opens nothing, so the first Enter opens the menu instead of closing it.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(traditional).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(traditional).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(traditional).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Directo' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Seguros' })).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Back with Shift+Tab: reaching the button again leaves the menu closed.
    await page.keyboard.press('Shift+Tab');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // A click opens it too (the pointer, resting on it, has opened it already: the click keeps it open).
    await page.mouse.move(0, 400);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(traditional).toBeVisible();
  });
});

test.describe('navigation on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'mobile menu');

  test('The menu slides in from the right, keeps focus inside, closes with Escape and returns focus', {
    tag: '@phone',
  }, async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeHidden();
    const button = page.getByRole('button', { name: 'Menú', exact: true });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Menú', exact: true });
    await expect(dialog).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = dialog.getByRole('navigation', { name: 'Menú principal' });
    for (const [label, href] of NAV) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    // Financiamiento's sub-links are an indented sub-list under it.
    await expect(menu.locator('li li a')).toHaveText(['Tradicional', 'Directo']);
    // At the right edge once its slide-in has ended (read too early, it was 2 px short).
    await expect
      .poll(async () => {
        const box = await dialog.boundingBox();
        return box && Math.round(box.x + box.width);
      })
      .toBe(390);

    for (let i = 0; i < 16; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await menu.getByRole('link', { name: 'Seguros' }).click();
    await expect(page).toHaveURL(/\/insurance$/);
    await expect(dialog).toBeHidden();
  });
});

test.describe('scrolling', () => {
  test('A new page starts at the top and going back restores the position', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    // At the very bottom the footer link is in view, so clicking it does not scroll first.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bottom = await page.evaluate(() => window.scrollY);
    expect(bottom).toBeGreaterThan(1000);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' }).click();
    await expect(page).toHaveURL(/\/privacidad$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    // Within a few pixels: sections far from the screen hold an estimated height until drawn (ADR 0022), and the
    // cards drawn before the jump to the bottom are estimated again after the reload.
    await expect
      .poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - bottom))
      .toBeLessThanOrEqual(40);
  });

  // A far section holds an estimated height until drawn (ADR 0022). A wrong estimate moves everything below it as the
  // visitor scrolls, and makes going back land somewhere else. Drawn or not, each must be within 8% of its real height.
  test('Far content holds about its real height before it is drawn', { tag: '@phone' }, async ({ page }) => {
    // The desktop project also reads the tablet widths, where the estimates change at sm, md, lg and xl.
    const widths = test.info().project.name === 'phone' ? [null] : [768, 1024, null];
    for (const [path, width] of ['/', '/vehicles', '/vehicles/1'].flatMap((p) =>
      widths.map((w) => [p, w] as const),
    )) {
      if (width) await page.setViewportSize({ width, height: 900 });
      else await page.setViewportSize(test.info().project.use.viewport ?? { width: 1440, height: 900 });
      await page.goto(path);
      await hydrated(page);
      const heights = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.render-near-view')].map((element) => {
          const held = element.getBoundingClientRect().height;
          element.style.contentVisibility = 'visible';
          const drawn = element.getBoundingClientRect().height;
          element.style.contentVisibility = '';
          return {
            held,
            drawn,
            name: element.id || element.getAttribute('aria-labelledby') || element.tagName,
          };
        }),
      );
      expect(heights.length, path).toBeGreaterThan(0);
      for (const { held, drawn, name } of heights) {
        expect(
          Math.abs(held - drawn) / drawn,
          `${path} at ${width ?? 'the project width'} ${name}: held ${held} px, drawn ${drawn} px`,
        ).toBeLessThan(0.08);
      }
    }
  });

  test('A link with a hash glides to its section after the page changes', async ({ page }) => {
    await page.goto('/terminos');
    await hydrated(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Nosotros' }).click();
    await expect(page).toHaveURL(/\/#about$/);
    await expect(page.getByRole('heading', { name: /^Sobre / })).toBeInViewport();
  });
});

test.describe('hero slider', () => {
  test('It advances every 5 seconds and wraps from the last slide to the first', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await hydrated(page);
    await expect(slide(page, '1 de 3')).toBeVisible();
    for (const next of ['2 de 3', '3 de 3', '1 de 3']) {
      await page.clock.runFor(5000);
      await expect(slide(page, next)).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Presentación' })).toHaveAttribute(
      'aria-roledescription',
      'carrusel',
    );
  });

  test('Previous and next wrap around and the dots jump to a slide', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Diapositiva anterior' }).click();
    await expect(slide(page, '3 de 3')).toBeVisible();
    await expect(slide(page, '1 de 3')).toBeHidden();
    await page.getByRole('button', { name: 'Diapositiva siguiente' }).click();
    await expect(slide(page, '1 de 3')).toBeVisible();
    await page.getByRole('button', { name: 'Diapositiva siguiente' }).click();
    await expect(slide(page, '2 de 3')).toBeVisible();
    const third = page.getByRole('button', { name: 'Ir a la diapositiva 3' });
    await third.click();
    await expect(slide(page, '3 de 3')).toBeVisible();
    await expect(third).toHaveAttribute('aria-current', 'true');
    await expect(slide(page, '3 de 3').getByRole('link', { name: 'Ver Vehículos' })).toHaveAttribute(
      'href',
      '/#vehicles',
    );
    await expect(slide(page, '3 de 3').getByRole('link', { name: 'Contáctanos' })).toHaveAttribute(
      'href',
      '/#contact',
    );
  });

  test('The pause control stops the rotation, and keyboard focus inside pauses it', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Pausar presentación' }).click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(15_000);
    await expect(slide(page, '1 de 3')).toBeVisible();
    await page.getByRole('button', { name: 'Reanudar presentación' }).click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(5000);
    await expect(slide(page, '2 de 3')).toBeVisible();

    await page.getByRole('button', { name: 'Ir a la diapositiva 3' }).focus();
    await page.clock.runFor(15_000);
    await expect(slide(page, '2 de 3')).toBeVisible();
    await page.locator('#vehicles a').first().focus();
    await page.clock.runFor(5000);
    await expect(slide(page, '3 de 3')).toBeVisible();
  });

  test('It does not rotate when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Reanudar presentación' })).toBeVisible();
    await page.clock.runFor(20_000);
    await expect(slide(page, '1 de 3')).toBeVisible();
  });
});

test.describe('home page', () => {
  test('The featured vehicles are in the server HTML, in the order of the API', async ({ request }) => {
    const featured = (await (await request.get('/api/vehiculos/?destacado=true')).json()) as { id: number }[];
    const html = await (await request.get('/')).text();
    // Each card is its link, in a wrapper that also holds its heart and 'Comparar' (ADR 0019).
    const ids = [...html.matchAll(/<li[^>]*><div[^>]*><a[^>]*href="\/vehicles\/(\d+)"/g)].map((m) =>
      Number(m[1]),
    );
    expect(ids).toEqual(featured.map((v) => v.id));
  });

  test('Sections below the fold are hidden at once after hydration, fade in when reached, and show at once on focus', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const about = page.locator('#about > div > div').first();
    const contactForm = page
      .locator('#contact')
      .getByRole('heading', { name: 'Envíanos un mensaje' })
      .locator('..');
    const opacity = (element: typeof about) => element.evaluate((e) => getComputedStyle(e).opacity);
    const animations = (element: typeof about) =>
      element.evaluate((e) => e.getAnimations({ subtree: true }).length);
    await expect.poll(() => opacity(about)).toBe('0');
    expect(await opacity(contactForm)).toBe('0');
    // Hidden without a fade-out: nothing animates below the fold while the visitor reads the hero.
    for (const section of ['#vehicles', '#about', '#contact']) {
      expect(await animations(page.locator(section)), section).toBe(0);
    }
    // Keyboard focus reaching content that has not faded in shows it without waiting for a transition.
    await contactForm.getByRole('textbox').first().focus();
    expect(await opacity(contactForm)).toBe('1');
    // Scrolling up to a section fades it in (the class stays on, where a running transition may already be over).
    await about.scrollIntoViewIfNeeded();
    await expect(about).toHaveClass(/(^| )transition duration-700 /);
    await expect.poll(() => opacity(about)).toBe('1');
  });

  test('The home page sets its title, description, canonical link and AutoDealer data', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/\| Autos nuevos y usados en Santiago$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
    expect(data['@type']).toBe('AutoDealer');
    // Written from the one opening-hours setting (ADR 0036).
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:30',
        closes: '19:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:30', closes: '13:30' },
    ]);
    expect(data.address).toHaveLength(2);
    expect(data.sameAs).toHaveLength(2);
    expect(data.telephone).toMatch(/^\+\d+$/);
  });
});

test.describe('home page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Every section is visible, with the hero, the three services and the contact section', {
    tag: '@phone',
  }, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Tu próximo auto te espera' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver Vehículos' })).toBeVisible();
    const services = page.getByRole('region', { name: 'Soluciones Integrales' });
    for (const text of [
      'Compra y Venta Comercial',
      'Más de 50 vehículos disponibles',
      'Financiamiento',
      'Financiamos hasta el 80% del valor',
      'Asesoría Comercial',
      'Optimizamos las finanzas de nuestros clientes',
    ]) {
      await expect(services.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.locator('#about').getByRole('heading', { name: /^Sobre / })).toBeVisible();
    await expect(page.locator('#about').getByRole('img', { name: /sala de ventas/ })).toBeVisible();
    await expect(
      page.locator('#contact').getByRole('heading', { name: 'Envíanos un mensaje' }),
    ).toBeVisible();
    await expect(page.locator('#contact').getByText('Horario de atención')).toBeVisible();
    // Fade-ins are only armed after hydration: without JavaScript nothing visible is left transparent
    // (the hero's inactive slides are hidden with `visibility`, not by the fade-in).
    const hidden = await page.evaluate(
      () =>
        [...document.querySelectorAll('main *')].filter((e) => {
          const style = getComputedStyle(e);
          return style.opacity === '0' && style.visibility === 'visible';
        }).length,
    );
    expect(hidden).toBe(0);
    await page.locator('#vehicles').scrollIntoViewIfNeeded();
    await expect(page.locator('#vehicles li').first()).toBeVisible();
  });
});
