// The published versions of the privacy policy (Ley 19.628 as amended by Ley 21.719, art. 14 ter a: the policy
// carries its date and version). Each consent points at the version the person was shown (ADR 0031).
import type { Db } from '@db/client.ts';
import { privacyPolicyVersions } from '@db/schema.ts';
import { desc, eq } from 'drizzle-orm';

export interface PolicyVersion {
  version: number;
  publishedAt: Date;
}

/** The version in force: the newest one published, or null before the first publication. */
export async function latestPolicyVersion(db: Db): Promise<PolicyVersion | null> {
  const [row] = await db
    .select({ version: privacyPolicyVersions.version, publishedAt: privacyPolicyVersions.publishedAt })
    .from(privacyPolicyVersions)
    .orderBy(desc(privacyPolicyVersions.version))
    .limit(1);
  return row ?? null;
}

/**
 * The version a consent points at: the one the form's page showed when it is a published version, else the one in
 * force (a page rendered before a publication, or a client that does not send it); null before any publication.
 */
export async function consentPolicyVersion(db: Db, shown: number | undefined): Promise<number | null> {
  if (shown !== undefined) {
    const [row] = await db
      .select({ version: privacyPolicyVersions.version })
      .from(privacyPolicyVersions)
      .where(eq(privacyPolicyVersions.version, shown));
    if (row) return row.version;
  }
  return (await latestPolicyVersion(db))?.version ?? null;
}
