// The stock spreadsheet page's working part (ADR 0024, 0040): choose a file, see what each row would do (old → new),
// keep or skip the rows older than their vehicle, import it all at once. The file stays in the page between the
// preview and the import and is sent again with the preview's fingerprint and the rows kept; the server keeps nothing
// in between, so a reload only means choosing the file again. What needs the person (errors, older rows) is said at
// the top of the preview, beside the button, where a phone shows it.

import {
  type ImportPreview,
  type ImportResult,
  STOCK_SHEET_COLUMNS,
  STOCK_SHEET_LIMITS,
} from '@contracts/admin-stock-sheet.ts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AdminNotice, adminButton, Badge, Card } from '~/components/admin/ui';
import { useHydrated } from '~/components/forms/form-parts';
import { Loader2 } from '~/components/icons';
import { AdminApiError, adminFetch, refusalText } from '~/lib/admin/api-client';
import { ImportAttention } from './import-attention.tsx';
import { ImportRows } from './import-rows.tsx';
import type { Notice } from './use-action.ts';

const L = STOCK_SHEET_LIMITS;
const MB = L.maxBytes / (1024 * 1024);
const COLUMN_LIST = STOCK_SHEET_COLUMNS.map((c) => c.header);

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('es-CL')} ${n === 1 ? one : many}`;

/** What «Importar» will do: the rows written together, and those skipped. */
function importSentence(writes: number, skipped: number): string {
  const written =
    writes === 1 ? 'Se guarda 1 fila' : `Se guardan ${count(writes, 'fila', 'filas')} juntas, o ninguna`;
  if (skipped === 0) return `${written}.`;
  return `${written}; se ${skipped === 1 ? 'omite 1 fila' : `omiten ${count(skipped, 'fila', 'filas')}`}.`;
}

export function StockImport() {
  const hydrated = useHydrated();
  const [file, setFile] = useState<File | null>(null);
  const [crearMarcas, setCrearMarcas] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  // The rows, among those marked older than their vehicle (or of unknown age), the person keeps; the rest are skipped.
  const [kept, setKept] = useState<ReadonlySet<number>>(new Set());
  const inputRef = useRef<HTMLInputElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const hintId = useId();
  // Where focus goes once the next answer is on screen: the preview's heading, or the import's outcome.
  const focusNext = useRef<'preview' | 'result' | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each new answer on purpose
  useEffect(() => {
    const target =
      focusNext.current === 'preview'
        ? previewHeading.current
        : focusNext.current === 'result'
          ? resultRef.current
          : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  }, [preview, result]);

  function formFor(chosen: File, create: boolean, huella?: string, keep?: ReadonlySet<number>): FormData {
    const body = new FormData();
    body.append('crearMarcas', create ? '1' : '0');
    if (huella) body.append('huella', huella);
    if (keep) body.append(L.applyField, [...keep].sort((a, b) => a - b).join(','));
    body.append(L.field, chosen);
    return body;
  }

  async function review(chosen: File, create: boolean, focus = true) {
    setBusy('preview');
    setNotice(null);
    setResult(null);
    try {
      const next = await adminFetch<ImportPreview>('/admin/api/planilla-stock/vista-previa', {
        method: 'POST',
        body: formFor(chosen, create),
      });
      if (focus) focusNext.current = 'preview';
      setPreview(next);
      // A choice made on a row that is still marked stays; rows no longer marked need none.
      const marked = new Set(next.filas.filter((row) => row.antiguedad).map((row) => row.fila));
      setKept((previous) => new Set([...previous].filter((fila) => marked.has(fila))));
    } catch (error) {
      setPreview(null);
      setNotice({
        tone: 'error',
        text: refusalText(error, 'No se pudo revisar el archivo. Inténtalo nuevamente.'),
      });
    } finally {
      setBusy(null);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = inputRef.current?.files?.[0] ?? null;
    setFile(chosen);
    if (!chosen) {
      setPreview(null);
      setNotice({ tone: 'error', text: 'Elige un archivo .xlsx o .csv.' });
      return;
    }
    if (chosen.size > L.maxBytes) {
      setPreview(null);
      setNotice({
        tone: 'error',
        text: `El archivo pesa más de ${MB} MB. Divídelo en archivos más pequeños.`,
      });
      return;
    }
    void review(chosen, crearMarcas);
  }

  async function importAll() {
    if (!file || !preview) return;
    setBusy('import');
    setNotice(null);
    try {
      const answer = await adminFetch<{ resultado: ImportResult }>('/admin/api/planilla-stock/importar', {
        method: 'POST',
        body: formFor(file, crearMarcas, preview.huella, kept),
      });
      focusNext.current = 'result';
      setResult(answer.resultado);
      setPreview(null);
      setKept(new Set());
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    } catch (error) {
      setNotice({ tone: 'error', text: refusalText(error, 'No se pudo importar. No se guardó nada.') });
      // The stock changed meanwhile: show what the file would do now.
      if (error instanceof AdminApiError && error.status === 409) {
        setBusy(null);
        await review(file, crearMarcas);
        setNotice({ tone: 'error', text: refusalText(error) });
      }
    } finally {
      setBusy(null);
    }
  }

  const summary = preview?.resumen;
  const marked = preview?.filas.filter((row) => row.antiguedad) ?? [];
  const skipped = marked.filter((row) => !kept.has(row.fila)).length;
  const writes = summary ? summary.nuevos + summary.actualiza - skipped : 0;
  const canImport = !!preview && summary?.errores === 0 && writes > 0 && busy === null;

  function keep(filas: number[], value: boolean) {
    setKept((previous) => {
      const next = new Set(previous);
      for (const fila of filas) {
        if (value) next.add(fila);
        else next.delete(fila);
      }
      return next;
    });
  }

  return (
    <div className="grid gap-6">
      <Card title="1. Descarga la plantilla o el stock">
        <p className="mb-2 text-slate-600 text-sm">
          Columnas: {COLUMN_LIST.slice(0, -1).join(', ')} y {COLUMN_LIST.at(-1)}. Características van
          separadas por comas; Destacado es Sí o No; Estado, Borrador, Publicado o Vendido. Deja la REF vacía
          en un vehículo nuevo y escribe su referencia externa (o su VIN o patente): así, al importar de nuevo
          el mismo archivo, no se duplica.
        </p>
        <p className="mb-3 text-slate-600 text-sm">
          «Revisión» la escribe la exportación: no la cambies. Con ella se sabe si una fila es anterior a un
          cambio hecho en el sitio, y la vista previa te pregunta antes de deshacerlo. Un vehículo sin fotos
          no se publica desde la planilla: queda como borrador.
        </p>
        <div className="flex flex-wrap gap-2">
          <a href="/admin/api/planilla-stock/plantilla.xlsx" download className={adminButton.secondary}>
            Plantilla (.xlsx)
          </a>
          <a href="/admin/api/planilla-stock/plantilla.csv" download className={adminButton.secondary}>
            Plantilla (.csv)
          </a>
          <a href="/admin/api/planilla-stock/stock.xlsx" download className={adminButton.secondary}>
            Exportar stock (.xlsx)
          </a>
          <a href="/admin/api/planilla-stock/stock.csv" download className={adminButton.secondary}>
            Exportar stock (.csv)
          </a>
        </div>
      </Card>

      <Card title="2. Sube tu archivo">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div>
            <label htmlFor={inputId} className="mb-1 block font-medium text-slate-900 text-sm">
              Archivo (.xlsx o .csv)
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              name={L.field}
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              aria-describedby={hintId}
              onChange={() => {
                setPreview(null);
                setResult(null);
              }}
              className="block w-full max-w-xl rounded-lg border border-slate-400 bg-white text-slate-800 text-sm file:mr-3 file:min-h-10 file:border-0 file:border-slate-400 file:border-r file:bg-slate-100 file:px-4 file:font-semibold file:text-slate-800"
            />
            <p id={hintId} className="mt-1 text-slate-600 text-xs">
              Hasta {MB} MB, {L.maxRows.toLocaleString('es-CL')} vehículos y{' '}
              {L.maxCellChars.toLocaleString('es-CL')} caracteres por celda. CSV en UTF-8 o Windows-1252,
              separado por punto y coma o coma. Las fórmulas no se importan: escribe los valores.
            </p>
          </div>
          <div>
            <button type="submit" className={adminButton.primary} disabled={!hydrated || busy !== null}>
              {busy === 'preview' ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              Revisar archivo
            </button>
          </div>
        </form>
      </Card>

      <AdminNotice notice={notice} />

      {result ? (
        <div
          ref={resultRef}
          tabIndex={-1}
          className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-900 text-sm"
        >
          <p className="font-semibold">
            Importación lista: {count(result.nuevos, 'vehículo nuevo', 'vehículos nuevos')},{' '}
            {count(result.actualizados, 'actualizado', 'actualizados')},{' '}
            {count(result.omitidos, 'fila omitida', 'filas omitidas')} y{' '}
            {count(result.sinCambios, 'sin cambios', 'sin cambios')}.
            {result.marcasCreadas.length > 0 ? ` Marcas creadas: ${result.marcasCreadas.join(', ')}.` : ''}
          </p>
          <p className="mt-1">
            <Link to="/admin/vehiculos" className="font-semibold underline">
              Ver el stock
            </Link>
          </p>
        </div>
      ) : null}

      {preview && summary ? (
        <section aria-labelledby={`${inputId}-preview`} className="grid gap-4">
          <div>
            <h2
              id={`${inputId}-preview`}
              ref={previewHeading}
              tabIndex={-1}
              className="break-words font-semibold text-lg text-slate-900"
            >
              3. Vista previa de {preview.archivo}
            </h2>
            <p className="mt-1 flex flex-wrap gap-2 text-sm">
              <Badge tone="info">{count(summary.nuevos, 'nuevo', 'nuevos')}</Badge>
              <Badge tone="warning">{count(summary.actualiza, 'actualiza', 'actualizan')}</Badge>
              <Badge>{count(summary.sinCambios, 'sin cambios', 'sin cambios')}</Badge>
              <Badge tone="danger">{count(summary.errores, 'con error', 'con error')}</Badge>
            </p>
          </div>

          <ImportAttention
            preview={preview}
            kept={kept}
            onKeepAll={(filas, value) => keep(filas, value)}
            disabled={busy !== null}
          />

          {preview.marcasNuevas.length > 0 ? (
            <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm">
              <input
                type="checkbox"
                checked={crearMarcas}
                disabled={busy !== null}
                onChange={(event) => {
                  setCrearMarcas(event.target.checked);
                  if (file) void review(file, event.target.checked, false);
                }}
                className="mt-0.5 size-4 accent-brand-700"
              />
              <span>
                <span className="block font-medium text-slate-900">Crear las marcas nuevas</span>
                <span className="text-slate-700">
                  El archivo nombra marcas que no están en la lista: {preview.marcasNuevas.join(', ')}.
                </span>
              </span>
            </label>
          ) : null}

          <div className="flex flex-col items-stretch gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-xs sm:flex-row sm:items-center">
            <button type="button" className={adminButton.primary} disabled={!canImport} onClick={importAll}>
              {busy === 'import' ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              Importar
            </button>
            <p className="text-slate-700 text-sm">
              {summary.errores > 0
                ? 'Corrige las filas con error y vuelve a subir el archivo: no se importa nada mientras haya errores.'
                : writes <= 0
                  ? marked.length > 0
                    ? 'Omitiste todas las filas que cambian algo: no hay nada que importar.'
                    : 'El archivo no cambia nada del stock.'
                  : importSentence(writes, skipped)}
            </p>
          </div>

          <ImportRows
            preview={preview}
            kept={kept}
            onKeep={(fila, value) => keep([fila], value)}
            disabled={busy !== null}
          />
        </section>
      ) : null}
    </div>
  );
}
