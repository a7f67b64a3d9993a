import type { Dealership } from '@contracts/dealership';
import { isAdminPath } from '@domain/admin-path';
import type { ConsentContext } from '@domain/consent';
import { formConsentContext } from '@server/services/leads/lead-consents.ts';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import appStylesheet from './app.css?url';
import { BRAND_MARK_ICON } from './components/brand-mark-icon';
import { DeferredScriptsStart, FontCachedCheck } from './components/layout/deferred-scripts-start';
import { ErrorPage } from './components/layout/error-page';
import { HydrationMarker } from './components/layout/hydration-marker';
import { SkipLink } from './components/layout/skip-link';
import { SiteFooter } from './components/site-footer';
import { headerDealership, SiteHeaderIsland } from './components/site-header';
import { WhatsAppButton } from './components/whatsapp-button';
import { FONT_CLASS } from './lib/font-loading';
import { IslandScripts, IslandsContext, useIslands } from './lib/island';
import { useNonce } from './lib/nonce';

export const links: Route.LinksFunction = () => [
  // With a precedence, React places the only render-blocking request first in <head>, ahead of the script
  // preloads it hoists there.
  { rel: 'stylesheet', href: appStylesheet, precedence: 'default' },
  // The tab's icon is in the page itself: no request of its own on a first visit (BRAND_MARK_ICON).
  { rel: 'icon', href: BRAND_MARK_ICON, type: 'image/svg+xml' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { config, catalogue } = context.services;
  // The settings in use (ADR 0025): a change made in the back office shows on the next page.
  const snapshot = await catalogue.snapshot();
  const dealership = snapshot.settings.data;
  return {
    dealership,
    publicUrl: config.publicUrl,
    // What the forms' consent boxes name, and the privacy policy version the page shows (ADR 0031).
    consent: formConsentContext(dealership, snapshot.policyVersion),
  };
}

/** Only reached when a route fails and the root boundary renders (child routes set their own tags). */
export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? 'Página no encontrada' : 'Algo salió mal' },
    { name: 'robots', content: 'noindex' },
  ];
}

export interface RootData {
  dealership: Dealership;
  publicUrl: string;
  consent: ConsentContext;
}

/** The root loader's data, for any component below the root. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('root loader data missing');
  return data;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  // Inline scripts of React Router carry this response's CSP nonce when it has one (streamed pages); pages
  // rendered whole have none, their scripts are allowed by hash (ADR 0013).
  const nonce = useNonce();
  const { pathname } = useLocation();
  // The back office (/admin) has a layout of its own: no public header, footer or chat button.
  const admin = isAdminPath(pathname);
  // Public pages run their islands in the browser, the back office runs React Router (ADR 0015).
  const islandBuild = useIslands();
  const islands = admin ? null : islandBuild;
  return (
    <IslandsContext value={islands}>
      {/* The back office is set in Inter at once; a public page only once the browser has the file (ADR 0022). */}
      <html lang="es-CL" className={admin ? FONT_CLASS : undefined}>
        <head>
          <meta charSet="utf-8" />
          {admin ? null : <FontCachedCheck nonce={nonce} />}
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content={data?.dealership.brandColor ?? '#1e3a8a'} />
          <Meta />
          <Links />
        </head>
        <body className="flex min-h-dvh flex-col">
          <SkipLink />
          {admin ? (
            children
          ) : (
            <>
              {data ? (
                <SiteHeaderIsland dealership={headerDealership(data.dealership)} pathname={pathname} />
              ) : null}
              <main id="contenido" tabIndex={-1} className="flex-1 focus:outline-none">
                {children}
              </main>
              {data ? <SiteFooter dealership={data.dealership} /> : null}
              {data ? <WhatsAppButton whatsapp={data.dealership.whatsapp} /> : null}
            </>
          )}
          {islands ? (
            <IslandScripts nonce={nonce} />
          ) : (
            <>
              <ScrollRestoration nonce={nonce} />
              <HydrationMarker />
              <Scripts nonce={nonce} />
            </>
          )}
          {admin ? null : <DeferredScriptsStart nonce={nonce} />}
        </body>
      </html>
    </IslandsContext>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
