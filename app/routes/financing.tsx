import { directCreditDownPaymentText } from '@domain/credit';
import { readSimulatorChoice } from '@domain/credit-params';
import { formatMileage, formatPrice, stockReference } from '@domain/format';
import { rateLimits } from '@domain/maximum-rate';
import { quotationAt } from '@server/services/settings/quotation';
import { Link, useSearchParams } from 'react-router';
import { FinancingSimulatorIsland } from '~/components/financing/financing-simulator';
import { QuotationTerms } from '~/components/financing/quotation-terms';
import {
  BadgePercent,
  Briefcase,
  CalendarRange,
  CarFront,
  Clock,
  Handshake,
  Landmark,
  MessageSquareText,
  Store,
} from '~/components/icons';
import { ConventionalCreditSection } from '~/components/services/conventional-credit-section';
import { CtaBand } from '~/components/services/cta-band';
import { DirectCreditSection } from '~/components/services/direct-credit-section';
import { FinancingOptionsIsland } from '~/components/services/financing-options';
import { IconCard } from '~/components/services/icon-card';
import { ModalTrigger } from '~/components/services/modal-trigger';
import { FinancingRequestIsland } from '~/components/services/page-dialogs';
import { PageHero } from '~/components/services/page-hero';
import { PartnerLogos } from '~/components/services/partner-logos';
import { SectionHeading } from '~/components/services/section-heading';
import { serviceMeta } from '~/components/services/service-meta';
import {
  primaryButton,
  secondaryOnDark,
  secondaryOnLight,
  sectionContainer,
} from '~/components/services/styles';
import { useRootData } from '~/root';
import type { Route } from './+types/financing';

/**
 * The published stock, by name, for the simulator's vehicle choice. Each label names the car's colour, mileage and
 * reference too: two cars of one model, year and price are told apart.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { vehicles } = await context.services.catalogue.snapshot();
  const stock = vehicles
    .map((v) => {
      const name = `${v.brand.nombre} ${v.model}`;
      // What tells two cars apart comes before the price: a phone's closed list shows only the start.
      const label = `${name} ${v.year} · ${v.color} · ${formatMileage(v.mileage)} – ${formatPrice(v.price)} (${stockReference(v.id)})`;
      return { id: v.id, name, year: v.year, price: v.price, label };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'es') || b.year - a.year || a.id - b.id);
  // The quotation's terms of today (ADR 0032), shown below the simulator.
  const quotation = await quotationAt(await context.services.catalogue.dealership(), Date.now());
  return { stock, quotation };
}

/** A whole number of pesos from the address, or null. */
function addressNumber(value: string | null): number | null {
  const digits = value?.replaceAll('.', '') ?? '';
  return /^\d{1,11}$/.test(digits) && Number(digits) > 0 ? Number(digits) : null;
}

export function meta({ matches }: Route.MetaArgs) {
  // The two section paths show this same page, so all three share one canonical URL.
  return serviceMeta(matches, {
    title: 'Financiamiento automotriz: crédito directo y convencional',
    description:
      'Financia tu auto nuevo o usado con crédito directo o convencional, en plazos de 12 a 48 meses. Revisa los requisitos y solicita asesoría financiera.',
    path: '/financing',
    page: 'financing',
  });
}

const FEATURES = [
  { icon: CalendarRange, title: 'Plazos flexibles', text: 'Elige tu plazo: 12, 24, 36 o 48 meses.' },
  { icon: CarFront, title: 'Autos nuevos y usados', text: 'Financiamos cualquier auto de nuestro stock.' },
  { icon: Briefcase, title: 'Uso particular o comercial', text: 'Para tu familia, tu trabajo o tu negocio.' },
  { icon: Store, title: 'Apoyo a pymes', text: 'Financiamiento especial para pequeñas empresas.' },
  {
    icon: Clock,
    title: 'Respuesta en 24 horas',
    text: 'Un asesor te contacta dentro de las próximas 24 horas.',
  },
  {
    icon: Handshake,
    title: 'Asesoría personalizada',
    text: 'Te acompañamos desde la evaluación hasta la firma.',
  },
];

