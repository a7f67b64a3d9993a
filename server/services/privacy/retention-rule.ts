// The one rule that decides when a request has outlived its purpose (ADR 0031, decision 7): the daily job
// anonymises what it selects, and the dashboard counts what it will select 30 days from now.
//
// A request's last activity is the latest of: its arrival, its last status change (which also stamps the first
// contact), the test drive it booked (the appointment is the request's purpose, and may be weeks after arrival) and
// the newest staff note about it (a note records a conversation with the person). Changing the owner or reading the
// request is not activity: neither involves the person. The row's part is one indexed expression
// (leads_retention_idx); the notes are checked per candidate through lead_notes_lead_idx.
import type { PrivacySettings } from '@contracts/dealership.ts';
import { LEAD_KINDS } from '@contracts/lead-options.ts';
import type { Db } from '@db/client.ts';
import { leadNotes, leadPhotos, leads } from '@db/schema.ts';
import { monthsBefore } from '@domain/retention.ts';
import { and, count, eq, isNull, or, type SQL, sql } from 'drizzle-orm';

/** The activity recorded on the request's own row; must stay the expression of leads_retention_idx. */
const rowActivity = sql`greatest(${leads.createdAt}, ${leads.statusChangedAt}, ${leads.firstContactAt}, ${leads.testDriveAt})`;

/** No activity since `cutoff`: neither on the row nor in a staff note. */
function quietSince(cutoff: Date): SQL {
  return and(
    sql`${rowActivity} < ${cutoff.toISOString()}::timestamptz`,
    sql`not exists (select 1 from ${leadNotes} where ${leadNotes.leadId} = ${leads.id}
      and ${leadNotes.createdAt} >= ${cutoff.toISOString()}::timestamptz)`,
  ) as SQL;
}

/** Requests not anonymised yet whose kind's retention period had ended at `at`. */
export function expiredLeads(at: Date, privacy: PrivacySettings): SQL {
  const byKind = LEAD_KINDS.map((kind) =>
    and(eq(leads.kind, kind), quietSince(monthsBefore(at, privacy.retentionMonths[kind]))),
  );
  return and(isNull(leads.anonymizedAt), or(...byKind)) as SQL;
}

/**
 * Appraisals kept, whose photos' period had ended at `at` (counted from the same last activity): the photos go,
 * the request stays until its own period ends.
 */
export function expiredAppraisalPhotos(at: Date, privacy: PrivacySettings): SQL {
  return and(
    isNull(leads.anonymizedAt),
    eq(leads.kind, 'vendeauto'),
    quietSince(monthsBefore(at, privacy.photoRetentionMonths)),
    sql`exists (select 1 from ${leadPhotos} where ${leadPhotos.leadId} = ${leads.id})`,
  ) as SQL;
}

/** How many requests the job will have anonymised by `at`, if nothing happens to them meanwhile. */
export async function countLeadsExpiredBy(db: Db, at: Date, privacy: PrivacySettings): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads).where(expiredLeads(at, privacy));
  return row?.n ?? 0;
}
