import type { ReadablePersonalData } from '@contracts/admin-staff';
import { formatChileDateTime } from '@domain/chile-time';

/**
 * A person's data as a page to read and print (ADR 0041): the same data as the JSON and CSV files, in sections with
 * Spanish labels. Printed, the page shows this alone (app.css, admin.css: `data-personal-data`).
 */
export function PersonalDataView({
  data,
  headingLevel = 2,
}: {
  data: ReadablePersonalData;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article data-personal-data className="grid gap-5 text-slate-800">
      <p className="text-slate-700 text-sm">
        Datos asociados a <span className="break-words font-semibold text-slate-900">{data.correo}</span> que
        guarda {data.responsable}, al {formatChileDateTime(data.generado)} (hora de Chile).
      </p>
      {data.secciones.map((section) => (
        <section
          key={section.title}
          aria-label={section.title}
          className="break-inside-avoid-page rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-5 print:p-0 print:shadow-none print:ring-0"
        >
          <Heading className="font-semibold text-base text-slate-900">{section.title}</Heading>
          <dl className="mt-2 divide-y divide-slate-100">
            {section.rows.map((row, index) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: a section's rows never move
                key={index}
                className="grid gap-x-4 gap-y-0.5 py-1.5 text-sm sm:grid-cols-[14rem_minmax(0,1fr)]"
              >
                <dt className="text-slate-600">{row.label}</dt>
                <dd className="min-w-0 whitespace-pre-line break-words">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </article>
  );
}
