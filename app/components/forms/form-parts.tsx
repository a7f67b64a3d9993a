// The pieces every lead form shares: submit button, in-page notices, success panel, honeypot and privacy line.

import { HONEYPOT_FIELD } from '@contracts/lead-options.ts';
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { CircleAlert, CircleCheck, Loader2, X } from '~/components/icons';
import type { LeadNotice } from '~/lib/use-lead-form';

const subscribeNever = () => () => {};
/** False in the server HTML, true once React runs the page in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

// Colours only: the opacity that changes when a form's button is enabled at hydration (and while it sends) snaps,
// so nothing animates below the fold when a page starts.
export const primaryButton =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-accent-400 px-6 py-3 font-semibold text-slate-900 ' +
  'shadow-sm transition-colors hover:bg-accent-300 aria-disabled:cursor-progress aria-disabled:opacity-80 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-brand-700 bg-white px-6 py-3 ' +
  'font-semibold text-brand-700 transition hover:bg-brand-50';

/**
 * Until hydration the button is disabled: a native submit would post the visitor's data to the page URL.
 * While sending it stays focusable (aria-disabled) so keyboard focus is not thrown back to the page.
 */
export function SubmitButton({ sending, children }: { sending: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" disabled={!hydrated} aria-disabled={sending || undefined} className={primaryButton}>
      {sending ? (
        <>
          <Loader2 aria-hidden className="size-5 animate-spin" />
          Enviando...
        </>
      ) : (
        children
      )}
    </button>
  );
}

/**
 * Both live regions exist from the first render, so assistive technology announces what appears in them:
 * a success in the polite status region, an error in the assertive alert region.
 */
export function FormNotice({ notice, onDismiss }: { notice: LeadNotice | null; onDismiss?: () => void }) {
  // Empty regions take no room, so the box carries its own top margin.
  return (
    <>
      <div role="status">
        {notice?.tone === 'success' ? <NoticeBox notice={notice} onDismiss={onDismiss} /> : null}
      </div>
      <div role="alert">
        {notice?.tone === 'error' ? <NoticeBox notice={notice} onDismiss={onDismiss} /> : null}
      </div>
    </>
  );
}

export function NoticeBox({ notice, onDismiss }: { notice: LeadNotice; onDismiss?: () => void }) {
  const success = notice.tone === 'success';
  const Icon = success ? CircleCheck : CircleAlert;
  return (
    <div
      className={`mt-4 flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${
        success ? 'border-green-300 bg-green-50 text-green-900' : 'border-red-300 bg-red-50 text-red-900'
      }`}
    >
      <Icon aria-hidden className={`mt-0.5 size-5 shrink-0 ${success ? 'text-green-700' : 'text-red-700'}`} />
      <p className="flex-1 font-medium">{notice.text}</p>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Cerrar aviso"
          className="-m-1 rounded p-1 hover:bg-black/5"
        >
          <X aria-hidden className="size-4" />
        </button>
      ) : null}
    </div>
  );
}

/** Replaces a sent form; takes focus so keyboard and screen-reader users land on the confirmation. */
export function SuccessPanel({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action: { label: string; onClick: () => void };
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center rounded-2xl border border-green-200 bg-green-50 px-6 py-10 text-center">
      <CircleCheck aria-hidden className="size-14 text-green-700" strokeWidth={1.75} />
      <h3 ref={heading} tabIndex={-1} className="mt-4 font-bold text-2xl text-slate-900 outline-none">
        {title}
      </h3>
      <p className="mt-2 max-w-md text-slate-700">{text}</p>
      <button type="button" onClick={action.onClick} className={`${secondaryButton} mt-6`}>
        {action.label}
      </button>
    </div>
  );
}

/** A field people never see or fill; bots that fill it are answered as if accepted (contracts/leads.ts). */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="sr-only">
      <label>
        No completes este campo
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

const noteLink = 'font-medium text-brand-700 underline underline-offset-2 hover:no-underline';

/**
 * What sending does with the data (answering the request needs no consent: ADR 0031), where to read more, and where
 * to exercise one's rights over it (the rights page, issue 29).
 */
export function PrivacyNote({ className = '' }: { className?: string }) {
  return (
    <p className={`text-slate-600 text-sm ${className}`}>
      Usamos los datos que envías para responder tu solicitud, como explica nuestra{' '}
      <a href="/privacidad" className={noteLink}>
        política de privacidad
      </a>
      . Puedes{' '}
      <a href="/derechos" className={noteLink}>
        ejercer tus derechos
      </a>{' '}
      sobre ellos cuando quieras.
    </p>
  );
}

/** The end of every lead form: the honeypot, the submit button and the privacy notice, always together. */
export function FormFooter({ sending, children }: { sending: boolean; children: ReactNode }) {
  return (
    <>
      <Honeypot />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <SubmitButton sending={sending}>{children}</SubmitButton>
        <PrivacyNote />
      </div>
    </>
  );
}
