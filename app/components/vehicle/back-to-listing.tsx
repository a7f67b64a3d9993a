import { useEffect, useState } from 'react';
import { ArrowLeft } from '~/components/icons';
import { island } from '~/lib/island';

/**
 * 'Volver a vehículos': back to the listing the visitor came from, filters and page included, else to the whole
 * stock. Where they came from is known only in the browser (the page the server keeps is the same for everyone),
 * so the link changes after hydration.
 */
export function BackToListing() {
  const [href, setHref] = useState('/vehicles');
  useEffect(() => {
    const from = listingReferrer(document.referrer, window.location.origin);
    if (from) setHref(from);
  }, []);
  return (
    <a
      href={href}
      className="inline-flex items-center gap-2 rounded-lg py-2 font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" /> Volver a vehículos
    </a>
  );
}

/** The listing address (path and query) a referrer names, when it is this site's listing. */
export function listingReferrer(referrer: string, origin: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.origin === origin && url.pathname === '/vehicles' ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** As an island (ADR 0015): app/islands/back-to-listing.ts. */
export const BackToListingIsland = /* @__PURE__ */ island('back-to-listing', BackToListing);
