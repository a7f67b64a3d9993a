// What a stock import's preview needs from the person, said at its top, before the button (ADR 0040): a file of
// unknown age, the rows in error (each a link to its row), and the rows older than their vehicle, with one choice for
// all of them. On a phone this is what shows first; the rows follow below.

import type { ImportPreview } from '@contracts/admin-stock-sheet.ts';
import { adminButton } from '~/components/admin/ui';
import { CircleAlert, TriangleAlert } from '~/components/icons';
import { rowAnchor } from './import-rows.tsx';

const MAX_LISTED_ERRORS = 50;

const rows = (n: number) => (n === 1 ? '1 fila' : `${n.toLocaleString('es-CL')} filas`);

export function ImportAttention({
  preview,
  kept,
  onKeepAll,
  disabled,
}: {
  preview: ImportPreview;
  kept: ReadonlySet<number>;
  onKeepAll: (filas: number[], keep: boolean) => void;
  disabled: boolean;
}) {
  const errors = preview.filas.filter((row) => row.tipo === 'error');
  const older = preview.filas.filter((row) => row.antiguedad?.tipo === 'antigua').map((row) => row.fila);
  const undated = preview.filas.filter((row) => row.antiguedad?.tipo === 'sin_fecha').map((row) => row.fila);
  const keptOf = (filas: number[]) => filas.filter((fila) => kept.has(fila)).length;

  return (
    <>
      {errors.length > 0 ? (
        <section
          aria-labelledby="errores-importacion"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900 text-sm"
        >
          <h3 id="errores-importacion" className="flex items-start gap-2 font-semibold">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {rows(errors.length)} con error: corrígelas en el archivo y súbelo de nuevo.
          </h3>
          <ul className="mt-2 grid gap-1.5">
            {errors.slice(0, MAX_LISTED_ERRORS).map((row) => (
              <li key={row.fila} className="break-words">
                <a href={`#${rowAnchor(row.fila)}`} className="font-semibold underline underline-offset-2">
                  Fila {row.fila}
                </a>
                {' · '}
                {Object.entries(row.errores)
                  .map(([column, message]) => `${column}: ${message}`)
                  .join(' ')}
              </li>
            ))}
          </ul>
          {errors.length > MAX_LISTED_ERRORS ? (
            <p className="mt-2">Y {rows(errors.length - MAX_LISTED_ERRORS)} más, más abajo.</p>
          ) : null}
        </section>
      ) : null}

      {!preview.conRevision ? (
        <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            Este archivo no trae la columna «Revisión»: no se sabe de cuándo es. Si alguien cambió en el sitio
            un vehículo que el archivo también cambia, importarlo deshace ese cambio. Revisa cada cambio y
            elige qué filas aplicar; las demás se omiten.
          </span>
        </p>
      ) : null}

      {older.length > 0 ? (
        <KeepAll
          text={`${rows(older.length)} ${older.length === 1 ? 'es anterior' : 'son anteriores'} a cambios hechos en el sitio después de exportar el archivo: aplicarlas deshace esos cambios. Por omisión se omiten; revisa cada una abajo.`}
          filas={older}
          kept={keptOf(older)}
          onKeepAll={onKeepAll}
          disabled={disabled}
        />
      ) : null}
      {undated.length > 0 ? (
        <KeepAll
          text={`${rows(undated.length)} ${undated.length === 1 ? 'cambia un vehículo' : 'cambian vehículos'} sin decir de cuándo ${undated.length === 1 ? 'es' : 'son'}. Por omisión se omiten; revisa cada una abajo.`}
          filas={undated}
          kept={keptOf(undated)}
          onKeepAll={onKeepAll}
          disabled={disabled}
        />
      ) : null}
    </>
  );
}

function KeepAll({
  text,
  filas,
  kept,
  onKeepAll,
  disabled,
}: {
  text: string;
  filas: number[];
  kept: number;
  onKeepAll: (filas: number[], keep: boolean) => void;
  disabled: boolean;
}) {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm">
      <p className="flex items-start gap-2">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        {text}
      </p>
      <p className="mt-2 font-medium">
        {kept === 0
          ? 'Ninguna se aplica.'
          : `Se ${kept === 1 ? 'aplica 1' : `aplican ${kept}`} de ${filas.length}.`}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className={adminButton.secondary}
          disabled={disabled || kept === 0}
          onClick={() => onKeepAll(filas, false)}
        >
          Omitir todas
        </button>
        <button
          type="button"
          className={adminButton.secondary}
          disabled={disabled || kept === filas.length}
          onClick={() => onKeepAll(filas, true)}
        >
          Aplicar todas
        </button>
      </div>
    </div>
  );
}
