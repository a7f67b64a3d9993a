// Withdrawing a consent from the rights page (ADR 0031, decision 4; art. 12: as easy as giving it). The person gives
// an address and the link to its consents goes there, the same signed link that ends every e-mail the site sends
// them; opening it is what proves the mailbox is theirs. Nothing is looked up about the address, so the answer and
// the work done are the same whether the dealership knows it or not.

import type { Db } from '@db/client.ts';
import { emailOutbox } from '@db/schema.ts';
import { personLink } from '../privacy/person-link.ts';
import type { PrivacyLinks } from '../privacy/privacy-footer.ts';
import { consentsLinkMail } from './rights-mail.ts';
import { mayMailFromRightsPage } from './submit-rights-request.ts';

/** Queues the e-mail with the consents link, within the rights page's limits; returns nothing the caller could show. */
export async function sendConsentsLink(
  db: Db,
  email: string,
  context: { now: Date; client: string; clientLimit: number; dealership: string; links: PrivacyLinks },
): Promise<void> {
  if (!(await mayMailFromRightsPage(db, email, context))) return;
  const link = personLink(context.links.publicUrl, context.links.secret, 'consentimientos', email);
  const mail = consentsLinkMail({ link, dealership: context.dealership });
  await db.insert(emailOutbox).values({ toAddress: email, subject: mail.subject, textBody: mail.text });
}
