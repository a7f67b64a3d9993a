import { ClipboardList, HandCoins, type LucideIcon, SearchCheck } from '~/components/icons';
import { Reveal } from '~/components/reveal';
import { SectionHeading } from './section-heading';
import { card, sectionContainer } from './styles';

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: ClipboardList,
    title: 'Completa el formulario',
    text: 'Cuéntanos sobre tu auto y, si quieres, adjunta hasta 5 fotos. Te toma menos de cinco minutos.',
  },
  {
    icon: SearchCheck,
    title: 'Evaluación técnica',
    text: 'Coordinamos una revisión de tu auto en nuestra sede: mecánica, carrocería y documentos.',
  },
  {
    icon: HandCoins,
    title: 'Oferta y pago',
    text: 'Te hacemos una oferta concreta y, si la aceptas, pagamos de inmediato y nos encargamos de la transferencia.',
  },
];

/** docs/product.md: the three-step explanation of the car-buying service. */
export function SellSteps() {
  return (
    <section aria-labelledby="pasos-titulo" className={sectionContainer}>
      <SectionHeading
        id="pasos-titulo"
        eyebrow="Cómo funciona"
        title="Vende tu auto en tres pasos"
        lead="Un proceso simple y transparente, de principio a fin."
        centered
      />
      <ol className="mt-10 grid gap-6 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <Reveal
            as="li"
            key={step.title}
            delay={300 + 150 * index}
            className={`${card} relative p-6 md:p-8`}
          >
            <span
              aria-hidden="true"
              className="absolute top-6 right-6 font-bold text-5xl text-slate-200 tabular-nums leading-none"
            >
              {index + 1}
            </span>
            <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
              <step.icon aria-hidden className="size-6" />
            </span>
            <h3 className="mt-4 font-semibold text-lg text-slate-900">
              <span className="sr-only">Paso {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-slate-600 leading-relaxed">{step.text}</p>
          </Reveal>
        ))}
      </ol>
    </section>
  );
}
