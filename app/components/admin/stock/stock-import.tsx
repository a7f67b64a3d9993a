// The stock spreadsheet page's working part (ADR 0024): choose a file, see what each row would do, import it all at
// once. The file stays in the page between the preview and the import and is sent again with the preview's
// fingerprint; the server keeps nothing in between, so a reload only means choosing the file again.

import {
  type ImportPreview,
  type ImportResult,
  type ImportRow,
  STOCK_SHEET_LIMITS,
} from '@contracts/admin-stock-sheet.ts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AdminNotice, adminButton, Badge, Card, type Tone, td, th } from '~/components/admin/ui';
import { useHydrated } from '~/components/forms/form-parts';
import { Loader2 } from '~/components/icons';
import { AdminApiError, adminFetch, refusalText } from '~/lib/admin/api-client';
import type { Notice } from './use-action.ts';

const L = STOCK_SHEET_LIMITS;
const MB = L.maxBytes / (1024 * 1024);

const KIND: Record<ImportRow['tipo'], { tone: Tone; label: (row: ImportRow) => string }> = {
  nuevo: { tone: 'info', label: () => 'Nuevo' },
  actualiza: { tone: 'warning', label: (row) => `Actualiza ${row.ref ?? ''}` },
  sin_cambios: { tone: 'neutral', label: () => 'Sin cambios' },
  error: { tone: 'danger', label: () => 'Error' },
};

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('es-CL')} ${n === 1 ? one : many}`;

export function StockImport() {
  const hydrated = useHydrated();
  const [file, setFile] = useState<File | null>(null);
  const [crearMarcas, setCrearMarcas] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
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

  function formFor(chosen: File, create: boolean, huella?: string): FormData {
    const body = new FormData();
    body.append('crearMarcas', create ? '1' : '0');
    if (huella) body.append('huella', huella);
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
        body: formFor(file, crearMarcas, preview.huella),
      });
      focusNext.current = 'result';
      setResult(answer.resultado);
      setPreview(null);
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
  const writes = summary ? summary.nuevos + summary.actualiza : 0;
  const canImport = !!preview && summary?.errores === 0 && writes > 0 && busy === null;

  return (
    <div className="grid gap-6">
      <Card title="1. Descarga la plantilla o el stock">
        <p className="mb-3 text-slate-600 text-sm">
          Columnas: REF, Marca, Modelo, Año, Precio, Kilometraje, Condición, Transmisión, Combustible, Tipo,
          Motor, Color, Características (separadas por comas), Destacado (Sí o No), Estado (Borrador,
          Publicado o Vendido), VIN y Referencia externa. Deja la REF vacía en un vehículo nuevo y escribe su
          referencia externa (o su VIN): así, al importar de nuevo el mismo archivo, no se duplica.
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
            {count(result.actualizados, 'actualizado', 'actualizados')} y{' '}
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
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2
                id={`${inputId}-preview`}
                ref={previewHeading}
                tabIndex={-1}
                className="font-semibold text-lg text-slate-900"
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
            <div className="flex flex-col items-start gap-1 sm:items-end">
              <button type="button" className={adminButton.primary} disabled={!canImport} onClick={importAll}>
                {busy === 'import' ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
                Importar
              </button>
              <p className="text-slate-600 text-xs">
                {summary.errores > 0
                  ? 'Corrige las filas con error y vuelve a subir el archivo: no se importa nada mientras haya errores.'
                  : writes === 0
                    ? 'El archivo no cambia nada del stock.'
                    : 'Se guardan todas las filas juntas, o ninguna.'}
              </p>
            </div>
          </div>

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

          {/* Focusable, so the table can be scrolled sideways by keyboard on a phone. */}
          <section
            aria-label="Filas del archivo"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard.
            tabIndex={0}
            className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
              <caption className="sr-only">{`Vista previa de ${preview.archivo}: qué haría cada fila`}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Fila
                  </th>
                  <th scope="col" className={th}>
                    Resultado
                  </th>
                  <th scope="col" className={th}>
                    Vehículo
                  </th>
                  <th scope="col" className={th}>
                    Detalle
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.filas.map((row) => (
                  <tr key={row.fila} className={row.tipo === 'error' ? 'bg-red-50' : undefined}>
                    <td className={td}>{row.fila}</td>
                    <td className={td}>
                      <Badge tone={KIND[row.tipo].tone}>{KIND[row.tipo].label(row)}</Badge>
                    </td>
                    <td className={td}>{row.vehiculo || '—'}</td>
                    <td className={td}>
                      {row.tipo === 'error' ? (
                        <ul className="grid gap-1 text-red-800">
                          {Object.entries(row.errores).map(([column, message]) => (
                            <li key={column}>
                              <span className="font-semibold">{column}:</span> {message}
                            </li>
                          ))}
                        </ul>
                      ) : row.tipo === 'actualiza' ? (
                        `Cambia: ${row.cambios.join(', ')}`
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>
      ) : null}
    </div>
  );
}
