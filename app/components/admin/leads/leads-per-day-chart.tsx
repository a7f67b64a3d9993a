import { dayKeyToChile } from '@domain/chile-time';

/**
 * Leads per day as small bars: an inline SVG (no chart library), a sentence that says what it shows for screen
 * readers, and the same numbers as a table one click away.
 */
export function LeadsPerDayChart({ days }: { days: Array<{ day: string; count: number }> }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const busiest = days.reduce(
    (best, d) => (d.count > best.count ? d : best),
    days[0] ?? { day: '', count: 0 },
  );
  const width = 300;
  const height = 100;
  const slot = width / Math.max(1, days.length);
  const summary =
    total === 0
      ? 'No llegaron solicitudes en los últimos 30 días.'
      : `${total} solicitudes en los últimos 30 días; el día con más fue el ${dayKeyToChile(busiest.day)}, con ${busiest.count}.`;
  const first = days[0];
  const last = days[days.length - 1];
  const middle = days[Math.floor(days.length / 2)];

  return (
    <figure>
      <div className="flex gap-2">
        <div
          className="flex flex-col justify-between py-0.5 text-right text-slate-600 text-xs tabular-nums"
          aria-hidden
        >
          <span>{max}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
          className="h-40 w-full rounded-md bg-slate-50"
        >
          <line
            x1="0"
            x2={width}
            y1={height / 2}
            y2={height / 2}
            className="stroke-slate-200"
            strokeWidth="0.5"
          />
          {days.map((d, i) => {
            const barHeight = (d.count / max) * (height - 4);
            return (
              <rect
                key={d.day}
                x={i * slot + slot * 0.15}
                y={height - barHeight}
                width={slot * 0.7}
                height={Math.max(barHeight, d.count > 0 ? 1 : 0)}
                rx="1"
                className={i === days.length - 1 ? 'fill-accent-500' : 'fill-brand-600'}
              >
                <title>{`${dayKeyToChile(d.day)}: ${d.count}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className="mt-1 flex justify-between pl-6 text-slate-600 text-xs" aria-hidden>
        <span>{first ? dayKeyToChile(first.day) : ''}</span>
        <span className="hidden sm:inline">{middle ? dayKeyToChile(middle.day) : ''}</span>
        <span>Hoy</span>
      </div>
      <figcaption className="mt-3 text-slate-700 text-sm">{summary}</figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-brand-800 underline underline-offset-2">
          Ver los datos como tabla
        </summary>
        {/* Scrolls on its own: focusable and named, so keyboard users can scroll it too. */}
        <section
          aria-label="Solicitudes por día"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          className="mt-2 max-h-72 overflow-y-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Solicitudes recibidas por día</caption>
            <thead className="sticky top-0 bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-semibold text-slate-700">
                  Día
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-semibold text-slate-700">
                  Solicitudes
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day} className="border-slate-100 border-t">
                  <td className="px-3 py-1">
                    {d.day === last?.day ? `${dayKeyToChile(d.day)} (hoy)` : dayKeyToChile(d.day)}
                  </td>
                  <td className="px-3 py-1 text-right tabular-nums">{d.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  );
}
