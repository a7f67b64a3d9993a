// A person's alerts, reached from the signed link of every alert e-mail (ADR 0039): listed, removed one by one or all
// at once, and the RFC 8058 one-click unsubscribe, which removes them all. Removing an alert is a withdrawal of the
// consent it rests on, recorded like any other (ADR 0031 decision 3): one 'retira' event per alert, naming it.
import type { Db } from '@db/client.ts';
import { consentEvents, savedSearches } from '@db/schema.ts';
import { maskedEmail } from '@domain/consent-withdrawal.ts';
import { alertTitle } from '@domain/saved-search.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { personKey } from '../privacy/person-link.ts';
import { latestPolicyVersion } from '../privacy/policy-versions.ts';

/** The words of the buttons, stored as the withdrawal's evidence. */
export const REMOVE_ONE_BUTTON = 'Eliminar esta alerta';
export const REMOVE_ALL_BUTTON = 'Eliminar todas mis alertas';
/** What a one-click unsubscribe (RFC 8058) is recorded with: the person pressed their mail program's button. */
export const ONE_CLICK_WORDING =
  'Darse de baja con un clic desde el correo (List-Unsubscribe-Post, RFC 8058)';

export interface AlertsPage {
  person: string;
  alerts: Array<{ id: number; title: string; confirmedAt: string; wording: string }>;
}

export async function loadAlertsPage(db: Db, email: string): Promise<AlertsPage> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.email, personKey(email)), eq(savedSearches.status, 'confirmed')))
    .orderBy(asc(savedSearches.confirmedAt), asc(savedSearches.id));
  return {
    person: maskedEmail(personKey(email)),
    alerts: rows.map((row) => ({
      id: row.id,
      title: alertTitle({ ...row, vehicles: row.vehicleIds.length }),
      confirmedAt: (row.confirmedAt ?? row.createdAt).toISOString(),
      wording: row.wording,
    })),
  };
}

/**
 * Removes one alert of the person (`which` an id) or all of them; returns how many were in force. Pending searches go
 * too (withdrawn, never to be confirmed); only a confirmed one had a consent to withdraw.
 */
export async function withdrawAlerts(
  db: Db,
  input: { email: string; which: number | 'todas'; wording: string; channel?: string; now?: Date },
): Promise<number> {
  const email = personKey(input.email);
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    // One withdrawal at a time per person, shared with the consents page: a double click writes its events once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`consentimientos:${email}`}))`);
    const rows = await tx
      .update(savedSearches)
      .set({ status: 'withdrawn', withdrawnAt: now, tokenHash: null })
      .where(
        and(
          eq(savedSearches.email, email),
          inArray(savedSearches.status, ['pending', 'confirmed']),
          input.which === 'todas' ? undefined : eq(savedSearches.id, input.which),
        ),
      )
      .returning({ id: savedSearches.id, confirmedAt: savedSearches.confirmedAt });
    const confirmed = rows.filter((row) => row.confirmedAt !== null);
    if (confirmed.length === 0) return 0;
    const policyVersion = (await latestPolicyVersion(tx))?.version ?? null;
    await tx.insert(consentEvents).values(
      confirmed.map((row) => ({
        email,
        leadId: null,
        purpose: 'marketing' as const,
        action: 'retira' as const,
        wording: input.wording,
        policyVersion,
        channel: input.channel ?? 'correo',
        savedSearchId: row.id,
        createdAt: now,
      })),
    );
    return confirmed.length;
  });
}

/** Withdrawing the marketing consent from the consents page stops the alerts too (called in its transaction). */
export async function stopAlertsOf(tx: Db, email: string, now: Date): Promise<number> {
  const rows = await tx
    .update(savedSearches)
    .set({ status: 'withdrawn', withdrawnAt: now, tokenHash: null })
    .where(
      and(eq(savedSearches.email, personKey(email)), inArray(savedSearches.status, ['pending', 'confirmed'])),
    )
    .returning({ id: savedSearches.id });
  return rows.length;
}
