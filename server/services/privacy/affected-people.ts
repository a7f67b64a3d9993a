// Who an incident may have touched (ADR 0031, decision 8): the people behind the requests received between two
// Chilean days, of the kinds chosen. Each person once, by their address lower-cased; anonymised requests hold no
// address and are left out. The preview counts them; the addresses only leave this module for the notices.
import { createHash } from 'node:crypto';
import type { AffectedQuery } from '@contracts/admin-registers.ts';
import type { Db } from '@db/client.ts';
import { breachNotices, leads, securityBreaches } from '@db/schema.ts';
import { chileDayStart, nextDayKey } from '@domain/chile-time.ts';
import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { Refusal } from '../refusal.ts';

export interface AffectedPerson {
  email: string;
  /** The name of their latest request in the range, for the notice's greeting. */
  name: string;
  /** SHA-256 of the address: how the notices register keeps the person. */
  hash: string;
}

export const emailHash = (email: string) => createHash('sha256').update(email).digest('hex');

/** Every person of the query, each once. */
export async function affectedPeople(db: Db, query: AffectedQuery): Promise<AffectedPerson[]> {
  const key = sql<string>`lower(${leads.email})`;
  const rows = await db
    .selectDistinctOn([key], { email: key, name: leads.name })
    .from(leads)
    .where(
      and(
        gte(leads.createdAt, chileDayStart(query.desde)),
        lt(leads.createdAt, chileDayStart(nextDayKey(query.hasta))),
        inArray(leads.kind, query.tipos),
        isNull(leads.anonymizedAt),
      ),
    )
    .orderBy(key, desc(leads.createdAt));
  return rows.map((row) => ({ ...row, hash: emailHash(row.email) }));
}

/** The hashes of the people this incident already has a notice for. */
export async function noticedHashes(db: Db, breachId: number): Promise<Set<string>> {
  const rows = await db
    .select({ hash: breachNotices.emailHash })
    .from(breachNotices)
    .where(eq(breachNotices.breachId, breachId));
  return new Set(rows.map((row) => row.hash));
}

export interface AffectedPreview {
  personas: number;
  /** Of them, those who already have this incident's notice. */
  yaAvisadas: number;
}

/** The preview before "Preparar avisos": how many people, never who. */
export async function previewAffected(
  db: Db,
  breachId: number,
  query: AffectedQuery,
): Promise<AffectedPreview> {
  const [breach] = await db
    .select({ id: securityBreaches.id })
    .from(securityBreaches)
    .where(eq(securityBreaches.id, breachId));
  if (!breach) throw new Refusal('not_found', 'Vulneración no encontrada.');
  const [people, noticed] = await Promise.all([affectedPeople(db, query), noticedHashes(db, breachId)]);
  return { personas: people.length, yaAvisadas: people.filter((person) => noticed.has(person.hash)).length };
}
