import type { MouseEvent } from 'react';
import { ArrowDown, Building2, HandCoins, type LucideIcon } from '~/components/icons';
import { Reveal } from '~/components/reveal';
import { island } from '~/lib/island';
import { SectionHeading } from './section-heading';
import { CONVENTIONAL_SECTION_ID, DIRECT_SECTION_ID, scrollToSection } from './section-scroll';
import { card, sectionContainer } from './styles';

interface Option {
  target: string;
  icon: LucideIcon;
  title: string;
  text: string;
  highlights: string[];
}

/** The two credit options; each card is a link that glides to its requirements section. */
export function FinancingOptions({
  downPayment,
  directLender,
}: {
  downPayment: string;
  /** Who lends the direct credit when it is not the dealership itself (the quotation's setting, ADR 0032). */
  directLender: string | null;
}) {
  const options: Option[] = [
    {
      target: DIRECT_SECTION_ID,
      icon: HandCoins,
      title: 'Crédito Directo',
      text: directLender
        ? `Lo otorga ${directLender}, sin pasar por un banco. Ideal si buscas una cuota fija y una evaluación cercana.`
        : 'Te financiamos nosotros, sin pasar por un banco. Ideal si buscas una cuota fija y una evaluación cercana.',
      highlights: ['Hasta 48 meses', 'Cuota fija en pesos', downPayment],
    },
    {
      target: CONVENTIONAL_SECTION_ID,
      icon: Building2,
      title: 'Crédito Convencional',
      text: 'Financiamiento a través de nuestras instituciones financieras asociadas, con plazos de 12 a 48 meses.',
      highlights: [
        'Trabajadores dependientes',
        'Trabajadores independientes',
        'Seis instituciones asociadas',
      ],
    },
  ];

  function glide(event: MouseEvent<HTMLAnchorElement>, target: string) {
    event.preventDefault();
    scrollToSection(target, true);
  }

  return (
    <section aria-labelledby="opciones-titulo" className={sectionContainer}>
      <SectionHeading
        id="opciones-titulo"
        eyebrow="Opciones de crédito"
        title="Elige cómo financiar tu auto"
        lead="Dos caminos para llegar a tu próximo auto. Revisa los requisitos de cada uno y te ayudamos a elegir."
        centered
      />
      <ul className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-2">
        {options.map((option, index) => (
          <Reveal as="li" key={option.target} delay={300 + 150 * index}>
            <a
              href={`#${option.target}`}
              onClick={(event) => glide(event, option.target)}
              className={`${card} group flex h-full flex-col p-6 transition hover:-translate-y-0.5 hover:shadow-lg hover:ring-brand-200 md:p-8`}
            >
              <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-white">
                <option.icon aria-hidden className="size-7" />
              </span>
              <h3 className="mt-5 font-bold text-2xl text-slate-900">{option.title}</h3>
              <p className="mt-3 text-slate-600 leading-relaxed">{option.text}</p>
              <ul className="mt-5 flex flex-wrap gap-2">
                {option.highlights.map((highlight) => (
                  <li
                    key={highlight}
                    className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700 text-sm"
                  >
                    {highlight}
                  </li>
                ))}
              </ul>
              <span className="mt-auto inline-flex items-center gap-2 pt-6 font-semibold text-brand-700">
                Ver requisitos
                <ArrowDown aria-hidden className="size-4 transition group-hover:translate-y-0.5" />
              </span>
            </a>
          </Reveal>
        ))}
      </ul>
    </section>
  );
}

/** As an island (ADR 0015): app/islands/financing-options.ts. */
export const FinancingOptionsIsland = /* @__PURE__ */ island('financing-options', FinancingOptions);
