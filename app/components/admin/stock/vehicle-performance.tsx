import type { VehiclePerformance } from '@contracts/admin-stock.ts';
import { Card } from '~/components/admin/ui';

const number = (value: number) => value.toLocaleString('es-CL');
const rate = (value: number | null) =>
  value === null ? '—' : value.toLocaleString('es-CL', { maximumFractionDigits: 1 });
const days = (value: number | null) =>
  value === null ? 'No publicado' : `${number(value)} ${value === 1 ? 'día' : 'días'}`;

/** The figures in the order staff read them, with their Spanish labels. */
export function performanceFacts(p: VehiclePerformance): Array<[label: string, value: string]> {
  return [
    ['Vistas (7 días)', number(p.vistas7)],
    ['Vistas (30 días)', number(p.vistas30)],
    ['Solicitudes (30 días)', number(p.solicitudes30)],
    ['Solicitudes por 100 vistas', rate(p.solicitudesPor100Vistas)],
    ['Días en stock', days(p.diasEnStock)],
  ];
}

/** One cell of the stock table (and one line of a phone card): the same figures, short. */
export function PerformanceSummary({ p }: { p: VehiclePerformance }) {
  return (
    <span className="text-slate-700 text-xs tabular-nums">
      {number(p.vistas7)} / {number(p.vistas30)} vistas · {number(p.solicitudes30)}{' '}
      {p.solicitudes30 === 1 ? 'solicitud' : 'solicitudes'} · {rate(p.solicitudesPor100Vistas)} por 100 ·{' '}
      {days(p.diasEnStock)}
    </span>
  );
}

/** 'Interés': on the vehicle's page in the back office. Views are counted without cookies (issue 21). */
export function PerformanceCard({ p }: { p: VehiclePerformance }) {
  return (
    <Card title="Interés">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3" data-testid="vehicle-performance">
        {performanceFacts(p).map(([label, value]) => (
          <div key={label}>
            <dt className="font-medium text-slate-600 text-xs uppercase tracking-wide">{label}</dt>
            <dd className="mt-0.5 font-semibold text-lg text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-slate-600 text-xs">
        Vistas de su página en el sitio, sin contar buscadores ni robots; se actualizan cada pocos segundos.
      </p>
    </Card>
  );
}
