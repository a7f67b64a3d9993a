import { LegalPage } from '~/components/legal/legal-page';
import { legalDate, renderLegalText } from '~/lib/legal-text.server';
import { pageMeta } from '~/lib/meta';
import { type RootData, useRootData } from '~/root';
import type { Route } from './+types/terminos';

/** The dealership's terms (site settings, edited in the back office), rendered here on the server. */
export async function loader({ context }: Route.LoaderArgs) {
  const dealership = await context.services.catalogue.dealership();
  return {
    text: renderLegalText(dealership.legal.terms, dealership),
    updated: legalDate(dealership.legal.updated),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  const name = root?.dealership.name ?? '';
  return pageMeta({
    title: `Términos y condiciones | ${name}`,
    description: `Condiciones de uso del sitio de ${name}: precios y disponibilidad, financiamiento, seguros y compra de tu auto.`,
    path: '/terminos',
    publicUrl: root?.publicUrl ?? '',
  });
}

export default function Terminos({ loaderData }: Route.ComponentProps) {
  const { dealership } = useRootData();
  return (
    <LegalPage
      eyebrow="Legal"
      title="Términos y condiciones"
      intro={`Las reglas para usar el sitio de ${dealership.name}, explicadas de forma simple.`}
      dateLine={`Última actualización: ${loaderData.updated}`}
      lead={loaderData.text.lead}
      sections={loaderData.text.sections}
    />
  );
}
