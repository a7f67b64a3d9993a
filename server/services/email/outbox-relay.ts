import type { Db } from '@db/client.ts';
import { emailOutbox, images } from '@db/schema.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { MailTransport } from './mail-transport.ts';

export interface RelayOptions {
  /** The sender, or how to read it at each send (the site settings may change it, ADR 0025). */
  from: string | (() => Promise<string>);
  /** Host part of Message-IDs. */
  domain: string;
  intervalMs?: number;
  retryBaseMs?: number;
  maxAttempts?: number;
  /** How long a claimed message is hidden from other relays while it is being sent. */
  leaseMs?: number;
  onError?: (error: unknown, outboxId: number) => void;
}

/**
 * Timing of the relay when not overridden; the fault suite derives its delivery bounds from these. The lease
 * is what a message claimed by a process that then died waits before another pass sends it: it only has to
 * outlast one send, which the SMTP transport's timeouts bound (mail-transport.ts).
 */
export const RELAY_DEFAULTS = { intervalMs: 5_000, retryBaseMs: 30_000, maxAttempts: 8, leaseMs: 60_000 };

interface ClaimedRow {
  id: number;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: number[];
  attempts: number;
}

/**
 * Sends the e-mail outbox. Rows are claimed with a lease (SKIP LOCKED), so several instances can run relays
 * on one database; a message whose sender died mid-send is retried when its lease ends (at least once,
 * with a stable Message-ID). Failures back off exponentially; after `maxAttempts` a row is marked failed
 * and waits for a person to retry it.
 */
export class OutboxRelay {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  readonly #options: Required<Omit<RelayOptions, 'onError'>> & Pick<RelayOptions, 'onError'>;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    options: RelayOptions,
  ) {
    this.#options = { ...RELAY_DEFAULTS, ...options };
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.poke(), this.#options.intervalMs);
    this.#timer.unref();
    this.poke();
  }

  /** Runs a delivery pass now (or right after the current one); does nothing until `start()`. */
  poke(): void {
    if (!this.#timer) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.deliverDue()
      .then(() => {})
      .catch((error) => this.#options.onError?.(error, 0))
      .finally(() => {
        this.#running = null;
        if (this.#again) {
          this.#again = false;
          this.poke();
        }
      });
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#again = false;
    await this.#running;
  }

  /** One pass: sends every message due when it starts; returns how many were sent. */
  async deliverDue(): Promise<number> {
    // A message that fails in this pass is due again later, never in this same pass.
    const dueBefore = new Date();
    let sent = 0;
    for (;;) {
      // One at a time, so a lease covers one send only: a slow server cannot outlast the leases of a batch.
      const batch = await this.#claim(1, dueBefore);
      if (batch.length === 0) return sent;
      for (const row of batch) if (await this.#deliver(row)) sent++;
    }
  }

  async #claim(limit: number, dueBefore: Date): Promise<ClaimedRow[]> {
    const lease = `${Math.ceil(this.#options.leaseMs / 1000)} seconds`;
    const result = await this.db.execute(sql`
      update email_outbox
         set next_attempt_at = now() + ${lease}::interval, attempts = attempts + 1
       where id in (select id from email_outbox
                     where status = 'pending' and next_attempt_at <= ${dueBefore.toISOString()}::timestamptz
                     order by id limit ${limit} for update skip locked)
      returning id, to_address, reply_to, subject, text_body, html_body, attachments, attempts`);
    return (result as unknown as { rows: ClaimedRow[] }).rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async #deliver(row: ClaimedRow): Promise<boolean> {
    try {
      const files =
        row.attachments.length > 0
          ? await this.db
              .select({ id: images.id, data: images.data, format: images.format })
              .from(images)
              .where(inArray(images.id, row.attachments))
          : [];
      await this.transport.send({
        messageId: `<outbox-${row.id}@${this.#options.domain}>`,
        from: typeof this.#options.from === 'string' ? this.#options.from : await this.#options.from(),
        to: row.to_address,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        attachments: row.attachments.flatMap((id, index) => {
          const file = files.find((f) => f.id === id);
          if (!file) return [];
          const ext = file.format === 'png' ? 'png' : 'jpg';
          return [
            { filename: `foto-${index + 1}.${ext}`, content: file.data, contentType: `image/${file.format}` },
          ];
        }),
      });
      await this.db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(emailOutbox.id, row.id));
      return true;
    } catch (error) {
      const failed = row.attempts >= this.#options.maxAttempts;
      const delay = this.#options.retryBaseMs * 2 ** Math.min(row.attempts - 1, 10);
      await this.db
        .update(emailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          nextAttemptAt: new Date(Date.now() + delay),
          lastError: String((error as Error).message ?? error).slice(0, 500),
        })
        .where(eq(emailOutbox.id, row.id));
      this.#options.onError?.(error, row.id);
      return false;
    }
  }
}
