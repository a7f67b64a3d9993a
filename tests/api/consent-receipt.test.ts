// The receipt of a request's consents (ADR 0031, decisions 3 and 4) and the footer every e-mail to a person carries:
// the consents listed in the words the person accepted, and the signed link that withdraws them, delivered intact
// through a real SMTP server.
import { emailOutbox, rightsRequestEvents } from '@db/schema.ts';
import { PURPOSE_TEXTS } from '@domain/consent-withdrawal.ts';
import { readPersonToken } from '@server/services/privacy/person-link.ts';
import { PRIVACY_FOOTER_SENTENCE, withPrivacyFooter } from '@server/services/privacy/privacy-footer.ts';
import { queueConsentReceipt } from '@server/services/privacy/queue-consent-receipt.ts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveConsent, sendRequest, WORDING } from '../support/consents.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let smtp: SmtpSink;
const SECRET = 'x'.repeat(40);
const PUBLIC_URL = 'https://autos.example.cl';
const context = { dealershipName: 'Automotora «Los Andes» & Cía', publicUrl: PUBLIC_URL, secret: SECRET };

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The consents link of a message: the one absolute address of the page in it. */
function linkIn(text: string): URL {
  const found =
    text.match(/https:\/\/autos\.example\.cl\/privacidad\/consentimientos\?t=[A-Za-z0-9._-]+/g) ?? [];
  expect(found.length, text).toBeGreaterThan(0);
  return new URL(found[0] ?? '');
}

describe('the consent receipt', () => {
  it('lists every consent given with the request, in the accepted words, with the withdrawal link', async () => {
    const email = 'valentina.soto@example.cl';
    const lead = await sendRequest(t.app, '/api/contact-form/', {
      consentimiento_datos_socioeconomicos: true,
    });
    // What the form writes for two ticked boxes (and an unrelated consent of another request, not listed).
    await giveConsent(t.database.db, {
      email,
      leadId: lead,
      purpose: 'datos_socioeconomicos',
      channel: 'financiamiento',
    });
    await giveConsent(t.database.db, {
      email,
      leadId: lead,
      purpose: 'marketing',
      channel: 'financiamiento',
    });
    await giveConsent(t.database.db, {
      email,
      leadId: null,
      purpose: 'cesion',
      wording: 'Otra autorización',
    });
    await t.database.db.delete(emailOutbox);

    const queued = await queueConsentReceipt(t.database.db, {
      ...context,
      leadId: lead,
      email: 'Valentina.Soto@example.cl',
      name: 'Valentina Soto',
      formLabel: 'Solicitud de financiamiento',
    });
    expect(queued).toBe(true);
    const [row] = await t.database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ leadId: lead, toAddress: 'Valentina.Soto@example.cl', replyTo: null });
    expect(row?.subject).toBe('Tus autorizaciones a Automotora «Los Andes» & Cía');
    const text = row?.textBody ?? '';
    expect(text).toMatch(
      new RegExp(
        `^Hola Valentina Soto: el .+ recibimos tu solicitud de financiamiento \\(N° ${lead}\\)\\.\\n`,
      ),
    );
    expect(text).not.toContain('..');
    for (const purpose of ['datos_socioeconomicos', 'marketing'] as const) {
      expect(text).toContain(PURPOSE_TEXTS[purpose].title);
      expect(text).toContain(`«${WORDING[purpose]}»`);
    }
    expect(text).not.toContain('Otra autorización');
    expect(text).not.toContain(PURPOSE_TEXTS.cesion.title);
    expect(text).toContain(PRIVACY_FOOTER_SENTENCE);
    expect(readPersonToken(SECRET, 'consentimientos', linkIn(text).searchParams.get('t'))).toBe(email);
    // The dealership's name is escaped in the HTML part, the link is an anchor.
    expect(row?.htmlBody).toContain('<p>Automotora «Los Andes» &#38; Cía</p>');
    expect(row?.htmlBody).toMatch(
      /<a href="https:\/\/autos\.example\.cl\/privacidad\/consentimientos\?t=v1\.[^"]+">/,
    );

    // Through SMTP (quoted-printable and all), the link arrives whole and still opens the page.
    expect(await t.app.services.outbox.deliverDue()).toBe(1);
    const [mail] = smtp.messages;
    expect(mail?.subject).toBe('Tus autorizaciones a Automotora «Los Andes» & Cía');
    expect(readPersonToken(SECRET, 'consentimientos', linkIn(mail?.text ?? '').searchParams.get('t'))).toBe(
      email,
    );
    expect(readPersonToken(SECRET, 'consentimientos', linkIn(String(mail?.html)).searchParams.get('t'))).toBe(
      email,
    );
  });

  it('is not sent for a request without consents', async () => {
    const lead = await sendRequest(t.app, '/api/contacto-contacto/');
    const before = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, lead));
    const queued = await queueConsentReceipt(t.database.db, {
      ...context,
      leadId: lead,
      email: 'camila.rojas@example.cl',
      name: 'Camila Rojas',
      formLabel: 'Mensaje de contacto',
    });
    expect(queued).toBe(false);
    expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, lead))).toEqual(
      before,
    );
  });
});

