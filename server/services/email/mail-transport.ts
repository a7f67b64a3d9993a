import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { encodeWord } from 'nodemailer/lib/mime-funcs';

export interface OutgoingMail {
  /** Stable across retries, so a receiver can drop a duplicate delivery. */
  messageId: string;
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'eml';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * The Subject carries visitor text (a name). Nodemailer passes an RFC 2047 encoded word it finds there through
 * untouched, so a name typed as "=?utf-8?b?...?=" would show staff a subject the visitor composed. Such a subject is
 * sent fully encoded instead, so it reads exactly as typed.
 */
function subjectOf(subject: string) {
  if (!subject.includes('=?')) return { subject };
  return { headers: { Subject: { prepared: true, foldLines: true, value: encodeWord(subject, 'B', 52) } } };
}

function toNodemailer(mail: OutgoingMail) {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    ...subjectOf(mail.subject),
    text: mail.text,
    html: mail.html ?? undefined,
    attachments: mail.attachments,
    // Visitors' text is data: never let nodemailer read files or URLs named in it.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise each message becomes an .eml file. */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
}): MailTransport {
  if (options.smtpUrl) {
    // nodemailer waits up to 2 min to connect and 10 min on a silent socket; a send must fit in the relay's
    // lease (1 min), or a hung server would hold up every other message and a live send could be repeated.
    const smtp = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      kind: 'smtp',
      send: async (mail) => {
        await smtp.sendMail(toNodemailer(mail));
      },
      close: () => smtp.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'eml',
    send: async (mail) => {
      const info = await builder.sendMail(toNodemailer(mail));
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${mail.messageId.replace(/^<|>$/g, '').replace(/[^a-zA-Z0-9.@-]/g, '_')}.eml`;
      const target = path.join(options.outboxDir, name);
      // Written under a temporary name first, so a reader never sees half a message.
      await writeFile(`${target}.tmp`, info.message as Buffer);
      await rename(`${target}.tmp`, target);
    },
    close: () => {},
  };
}
