import { STOCK_STATUS_LABEL, type StockStatus } from '@contracts/admin-stock.ts';
import { Badge, type Tone } from '~/components/admin/ui';

export const STATUS_TONE: Record<StockStatus, Tone> = {
  borrador: 'neutral',
  publicado: 'success',
  vendido: 'info',
};

export function StatusBadge({ status }: { status: StockStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{STOCK_STATUS_LABEL[status]}</Badge>;
}

/** What each status means for the public site, said where staff choose it. */
export const STATUS_HINT: Record<StockStatus, string> = {
  borrador: 'No se muestra en el sitio.',
  publicado: 'Visible en el sitio y en la API.',
  vendido: 'Sale del listado y de la API; su página queda, con el aviso «Vendido».',
};
