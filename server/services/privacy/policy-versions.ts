// The published versions of the privacy policy (Ley 19.628 as amended by Ley 21.719, art. 14 ter a: the policy
// carries its date and version). Each consent points at the version the person was shown (ADR 0031).
import type { Db } from '@db/client.ts';
import { privacyPolicyVersions } from '@db/schema.ts';
import { desc } from 'drizzle-orm';

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