export default function Financing({ loaderData }: Route.ComponentProps) {
  const { dealership, consent } = useRootData();
  const [params] = useSearchParams();

  return (
    <>
      <PageHero
        eyebrow="Financiamiento"
        icon={Landmark}
        title="Financia tu próximo auto a tu medida"
        facts={[
          { value: '12–48', label: 'meses de plazo' },
          { value: '24 h', label: 'para que un asesor te contacte' },
          { value: '6', label: 'instituciones financieras asociadas' },
        ]}
        description="Crédito directo o convencional, para autos nuevos y usados. Te asesoramos para que elijas la cuota que mejor se ajuste a tu presupuesto."
      >
        <ModalTrigger dialog="financing" className={primaryButton}>
          <MessageSquareText aria-hidden className="size-5" />
          Solicitar asesoría financiera
        </ModalTrigger>
        <Link to="/vehicles" className={secondaryOnDark}>
          Ver Nuestro Stock
        </Link>
      </PageHero>

      <section aria-labelledby="caracteristicas-titulo" className={sectionContainer}>
        <SectionHeading
          id="caracteristicas-titulo"
          eyebrow="Características generales"
          title="Un financiamiento pensado para ti"
          lead="Condiciones claras, sin letra chica, y un equipo que te acompaña en todo el proceso."
        />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature, index) => (
            <IconCard key={feature.title} index={index} {...feature} />
          ))}
        </ul>
      </section>

      <section id="simulador" aria-labelledby="simulador-titulo" className={sectionContainer}>
        <SectionHeading
          id="simulador-titulo"
          eyebrow="Simulador"
          title="Simula tu crédito"
          lead="Elige un auto de nuestro stock o escribe su precio: te mostramos la cuota, la CAE y el costo total del crédito."
        />
        <div className="mt-10 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <div data-quotation>
            <FinancingSimulatorIsland
              settings={dealership.financing}
              limits={rateLimits(dealership)}
              lenders={loaderData.quotation.lenders}
              stock={loaderData.stock}
              initial={readSimulatorChoice(params, dealership.financing)}
              vehicleId={addressNumber(params.get('vehiculo'))}
              price={addressNumber(params.get('precio'))}
              consent={consent.financiamiento}
            />
            {/* Its own margin: the island's wrapper is display: contents, so space-y's margin on it was lost. */}
            <div className="mt-8">
              <QuotationTerms terms={loaderData.quotation} />
            </div>
          </div>
        </div>
      </section>

      <div className="bg-slate-100/70">
        <FinancingOptionsIsland
          downPayment={directCreditDownPaymentText(dealership.financing)}
          directLender={dealership.creditQuotation.lenders.directo}
        />
      </div>

      <DirectCreditSection
        texts={dealership.financingPage.directo}
        downPayment={directCreditDownPaymentText(dealership.financing)}
        restriction={dealership.creditEligibility.directo}
        action={
          <ModalTrigger dialog="financing" className={primaryButton}>
            <BadgePercent aria-hidden className="size-5" />
            Solicitar crédito directo
          </ModalTrigger>
        }
      />
      <ConventionalCreditSection
        texts={dealership.financingPage.convencional}
        restriction={dealership.creditEligibility.convencional}
        action={
          <ModalTrigger dialog="financing" className={secondaryOnLight}>
            <Landmark aria-hidden className="size-5" />
            Solicitar crédito convencional
          </ModalTrigger>
        }
      />

      <div className="bg-white">
        <PartnerLogos partners={dealership.partners} />
      </div>

      <div className="pt-16">
        <CtaBand
          id="financiamiento-cta"
          title="¿Listo para estrenar auto?"
          text="Cuéntanos qué auto buscas y cuánto quieres pagar al mes. Un asesor te contactará en las próximas 24 horas."
        >
          <ModalTrigger dialog="financing" className={primaryButton}>
            Quiero financiar mi auto
          </ModalTrigger>
        </CtaBand>
      </div>

      <FinancingRequestIsland consent={consent.financiamiento} />
    </>
  );
}
