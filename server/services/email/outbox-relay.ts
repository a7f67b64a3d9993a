import type { Db } from '@db/client.ts';
import { appState, emailOutbox, images } from '@db/schema.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { MailTransport } from './mail-transport.ts';

/** The Message-ID of an outbox row's e-mail: stable across retries, and the name of its .eml file. */
export const outboxMessageId = (id: number, domain: string) => `<outbox-${id}@${domain}>`;

/**
 * The outbox row an .eml file (or its half-written `.tmp`) is a copy of, whatever host it was written under
 * (PUBLIC_URL may have changed since); null for a file the outbox did not write.
 */
export function outboxIdOfFile(name: string): number | null {
  const match = /^outbox-(\d+)@[^/\\]*\.eml(\.tmp)?$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** app_state key counting the erasures of outbox rows: each instance sweeps its .eml files when it moves. */
const ERASED_KEY = 'correos_eliminados';

/**
 * Called in the transaction that deletes outbox rows: tells every instance's relay (each may have its own DATA_DIR)
 * to delete, at its next pass, the .eml files whose row is gone.
 */
export async function announceErasedMail(db: Db): Promise<void> {
  await db
    .insert(appState)
    .values({ key: ERASED_KEY, value: 1 })
    .onConflictDoUpdate({
      target: appState.key,
      set: {
        value: sql`to_jsonb(coalesce((${appState.value})::text::bigint, 0) + 1)`,
        updatedAt: new Date(),
      },
    });
}

async function erasedMailCount(db: Db): Promise<number> {
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, ERASED_KEY));
  return Number(row?.value ?? 0);
}

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
  headers: Record<string, string> | null;
  attempts: number;
}

/** The extra headers an outbox row may carry (ADR 0039): anything else it holds is never sent. */
const ALLOWED_HEADERS = new Set(['List-Unsubscribe', 'List-Unsubscribe-Post']);

function allowedHeaders(headers: Record<string, string> | null): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).filter(
      ([name, value]) => ALLOWED_HEADERS.has(name) && typeof value === 'string' && !/[\r\n]/.test(value),
    ),
  );
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
  /** The erasure count this instance's .eml files were last swept at; null until the first pass sweeps them. */
  #sweptAt: number | null = null;
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
    this.#running = this.#pass()
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

  async #pass(): Promise<void> {
    await this.sweepIfErased().catch((error) => this.#options.onError?.(error, 0));
    await this.deliverDue();
  }

  /**
   * Deletes this instance's .eml files whose outbox row is gone, when rows were erased since the last sweep (by any
   * instance) or on the first pass after start-up: that covers the files of another instance's DATA_DIR, and those
   * left by a crash between an erasure's commit and its file deletion. A sweep that fails is tried again next pass.
   */
  async sweepIfErased(): Promise<number> {
    const erased = await erasedMailCount(this.db);
    if (erased === this.#sweptAt) return 0;
    const removed = await this.sweepCopies();
    this.#sweptAt = erased;
    return removed;
  }

  /** Deletes every .eml file of this instance whose outbox row no longer exists; returns how many. */
  async sweepCopies(): Promise<number> {
    const { folder } = this.transport;
    const byId = new Map<number, string[]>();
    for (const name of await folder.names()) {
      const id = outboxIdOfFile(name);
      if (id !== null) byId.set(id, [...(byId.get(id) ?? []), name]);
    }
    const ids = [...byId.keys()];
    const kept = new Set<number>();
    for (let at = 0; at < ids.length; at += 1000) {
      const rows = await this.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(inArray(emailOutbox.id, ids.slice(at, at + 1000)));
      for (const row of rows) kept.add(row.id);
    }
    return folder.remove(ids.filter((id) => !kept.has(id)).flatMap((id) => byId.get(id) ?? []));
  }

  /** Deletes this instance's .eml files of these outbox rows (just erased); returns how many. */
  async discardCopies(outboxIds: number[]): Promise<number> {
    if (outboxIds.length === 0) return 0;
    const erased = new Set(outboxIds);
    const { folder } = this.transport;
    return folder.remove(
      (await folder.names()).filter((name) => erased.has(outboxIdOfFile(name) ?? Number.NaN)),
    );
  }

  /** A file left by a failure here is the sweep's: every instance sweeps at its next pass after an erasure. */
  async #discardErased(id: number): Promise<void> {
    await this.discardCopies([id]).catch((error) => this.#options.onError?.(error, id));
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
      returning id, to_address, reply_to, subject, text_body, html_body, attachments, headers, attempts`);
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
        messageId: outboxMessageId(row.id, this.#options.domain),
        from: typeof this.#options.from === 'string' ? this.#options.from : await this.#options.from(),
        to: row.to_address,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: allowedHeaders(row.headers),
        attachments: row.attachments.flatMap((id, index) => {
          const file = files.find((f) => f.id === id);
          if (!file) return [];
          const ext = file.format === 'png' ? 'png' : 'jpg';
          return [
            { filename: `foto-${index + 1}.${ext}`, content: file.data, contentType: `image/${file.format}` },
          ];
        }),
      });
      const marked = await this.db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(emailOutbox.id, row.id))
        .returning({ id: emailOutbox.id });
      // Erased while it was being written: the file written just now is the last copy, and goes too.
      if (marked.length === 0) await this.#discardErased(row.id);
      return true;
    } catch (error) {
      const failed = row.attempts >= this.#options.maxAttempts;
      const delay = this.#options.retryBaseMs * 2 ** Math.min(row.attempts - 1, 10);
      const marked = await this.db
        .update(emailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          nextAttemptAt: new Date(Date.now() + delay),
          lastError: String((error as Error).message ?? error).slice(0, 500),
        })
        .where(eq(emailOutbox.id, row.id))
        .returning({ id: emailOutbox.id });
      if (marked.length === 0) await this.#discardErased(row.id);
      this.#options.onError?.(error, row.id);
      return false;
    }
  }
}
