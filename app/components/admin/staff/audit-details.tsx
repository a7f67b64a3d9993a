// The details of an audit entry, readable (ADR 0041): «Precio: $12.990.000 → $11.990.000», «Estado: Nuevo →
// Contactado», a settings field by the words of its form. The wording lives in domain/audit-text.ts.

import { auditLines } from '@domain/audit-text';
import { ArrowRight } from '~/components/icons';

export function AuditDetails({ action, details }: { action: string; details: Record<string, unknown> }) {
  const lines = auditLines(action, details);
  if (lines.length === 0) return null;
  return (
    <dl className="mt-1.5 grid gap-y-1 text-sm sm:flex sm:flex-wrap sm:gap-x-5">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one entry never move
        <div key={index} className="flex min-w-0 flex-wrap gap-x-1.5">
          <dt className="text-slate-600">{line.label}:</dt>
          <dd className="min-w-0 break-words text-slate-800">
            {'before' in line ? (
              <span className="inline-flex flex-wrap items-center gap-x-1.5">
                <span className="text-slate-600 line-through decoration-slate-400">{line.before}</span>
                <ArrowRight aria-hidden className="size-3.5 shrink-0 text-slate-500" />
                <span className="sr-only">cambió a</span>
                <span className="font-medium text-slate-900">{line.after}</span>
              </span>
            ) : (
              line.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
