import { LegalPage } from '~/components/legal/legal-page';
import { LEGAL_UPDATED } from '~/components/legal/legal-updated';
import { termsSections } from '~/components/legal/terms-sections';
import { pageMeta } from '~/lib/meta';
import { type RootData, useRootData } from '~/root';
import type { Route } from './+types/terminos';

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

export default function Terminos() {
  const { dealership } = useRootData();
  return (
    <LegalPage
      eyebrow="Legal"
      title="Términos y condiciones"
      intro={`Las reglas para usar el sitio de ${dealership.name}, explicadas de forma simple.`}
      updated={LEGAL_UPDATED}
      sections={termsSections(dealership)}
    />
  );
}
