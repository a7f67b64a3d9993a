// The back office's small kit: page frame, buttons, badges, notices, cards and tables, so every admin screen looks
// and behaves alike. Form fields come from ~/components/forms/fields (the same labelled fields as the public forms).

import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck } from '~/components/icons';

export function adminMeta(title: string) {
  return [{ title: `${title} · Administración` }, { name: 'robots', content: 'noindex, nofollow' }];
}

export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Buttons or links beside the title. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight">{title}</h1>
          {description ? <p className="mt-1 text-slate-600 text-sm">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

const buttonBase =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold text-sm transition ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-progress aria-disabled:opacity-80';

export const adminButton = {
  primary: `${buttonBase} bg-brand-700 text-white hover:bg-brand-800`,
  secondary: `${buttonBase} border border-slate-400 bg-white text-slate-800 hover:bg-slate-100`,
  danger: `${buttonBase} bg-red-700 text-white hover:bg-red-800`,
  ghost: `${buttonBase} text-brand-700 hover:bg-brand-50`,
} as const;

/**
 * A dialog's footer: «Cancelar», then the dialog's action, which says it is under way while its request runs
 * (`aria-disabled`, so it keeps its focus and its name is still read). On a phone the action sits above «Cancelar».
 */
export function DialogActions({
  onCancel,
  busy,
  label,
  busyLabel = label,
  icon,
  busyIcon = icon,
  tone = 'primary',
  className = '',
}: {
  onCancel: () => void;
  busy: boolean;
  label: string;
  /** What the action says while it runs (its own label when not given). */
  busyLabel?: string;
  icon?: ReactNode;
  /** What the action shows beside its words while it runs (its own icon when not given). */
  busyIcon?: ReactNode;
  tone?: 'primary' | 'danger';
  className?: string;
}) {
  return (
    <div className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${className}`}>
      <button type="button" onClick={onCancel} className={adminButton.secondary}>
        Cancelar
      </button>
      <button type="submit" aria-disabled={busy || undefined} className={adminButton[tone]}>
        {busy ? busyIcon : icon}
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const badgeTones: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  info: 'bg-brand-50 text-brand-800 ring-brand-200',
  success: 'bg-green-50 text-green-800 ring-green-300',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  danger: 'bg-red-50 text-red-800 ring-red-300',
};

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset ${badgeTones[tone]}`}
    >
      {children}
    </span>
  );
}

/** A success (polite) or error (assertive) message; both regions exist from the first render. */
export function AdminNotice({ notice }: { notice: { tone: 'success' | 'error'; text: string } | null }) {
  const box = (tone: 'success' | 'error', text: string) => (
    <p
      className={`mb-4 flex items-start gap-2 rounded-lg border px-4 py-3 text-sm ${
        tone === 'success'
          ? 'border-green-300 bg-green-50 text-green-900'
          : 'border-red-300 bg-red-50 text-red-900'
      }`}
    >
      {tone === 'success' ? (
        <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
      ) : (
        <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      )}
      {text}
    </p>
  );
  // One wrapper, so the empty regions take a single slot in a flex or grid layout.
  return (
    <div>
      <div role="status">{notice?.tone === 'success' ? box('success', notice.text) : null}</div>
      <div role="alert">{notice?.tone === 'error' ? box('error', notice.text) : null}</div>
    </div>
  );
}

export function Card({
  title,
  id,
  children,
  className = '',
}: {
  title?: string;
  /** A card a page's index links to (`#id`): named by its title, a region a person can jump to. */
  id?: string;
  children: ReactNode;
  className?: string;
}) {
  const titleId = id && title ? `${id}-titulo` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={`scroll-mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5 ${className}`}
    >
      {title ? (
        <h2 id={titleId} className="mb-3 font-semibold text-base text-slate-900">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

/** A table that scrolls sideways inside its card on narrow screens instead of stretching the page. */
export function DataTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const th =
  'border-slate-200 border-b bg-slate-50 px-3 py-2.5 font-semibold text-slate-700 text-xs uppercase tracking-wide';
export const td = 'border-slate-100 border-b px-3 py-2.5 align-top text-slate-800';

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-slate-300 border-dashed bg-white p-8 text-center text-slate-600">
      {children}
    </p>
  );
}
