import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import type { Dealership } from '../contracts/dealership';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { WhatsAppButton } from './components/whatsapp-button';

export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.services;
  return { dealership: config.dealership, publicUrl: config.publicUrl };
}

export interface RootData {
  dealership: Dealership;
  publicUrl: string;
}

/** The root loader's data, for any component below the root. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('root loader data missing');
  return data;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="es-CL">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={data?.dealership.brandColor ?? '#1e3a8a'} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {data ? <SiteHeader dealership={data.dealership} /> : null}
        <main id="contenido" className="flex-1">
          {children}
        </main>
        {data ? <SiteFooter dealership={data.dealership} /> : null}
        {data ? <WhatsAppButton whatsapp={data.dealership.whatsapp} /> : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="font-bold text-3xl text-slate-900">
        {notFound ? 'Página no encontrada' : 'Algo salió mal'}
      </h1>
      <p className="mt-4 text-slate-600">
        {notFound
          ? 'La página que buscas no existe o fue movida.'
          : 'No pudimos mostrar esta página. Inténtalo nuevamente en unos minutos.'}
      </p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white">
        Volver al inicio
      </a>
    </section>
  );
}
