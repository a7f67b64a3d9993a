import { type AuditEntryView, auditActionLabel } from '@contracts/admin-staff.ts';
import { auditSubject } from '@domain/audit-text';
import { formatChileDateTime } from '@domain/chile-time';
import { Link } from 'react-router';
import { Badge, EmptyState } from '~/components/admin/ui';
import { AuditDetails } from './audit-details';

function EntityRef({ entry }: { entry: AuditEntryView }) {
  const text = auditSubject(entry.entidad, entry.entidadId);
  return entry.enlace ? (
    <Link
      to={entry.enlace}
      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
    >
      {text}
    </Link>
  ) : (
    <span className="text-slate-700">{text}</span>
  );
}

function Actor({ actor }: { actor: AuditEntryView['actor'] }) {
  if (!actor) return <span className="text-slate-700">Sistema</span>;
  return (
    <span className="min-w-0">
      <span className="font-medium text-slate-900">{actor.nombre ?? actor.email ?? 'Cuenta eliminada'}</span>
      {actor.activo === false ? (
        <span className="ml-1.5">
          <Badge tone="warning">Desactivada</Badge>
        </span>
      ) : null}
      {actor.nombre && actor.email ? (
        <span className="block break-words text-slate-600 text-xs">{actor.email}</span>
      ) : null}
    </span>
  );
}

/** Newest first: when and who on the left (above on a phone), what on the right. */
export function AuditList({ entries }: { entries: AuditEntryView[] }) {
  if (entries.length === 0) return <EmptyState>No hay registros con estos filtros.</EmptyState>;
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-xs">
      {entries.map((entry) => (
        <li key={entry.id} className="grid gap-2 p-4 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-6">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm md:block">
            <time dateTime={entry.fecha} className="block font-medium text-slate-800 tabular-nums">
              {formatChileDateTime(entry.fecha)}
            </time>
            <span className="md:mt-1 md:block">
              <Actor actor={entry.actor} />
            </span>
          </div>
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold text-slate-900">{auditActionLabel(entry.accion)}</span>
              {entry.entidadId || entry.enlace ? (
                <>
                  <span aria-hidden className="text-slate-400">
                    ·
                  </span>
                  <EntityRef entry={entry} />
                </>
              ) : null}
            </p>
            <AuditDetails action={entry.accion} details={entry.detalles} />
          </div>
        </li>
      ))}
    </ol>
  );
}
