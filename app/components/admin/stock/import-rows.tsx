// The rows of a stock import's preview (ADR 0024, 0040), as a list that reads the same on a phone and a desktop: each
// row's outcome, its changes old → new, its errors, and, for a row older than its vehicle (or of unknown age), the
// choice to keep or skip it. Rows that change nothing are folded away at the end.

import type { ImportPreview, ImportRow } from '@contracts/admin-stock-sheet.ts';
import { Badge, type Tone } from '~/components/admin/ui';
import { CircleAlert, TriangleAlert } from '~/components/icons';

const KIND: Record<ImportRow['tipo'], { tone: Tone; label: (row: ImportRow) => string }> = {
  nuevo: { tone: 'info', label: () => 'Nuevo' },
  actualiza: { tone: 'warning', label: (row) => `Actualiza ${row.ref ?? ''}` },
  sin_cambios: { tone: 'neutral', label: () => 'Sin cambios' },
  error: { tone: 'danger', label: () => 'Error' },
};

export const rowAnchor = (fila: number) => `fila-${fila}`;

/** The sentence of a row that may undo work done in the site since the file was exported. */
export function ageText(row: ImportRow): string | null {
  const age = row.antiguedad;
  if (!age) return null;
  if (age.tipo === 'sin_fecha')
    return 'No se sabe de cuándo es esta fila (no trae «Revisión»): si el vehículo cambió en el sitio después, aplicarla deshace esos cambios.';
  const times = age.revisionActual - age.revisionArchivo;
  return `El vehículo cambió en el sitio ${times === 1 ? '1 vez' : `${times} veces`} después de que se exportó esta fila (revisión ${age.revisionArchivo} en el archivo, ${age.revisionActual} ahora): aplicarla deja los valores del archivo.`;
}

function Changes({ row }: { row: ImportRow }) {
  return (
    <dl className="grid gap-1.5 text-sm">
      {row.cambios.map((change) => (
        <div key={change.campo} className="grid gap-x-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <dt className="font-semibold text-slate-800">{change.campo}</dt>
          <dd className="min-w-0 break-words text-slate-800">
            <span className="text-slate-600 line-through decoration-slate-400">{change.antes}</span>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> pasa a </span>
            <span className="font-medium">{change.despues}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function KeepChoice({
  row,
  kept,
  onKeep,
  disabled,
}: {
  row: ImportRow;
  kept: boolean;
  onKeep: (fila: number, keep: boolean) => void;
  disabled: boolean;
}) {
  const name = `conservar-${row.fila}`;
  return (
    <fieldset className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm">
      <legend className="sr-only">{`Fila ${row.fila}: aplicar u omitir`}</legend>
      <p className="flex items-start gap-2">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        {ageText(row)}
      </p>
      <div className="mt-2 flex flex-col gap-1 sm:flex-row sm:gap-4">
        <label className="flex min-h-10 cursor-pointer items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={!kept}
            disabled={disabled}
            onChange={() => onKeep(row.fila, false)}
            className="size-4 accent-brand-700"
          />
          Omitir esta fila
        </label>
        <label className="flex min-h-10 cursor-pointer items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={kept}
            disabled={disabled}
            onChange={() => onKeep(row.fila, true)}
            className="size-4 accent-brand-700"
          />
          Aplicar sus cambios
        </label>
      </div>
    </fieldset>
  );
}

function RowItem({
  row,
  kept,
  onKeep,
  disabled,
}: {
  row: ImportRow;
  kept: boolean;
  onKeep: (fila: number, keep: boolean) => void;
  disabled: boolean;
}) {
  const kind = KIND[row.tipo];
  return (
    <li
      id={rowAnchor(row.fila)}
      tabIndex={-1}
      className={`scroll-mt-4 rounded-xl border p-3 shadow-xs sm:p-4 ${
        row.tipo === 'error' ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white'
      }`}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-semibold text-slate-900">Fila {row.fila}</span>
        <Badge tone={kind.tone}>{kind.label(row)}</Badge>
        {row.antiguedad ? (
          <Badge tone={kept ? 'warning' : 'neutral'}>{kept ? 'Se aplica' : 'Se omite'}</Badge>
        ) : null}
        <span className="min-w-0 break-words text-slate-700">{row.vehiculo || '—'}</span>
      </p>
      {row.tipo === 'error' ? (
        <ul className="mt-2 grid gap-1 text-red-800 text-sm">
          {Object.entries(row.errores).map(([column, message]) => (
            <li key={column}>
              <span className="font-semibold">{column}:</span> {message}
            </li>
          ))}
        </ul>
      ) : null}
      {row.tipo === 'actualiza' ? (
        <div className="mt-2">
          <Changes row={row} />
        </div>
      ) : null}
      {row.avisos.length > 0 ? (
        <ul className="mt-2 grid gap-1 text-amber-900 text-sm">
          {row.avisos.map((aviso) => (
            <li key={aviso} className="flex items-start gap-2">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {aviso}
            </li>
          ))}
        </ul>
      ) : null}
      {row.antiguedad ? <KeepChoice row={row} kept={kept} onKeep={onKeep} disabled={disabled} /> : null}
    </li>
  );
}

export function ImportRows({
  preview,
  kept,
  onKeep,
  disabled,
}: {
  preview: ImportPreview;
  kept: ReadonlySet<number>;
  onKeep: (fila: number, keep: boolean) => void;
  disabled: boolean;
}) {
  const unchanged = preview.filas.filter((row) => row.tipo === 'sin_cambios' && row.avisos.length === 0);
  const shown = preview.filas.filter((row) => !unchanged.includes(row));
  return (
    <div className="grid gap-3">
      {shown.length > 0 ? (
        <ol aria-label="Filas que cambian algo o tienen errores" className="grid gap-3">
          {shown.map((row) => (
            <RowItem key={row.fila} row={row} kept={kept.has(row.fila)} onKeep={onKeep} disabled={disabled} />
          ))}
        </ol>
      ) : null}
      {unchanged.length > 0 ? (
        <details className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-xs sm:p-4">
          <summary className="cursor-pointer font-semibold text-slate-800">
            {unchanged.length === 1 ? '1 fila sin cambios' : `${unchanged.length} filas sin cambios`}
          </summary>
          <ul className="mt-2 grid gap-1 text-slate-700">
            {unchanged.map((row) => (
              <li key={row.fila}>
                Fila {row.fila} · {row.ref} · {row.vehiculo}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
