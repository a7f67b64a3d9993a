import { LegalPage } from '~/components/legal/legal-page';
import { LEGAL_UPDATED } from '~/components/legal/legal-updated';
import { privacySections } from '~/components/legal/privacy-sections';
import { pageMeta } from '~/lib/meta';
import { type RootData, useRootData } from '~/root';
import type { Route } from './+types/privacidad';

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

export default function Privacidad() {
  const { dealership } = useRootData();
  return (
    <LegalPage
      eyebrow="Legal"
      title="Política de privacidad"
      intro="Qué datos nos entregas, para qué los usamos, cuánto tiempo los guardamos y cómo ejercer tus derechos."
      updated={LEGAL_UPDATED}
      sections={privacySections(dealership)}
    />
  );
}
