// The evidence of a rights request (art. 11): each step is a row, with who did it and the e-mail that told the person,
// queued through the outbox in the same transaction.
import type { Db } from '@db/client.ts';
import { emailOutbox, rightsRequestEvents } from '@db/schema.ts';
import type { RightsMail } from './rights-mail.ts';

export interface RightsEventInput {
  requestId: number;
  action: string;
  staffId?: number | null;
  details?: Record<string, unknown>;
  /** The e-mail sent at this step, and to whom. */
  mail?: RightsMail & { to: string };
}

/** Records one step and queues its e-mail; returns the outbox row's id, if any. */
export async function recordRightsEvent(tx: Db, input: RightsEventInput): Promise<number | null> {
  let emailId: number | null = null;
  if (input.mail) {
    const [row] = await tx
      .insert(emailOutbox)
      .values({ toAddress: input.mail.to, subject: input.mail.subject, textBody: input.mail.text })
      .returning({ id: emailOutbox.id });
    emailId = row?.id ?? null;
  }
  await tx.insert(rightsRequestEvents).values({
    requestId: input.requestId,
    action: input.action,
    staffId: input.staffId ?? null,
    emailId,
    details: {
      ...(input.details ?? {}),
      // The outbox row may be erased later (a suppression erases the mail to the address): the content stays here.
      ...(input.mail
        ? { correo: { para: input.mail.to, asunto: input.mail.subject, texto: input.mail.text } }
        : {}),
    },
  });
  return emailId;
}
