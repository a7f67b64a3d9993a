import {
  BookOpenCheck,
  BriefcaseBusiness,
  Calculator,
  CalendarCheck,
  ChartLine,
  ClipboardList,
  Lock,
  Stethoscope,
  Target,
  TrendingUp,
  UsersRound,
} from '~/components/icons';
import { Reveal } from '~/components/reveal';
import { CheckList } from '~/components/services/check-list';
import { CtaBand } from '~/components/services/cta-band';
import { IconCard } from '~/components/services/icon-card';
import { ModalTrigger } from '~/components/services/modal-trigger';
import { AdvisoryRequestIsland } from '~/components/services/page-dialogs';
import { PageHero } from '~/components/services/page-hero';
import { SectionHeading } from '~/components/services/section-heading';
import { serviceMeta } from '~/components/services/service-meta';
import { card, primaryButton, sectionContainer } from '~/components/services/styles';
import { useRootData } from '~/root';
import type { Route } from './+types/commercial-advisory';

export function meta({ matches }: Route.MetaArgs) {
  return serviceMeta(matches, {
    title: 'Asesoría Comercial y financiera para personas y pymes',
    description:
      'Optimizamos las finanzas de nuestros clientes: diagnóstico financiero, planificación, gestión de presupuesto, asesoría en inversiones y educación financiera.',
    path: '/commercial-advisory',
    page: 'commercialAdvisory',
  });
}

const BENEFITS = [
  'Un asesor dedicado que conoce tu realidad',
  'Planes concretos, con metas y plazos medibles',
  'Para personas, pymes y medianas empresas',
  'Confidencialidad total de tu información',
];

const AREAS = [
  {
    icon: Stethoscope,
    title: 'Diagnóstico financiero',
    text: 'Analizamos ingresos, gastos y deudas para saber exactamente dónde estás parado.',
  },
  {
    icon: Target,
    title: 'Planificación financiera',
    text: 'Definimos metas de corto y largo plazo y el camino para alcanzarlas.',
  },
  {
    icon: Calculator,
    title: 'Gestión de presupuesto',
    text: 'Ordenamos tu presupuesto para controlar gastos y liberar capacidad de ahorro.',
  },
  {
    icon: ChartLine,
    title: 'Asesoría en inversiones',
    text: 'Te orientamos para invertir según tu perfil de riesgo y tus objetivos.',
  },
  {
    icon: BookOpenCheck,
    title: 'Educación financiera',
    text: 'Talleres y sesiones prácticas para que tomes mejores decisiones con tu dinero.',
  },
];

const HIGHLIGHTS = [
  { icon: UsersRound, title: 'Atención personalizada', text: 'Sesiones uno a uno, presenciales o en línea.' },
  { icon: TrendingUp, title: 'Resultados medibles', text: 'Seguimiento periódico de tus avances.' },
  { icon: Lock, title: 'Confidencialidad', text: 'Tu información financiera se trata con total reserva.' },
];

export default function CommercialAdvisory() {
  const { consent } = useRootData();
  return (
    <>
      <PageHero
        eyebrow="Asesoría Comercial"
        icon={BriefcaseBusiness}
        title="Optimizamos las finanzas de nuestros clientes"
        facts={[
          { value: '5', label: 'áreas de trabajo' },
          { value: '24 h', label: 'para coordinar tu primera sesión' },
          { value: '1 a 1', label: 'atención con un asesor dedicado' },
        ]}
        description="Te ayudamos a ordenar tus finanzas, planificar tus metas y tomar decisiones con información clara, ya seas persona, pyme o empresa."
      >
        <ModalTrigger dialog="advisory" className={primaryButton}>
          <CalendarCheck aria-hidden className="size-5" />
          Solicitar asesoría
        </ModalTrigger>
      </PageHero>

      <section aria-labelledby="intro-titulo" className={sectionContainer}>
        <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
          <Reveal>
            <SectionHeading
              id="intro-titulo"
              eyebrow="Quiénes te asesoran"
              title="Decisiones financieras con respaldo profesional"
              lead="Nuestro equipo acompaña a personas y empresas a mejorar su salud financiera: desde ordenar el presupuesto familiar hasta planificar el crecimiento de tu negocio o la renovación de tu flota."
            />
            <CheckList items={BENEFITS} label="Beneficios de la asesoría" className="mt-8" />
          </Reveal>
          <ul className="grid gap-4">
            {HIGHLIGHTS.map((item, index) => (
              <Reveal as="li" key={item.title} delay={300 + 150 * index} className={`${card} flex gap-4 p-5`}>
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
                  <item.icon aria-hidden className="size-6" />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{item.title}</span>
                  <span className="mt-1 block text-slate-600">{item.text}</span>
                </span>
              </Reveal>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="areas-titulo" className="bg-white">
        <div className={sectionContainer}>
          <SectionHeading
            id="areas-titulo"
            eyebrow="Áreas de trabajo"
            title="¿En qué te podemos ayudar?"
            lead="Trabajamos en cinco áreas que cubren todo el ciclo de tus finanzas."
            centered
          />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-6 [&>li]:lg:col-span-2 [&>li:nth-child(4)]:lg:col-start-2">
            {AREAS.map((area, index) => (
              <IconCard key={area.title} index={index} {...area} />
            ))}
          </ul>
        </div>
      </section>

      <div className="pt-16">
        <CtaBand
          id="asesoria-cta"
          title="Agenda tu primera sesión"
          text="Cuéntanos tu situación y el área en la que necesitas apoyo. Te contactaremos dentro de 24 horas para coordinar."
        >
          <ModalTrigger dialog="advisory" className={primaryButton}>
            <ClipboardList aria-hidden className="size-5" />
            Agendar asesoría
          </ModalTrigger>
        </CtaBand>
      </div>

      <AdvisoryRequestIsland consent={consent.asesoria} />
    </>
  );
}
