import type { FinancingPage } from '@contracts/dealership';
import type { ReactNode } from 'react';
import { CalendarClock, ClipboardCheck, HandCoins } from '~/components/icons';
import { CheckList } from './check-list';
import { RequirementCard } from './requirement-card';
import { DIRECT_SECTION_ID } from './section-scroll';

interface Props {
  /** The section's texts (site settings). */
  texts: FinancingPage['directo'];
  /** directCreditDownPaymentText: the one down-payment text (docs/product.md). */
  downPayment: string;
  /** Who may get the credit (creditEligibility.directo), or null: the first requirement (ADR 0034). */
  restriction: string | null;
  /** The button that opens the financing request. */
  action: ReactNode;
}

/** docs/product.md direct credit: conditions and requirements. */
export function DirectCreditSection({ texts, downPayment, restriction, action }: Props) {
  // The pie line is computed from the credit's conditions, after the third of the dealership's own lines.
  const conditions = [...texts.conditions.slice(0, 3), downPayment, ...texts.conditions.slice(3)];
  // Who may get it is its own setting; a stored version that still lists it among the requirements shows it once.
  const requirements = restriction
    ? [restriction, ...texts.requirements.filter((line) => line !== restriction)]
    : texts.requirements;
  return (
    <section
      id={DIRECT_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="credito-directo-titulo"
      className="bg-white focus:outline-none"
    >
      <div className="mx-auto max-w-7xl px-4 py-16 md:py-20">
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr] lg:gap-16">
          <div>
            <p className="inline-flex items-center gap-2 font-semibold text-brand-600 text-sm uppercase tracking-wider">
              <HandCoins aria-hidden className="size-4" />
              Financiamiento propio
            </p>
            <h2
              id="credito-directo-titulo"
              className="mt-2 font-bold text-3xl text-slate-900 tracking-tight md:text-4xl"
            >
              Crédito Directo
            </h2>
            <p className="mt-4 whitespace-pre-line text-lg text-slate-600 leading-relaxed">{texts.intro}</p>
            <div className="mt-8">{action}</div>
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            <RequirementCard icon={CalendarClock} title="Condiciones" delay={300}>
              <CheckList items={conditions} />
            </RequirementCard>
            <RequirementCard icon={ClipboardCheck} title="Requisitos" delay={450}>
              <CheckList items={requirements} />
            </RequirementCard>
          </div>
        </div>
      </div>
    </section>
  );
}
