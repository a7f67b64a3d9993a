// Every e-mail the site sends to a person (not to staff) ends with the link to their consents (ADR 0031, decision
// 4; art. 12: withdrawing must be as easy as giving, and always at hand). One function adds it, so no message to a
// person can be written without it: the consent receipt, the breach notices and the answers of the rights page.
import { escapeHtml } from '../email/escape-html.ts';
import { personLink } from './person-link.ts';

export interface PersonMail {
  text: string;
  /** A whole HTML document, or null for a text-only message. */
  html: string | null;
}

/** Where the site is and what signs its links: what a service needs to end a person's e-mail with the footer. */
export interface PrivacyLinks {
  publicUrl: string;
  /** SESSION_SECRET: signs the link. */
  secret: string;
}

export interface PrivacyFooterContext extends PrivacyLinks {
  /** The person the message goes to: the link opens their consents. */
  email: string;
}

export const PRIVACY_FOOTER_SENTENCE =
  'Puedes ver tus autorizaciones y retirarlas cuando quieras, con un clic y sin costo, en este enlace:';

/** The message with the footer: after the text, and before the end of the HTML body. */
export function withPrivacyFooter<T extends PersonMail>(mail: T, context: PrivacyFooterContext): T {
  const link = personLink(context.publicUrl, context.secret, 'consentimientos', context.email);
  const text = `${mail.text.replace(/\s+$/, '')}\n\n--\n${PRIVACY_FOOTER_SENTENCE}\n${link}\n`;
  if (mail.html === null) return { ...mail, text };
  const footer =
    `<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0 12px">` +
    `<p style="color:#475569;font-size:12px">${escapeHtml(PRIVACY_FOOTER_SENTENCE)} ` +
    `<a href="${escapeHtml(link)}">Mis autorizaciones</a></p>`;
  const end = mail.html.lastIndexOf('</body>');
  const html =
    end === -1 ? mail.html + footer : `${mail.html.slice(0, end)}${footer}\n${mail.html.slice(end)}`;
  return { ...mail, text, html };
}
