import type { ReactNode } from 'react';
import { Reveal } from '~/components/reveal';
import { SectionHeading } from './section-heading';
import { card, sectionContainer } from './styles';

type Mark = 'peak' | 'wave' | 'tree' | 'sun' | 'leaf' | 'ring';

/**
 * Fictional institutions drawn as neutral wordmarks: the demo must not show real banks' trademarks, and
 * no logo is fetched from anywhere. A deployment replaces these with its own partners.
 */
const PARTNERS: { prefix: string; name: string; mark: Mark }[] = [
  { prefix: 'Banco', name: 'Cumbre Andina', mark: 'peak' },
  { prefix: 'Finanzas', name: 'Litoral', mark: 'wave' },
  { prefix: 'Crédito', name: 'Araucaria', mark: 'tree' },
  { prefix: 'Banco', name: 'Horizonte Sur', mark: 'sun' },
  { prefix: 'Fondo', name: 'Quillay', mark: 'leaf' },
  { prefix: 'Mutual', name: 'Pehuén', mark: 'ring' },
];

const MARKS: Record<Mark, ReactNode> = {
  peak: <path d="M2 20 9 7l4 6 3-4 6 11Z" fill="currentColor" />,
  wave: <path d="M2 10c3-4 6-4 10 0s7 4 10 0M2 17c3-4 6-4 10 0s7 4 10 0" strokeWidth="2.5" />,
  tree: <path d="M12 2 18 10h-3l5 7h-7v5h-2v-5H4l5-7H6Z" fill="currentColor" />,
  sun: (
    <>
      <path d="M5 17a7 7 0 0 1 14 0Z" fill="currentColor" />
      <path d="M2 20.5h20" strokeWidth="2" />
    </>
  ),
  leaf: (
    <>
      <path d="M4 20C4 11 10 4 21 3c0 10-7 17-17 17Z" fill="currentColor" />
      <path d="M4 20 14 10" stroke="white" strokeWidth="1.5" />
    </>
  ),
  ring: (
    <>
      <circle cx="12" cy="12" r="9" strokeWidth="2.5" />
      <path d="M12 6v12M6 12h12" strokeWidth="2.5" />
    </>
  ),
};

/** docs/product.md: six partner financial institution logos. */
export function PartnerLogos() {
  return (
    <section aria-labelledby="instituciones-titulo" className={sectionContainer}>
      <SectionHeading
        id="instituciones-titulo"
        eyebrow="Respaldo"
        title="Instituciones financieras asociadas"
        lead="Trabajamos con instituciones de confianza para conseguirte la mejor alternativa de crédito."
        centered
      />
      <ul
        aria-labelledby="instituciones-titulo"
        className="mx-auto mt-10 grid max-w-5xl grid-cols-2 gap-4 md:grid-cols-3"
      >
        {PARTNERS.map((partner, index) => (
          <Reveal as="li" key={partner.name} delay={300 + 150 * index}>
            <div
              role="img"
              aria-label={`${partner.prefix} ${partner.name}`}
              className={`${card} flex h-24 items-center justify-center gap-3 px-4 text-slate-500 transition hover:text-brand-700`}
            >
              <svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeLinecap="round"
                strokeLinejoin="round"
                className="size-8 shrink-0"
                aria-hidden="true"
              >
                {MARKS[partner.mark]}
              </svg>
              <span className="flex flex-col leading-none">
                <span className="font-medium text-[0.65rem] uppercase tracking-[0.2em]">
                  {partner.prefix}
                </span>
                <span className="mt-1 font-bold text-base tracking-tight sm:text-lg">{partner.name}</span>
              </span>
            </div>
          </Reveal>
        ))}
      </ul>
    </section>
  );
}
