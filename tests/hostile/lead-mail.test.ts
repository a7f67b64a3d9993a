import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders } from '../support/csrf-client.ts';
import { expectOnlyTemplateMarkup, htmlShowsEscaped, runs } from '../support/hostile-checks.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { hostileString, NAUGHTY } from '../support/naughty-strings.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Accepted hostile text travels the real path to staff: outbox row → relay → nodemailer → SMTP → parsed by
// mailparser. Whatever the visitor typed, the message has exactly our headers, the typed text round-trips, and the
// HTML part shows it escaped.

const PATH = '/api/contacto-contacto/';
const VALID = VALID_PAYLOADS[PATH];
/** Headers nodemailer writes for our messages; anything else was injected. */
const OUR_HEADERS = new Set([
  'content-type',
  'from',
  'to',
  'reply-to',
  'subject',
  'message-id',
  'date',
  'mime-version',
  'content-transfer-encoding',
]);

let t: TestApp;
let smtp: SmtpSink;
let headers: CsrfHeaders;
let sent = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ LEAD_RATE_LIMIT: '10000', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  headers = await csrfHeaders(t.app);
}, 180_000);
afterAll(async () => {
  console.info(`lead mail: ${sent} hostile leads accepted and delivered through SMTP`);
  await t.close();
  await smtp.close();
});

/** The top-level header names of a raw message (continuation lines folded in). */
function headerNames(raw: string): string[] {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  return head
    .split('\r\n')
    .filter((line) => !/^[ \t]/.test(line))
    .map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
}

/** Sends a lead with hostile name and message; when accepted, delivers it and returns the parsed message. */
async function deliver(name: string, message: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: PATH,
    headers,
    payload: { ...VALID, name, message },
  });
  expect(response.statusCode).toBeLessThan(500);
  if (response.statusCode !== 201) return null;
  const { id } = response.json() as { id: number };
  const count = smtp.messages.length;
  expect(await t.app.services.outbox.deliverDue()).toBe(1);
  expect(smtp.messages).toHaveLength(count + 1);
  sent++;
  return { id, mail: smtp.messages[count], raw: smtp.raw[count] ?? '' };
}

describe('the staff e-mail of a lead with hostile text, through SMTP', () => {
  it('has only our headers, the exact subject and Reply-To, and the text escaped in HTML', async () => {
    const nameLike = fc.oneof(
      hostileString({ maxLength: 100 }),
      fc.constantFrom(
        ...NAUGHTY.headerInjection,
        ...NAUGHTY.htmlAndScript,
        ...NAUGHTY.rightToLeft,
        ...NAUGHTY.emojiAndAstral,
      ),
      fc.constantFrom(
        '=?utf-8?b?QmNjOiB4QHkuY2w=?=',
        'Ana =?ISO-8859-1?Q?Rojas?=',
        `${'Largo '.repeat(15)}Nombre`,
      ),
    );
    await fc.assert(
      fc.asyncProperty(nameLike, hostileString({ maxLength: 400 }), async (rawName, rawMessage) => {
        // Prefixes make most values valid, so most runs reach the mailbox.
        const name = `Ana ${rawName}`;
        const message = `Hola: ${rawMessage}`;
        const delivered = await deliver(name, message);
        if (!delivered) return;
        const { id, mail, raw } = delivered;
        if (!mail) throw new Error('no message parsed');
        const stored = { name: name.trim(), message: message.trim() };

        expect(headerNames(raw).filter((h) => !OUR_HEADERS.has(h))).toEqual([]);
        expect(mail.messageId).toBe(`<outbox-${id}@autos.example.cl>`);
        expect(mail.bcc).toBeUndefined();
        expect(mail.cc).toBeUndefined();
        expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(t.config.dealership.salesEmail);
        expect(mail.replyTo?.value.map((a) => a.address)).toEqual([VALID.email]);
        expect(mail.subject).toBe(`Mensaje de contacto: ${stored.name}`);
        expect(mail.text?.replace(/\r\n/g, '\n')).toContain(`Nombre: ${stored.name}`);
        expect(mail.text?.replace(/\r\n/g, '\n')).toContain(
          `Mensaje:\n${stored.message.replace(/\r\n?/g, '\n')}`,
        );
        const html = typeof mail.html === 'string' ? mail.html : '';
        expectOnlyTemplateMarkup(html);
        expect(htmlShowsEscaped(html.replace(/\r\n/g, '\n'), stored.name)).toBe(true);
        expect(htmlShowsEscaped(html.replace(/\r\n/g, '\n'), stored.message.replace(/\r\n?/g, '\n'))).toBe(
          true,
        );
      }),
      { numRuns: runs(40) },
    );
  });
});
