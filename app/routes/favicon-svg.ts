import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BrandMark } from '~/components/brand-mark';
import type { Route } from './+types/favicon-svg';

/** The tab's icon and the logo of the structured data: the drawing the header shows inline, titled with the name. */
export async function loader({ context }: Route.LoaderArgs) {
  const snapshot = await context.services.catalogue.snapshot();
  return new Response(
    renderToStaticMarkup(createElement(BrandMark, { title: snapshot.settings.data.name })),
    {
      headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    },
  );
}
