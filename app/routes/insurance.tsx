import { useLocation } from 'react-router';
import { InsuranceFormIsland } from '~/components/forms/insurance-form';
import { ArrowDown, BadgeCheck, Phone, ShieldCheck } from '~/components/icons';
import { Reveal } from '~/components/reveal';
import { AdvisorContact } from '~/components/services/advisor-contact';
import { InsurancePlans, insurancePlanFrom } from '~/components/services/insurance-plans';
import { PageHero } from '~/components/services/page-hero';
import { SectionHeading } from '~/components/services/section-heading';
import { serviceMeta } from '~/components/services/service-meta';
import { card, primaryButton, secondaryOnDark } from '~/components/services/styles';
import { useRootData } from '~/root';
import type { Route } from './+types/insurance';

export function meta({ matches }: Route.MetaArgs) {
  return serviceMeta(matches, {
    title: 'Seguros automotrices: SOAP, contra terceros y todo riesgo',
    description:
      'Cotiza tu Seguro Obligatorio SOAP, Seguro Contra Terceros o Seguro Todo Riesgo con asesoría personalizada. Te respondemos en 24 horas.',
    path: '/insurance',
    page: 'insurance',
  });
}

const FORM_ID = 'cotizacion';

export default function Insurance() {
  const { dealership, consent } = useRootData();
  const phone = dealership.phones[0];
  // 'Cotizar este seguro' on a plan card: the form opens with that plan chosen.
  const plan = insurancePlanFrom(useLocation().search);
  return (
    <>
      <PageHero
        eyebrow="Seguros"
        icon={ShieldCheck}
        title="Protege tu auto con el seguro indicado"
        facts={[
          { value: '3', label: 'coberturas para elegir' },
          { value: '24 h', label: 'para recibir tu cotización' },
          { value: '$0', label: 'costo de cotizar, sin compromiso' },
        ]}
        description="Cotiza tu seguro automotriz con nosotros: te asesoramos para elegir la cobertura justa, al mejor precio y sin trámites engorrosos."
      >
        <a href={`#${FORM_ID}`} className={primaryButton}>
          Solicita tu Cotización
          <ArrowDown aria-hidden className="size-4" />
        </a>
        {phone ? (
          <a href={`tel:${phone.e164}`} className={secondaryOnDark}>
            <Phone aria-hidden className="size-4" />
            {phone.display}
          </a>
        ) : null}
      </PageHero>

      <InsurancePlans formId={FORM_ID} />

      <section id={FORM_ID} aria-labelledby="cotizacion-titulo" className="bg-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 md:py-20 lg:grid-cols-[3fr_2fr]">
          <Reveal className={`${card} p-6 md:p-8`}>
            <SectionHeading
              id="cotizacion-titulo"
              title="Solicita tu Cotización"
              lead="Completa tus datos y los de tu auto. Un asesor te enviará alternativas dentro de las próximas 24 horas."
            />
            <div className="mt-8">
              <InsuranceFormIsland consent={consent.seguro} plan={plan} />
            </div>
          </Reveal>
          <div className="space-y-6">
            <AdvisorContact
              dealership={dealership}
              title="¿Prefieres hablar con un asesor?"
              text="Nuestros asesores de seguros te atienden por teléfono o WhatsApp."
              whatsappText="Hola, quisiera cotizar un seguro para mi auto."
            />
            <ul className="space-y-3 px-2 text-slate-700">
              {[
                'Cotización sin costo ni compromiso',
                'Respuesta de un asesor en menos de 24 horas',
                'Te explicamos cada cobertura antes de contratar',
              ].map((item) => (
                <li key={item} className="flex gap-3">
                  <BadgeCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
