import { ContactContent } from '~/components/contact/contact-content';
import { DealerJsonLd } from '~/components/layout/dealer-json-ld';
import { PageHero } from '~/components/layout/page-hero';
import { pageDescription, pageMeta } from '~/lib/meta';
import { type RootData, useRootData } from '~/root';
import type { Route } from './+types/contact';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  const name = root?.dealership.name ?? '';
  return pageMeta({
    title: `Contacto | ${name}`,
    description: pageDescription(
      root,
      'contact',
      `Escríbenos, llámanos o visítanos en ${name}. Teléfonos, direcciones, horario de atención y formulario de contacto.`,
    ),
    path: '/contact',
    publicUrl: root?.publicUrl ?? '',
  });
}

export default function Contact() {
  const { dealership, publicUrl, consent } = useRootData();
  return (
    <>
      <DealerJsonLd dealership={dealership} publicUrl={publicUrl} />
      <PageHero eyebrow="Contacto" title="Contáctanos">
        ¿Tienes preguntas sobre un vehículo, el financiamiento o la venta de tu auto? Te respondemos en menos
        de 24 horas.
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <ContactContent dealership={dealership} consent={consent.contacto} level={2} />
      </div>
    </>
  );
}
