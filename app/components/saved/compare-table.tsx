import type { ImageRef } from '@contracts/listing';
import { type CompareRow, HAS_FEATURE } from '@domain/compare';
import { idsValue } from '@domain/saved-lists';
import { AdvertisedCuota } from '~/components/financing/advertised-cuota';
import { PhotoPlaceholder } from '~/components/photo-placeholder';
import { ResponsiveImage } from '~/components/responsive-image';
import { withSoftHyphens } from '~/lib/soft-hyphens';
import { FavouriteButton } from './save-buttons';

export interface ComparedColumn {
  id: number;
  name: string;
  year: number;
  price: number;
  image: ImageRef | null;
}

const PHOTO_SIZES = '(min-width: 1024px) 260px, 160px';

/**
 * The table of /comparar (ADR 0019): a column per vehicle, a row per fact (domain/compare.ts). Rows whose values
 * differ are tinted and marked; the best value of a row says so in words. 'Solo diferencias' is a checkbox that
 * hides the equal rows through CSS alone (app.css, `.compare`), so the page needs no code for it. On a phone the
 * first column stays while the vehicles scroll sideways, and it and the vehicles' columns are narrow enough that two
 * vehicles show side by side from 360 px (row labels in a smaller type; one still longer than its column is
 * hyphenated where the browser can, or breaks inside a word).
 */
export function CompareTable({ columns, rows }: { columns: ComparedColumn[]; rows: CompareRow[] }) {
  const ids = columns.map((c) => c.id);
  const facts = rows.filter((r) => !r.feature);
  const features = rows.filter((r) => r.feature);
  const differing = rows.filter((r) => r.differs).length;
  return (
    <div className="compare">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 rounded-lg bg-white px-4 font-semibold text-slate-800 ring-1 ring-slate-300">
          <input id="solo-diferencias" type="checkbox" className="size-5 accent-brand-700" />
          Solo diferencias
        </label>
        <p className="flex items-center gap-2 text-slate-700 text-sm">
          <span aria-hidden className="inline-block size-4 rounded bg-amber-100 ring-1 ring-amber-300" />
          {differing === 1 ? '1 fila con valores distintos' : `${differing} filas con valores distintos`}
        </p>
      </div>
      <section
        aria-label="Tabla de comparación"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard.
        tabIndex={0}
        className="compare-scroll relative overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 focus-visible:outline-3 focus-visible:outline-brand-600"
      >
        <table className="w-full border-collapse text-left text-sm sm:text-base">
          <caption className="sr-only">{`Comparación de ${columns.length} vehículos`}</caption>
          <thead>
            <tr>
              <td className="sticky left-0 z-10 w-26 min-w-26 border-slate-200 border-b bg-white sm:w-44" />
              {columns.map((column, index) => (
                <th
                  key={column.id}
                  scope="col"
                  className="min-w-30 border-slate-200 border-b p-2 align-top font-normal sm:min-w-52 sm:p-3"
                >
                  <div className="relative aspect-[3/2] overflow-hidden rounded-lg bg-slate-200">
                    {column.image ? (
                      <ResponsiveImage
                        image={column.image}
                        alt=""
                        sizes={PHOTO_SIZES}
                        className="h-full w-full object-cover"
                        priority={index === 0}
                      />
                    ) : (
                      <PhotoPlaceholder />
                    )}
                    <FavouriteButton
                      vehicle={{ id: column.id, label: `${column.name} ${column.year}`, price: column.price }}
                      className="absolute top-1.5 right-1.5 print:hidden"
                    />
                  </div>
                  <a
                    href={`/vehicles/${column.id}`}
                    className="mt-2 block font-semibold text-brand-800 leading-snug underline-offset-2 hover:underline"
                  >
                    {column.name} {column.year}
                  </a>
                  {columns.length > 2 ? (
                    <a
                      href={`/comparar?ids=${idsValue(ids.filter((id) => id !== column.id))}`}
                      aria-label={`Quitar de la comparación: ${column.name} ${column.year}`}
                      className="mt-1 inline-flex min-h-11 items-center text-slate-600 text-sm underline underline-offset-2 print:hidden"
                    >
                      Quitar de la comparación
                    </a>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {facts.map((row) => (
              <Row key={row.key} row={row} ids={ids} />
            ))}
          </tbody>
          {features.length > 0 ? (
            <tbody>
              <tr>
                <th
                  scope="colgroup"
                  colSpan={columns.length + 1}
                  className="bg-slate-100 px-3 py-2 text-left font-bold text-slate-900"
                >
                  {/* The heading spans every column: it stays at the left while the vehicles scroll. */}
                  <span className="sticky left-3">Características</span>
                </th>
              </tr>
              {features.map((row) => (
                <Row key={row.key} row={row} ids={ids} />
              ))}
            </tbody>
          ) : null}
        </table>
      </section>
    </div>
  );
}

function Row({ row, ids }: { row: CompareRow; ids: number[] }) {
  const tint = row.differs ? 'bg-amber-50' : 'bg-white';
  return (
    <tr data-same={row.differs ? undefined : ''} className="border-slate-200 border-b last:border-b-0">
      <th
        scope="row"
        className={`sticky left-0 z-10 p-2 align-top font-semibold text-slate-800 text-xs hyphens-auto [overflow-wrap:anywhere] sm:p-3 sm:text-base sm:[overflow-wrap:normal] ${tint}`}
      >
        {/* On a phone the labels have 88 px: a long word of the interface breaks where Spanish breaks it. */}
        {withSoftHyphens(row.label)}
        {row.differs ? <span className="sr-only"> (distinto)</span> : null}
      </th>
      {row.cells.map((cell, index) => {
        const best = row.best.includes(index);
        const cuota = row.advertised?.[index];
        return (
          <td
            key={ids[index]}
            className={`p-2 align-top sm:p-3 ${tint} ${best ? 'font-bold text-green-900' : 'text-slate-800'}`}
          >
            {row.feature ? (
              <>
                <span aria-hidden>{cell}</span>
                <span className="sr-only">{cell === HAS_FEATURE ? 'Sí' : 'No'}</span>
              </>
            ) : cuota ? (
              <AdvertisedCuota value={cuota} perMonth=" al mes" />
            ) : (
              cell
            )}
            {best && row.bestLabel ? (
              <span className="mt-1 block w-fit rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-900 text-xs">
                {row.bestLabel}
              </span>
            ) : null}
          </td>
        );
      })}
    </tr>
  );
}
