import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('vehicles', 'routes/vehicles.tsx'),
  // The listing island's results for a query (ADR 0015).
  route('vehicles.json', 'routes/vehicles-json.ts'),
  route('vehicles/:id', 'routes/vehicle-detail.tsx'),
  // ADR 0019: the visitor's favourites (kept in the browser) and a shareable comparison.
  route('favoritos', 'routes/favourites.tsx'),
  route('favoritos.json', 'routes/favourites-json.ts'),
  route('comparar', 'routes/compare.tsx'),
  route('financing', 'routes/financing.tsx'),
  // docs/product.md: the two section paths render the same financing page.
  route('financing/credito-convencional-section', 'routes/financing.tsx', { id: 'financing-conventional' }),
  route('financing/credito-directo-section', 'routes/financing.tsx', { id: 'financing-direct' }),
  route('insurance', 'routes/insurance.tsx'),
  route('sell-your-car', 'routes/sell-your-car.tsx'),
  route('commercial-advisory', 'routes/commercial-advisory.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('terminos', 'routes/terminos.tsx'),
  route('privacidad', 'routes/privacidad.tsx'),
  // Every published version of the privacy policy stays readable (ADR 0031).
  route('privacidad/version/:version', 'routes/privacy-version.tsx'),
  // ADR 0031 decision 6: rights without an account. The forms post to server/routes/rights.ts.
  route('derechos', 'routes/derechos.tsx'),
  route('derechos/enviada', 'routes/derechos-enviada.tsx'),
  route('derechos/confirmar', 'routes/derechos-confirmar.tsx'),
  route('derechos/recibida', 'routes/derechos-recibida.tsx'),
  route('derechos/descarga', 'routes/derechos-descarga.tsx'),
  // ADR 0041: the same data as a page to read and print.
  route('derechos/descarga/ver', 'routes/derechos-descarga-ver.tsx'),
  // ADR 0031: a person's consents, opened from the signed link of their e-mails, each withdrawn with one button.
  route('privacidad/consentimientos', 'routes/consents.tsx'),
  // Issue 33, ADR 0039: saved searches and alerts by e-mail. The forms post to server/routes/alerts.ts.
  route('alertas/nueva', 'routes/alerts-new.tsx'),
  route('alertas/enviada', 'routes/alerts-sent.tsx'),
  route('alertas/confirmar', 'routes/alerts-confirm.tsx'),
  route('alertas/gestionar', 'routes/alerts-manage.tsx'),
  route('sitemap', 'routes/sitemap.tsx'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('favicon.svg', 'routes/favicon-svg.ts'),
  // The back office: its sign-in page stands alone; every other page sits in the admin layout, which checks the session.
  route('admin/ingresar', 'routes/admin/sign-in.tsx'),
  // Issue 31: a forgotten password, and the e-mailed link's page to set a new one; no session either.
  route('admin/clave-olvidada', 'routes/admin/forgot-password.tsx'),
  route('admin/clave-nueva', 'routes/admin/reset-password.tsx'),
  layout('routes/admin/layout.tsx', [
    route('admin', 'routes/admin/dashboard.tsx'),
    route('admin/solicitudes', 'routes/admin/leads.tsx'),
    route('admin/solicitudes/:id', 'routes/admin/lead.tsx'),
    route('admin/vehiculos', 'routes/admin/vehicles.tsx'),
    route('admin/vehiculos/nuevo', 'routes/admin/vehicle-new.tsx'),
    route('admin/vehiculos/importar', 'routes/admin/stock-import.tsx'),
    route('admin/vehiculos/:id', 'routes/admin/vehicle-edit.tsx'),
    route('admin/ventas', 'routes/admin/sales.tsx'),
    route('admin/listas', 'routes/admin/lookups.tsx'),
    route('admin/usuarios', 'routes/admin/staff.tsx'),
    route('admin/auditoria', 'routes/admin/audit.tsx'),
    route('admin/sitio', 'routes/admin/settings.tsx'),
    route('admin/datos-personales', 'routes/admin/personal-data.tsx'),
    route('admin/datos-personales/ver', 'routes/admin/personal-data-view.tsx'),
    route('admin/derechos', 'routes/admin/rights.tsx'),
    route('admin/derechos/:id', 'routes/admin/rights-request.tsx'),
    // ADR 0031, decision 8: the registers of cessions (art. 15) and of security breaches (art. 14 sexies).
    route('admin/cesiones', 'routes/admin/cessions.tsx'),
    route('admin/vulneraciones', 'routes/admin/breaches.tsx'),
    route('admin/vulneraciones/nueva', 'routes/admin/breach-new.tsx'),
    route('admin/vulneraciones/:id', 'routes/admin/breach.tsx'),
    route('admin/cuenta', 'routes/admin/account.tsx'),
    route('admin/*', 'routes/admin/not-found.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
