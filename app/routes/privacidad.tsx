import { data } from 'react-router';
import { LegalPage } from '~/components/legal/legal-page';
import { PolicyVersionLabel, PolicyVersions } from '~/components/legal/policy-versions';
import { pageMeta } from '~/lib/meta';
import { policyPageData } from '~/lib/privacy-policy.server';
import type { RootData } from '~/root';
import type { Route } from './+types/privacidad';

/**
 * The privacy policy in force: the newest published version (ADR 0031), as it was stored when published, with its
 * number and date, and the earlier versions below it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const page = await policyPageData(context.services, 'vigente');
  if (!page) throw data('Política de privacidad no publicada', { status: 503 });
  return page;
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
      dateLine={<PolicyVersionLabel line={loaderData} />}
      lead={loaderData.text.lead}
      sections={loaderData.text.sections}
    >
      <PolicyVersions versions={loaderData.versions} shown={loaderData.version} />
    </LegalPage>
  );
}
