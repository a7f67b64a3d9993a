import { LegalPage } from '~/components/legal/legal-page';
import { legalDate, renderLegalText } from '~/lib/legal-text.server';
import { pageMeta } from '~/lib/meta';
import type { RootData } from '~/root';
import type { Route } from './+types/privacidad';

/** The dealership's privacy policy (site settings, edited in the back office), rendered here on the server. */
export async function loader({ context }: Route.LoaderArgs) {
  const dealership = await context.services.catalogue.dealership();
  return {
    text: renderLegalText(dealership.legal.privacy, dealership),
    updated: legalDate(dealership.legal.updated),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  const name = root?.dealership.name ?? '';
  return pageMeta({
    title: `Política de privacidad | ${name}`,
    description: `Qué datos recoge ${name}, para qué, cuánto tiempo los guarda y cómo ejercer tus derechos de acceso, rectificación, supresión y portabilidad.`,
    path: '/privacidad',
    publicUrl: root?.publicUrl ?? '',
  });
}

export default function Privacidad({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      eyebrow="Legal"
      title="Política de privacidad"
      intro="Qué datos nos entregas, para qué los usamos, cuánto tiempo los guardamos y cómo ejercer tus derechos."
      updated={loaderData.updated}
      lead={loaderData.text.lead}
      sections={loaderData.text.sections}
    />
  );
}
