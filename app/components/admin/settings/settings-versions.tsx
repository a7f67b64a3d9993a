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
            <li key={row.version} className="flex flex-wrap items-center justify-between gap-3 p-4">
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
