// The evidence of a rights request (art. 11): each step is a row, with who did it and the e-mail that told the person,
// queued through the outbox in the same transaction.
import type { Db } from '@db/client.ts';
import { emailOutbox, rightsRequestEvents } from '@db/schema.ts';
import { type PrivacyLinks, withPrivacyFooter } from '../privacy/privacy-footer.ts';
import type { RightsMail } from './rights-mail.ts';

export interface RightsEventInput {
  requestId: number;
  action: string;
  staffId?: number | null;
  details?: Record<string, unknown>;
  /** The e-mail sent at this step, and to whom. */
  mail?: RightsMail & { to: string };
  /** Where the site is: every e-mail to the person then ends with the link to their consents (ADR 0031, decision 4). */
  privacy?: PrivacyLinks;
}

/** Records one step and queues its e-mail; returns the outbox row's id, if any. */
export async function recordRightsEvent(tx: Db, input: RightsEventInput): Promise<number | null> {
  let emailId: number | null = null;
  const mail =
    input.mail && input.privacy
      ? {
          ...input.mail,
          text: withPrivacyFooter(
            { text: input.mail.text, html: null },
            { ...input.privacy, email: input.mail.to },
          ).text,
        }
      : input.mail;
  if (mail) {
    const [row] = await tx
      .insert(emailOutbox)
      .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text })
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
      ...(mail ? { correo: { para: mail.to, asunto: mail.subject, texto: mail.text } } : {}),
    },
  });
  return emailId;
}
