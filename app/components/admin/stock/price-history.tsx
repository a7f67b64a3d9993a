import type { PriceChange } from '@contracts/admin-stock.ts';
import { formatChileDateTime } from '@domain/chile-time';
import { formatPrice } from '@domain/format';
import { Badge, Card } from '~/components/admin/ui';

/** "Bajó 8%" / "Subió 5%": the change as a share of the price before it, in whole percent. */
function changeLabel({ de, a }: PriceChange): { text: string; tone: 'success' | 'warning' } {
  const percent = Math.round((Math.abs(a - de) / Math.max(1, de)) * 100);
  const amount = percent === 0 ? 'menos de 1%' : `${percent}%`;
  return a < de ? { text: `Bajó ${amount}`, tone: 'success' } : { text: `Subió ${amount}`, tone: 'warning' };
}

/** Every change of the vehicle's price, newest first: when, who, from → to. */
export function PriceHistory({ changes }: { changes: PriceChange[] }) {
  return (
    <Card title="Historial de precios">
      {changes.length === 0 ? (
        <p className="text-slate-600 text-sm">El precio no ha cambiado desde que se creó el vehículo.</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {changes.map((change) => {
            const label = changeLabel(change);
            return (
              <li key={`${change.fecha}-${change.de}-${change.a}`} className="py-2.5 first:pt-0 last:pb-0">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-900 text-sm">
                  <span>
                    De <span className="font-medium">{formatPrice(change.de)}</span> a{' '}
                    <span className="font-semibold">{formatPrice(change.a)}</span>
                  </span>
                  <Badge tone={label.tone}>{label.text}</Badge>
                </p>
                <p className="text-slate-600 text-xs">
                  {formatChileDateTime(change.fecha)} · {change.por ?? 'Cuenta eliminada'}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
