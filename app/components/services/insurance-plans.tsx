import type { INSURANCE_TYPE_OPTIONS } from '@contracts/lead-options.ts';
import { ArrowRight, Car, type LucideIcon, ShieldCheck, ShieldPlus } from '~/components/icons';
import { Reveal } from '~/components/reveal';
import { CheckList } from './check-list';
import { SectionHeading } from './section-heading';
import { card, primaryButton, secondaryOnLight, sectionContainer } from './styles';

/** A plan's value in the quote form's 'Tipo de seguro' ('no-se' is not a plan). */
type InsuranceType = Exclude<(typeof INSURANCE_TYPE_OPTIONS)[number]['value'], 'no-se'>;

interface Plan {
  icon: LucideIcon;
  /** Its value in the quote form's 'Tipo de seguro' (the API's insurance_type). */
  type: InsuranceType;
  name: string;
  summary: string;
  features: string[];
  recommended?: boolean;
}

/** The address parameter that carries the chosen plan to the quote form. */
export const INSURANCE_PLAN_PARAM = 'seguro';

/** The plan an address asks for (`/insurance?seguro=terceros`), or none. */
export function insurancePlanFrom(search: string): InsuranceType | undefined {
  const wanted = new URLSearchParams(search).get(INSURANCE_PLAN_PARAM);
  return PLANS.find((plan) => plan.type === wanted)?.type;
}

const PLANS: Plan[] = [
  {
    icon: ShieldCheck,
    type: 'soap',
    name: 'Seguro Obligatorio SOAP',
    summary: 'El seguro que exige la ley para circular y renovar el permiso de circulación.',
    features: [
      'Gastos médicos y de hospitalización por accidentes de tránsito',
      'Indemnización por invalidez o fallecimiento',
      'Cubre al conductor, pasajeros y peatones',
      'Requisito para obtener el permiso de circulación',
    ],
  },
  {
    icon: Car,
    type: 'terceros',
    name: 'Seguro Contra Terceros',
    summary: 'Protege tu bolsillo ante los daños que puedas causar a otras personas o vehículos.',
    features: [
      'Responsabilidad civil por daños a terceros',
      'Daños materiales a otros vehículos y bienes',
      'Lesiones a terceros en un accidente',
      'Defensa judicial y asistencia legal',
    ],
  },
  {
    icon: ShieldPlus,
    type: 'todo-riesgo',
    name: 'Seguro Todo Riesgo',
    summary: 'La protección más completa para ti, tu auto y los demás.',
    features: [
      'Daños propios por choque o volcamiento',
      'Robo, hurto y uso no autorizado',
      'Responsabilidad civil a terceros',
      'Grúa, asistencia en ruta y auto de reemplazo',
      'Rotura de vidrios y cristales',
    ],
    recommended: true,
  },
];

/**
 * docs/product.md: the three plan cards, each leading to the quote form with its plan chosen. The plan travels in
 * the address (`?seguro=`), so the server renders the form with it, with or without JavaScript.
 */
export function InsurancePlans({ formId }: { formId: string }) {
  return (
    <section aria-labelledby="planes-titulo" className={sectionContainer}>
      <SectionHeading
        id="planes-titulo"
        eyebrow="Nuestros seguros"
        title="Elige la cobertura que necesitas"
        lead="Te ayudamos a elegir la protección que de verdad necesitas, sin pagar de más."
        centered
      />
      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan, index) => (
          <Reveal
            as="li"
            key={plan.name}
            delay={300 + 150 * index}
            className={`${card} relative flex flex-col p-6 md:p-8 ${plan.recommended ? 'ring-2 ring-brand-600' : ''}`}
          >
            {plan.recommended ? (
              <p className="-top-3.5 absolute left-6 rounded-full bg-accent-400 px-3 py-1 font-semibold text-slate-900 text-xs">
                Cobertura más completa
              </p>
            ) : null}
            <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <plan.icon aria-hidden className="size-6" />
            </span>
            <h3 className="mt-4 font-bold text-slate-900 text-xl">{plan.name}</h3>
            <p className="mt-2 text-slate-600 leading-relaxed">{plan.summary}</p>
            <CheckList items={plan.features} label={`Coberturas del ${plan.name}`} className="mt-6 mb-8" />
            <a
              href={`?${INSURANCE_PLAN_PARAM}=${plan.type}#${formId}`}
              // The name starts with the visible words (WCAG 2.5.3), then says which plan.
              aria-label={`Cotizar este seguro: ${plan.name}`}
              className={`${plan.recommended ? primaryButton : secondaryOnLight} mt-auto`}
            >
              Cotizar este seguro
              <ArrowRight aria-hidden className="size-4" />
            </a>
          </Reveal>
        ))}
      </ul>
    </section>
  );
}
