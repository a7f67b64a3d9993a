import { Link } from 'react-router';
import { ArrowRight, Banknote, Briefcase, Car, CircleCheck } from '~/components/icons';
import { Reveal } from '~/components/reveal';
import { SectionHeading } from './section-heading';

/**
 * 'Soluciones Integrales' (docs/product.md): three services, highlights verbatim but financing's, which is written
 * from the settings (ADR 0034: SPEC's «hasta el 100%» is refused by every credit's minimum pie).
 */
const SERVICES = [
  {
    icon: Car,
    title: 'Compra y Venta Comercial',
    description:
      'Vehículos nuevos y usados para uso particular o comercial, y compramos tu auto con pago inmediato.',
    highlight: 'Más de 50 vehículos disponibles',
    to: '/vehicles',
  },
  {
    icon: Banknote,
    title: 'Financiamiento',
    description: 'Crédito directo y convencional con cuotas fijas en pesos y una respuesta rápida.',
    highlight: null,
    to: '/financing',
  },
  {
    icon: Briefcase,
    title: 'Asesoría Comercial',
    description: 'Diagnóstico, planificación y presupuesto para personas y empresas que necesitan vehículos.',
    highlight: 'Optimizamos las finanzas de nuestros clientes',
    to: '/commercial-advisory',
  },
] as const;

export function ServicesSection({ financingHighlight }: { financingHighlight: string }) {
  return (
    <section
      aria-labelledby="soluciones"
      className="render-near-view bg-slate-50 py-16 [--render-near-view-size:89rem] sm:py-24 sm:[--render-near-view-size:79rem] md:[--render-near-view-size:42rem] lg:[--render-near-view-size:36rem]"
    >
      <div className="mx-auto max-w-7xl px-4">
        <Reveal>
          <SectionHeading id="soluciones" eyebrow="Servicios" title="Soluciones Integrales">
            Todo lo que necesitas para comprar, vender y financiar tu vehículo en un solo lugar.
          </SectionHeading>
        </Reveal>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {SERVICES.map((service, index) => (
            <Reveal as="li" key={service.title} delay={300 + 150 * index} className="flex">
              <div className="group relative flex flex-1 flex-col rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg">
                <span className="flex size-14 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <service.icon aria-hidden className="size-7" />
                </span>
                <h3 className="mt-6 font-semibold text-slate-900 text-xl">
                  {/* The title is the card's link; the ::after stretches it over the whole card. */}
                  <Link to={service.to} className="after:absolute after:inset-0 after:rounded-2xl">
                    {service.title}
                  </Link>
                </h3>
                <p className="mt-3 mb-6 text-slate-600 leading-relaxed">{service.description}</p>
                <p className="mt-auto flex items-start gap-2 rounded-lg bg-accent-300/25 px-3 py-2 font-semibold text-slate-900 text-sm">
                  <CircleCheck aria-hidden className="mt-px size-4 shrink-0 text-brand-700" />
                  {service.highlight ?? financingHighlight}
                </p>
                <span
                  aria-hidden
                  className="mt-6 inline-flex items-center gap-1 font-semibold text-brand-700 group-hover:underline"
                >
                  Conocer más
                  <ArrowRight className="size-4 transition group-hover:translate-x-0.5" />
                </span>
              </div>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
