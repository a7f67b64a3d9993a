import type { FinancingPage } from '@contracts/dealership';
import type { ReactNode } from 'react';
import { Briefcase, Building2, UserRound } from '~/components/icons';
import { CheckList } from './check-list';
import { RequirementCard } from './requirement-card';
import { CONVENTIONAL_SECTION_ID } from './section-scroll';

/** docs/product.md conventional credit: requirements for dependent and independent workers. */
export function ConventionalCreditSection({
  texts,
  restriction,
  action,
}: {
  /** The section's texts (site settings). */
  texts: FinancingPage['convencional'];
  /** Who may get the credit (creditEligibility.convencional), or null: every buyer (ADR 0034). */
  restriction: string | null;
  action: ReactNode;
}) {
  return (
    <section
      id={CONVENTIONAL_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="credito-convencional-titulo"
      className="focus:outline-none"
    >
      <div className="mx-auto max-w-7xl px-4 py-16 md:py-20">
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr] lg:gap-16">
          <div>
            <p className="inline-flex items-center gap-2 font-semibold text-brand-600 text-sm uppercase tracking-wider">
              <Building2 aria-hidden className="size-4" />
              Con instituciones asociadas
            </p>
            <h2
              id="credito-convencional-titulo"
              className="mt-2 font-bold text-3xl text-slate-900 tracking-tight md:text-4xl"
            >
              Crédito Convencional
            </h2>
            <p className="mt-4 whitespace-pre-line text-lg text-slate-600 leading-relaxed">{texts.intro}</p>
            {restriction ? <p className="mt-4 font-semibold text-lg text-slate-800">{restriction}</p> : null}
            <div className="mt-8">{action}</div>
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            <RequirementCard icon={UserRound} title="Trabajadores dependientes" delay={300}>
              <CheckList items={texts.dependent} />
            </RequirementCard>
            <RequirementCard icon={Briefcase} title="Trabajadores independientes" delay={450}>
              <CheckList items={texts.independent} />
            </RequirementCard>
          </div>
        </div>
      </div>
    </section>
  );
}
