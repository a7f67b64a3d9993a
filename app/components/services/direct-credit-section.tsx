import type { ReactNode } from 'react';
import { CalendarClock, ClipboardCheck, HandCoins } from '~/components/icons';
import { CheckList } from './check-list';
import { RequirementCard } from './requirement-card';
import { DIRECT_SECTION_ID } from './section-scroll';

interface Props {
  /** directCreditDownPaymentText: the one down-payment text (docs/product.md). */
  downPayment: string;
  /** The button that opens the financing request. */
  action: ReactNode;
}

/** docs/product.md direct credit: conditions and requirements. */
export function DirectCreditSection({ downPayment, action }: Props) {
  const conditions = [
    'Plazo de hasta 48 meses',
    'Primera cuota hasta 90 días después de la compra',
    'Cuota fija en pesos durante todo el crédito',
    downPayment,
    'Para autos nuevos o usados, de uso particular o comercial',
    'Financiamiento especial para pymes y pequeños emprendedores',
  ];
  const requirements = [
    'Exclusivo para residentes de la Quinta Región',
    'Aval directo familiar (referencial)',
    'Acreditar ingresos acordes al valor de la cuota',
    'Comprobante de domicilio',
    'Cédula de identidad vigente',
  ];
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
            <p className="mt-4 text-lg text-slate-600 leading-relaxed">
              Financiamos tu auto directamente, sin bancos de por medio. Pagas una cuota fija en pesos y
              puedes empezar a pagar hasta 90 días después de llevarte tu auto.
            </p>
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
