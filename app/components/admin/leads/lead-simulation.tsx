import type { LeadDetail } from '@contracts/admin-leads';
import { Card } from '~/components/admin/ui';

/** The credit simulation a financing request came from, with the figures the server computed (and e-mailed). */
export function LeadSimulation({ lines }: { lines: NonNullable<LeadDetail['simulation']> }) {
  return (
    <Card title="Simulación de crédito">
      <dl className="divide-y divide-slate-100 text-sm">
        {lines.map(({ label, value }) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-slate-500 text-xs">
        Calculada por el sitio con las condiciones de financiamiento vigentes al recibir la solicitud.
      </p>
    </Card>
  );
}
