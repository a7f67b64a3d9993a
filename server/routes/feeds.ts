import type { FastifyPluginAsync } from 'fastify';
import { sendCachedBody } from '../http/cached-json.ts';
import type { CatalogueSnapshot } from '../services/catalogue/catalogue.ts';
import { buildGoogleFeed, GOOGLE_FEED_PATH, googleFeedLeftOut } from '../services/feeds/google-feed.ts';
import { buildImageSitemap, IMAGE_SITEMAP_PATH } from '../services/feeds/image-sitemap.ts';
import { buildMetaFeed, META_FEED_PATH } from '../services/feeds/meta-feed.ts';

/**
 * The ad-catalog feeds and the image sitemap (ADR 0021), public. Each body is built once per catalogue snapshot
 * and kept until the next stock or settings change, here or on another instance (the catalogue's invalidation); clients
 * revalidate with the ETag.
 */
export const feedRoutes: FastifyPluginAsync = async (app) => {
  const { catalogue, config } = app.services;
  // The dealership's name and address come from the settings of the same snapshot (ADR 0025).
  const options = (snapshot: CatalogueSnapshot) => ({
    publicUrl: config.publicUrl,
    dealership: snapshot.settings.data,
  });

  app.get(META_FEED_PATH, async (request, reply) =>
    sendCachedBody(
      request,
      reply,
      await catalogue.text('feed:meta', (snapshot) => buildMetaFeed(snapshot, options(snapshot))),
      'application/xml; charset=utf-8',
    ),
  );

  app.get(GOOGLE_FEED_PATH, async (request, reply) =>
    sendCachedBody(
      request,
      reply,
      await catalogue.text('feed:google', (snapshot) => {
        // Once per snapshot, when the body is built: which vehicles wait out of it, for staff reading the logs.
        const leftOut = googleFeedLeftOut(snapshot);
        if (leftOut > 0)
          request.log.info({ leftOut }, 'google feed: vehicles left out, their VIN fails the check digit');
        return buildGoogleFeed(snapshot, options(snapshot));
      }),
      'text/csv; charset=utf-8',
    ),
  );

  app.get(IMAGE_SITEMAP_PATH, async (request, reply) =>
    sendCachedBody(
      request,
      reply,
      await catalogue.text('sitemap:images', (snapshot) => buildImageSitemap(snapshot, config.publicUrl)),
      'application/xml; charset=utf-8',
    ),
  );
};
