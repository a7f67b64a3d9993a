// Staff are reminded once when a rights request reaches 75% of its legal time, for the answer and for a block asked
// for, like the leads (issue 21). Run by the leads' reminder job each minute on every instance; each request is
// claimed by one UPDATE … WHERE reminder_sent_at IS NULL, so it is reminded once even with several instances.
// The same pass deletes the requests nobody confirmed before their link expired: they were never received.
import type { Db } from '@db/client.ts';
import { emailOutbox, rightsRequests, staffUsers } from '@db/schema.ts';
import { RIGHTS_REMINDER_SHARE } from '@domain/rights.ts';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { recordRightsEvent } from './rights-events.ts';
import { staffReminderMail } from './rights-mail.ts';

export async function queueRightsReminders(db: Db, input: { now: Date; publicUrl: string }): Promise<number> {
  const { now } = input;
  return db.transaction(async (tx) => {
    await tx
      .delete(rightsRequests)
      .where(and(eq(rightsRequests.status, 'sin_confirmar'), lte(rightsRequests.tokenExpiresAt, now)));
    const answer = await tx
      .update(rightsRequests)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(rightsRequests.status, 'abierta'),
          isNull(rightsRequests.reminderSentAt),
          sql`${rightsRequests.dueAt} > ${now}`,
          sql`${rightsRequests.receivedAt} + (${rightsRequests.dueAt} - ${rightsRequests.receivedAt}) * ${RIGHTS_REMINDER_SHARE} <= ${now}`,
        ),
      )
      .returning();
    const block = await tx
      .update(rightsRequests)
      .set({ blockReminderSentAt: now })
      .where(
        and(
          eq(rightsRequests.status, 'abierta'),
          eq(rightsRequests.blockRequested, true),
          isNull(rightsRequests.blockedAt),
          isNull(rightsRequests.blockReminderSentAt),
          sql`${rightsRequests.blockDueAt} > ${now}`,
          sql`${rightsRequests.receivedAt} + (${rightsRequests.blockDueAt} - ${rightsRequests.receivedAt}) * ${RIGHTS_REMINDER_SHARE} <= ${now}`,
        ),
      )
      .returning();
    const due = [
      ...answer.map((request) => ({ request, clock: 'respuesta' as const, dueAt: request.dueAt })),
      ...block.map((request) => ({ request, clock: 'bloqueo' as const, dueAt: request.blockDueAt })),
    ];
    if (due.length === 0) return 0;
    const recipients = await tx
      .select({ email: staffUsers.email })
      .from(staffUsers)
      .where(and(eq(staffUsers.active, true), eq(staffUsers.role, 'admin'), eq(staffUsers.leadEmails, true)));
    for (const { request, clock, dueAt } of due) {
      if (!dueAt) continue;
      const mail = staffReminderMail({
        id: request.id,
        right: request.right,
        email: request.email,
        dueAt,
        clock,
        link: `${input.publicUrl}/admin/derechos/${request.id}`,
      });
      for (const { email } of recipients)
        await tx
          .insert(emailOutbox)
          .values({ toAddress: email, replyTo: request.email, subject: mail.subject, textBody: mail.text });
      await recordRightsEvent(tx, {
        requestId: request.id,
        action: 'recordatorio',
        details: { reloj: clock, para: recipients.map((r) => r.email), asunto: mail.subject },
      });
    }
    return due.length;
  });
}
