// The reminder of issue 21, item 2: a lead nobody has answered at 75% of its promised time sends one e-mail to its
// owner and to the admins (those who want lead e-mails), through the outbox.

import { formatPhone } from '@contracts/phone.ts';
import type { Db } from '@db/client.ts';
import { emailOutbox, leads, staffUsers } from '@db/schema.ts';
import { formatChileLongDateTime } from '@domain/chile-time.ts';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { processingBlockedSql } from '../rights/processing-block.ts';
import { queueRightsReminders } from '../rights/rights-reminders.ts';
import { kindLabel } from './lead-kinds.ts';

/** The share of the promised time after which an unanswered lead is reminded. */
export const REMINDER_SHARE = 0.75;
const EVERY_MS = 60_000;

export function reminderDueAt(lead: { createdAt: Date; dueAt: Date }): Date {
  const window = lead.dueAt.getTime() - lead.createdAt.getTime();
  // Rounded up to the millisecond: the job's query computes the same instant exactly, so the moment returned here is
  // never a fraction of a millisecond before the lead is due (a window over closed days is not a multiple of 4 ms).
  return new Date(lead.createdAt.getTime() + Math.ceil(window * REMINDER_SHARE));
}

/**
 * Queues the reminders due at `now`, once per lead: the leads are claimed by one UPDATE … WHERE reminder_sent_at IS
 * NULL … RETURNING, so two instances running it together never remind a lead twice (the second waits on the row and
 * then finds it claimed). Leads already past their deadline are not reminded (after downtime, say): the inbox shows
 * them overdue. Returns how many leads were reminded.
 */
export async function queueDueReminders(db: Db, input: { now: Date; publicUrl: string }): Promise<number> {
  const { now } = input;
  return db.transaction(async (tx) => {
    const due = await tx
      .update(leads)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(leads.status, 'nuevo'),
          isNull(leads.reminderSentAt),
          sql`${leads.dueAt} > ${now}`,
          sql`${leads.createdAt} + (${leads.dueAt} - ${leads.createdAt}) * ${REMINDER_SHARE} <= ${now}`,
          // A blocked person's data are only stored (art. 8 ter): no e-mail carries them meanwhile.
          sql`not ${processingBlockedSql(leads.email)}`,
        ),
      )
      .returning({
        id: leads.id,
        kind: leads.kind,
        name: leads.name,
        email: leads.email,
        phone: leads.phone,
        dueAt: leads.dueAt,
        ownerId: leads.ownerId,
      });
    for (const lead of due) {
      const recipients = await tx
        .select({ email: staffUsers.email })
        .from(staffUsers)
        .where(
          and(
            eq(staffUsers.active, true),
            eq(staffUsers.leadEmails, true),
            or(
              eq(staffUsers.role, 'admin'),
              lead.ownerId === null ? sql`false` : eq(staffUsers.id, lead.ownerId),
            ),
          ),
        );
      const link = `${input.publicUrl}/admin/solicitudes/${lead.id}`;
      const subject = `Recordatorio: la solicitud #${lead.id} (${kindLabel(lead.kind)}, ${lead.name}) sigue sin respuesta`;
      const text = [
        `Nadie ha contactado todavía a ${lead.name} y el plazo vence el ${formatChileLongDateTime(lead.dueAt)}.`,
        '',
        `Correo: ${lead.email}`,
        `Teléfono: ${lead.phone ? formatPhone(lead.phone) : '—'}`,
        '',
        `Ver la solicitud: ${link}`,
        '',
        'Puedes dejar de recibir estos avisos en «Mi cuenta».',
      ].join('\n');
      for (const { email } of recipients) {
        await tx.insert(emailOutbox).values({
          leadId: lead.id,
          toAddress: email,
          replyTo: lead.email,
          subject,
          textBody: text,
        });
      }
    }
    return due.length;
  });
}

/** Runs `queueDueReminders` and `queueRightsReminders` every minute on each instance (main.ts starts it) and wakes the outbox after it. */
export class LeadReminders {
  #timer: ReturnType<typeof setInterval> | null = null;
  #running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly onQueued: () => void,
  ) {}

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.run(), EVERY_MS);
    this.#timer.unref();
    this.run();
  }

  run(): void {
    this.#running = this.#running
      .then(async () => {
        const input = { now: new Date(), publicUrl: this.publicUrl };
        // The rights requests' legal clocks (ADR 0031) ride on the same minute: one scheduler per instance.
        return (await queueDueReminders(this.db, input)) + (await queueRightsReminders(this.db, input));
      })
      .then((count) => {
        if (count > 0) this.onQueued();
      })
      .catch(() => {}); // the database may be away: the next minute tries again
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
