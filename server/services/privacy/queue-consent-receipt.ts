// The receipt a person gets when their request carried at least one consent (ADR 0031, decisions 3 and 4): which
// consents they gave, in the words they saw, and the link that withdraws them. Queued in the request's own
// transaction, after its consents were recorded, so a request with consents is never stored without its receipt.
import type { Db } from '@db/client.ts';
import { consentEvents, emailOutbox } from '@db/schema.ts';
import { formatChileLongDateTime } from '@domain/chile-time.ts';
import { PURPOSE_TEXTS } from '@domain/consent-withdrawal.ts';
import { and, asc, eq } from 'drizzle-orm';
import { escapeHtml } from '../email/escape-html.ts';
import { withPrivacyFooter } from './privacy-footer.ts';

export interface ConsentReceiptInput {
  leadId: number;
  /** The address the request gave: the receipt goes there. */
  email: string;
  name: string;
  /** The form's name, 'Solicitud de financiamiento'. */
  formLabel: string;
  dealershipName: string;
  publicUrl: string;
  /** SESSION_SECRET, for the withdrawal link. */
  secret: string;
}

/** Queues the receipt when the request has consents; returns whether it did. */
export async function queueConsentReceipt(tx: Db, input: ConsentReceiptInput): Promise<boolean> {
  const given = await tx
    .select({ purpose: consentEvents.purpose, wording: consentEvents.wording, at: consentEvents.createdAt })
    .from(consentEvents)
    .where(and(eq(consentEvents.leadId, input.leadId), eq(consentEvents.action, 'otorga')))
    .orderBy(asc(consentEvents.id));
  if (given.length === 0) return false;
  const when = formatChileLongDateTime(given[0]?.at ?? new Date());
  // The long date ends in 'a. m.' or 'p. m.': the sentence puts it first rather than end on a second period.
  const opening = `Hola ${input.name}: el ${when} recibimos tu ${input.formLabel.toLowerCase()} (N° ${input.leadId}).`;
  const intro = `Junto con ella nos diste ${given.length === 1 ? 'esta autorización' : 'estas autorizaciones'}:`;
  const closing =
    'Cada una es voluntaria: puedes retirarla cuando quieras, y tu solicitud se responde igual.';
  const text = [
    opening,
    '',
    intro,
    ...given.flatMap((g) => [
      '',
      `• ${PURPOSE_TEXTS[g.purpose].title}`,
      `  Texto que aceptaste: «${g.wording}»`,
    ]),
    '',
    closing,
    '',
    input.dealershipName,
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1e293b">
<p>${escapeHtml(opening)}</p>
<p>${escapeHtml(intro)}</p>
<ul>${given
    .map(
      (g) =>
        `<li style="margin-bottom:8px"><strong>${escapeHtml(PURPOSE_TEXTS[g.purpose].title)}</strong><br>Texto que aceptaste: «${escapeHtml(g.wording)}»</li>`,
    )
    .join('')}</ul>
<p>${escapeHtml(closing)}</p>
<p>${escapeHtml(input.dealershipName)}</p>
</body></html>`;
  const mail = withPrivacyFooter(
    { text, html },
    { publicUrl: input.publicUrl, secret: input.secret, email: input.email },
  );
  await tx.insert(emailOutbox).values({
    leadId: input.leadId,
    toAddress: input.email,
    subject: `Tus autorizaciones a ${input.dealershipName}`,
    textBody: mail.text,
    htmlBody: mail.html,
  });
  return true;
}
