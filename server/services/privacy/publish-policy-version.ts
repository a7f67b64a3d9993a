// The privacy policy is published as numbered versions (Ley 19.628 as amended by Ley 21.719, art. 14 ter a: the
// policy carries its date and version; ADR 0031). Whenever the text filled from the settings differs from the newest
// version's, it becomes the next version, once, however many instances publish at the same moment.
import { createHash } from 'node:crypto';
import type { Dealership } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import { privacyPolicyVersions } from '@db/schema.ts';
import { fillLegalPlaceholders, legalPlaceholderValues } from '@domain/legal-placeholders.ts';
import { desc, sql } from 'drizzle-orm';
import { type AuditEntry, recordAudit } from '../audit.ts';

export interface PolicyPublication {
  /** The version in force after the call. */
  version: number;
  publishedAt: Date;
  /** Whether this call published it (false: the newest version already had this text). */
  published: boolean;
}

/** Any constant works; it only has to be the same for every instance and differ from the other locks' keys. */
const PUBLISH_LOCK_KEY = 727_190_031;

/** The policy as published: the dealership's privacy text with its placeholders filled (Markdown). */
export function policyText(dealership: Dealership): string {
  return fillLegalPlaceholders(dealership.legal.privacy, legalPlaceholderValues(dealership));
}

export const policyTextHash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Puts publishers in a line until the transaction ends. An advisory lock rather than a table lock: a consent being
 * recorded checks its policy version against the table, and must not wait for a publication.
 */
export async function lockPolicyPublication(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK_KEY})`);
}

/**
 * Publishes `dealership`'s policy if its text differs from the newest version's, audited under `actor` (null: the
 * server itself, at start). Call it inside the transaction that made `dealership` the settings in use, so the two
 * commit together; the lock it takes lasts until that transaction ends.
 */
export async function publishPolicyVersion(
  tx: Db,
  dealership: Dealership,
  actor: AuditEntry['actor'],
): Promise<PolicyPublication> {
  await lockPolicyPublication(tx);
  const text = policyText(dealership);
  const textHash = policyTextHash(text);
  const [newest] = await tx
    .select({
      version: privacyPolicyVersions.version,
      textHash: privacyPolicyVersions.textHash,
      publishedAt: privacyPolicyVersions.publishedAt,
    })
    .from(privacyPolicyVersions)
    .orderBy(desc(privacyPolicyVersions.version))
    .limit(1);
  if (newest?.textHash === textHash) return { ...pick(newest), published: false };
  const [row] = await tx
    .insert(privacyPolicyVersions)
    .values({ version: (newest?.version ?? 0) + 1, text, textHash })
    .returning({ version: privacyPolicyVersions.version, publishedAt: privacyPolicyVersions.publishedAt });
  if (!row) throw new Error('the privacy policy version was not stored');
  await recordAudit(tx, {
    actor,
    action: 'politica_publicada',
    entity: 'politica_privacidad',
    entityId: row.version,
    details: { version: row.version, anterior: newest?.version ?? null, sha256: textHash },
  });
  return { ...row, published: true };
}

const pick = (row: { version: number; publishedAt: Date }) => ({
  version: row.version,
  publishedAt: row.publishedAt,
});
