import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Group, track, waitForPort } from './processes.ts';

interface StoredMail {
  messageId: string;
  text: string;
}

/** The SMTP server process the app relays to, and the messages it has accepted so far (kept on disk). */
export class Mailbox {
  readonly #folder: string;
  readonly #read = new Map<string, StoredMail>();
  #group: Group | null = null;

  constructor(
    readonly port: number,
    private readonly workDir: string,
  ) {
    this.#folder = path.join(workDir, 'mail');
    mkdirSync(this.#folder, { recursive: true });
  }

  async start(): Promise<void> {
    const script = path.join(import.meta.dirname, 'smtp-sink-process.ts');
    this.#group = track(
      Group.start(
        ['--import', 'tsx', script, String(this.port), this.#folder],
        process.env,
        path.join(this.workDir, 'smtp.log'),
      ),
    );
    await waitForPort(this.port, 30_000);
  }

  /** Kills the SMTP server process (as a crash or an outage would). */
  async stop(): Promise<void> {
    await this.#group?.kill('SIGKILL');
    this.#group = null;
  }

  /** How many messages arrived per marker (a marker is a unique token each lead carries in its text). */
  countByMarker(pattern: RegExp): Map<string, number> {
    return new Map([...this.#byMarker(pattern)].map(([marker, mails]) => [marker, mails.length]));
  }

  /** Markers whose several copies do not all carry one Message-ID (a receiver could not drop the duplicate). */
  copiesWithDifferentIds(pattern: RegExp): string[] {
    return [...this.#byMarker(pattern)]
      .filter(([, mails]) => new Set(mails.map((m) => m.messageId)).size > 1)
      .map(([marker]) => marker);
  }

  #byMarker(pattern: RegExp): Map<string, StoredMail[]> {
    for (const name of readdirSync(this.#folder)) {
      if (!name.endsWith('.json') || this.#read.has(name)) continue;
      this.#read.set(name, JSON.parse(readFileSync(path.join(this.#folder, name), 'utf8')) as StoredMail);
    }
    const byMarker = new Map<string, StoredMail[]>();
    for (const mail of this.#read.values()) {
      for (const marker of new Set(mail.text.match(new RegExp(pattern.source, 'g')) ?? [])) {
        byMarker.set(marker, [...(byMarker.get(marker) ?? []), mail]);
      }
    }
    return byMarker;
  }
}
