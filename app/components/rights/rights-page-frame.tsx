import { RIGHTS_EXPORT_INVALID } from '@contracts/rights';
import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck } from '~/components/icons';
import { PageHero } from '~/components/layout/page-hero';

/** The pages of /derechos: the band with the title, then one readable column. */
export function RightsPageFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero eyebrow="Tus datos personales" title={title}>
        {intro}
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">{children}</div>
    </>
  );
}

/** One answer of the flow in a card: a sentence, and what to do next. */
export function RightsAnswer({
  tone,
  title,
  children,
}: {
  tone: 'ok' | 'problem';
  title: string;
  children: ReactNode;
}) {
  const Icon = tone === 'ok' ? CircleCheck : CircleAlert;
  return (
    <section
      aria-labelledby="respuesta-titulo"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10"
    >
      <h2 id="respuesta-titulo" className="flex items-start gap-3 font-bold text-2xl text-slate-900">
        <Icon
          aria-hidden
          className={`mt-1 size-6 shrink-0 ${tone === 'ok' ? 'text-green-700' : 'text-red-700'}`}
        />
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-slate-700 leading-relaxed">{children}</div>
    </section>
  );
}

export const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

/** A personal-data download link that no longer works (used, expired or mistyped), on either page that reads it. */
export function ExportLinkInvalid({ title }: { title: string }) {
  return (
    <RightsPageFrame title={title} intro="El enlace que abriste ya no sirve.">
      <RightsAnswer tone="problem" title="Enlace no válido">
        <p>{RIGHTS_EXPORT_INVALID}</p>
        <p>
          <a href="/derechos" className={linkClass}>
            Pedir mis datos de nuevo
          </a>
        </p>
      </RightsAnswer>
    </RightsPageFrame>
  );
}

/**
 * The button an e-mailed link leads to (a rights request, an alert): nothing happens until the person presses it, so
 * a mail scanner that opens the link confirms nothing. The token and the CSRF token travel as hidden fields.
 */
export function TokenConfirmForm({
  action,
  csrfToken,
  token,
  icon,
  label,
}: {
  action: string;
  csrfToken: string;
  token: string;
  icon: ReactNode;
  label: string;
}) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
      <input type="hidden" name="t" value={token} />
      <button
        type="submit"
        className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2 sm:w-auto"
      >
        {icon}
        {label}
      </button>
    </form>
  );
}
