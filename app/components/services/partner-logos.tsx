import type { Partner } from '@contracts/dealership';
import type { ReactNode } from 'react';
import { ResponsiveImage } from '~/components/responsive-image';
import { Reveal } from '~/components/reveal';
import { SectionHeading } from './section-heading';
import { card, sectionContainer } from './styles';

type Mark = 'peak' | 'wave' | 'tree' | 'sun' | 'leaf' | 'ring';

/** The drawn marks of partners without a logo of their own, in order: neutral shapes, no real bank's trademark. */
const MARK_ORDER: Mark[] = ['peak', 'wave', 'tree', 'sun', 'leaf', 'ring'];

/** "Banco Cumbre Andina" is drawn as a small "Banco" over a large "Cumbre Andina"; a one-word name is all large. */
function wordmark(name: string): { prefix: string; rest: string } {
  const [first = '', ...others] = name.split(/\s+/);
  return others.length > 0 ? { prefix: first, rest: others.join(' ') } : { prefix: '', rest: first };
}

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

/** docs/product.md: six partner financial institution logos (site settings: a logo uploaded, or the name drawn). */
export function PartnerLogos({ partners }: { partners: readonly Partner[] }) {
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
        {partners.map((partner, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the partners are a fixed six, in order
          <Reveal as="li" key={index} delay={300 + 150 * index}>
            {partner.logo ? (
              <div className={`${card} flex h-24 items-center justify-center px-4`}>
                <ResponsiveImage
                  image={partner.logo}
                  alt={partner.name}
                  sizes="160px"
                  maxWidth={480}
                  className="max-h-16 w-auto max-w-full object-contain"
                />
              </div>
            ) : (
              <Wordmark name={partner.name} mark={MARK_ORDER[index % MARK_ORDER.length] as Mark} />
            )}
          </Reveal>
        ))}
      </ul>
    </section>
  );
}

function Wordmark({ name, mark }: { name: string; mark: Mark }) {
  const { prefix, rest } = wordmark(name);
  return (
    <div
      role="img"
      aria-label={name}
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
        {MARKS[mark]}
      </svg>
      <span className="flex min-w-0 flex-col leading-none">
        {prefix ? (
          <span className="font-medium text-[0.65rem] uppercase tracking-[0.2em]">{prefix}</span>
        ) : null}
        <span className="mt-1 break-words font-bold text-base tracking-tight sm:text-lg">{rest}</span>
      </span>
    </div>
  );
}
