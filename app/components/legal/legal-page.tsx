import type { ReactNode } from 'react';
import { PageHero } from '~/components/layout/page-hero';

export interface LegalSection {
  id: string;
  title: string;
  /** The section's body as HTML the server rendered from the dealership's text (app/lib/legal-text.server.ts). */
  html: string;
}

/** How the rendered Markdown is set: paragraphs, lists, subtitles and links of a legal text. */
const PROSE =
  'space-y-4 text-slate-700 leading-relaxed [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline ' +
  '[&_h3]:pt-2 [&_h3]:font-semibold [&_h3]:text-lg [&_h3]:text-slate-900 [&_li]:pl-1 [&_ol]:list-decimal ' +
  '[&_ol]:space-y-2 [&_ol]:pl-6 [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6';

interface Props {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  /** The line above the text: its date, and for the privacy policy its version. */
  dateLine: ReactNode;
  /** HTML before the first section, if the text has any. */
  lead: string;
  sections: LegalSection[];
  /** Below the text (the privacy policy's other versions). */
  children?: ReactNode;
}

/** Terms and privacy: a readable column with an index that stays in view on wide screens. */
export function LegalPage({ eyebrow, title, intro, dateLine, lead, sections, children }: Props) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title}>
        {intro}
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:py-16 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Índice" className="lg:sticky lg:top-28 lg:self-start">
          <h2 className="font-semibold text-slate-900">Índice</h2>
          <ol className="mt-4 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="flex gap-2 text-slate-600 hover:text-brand-700 hover:underline"
                >
                  <span className="tabular-nums text-slate-500">{index + 1}.</span>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
          <p className="text-slate-500 text-sm">{dateLine}</p>
          {lead ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from the escaped subset.
            <div className={`mt-6 ${PROSE}`} dangerouslySetInnerHTML={{ __html: lead }} />
          ) : null}
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="mt-10 first-of-type:mt-6"
            >
              <h2 id={`${section.id}-title`} className="font-bold text-2xl text-slate-900 tracking-tight">
                {index + 1}. {section.title}
              </h2>
              <div
                className={`mt-4 ${PROSE}`}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from the escaped subset.
                dangerouslySetInnerHTML={{ __html: section.html }}
              />
            </section>
          ))}
          {children}
        </article>
      </div>
    </>
  );
}
