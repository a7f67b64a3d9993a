import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('vehicles', 'routes/vehicles.tsx'),
  route('vehicles/:id', 'routes/vehicle-detail.tsx'),
  route('financing', 'routes/financing.tsx'),
  // SPEC: the two section paths render the same financing page.
  route('financing/credito-convencional-section', 'routes/financing.tsx', { id: 'financing-conventional' }),
  route('financing/credito-directo-section', 'routes/financing.tsx', { id: 'financing-direct' }),
  route('insurance', 'routes/insurance.tsx'),
  route('sell-your-car', 'routes/sell-your-car.tsx'),
  route('commercial-advisory', 'routes/commercial-advisory.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('terminos', 'routes/terminos.tsx'),
  route('privacidad', 'routes/privacidad.tsx'),
  route('sitemap', 'routes/sitemap.tsx'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
