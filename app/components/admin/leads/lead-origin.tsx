import type { LeadOrigin } from '@contracts/admin-leads';
import { Card } from '~/components/admin/ui';

/** 'Origen': where the visit that sent the lead began, as the visitor's browser reported it with the lead. */
export function LeadOriginCard({ origin }: { origin: LeadOrigin }) {
  const facts: Array<[label: string, value: string | null]> = [
    ['Fuente', origin.source],
    ['Medio', origin.medium],
    ['Campaña', origin.campaign],
    ['Página de llegada', origin.landingPage],
    ['Sitio de referencia', origin.referrerHost],
  ];
  const known = facts.some(([, value]) => value !== null);
  return (
    <Card title="Origen">
      {known ? (
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2" data-testid="lead-origin">
          {facts.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="font-medium text-slate-600 text-xs uppercase tracking-wide">{label}</dt>
              <dd className="mt-0.5 break-words text-slate-900">{value ?? 'No indicado'}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-slate-700 text-sm">
          Sin datos de origen: la visita llegó directo al sitio, o la solicitud se envió sin ellos.
        </p>
      )}
    </Card>
  );
}
