// What /privacidad and /privacidad/version/N show: one published version of the policy, as stored, and the list of
// every version (art. 14 ter a: the policy is kept available with its date and version; ADR 0031).
import type { Dealership } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import { privacyPolicyVersions } from '@db/schema.ts';
import { desc, eq } from 'drizzle-orm';
import { publishCurrentPolicy } from './publish-current-policy.ts';

export interface PolicyVersionSummary {
  version: number;
  /** When it came into force (ISO 8601). */
  publishedAt: string;
  /** When the next version replaced it; null for the one in force. */
  replacedAt: string | null;
}

export interface PolicyPage extends PolicyVersionSummary {
  /** The Markdown as it was published, its placeholders already filled. */
  text: string;
  /** The one in force. */
  current: number;
  /** Every version, newest first. */
  versions: PolicyVersionSummary[];
}

/**
 * The version asked for (`'vigente'`: the newest), or null when there is no such version. Before the first
 * publication (the server publishes at start; a database that was down then is the exception) the one in force is
 * published here, so the page always shows a numbered version.
 */
export async function policyPage(
  db: Db,
  initial: Dealership,
  wanted: number | 'vigente',
): Promise<PolicyPage | null> {
  let rows = await versionList(db);
  if (rows.length === 0 && wanted === 'vigente') {
    await publishCurrentPolicy(db, initial);
    rows = await versionList(db);
  }
  const versions = rows.map((row, index) => ({
    version: row.version,
    publishedAt: row.publishedAt.toISOString(),
    replacedAt: index === 0 ? null : (rows[index - 1]?.publishedAt.toISOString() ?? null),
  }));
  const shown = wanted === 'vigente' ? versions[0] : versions.find((row) => row.version === wanted);
  if (!shown) return null;
  const [stored] = await db
    .select({ text: privacyPolicyVersions.text })
    .from(privacyPolicyVersions)
    .where(eq(privacyPolicyVersions.version, shown.version));
  if (!stored) return null;
  return { ...shown, text: stored.text, current: versions[0]?.version ?? shown.version, versions };
}

function versionList(db: Db) {
  return db
    .select({ version: privacyPolicyVersions.version, publishedAt: privacyPolicyVersions.publishedAt })
    .from(privacyPolicyVersions)
    .orderBy(desc(privacyPolicyVersions.version));
}
