import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
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
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post: ADR 0039); none for most messages. */
  headers?: Record<string, string>;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'eml';
  /**
   * DATA_DIR/outbox of this instance. The 'eml' transport writes every message there; with SMTP it holds only what
   * an earlier run without SMTP_URL wrote. Either way its files are copies of outbox rows, erased with them.
   */
  readonly folder: EmlFolder;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * The .eml files of one instance, each named after its message's Message-ID (`<outbox-17@host>` is
 * `outbox-17@host.eml`), so the outbox row a file copies is known from its name (outbox-relay.ts).
 */
export class EmlFolder {
  constructor(readonly dir: string) {}

  static fileOf(messageId: string): string {
    return `${messageId.replace(/^<|>$/g, '').replace(/[^a-zA-Z0-9.@-]/g, '_')}.eml`;
  }

  async write(messageId: string, message: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, EmlFolder.fileOf(messageId));
    // Written under a temporary name first, so a reader never sees half a message.
    await writeFile(`${target}.tmp`, message);
    await rename(`${target}.tmp`, target);
  }

  /** The names of the files in the folder; none when it was never written. */
  async names(): Promise<string[]> {
    try {
      return await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  /** Deletes these files (names from `names()`); returns how many were there. */
  async remove(names: string[]): Promise<number> {
    let removed = 0;
    for (const name of names) {
      try {
        await rm(path.join(this.dir, path.basename(name)));
        removed++;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return removed;
  }
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
  const subject = subjectOf(mail.subject);
  const extra = mail.headers ?? {};
  const headers =
    'headers' in subject ? { ...extra, ...subject.headers } : Object.keys(extra).length ? extra : undefined;
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    ...('subject' in subject ? { subject: subject.subject } : {}),
    ...(headers ? { headers } : {}),
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
  const folder = new EmlFolder(options.outboxDir);
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
      folder,
      send: async (mail) => {
        await smtp.sendMail(toNodemailer(mail));
      },
      close: () => smtp.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'eml',
    folder,
    send: async (mail) => {
      const info = await builder.sendMail(toNodemailer(mail));
      await folder.write(mail.messageId, info.message as Buffer);
    },
    close: () => {},
  };
}
