import { dbIdFromText } from '@contracts/db-id.ts';
import { data, Link } from 'react-router';
import { LegalPage } from '~/components/legal/legal-page';
import { PolicyVersionLabel, PolicyVersions } from '~/components/legal/policy-versions';
import { pageMeta } from '~/lib/meta';
import { policyPageData } from '~/lib/privacy-policy.server';
import type { RootData } from '~/root';
import type { Route } from './+types/privacy-version';

/**
 * One published version of the privacy policy, as it read then (art. 14 ter a; a consent names the version the person
 * was shown). Any number that is not a stored version, however it is written, is the Spanish 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const version = dbIdFromText(params.version);
  const page = version === null ? null : await policyPageData(context.services, version);
  if (!page) throw data('Versión no encontrada', { status: 404 });
  return page;
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Página no encontrada' }, { name: 'robots', content: 'noindex' }];
  const root = matches[0]?.loaderData as RootData | undefined;
  const name = root?.dealership.name ?? '';
  return [
    ...pageMeta({
      title: `Política de privacidad, versión ${loaderData.version} | ${name}`,
      description: `La política de privacidad de ${name} tal como se publicó en su versión ${loaderData.version}, con la fecha desde la que rigió.`,
      path: `/privacidad/version/${loaderData.version}`,
      publicUrl: root?.publicUrl ?? '',
    }),
    // The record of an earlier wording: the one in force is /privacidad, the page search engines should show.
    { name: 'robots', content: 'noindex' },
  ];
}

export default function PrivacyVersion({ loaderData }: Route.ComponentProps) {
  const inForce = loaderData.version === loaderData.current;
  return (
    <LegalPage
      eyebrow="Legal"
      title={`Política de privacidad, versión ${loaderData.version}`}
      intro={
        inForce ? (
          <>
            Es la versión vigente, la misma que muestra la{' '}
            <Link to="/privacidad" className="underline">
              política de privacidad
            </Link>
            .
          </>
        ) : (
          <>
            El texto tal como se publicó. Ya no está vigente: lee la{' '}
            <Link to="/privacidad" className="underline">
              política de privacidad vigente
            </Link>
            .
          </>
        )
      }
      dateLine={<PolicyVersionLabel line={loaderData} />}
      lead={loaderData.text.lead}
      sections={loaderData.text.sections}
    >
      <PolicyVersions versions={loaderData.versions} shown={loaderData.version} />
    </LegalPage>
  );
}
