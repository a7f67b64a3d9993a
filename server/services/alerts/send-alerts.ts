// The e-mails of alerts (issue 33, ADR 0039): at most one per person and Chilean day, listing every match that waited.
// A person's matches wait `gatherMs` after the first of them, so the changes staff make together reach the person in
// one e-mail. Each e-mail is one transaction: the person's waiting matches locked, the day's digest row inserted (its
// unique index on address and day is what makes "once a day" hold on any number of instances), the message put in
// the outbox and the matches marked with the digest. Instances share the work person by person: each first takes a
// transaction-scoped advisory lock on the address. The outbox relay sends the message (at least once, with a stable
// Message-ID): a restart repeats nothing here.
import type { CreditOffer } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import { alertDigests, emailOutbox } from '@db/schema.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import { toVehicleView } from '@domain/vehicle.ts';
import { eq, sql } from 'drizzle-orm';
import { loadPublishedByIds } from '../catalogue/load-published-vehicles.ts';
import { personLink } from '../privacy/person-link.ts';
import { type AlertVehicle, alertMail } from './alert-mail.ts';

export interface SendAlertsContext {
  now: Date;
  /** How long a person's first waiting match waits for others before the e-mail is written. */
  gatherMs: number;
  publicUrl: string;
  secret: string;
  dealership: string;
  offer: CreditOffer;
}

interface Waiting {
  id: number;
  vehicle_id: number;
  reason: AlertVehicle['reason'];
  price: number;
  previous_price: number | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const REASON_ORDER: AlertVehicle['reason'][] = ['nuevo', 'baja', 'favorito'];

/** Writes the e-mail of one person whose matches are due; false when nobody's are (another instance took them). */
async function sendOne(db: Db, context: SendAlertsContext): Promise<boolean | 'skipped'> {
  const day = chileDayKey(context.now);
  const cutoff = new Date(context.now.getTime() - context.gatherMs).toISOString();
  return db.transaction(async (tx) => {
    // A person nobody else is writing to: the first of the people due whose advisory lock this transaction gets
    // (the other instances take the next ones). With it held, that person's e-mail of the day is this one's alone.
    const [person] = rowsOf<{ email: string }>(
      await tx.execute(sql`
        select c.email from (
          select s.email, min(m.id) as first
            from saved_search_matches m join saved_searches s on s.id = m.saved_search_id
           where m.digest_id is null and s.status = 'confirmed' and m.created_at <= ${cutoff}::timestamptz
             and not exists (select 1 from alert_digests d where d.email = s.email and d.day = ${day}::date)
           group by s.email order by first limit 50) c
         where pg_try_advisory_xact_lock(hashtext(${'alertas:'} || c.email))
         limit 1`),
    );
    if (!person) return false;
    // Another instance may have written it between the choice and the lock.
    const [done] = rowsOf<{ sent: boolean }>(
      await tx.execute(sql`
        select exists (select 1 from alert_digests where email = ${person.email} and day = ${day}::date) as sent`),
    );
    if (done?.sent) return 'skipped';
    const waiting = rowsOf<Waiting>(
      await tx.execute(sql`
        select m.id, m.vehicle_id, m.reason, m.price, m.previous_price
          from saved_search_matches m join saved_searches s on s.id = m.saved_search_id
         where m.digest_id is null and s.status = 'confirmed' and s.email = ${person.email}
         order by m.id
         for update of m`),
    );
    const records = new Map(
      (await loadPublishedByIds(tx, [...new Set(waiting.map((row) => Number(row.vehicle_id)))])).map(
        (record) => [record.id, record],
      ),
    );
    // One line per vehicle, the first reason in REASON_ORDER; a vehicle no longer published is no news any more.
    const byVehicle = new Map<number, AlertVehicle>();
    for (const row of waiting) {
      const record = records.get(Number(row.vehicle_id));
      if (!record) continue;
      const known = byVehicle.get(record.id);
      if (known && REASON_ORDER.indexOf(known.reason) <= REASON_ORDER.indexOf(row.reason)) continue;
      const view = toVehicleView(record, context.offer, context.now.getTime());
      byVehicle.set(record.id, {
        id: record.id,
        name: view.name,
        year: view.year,
        price: view.price,
        previousPrice: row.previous_price === null ? null : Number(row.previous_price),
        reason: row.reason,
        image: record.images[0] ?? null,
        installmentFrom: view.installmentFrom,
      });
    }
    const ids = waiting.map((row) => Number(row.id));
    if (byVehicle.size === 0) {
      await tx.execute(
        sql`delete from saved_search_matches where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      return 'skipped';
    }
    const [digest] = await tx
      .insert(alertDigests)
      .values({ email: person.email, day, vehicles: byVehicle.size, createdAt: context.now })
      .onConflictDoNothing()
      .returning({ id: alertDigests.id });
    // Another instance wrote this person's e-mail of the day meanwhile: these matches wait for tomorrow.
    if (!digest) return 'skipped';
    const mail = alertMail({
      dealership: context.dealership,
      publicUrl: context.publicUrl,
      secret: context.secret,
      email: person.email,
      vehicles: [...byVehicle.values()],
      manageLink: personLink(context.publicUrl, context.secret, 'alertas', person.email),
      unsubscribeLink: personLink(context.publicUrl, context.secret, 'baja', person.email),
      digestId: digest.id,
    });
    const [outbox] = await tx
      .insert(emailOutbox)
      .values({
        toAddress: person.email,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        headers: mail.headers,
        createdAt: context.now,
      })
      .returning({ id: emailOutbox.id });
    await tx
      .update(alertDigests)
      .set({ outboxId: outbox?.id ?? null })
      .where(eq(alertDigests.id, digest.id));
    await tx.execute(
      sql`update saved_search_matches set digest_id = ${digest.id} where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return true;
  });
}

/** Writes every e-mail due now; returns how many. */
export async function sendDueAlerts(db: Db, context: SendAlertsContext, max = 1000): Promise<number> {
  let sent = 0;
  for (let i = 0; i < max; i++) {
    const outcome = await sendOne(db, context);
    if (outcome === false) break;
    if (outcome === true) sent++;
  }
  return sent;
}
