import type { StockQuery } from '@contracts/admin-stock.ts';

/**
 * The list's URL for a query, with defaults left out so links stay short. Changing a filter or the order goes
 * back to page 1 unless a page is given.
 */
export function stockHref(query: StockQuery, change: Partial<StockQuery> = {}): string {
  const next = { ...query, pagina: 1, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.estado) params.set('estado', next.estado);
  if (next.orden !== 'recientes') params.set('orden', next.orden);
  if (next.pagina > 1) params.set('pagina', String(next.pagina));
  const search = params.toString();
  return search ? `/admin/vehiculos?${search}` : '/admin/vehiculos';
}
