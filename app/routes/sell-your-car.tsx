import { SellFormIsland } from '~/components/forms/sell-form';
import { ArrowDown, Car, FileCheck2, Info, Scale, Smile, Timer, Wallet } from '~/components/icons';
import { Reveal } from '~/components/reveal';
import { CheckList } from '~/components/services/check-list';
import { IconCard } from '~/components/services/icon-card';
import { PageHero } from '~/components/services/page-hero';
import { SectionHeading } from '~/components/services/section-heading';
import { SellSteps } from '~/components/services/sell-steps';
import { serviceMeta } from '~/components/services/service-meta';
import { card, primaryButton, sectionContainer } from '~/components/services/styles';
import { useRootData } from '~/root';
import type { Route } from './+types/sell-your-car';

export function meta({ matches }: Route.MetaArgs) {
  return serviceMeta(matches, {
    title: 'Compramos tu auto: tasación justa y pago inmediato',
    description:
      'Vende tu auto usado sin complicaciones: tasación justa, proceso en menos de 48 horas y pago inmediato. Solicita tu tasación en línea.',
    path: '/sell-your-car',
    page: 'sellYourCar',
  });
}

const FORM_ID = 'tasacion';

const BENEFITS = [
  { icon: Scale, title: 'Tasación justa', text: 'Una oferta basada en el valor real de mercado de tu auto.' },
  { icon: Timer, title: 'Proceso en menos de 48 horas', text: 'Desde tu solicitud hasta la oferta final.' },
  { icon: Smile, title: 'Sin complicaciones', text: 'Nos encargamos de la transferencia y de los trámites.' },
  { icon: Wallet, title: 'Pago inmediato', text: 'Recibes tu dinero apenas se firma la compraventa.' },
];

const CHECKLIST = [
  'Padrón o certificado de inscripción del vehículo',
  'Revisión técnica vigente',
  'Permiso de circulación vigente',
  'SOAP vigente',
  'Cédula de identidad del propietario',
  'Certificado de anotaciones vigentes, sin prendas',
  'Manuales y duplicado de llaves',
];

export default function SellYourCar() {
  const { consent } = useRootData();
  return (
    <>
      <PageHero
        eyebrow="Compra de autos usados"
        icon={Car}
        title="Compramos tu auto"
        facts={[
          { value: '3', label: 'pasos simples' },
          { value: '48 h', label: 'o menos, de la solicitud al pago' },
          { value: '$0', label: 'costo de tasar tu auto' },
        ]}
        description="Vende tu auto de forma rápida y segura. Te hacemos una oferta justa en menos de 48 horas y te pagamos de inmediato."
      >
        <a href={`#${FORM_ID}`} className={primaryButton}>
          Quiero vender mi auto
          <ArrowDown aria-hidden className="size-4" />
        </a>
      </PageHero>

      <SellSteps />

      <section aria-labelledby="beneficios-titulo" className="bg-white">
        <div className={sectionContainer}>
          <SectionHeading
            id="beneficios-titulo"
            eyebrow="Beneficios"
            title="¿Por qué vendernos tu auto?"
            lead="Olvídate de publicar avisos, coordinar visitas y negociar con desconocidos."
          />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {BENEFITS.map((benefit, index) => (
              <IconCard key={benefit.title} index={index} {...benefit} />
            ))}
          </ul>
        </div>
      </section>

      <div className={`${sectionContainer} grid items-start gap-10 lg:grid-cols-[2fr_3fr]`}>
        <section aria-labelledby="requisitos-titulo">
          <Reveal className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 md:p-8">
            <h2 id="requisitos-titulo" className="flex items-center gap-3 font-bold text-slate-900 text-2xl">
              <FileCheck2 aria-hidden className="size-7 shrink-0 text-brand-700" />
              ¿Qué necesitas para vender?
            </h2>
            <p className="mt-3 text-slate-600">Ten a mano estos documentos para la evaluación y la firma:</p>
            <CheckList items={CHECKLIST} label="Documentos para vender tu auto" className="mt-6" />
            <p className="mt-6 flex gap-3 rounded-xl bg-white p-4 text-slate-700 text-sm ring-1 ring-brand-100">
              <Info aria-hidden className="size-5 shrink-0 text-brand-700" />
              ¿Te falta algún documento? Igual puedes pedir tu tasación: te orientamos para conseguirlo.
            </p>
          </Reveal>
        </section>
        <section id={FORM_ID} aria-labelledby="tasacion-titulo">
          <Reveal className={`${card} p-6 md:p-8`}>
            <SectionHeading
              id="tasacion-titulo"
              title="Solicita la tasación de tu auto"
              lead="Déjanos los datos de tu auto y te contactaremos para coordinar la evaluación técnica."
            />
            <div className="mt-8">
              <SellFormIsland consent={consent.vendeauto} />
            </div>
          </Reveal>
        </section>
      </div>
    </>
  );
}
