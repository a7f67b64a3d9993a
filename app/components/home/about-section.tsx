import type { Dealership } from '@contracts/dealership';
import { Clock, MapPin, ShieldCheck } from '~/components/icons';
import { Reveal } from '~/components/reveal';
import { SectionHeading } from './section-heading';
import { ShowroomIllustration } from './showroom-illustration';

/** 'Sobre' the company (docs/product.md, id about): the configured text and the showroom. */
export function AboutSection({ dealership }: { dealership: Dealership }) {
  const points = [
    { icon: ShieldCheck, text: 'Vehículos revisados y con documentación al día' },
    { icon: Clock, text: 'Te contactamos en menos de 24 horas' },
    {
      icon: MapPin,
      text: dealership.addresses.map((a) => `${a.label} en ${a.commune}`).join(' · '),
    },
  ];
  return (
    <section
      id="about"
      aria-labelledby="about-title"
      className="render-near-view bg-white py-16 [--render-near-view-size:52rem] sm:py-24 md:[--render-near-view-size:62rem] lg:[--render-near-view-size:27rem] xl:[--render-near-view-size:25rem]"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 lg:grid-cols-2">
        <Reveal>
          <SectionHeading id="about-title" eyebrow="Nosotros" title={`Sobre ${dealership.name}`} align="left">
            {dealership.about}
          </SectionHeading>
          <ul className="mt-8 space-y-4">
            {points.map((point) => (
              <li key={point.text} className="flex items-start gap-3 text-slate-700">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <point.icon aria-hidden className="size-5" />
                </span>
                <span className="pt-2">{point.text}</span>
              </li>
            ))}
          </ul>
        </Reveal>
        <Reveal delay={150} className="overflow-hidden rounded-2xl shadow-lg ring-1 ring-slate-200">
          <ShowroomIllustration name={dealership.name} />
        </Reveal>
      </div>
    </section>
  );
}
