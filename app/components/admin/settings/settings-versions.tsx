import type { AuditLine } from '@domain/audit-text';
import { formatChileDateTime } from '@domain/chile-time';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { AdminNotice, adminButton, Badge } from '~/components/admin/ui';
import { RotateCcw } from '~/components/icons';
import { adminFetch, refusalText } from '~/lib/admin/api-client';
import type { Notice } from '../staff/use-api-form';

export interface VersionRow {
  version: number;
  createdAt: string;
  createdBy: string | null;
  restoredFrom: number | null;
  /** What it changed from the version before it (ADR 0041). */
  changes: AuditLine[];
}

/** How many changes a version shows before «y N cambios más». */
const SHOWN = 3;

function ChangeLine({ line }: { line: AuditLine }) {
  return (
    <li className="min-w-0 break-words">
      <span className="text-slate-600">{line.label}:</span>{' '}
      {'before' in line ? (
        <>
          <span className="text-slate-600 line-through decoration-slate-400">{line.before}</span>
          <span aria-hidden className="px-1 text-slate-500">
            →
          </span>
          <span className="sr-only"> cambió a </span>
          <span className="font-medium text-slate-900">{line.after}</span>
        </>
      ) : (
        <span className="text-slate-900">{line.value}</span>
      )}
    </li>
  );
}

/** What a version changed: the first few lines, the rest behind a disclosure. */
function VersionChanges({ row }: { row: VersionRow }) {
  if (row.changes.length === 0)
    return row.version === 1 ? (
      <p className="text-slate-600 text-xs">La configuración con que partió el sitio.</p>
    ) : null;
  const rest = row.changes.slice(SHOWN);
  return (
    <div className="mt-1.5 text-sm">
      <p className="sr-only">Qué cambió:</p>
      <ul className="grid gap-0.5">
        {row.changes.slice(0, SHOWN).map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a version's changes never move
          <ChangeLine key={index} line={line} />
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer font-medium text-brand-700 text-sm underline underline-offset-2">
            {rest.length === 1 ? 'Ver 1 cambio más' : `Ver ${rest.length} cambios más`}
            <span className="sr-only"> de la versión {row.version}</span>
          </summary>
          <ul className="mt-1 grid gap-0.5">
            {rest.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a version's changes never move
              <ChangeLine key={index} line={line} />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** The saved versions, newest first; any but the one in use can be made current again (as a new version). */
export function SettingsVersions({ current, versions }: { current: number; versions: VersionRow[] }) {
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<number | null>(null);

  async function restore(version: number) {
    if (busy !== null) return;
    setBusy(version);
    setNotice(null);
    try {
      const restored = await adminFetch<{ version: number }>(
        `/admin/api/sitio/versiones/${version}/restaurar`,
        {
          body: { version: current },
        },
      );
      await revalidator.revalidate();
      setNotice({
        tone: 'success',
        text: `Se restauró la versión ${version}: ahora es la versión ${restored.version} y el sitio ya la muestra.`,
      });
    } catch (error) {
      setNotice({ tone: 'error', text: refusalText(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="versiones-titulo">
      <h2 id="versiones-titulo" className="mb-3 font-semibold text-base text-slate-900">
        Versiones
      </h2>
      <AdminNotice notice={notice} />
      {versions.length === 0 ? (
        <p className="rounded-xl border border-slate-300 border-dashed bg-white p-4 text-slate-600 text-sm">
          Aún no hay cambios guardados: el sitio usa la configuración inicial. Al guardar, esa configuración
          queda como la versión 1.
        </p>
      ) : (
        <ol className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs">
          {versions.map((row) => (
            <li key={row.version} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  Versión {row.version}
                  {row.version === current ? <Badge tone="success">En uso</Badge> : null}
                </p>
                <p className="text-slate-700 text-sm">
                  {formatChileDateTime(row.createdAt)} ·{' '}
                  {row.createdBy ?? (row.version === 1 ? 'Configuración inicial' : 'Cuenta eliminada')}
                </p>
                {row.restoredFrom !== null ? (
                  <p className="text-slate-600 text-xs">Restaura la versión {row.restoredFrom}</p>
                ) : null}
                <VersionChanges row={row} />
              </div>
              {row.version === current ? null : (
                <button
                  type="button"
                  onClick={() => void restore(row.version)}
                  aria-disabled={busy !== null || undefined}
                  className={adminButton.secondary}
                >
                  <RotateCcw aria-hidden className="size-4" />
                  {busy === row.version ? 'Restaurando...' : 'Restaurar'}
                  <span className="sr-only"> la versión {row.version}</span>
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
