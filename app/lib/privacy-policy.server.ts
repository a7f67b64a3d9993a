// The loader data of /privacidad and /privacidad/version/N: a published version of the privacy policy rendered from
// its stored text, never from today's settings (ADR 0031), and the list of every version.
import { formatChileDate } from '@domain/chile-time';
import type { Services } from '@server/services/container';
import { policyPage } from '@server/services/privacy/policy-page';
import type { PolicyVersionLine } from '~/components/legal/policy-versions';
import { renderLegalText } from './legal-text.server';

/** The version asked for (`'vigente'`: the one in force), or null when there is none with that number. */
export async function policyPageData(services: Services, wanted: number | 'vigente') {
  const page = await policyPage(services.db, services.config.dealership, wanted);
  if (!page) return null;
  const line = (row: {
    version: number;
    publishedAt: string;
    replacedAt: string | null;
  }): PolicyVersionLine => ({
    version: row.version,
    since: formatChileDate(row.publishedAt),
    until: row.replacedAt ? formatChileDate(row.replacedAt) : null,
  });
  return {
    ...line(page),
    current: page.current,
    text: renderLegalText(page.text),
    versions: page.versions.map(line),
  };
}