describe('the e-mails of a rights request', () => {
  it('end with the person’s consents link too, and the evidence keeps the text as sent', async () => {
    const email = 'derechos@example.cl';
    await t.app.services.rights.submit(
      { correo: email, derecho: 'acceso', bloquear: false },
      'cliente-derechos',
    );
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mail?.subject).toMatch(/^Confirma tu solicitud de acceso/);
    expect(mail?.textBody).toContain(PRIVACY_FOOTER_SENTENCE);
    expect(
      readPersonToken(SECRET, 'consentimientos', linkIn(mail?.textBody ?? '').searchParams.get('t')),
    ).toBe(email);
    const [event] = await t.database.db
      .select()
      .from(rightsRequestEvents)
      .orderBy(desc(rightsRequestEvents.id))
      .limit(1);
    expect((event?.details.correo as { texto?: string } | undefined)?.texto).toBe(mail?.textBody);
  });
});

describe('withPrivacyFooter', () => {
  const footerContext = { publicUrl: PUBLIC_URL, secret: SECRET, email: 'ana@example.cl' };

  it('ends the text and the HTML body with the sentence and the person’s own link', () => {
    const mail = withPrivacyFooter(
      { text: 'Hola Ana.\n\n', html: '<!doctype html><html><body><p>Hola</p></body></html>', subject: 'x' },
      footerContext,
    );
    expect(mail.subject).toBe('x');
    expect(mail.text.startsWith('Hola Ana.\n\n--\n')).toBe(true);
    expect(readPersonToken(SECRET, 'consentimientos', linkIn(mail.text).searchParams.get('t'))).toBe(
      'ana@example.cl',
    );
    expect(mail.html).toMatch(
      /<p>Hola<\/p><hr[^>]*><p[^>]*>.+<a href="https:\/\/autos[^"]+">Mis autorizaciones<\/a><\/p>\n<\/body><\/html>$/,
    );
  });

  it('handles a text-only message and HTML without a body end', () => {
    expect(withPrivacyFooter({ text: 'Hola', html: null }, footerContext).html).toBeNull();
    const html = withPrivacyFooter({ text: 'Hola', html: '<p>Hola</p>' }, footerContext).html ?? '';
    expect(html.startsWith('<p>Hola</p><hr')).toBe(true);
    expect(html).toContain('Mis autorizaciones</a>');
  });

  it('gives each person their own link', () => {
    const a = withPrivacyFooter({ text: '', html: null }, footerContext).text;
    const b = withPrivacyFooter(
      { text: '', html: null },
      { ...footerContext, email: 'bruno@example.cl' },
    ).text;
    expect(linkIn(a).href).not.toBe(linkIn(b).href);
  });
});
