// A sold vehicle keeps its page (docs/product.md: "Sold is a state of a vehicle's page, not its end"; ADR 0018).
// For SOLD_PAGE_DAYS after the sale the page stays in /sitemap.xml and open to search engines; after that it is
// `noindex` and leaves the sitemap, but still answers 200 for whoever has its link.

const DAY_MS = 86_400_000;

/** Whether a page sold at `soldAt` is still listed and indexable at `now`, with pages kept `days` days. */
export function soldPageIndexed(soldAt: Date | string, days: number, now: number): boolean {
  const at = new Date(soldAt).getTime();
  return Number.isFinite(at) && now - at < days * DAY_MS;
}
