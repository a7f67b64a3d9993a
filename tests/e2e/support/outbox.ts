import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { serverDataDir } from './data-dir.ts';

/**
 * The staff e-mails the test's server wrote to DATA_DIR/outbox (no SMTP_URL there). A message exists only
 * after its lead was committed, so finding it proves both the lead and the e-mail.
 */
export async function findOutboxMail(
  match: (mail: ParsedMail) => boolean,
  timeoutMs = 20_000,
  /** The data directory of a server the test started itself (the project's server otherwise). */
  dataDir = serverDataDir(),
): Promise<ParsedMail> {
  const dir = path.join(dataDir, 'outbox');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {}
    for (const file of files) {
      const mail = await simpleParser(readFileSync(path.join(dir, file)));
      if (match(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('no matching e-mail in the outbox');
}
