// The daily run of anonymiseExpiredLeads (ADR 0031, decision 7) on each instance: at start-up and every 24 hours
// after. Every instance runs it, none needs to know of the others: the batches skip the rows another run holds,
// and a run that finds nothing to do changes nothing.
import type { PrivacySettings } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import type { OutboxRelay } from '../email/outbox-relay.ts';
import { anonymiseExpiredLeads, type RetentionCounts } from './anonymise-expired-leads.ts';

export const RETENTION_EVERY_MS = 24 * 3_600_000;

export interface RetentionJobOptions {
  /** The settings in use at each run (they may change between runs). */
  privacy: () => Promise<PrivacySettings>;
  /** The clock each run judges expiry by; tests set it. */
  now?: () => Date;
  mailFiles?: Pick<OutboxRelay, 'discardCopies'>;
  everyMs?: number;
}

export class RetentionJob {
  #timer: ReturnType<typeof setInterval> | null = null;
  #running: Promise<unknown> = Promise.resolve();
  #stopping = new AbortController();
  #onError: (error: unknown) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly options: RetentionJobOptions,
  ) {}

  /** Runs now, then every day; `onError` hears a run that failed (the next one tries again). */
  start(onError?: (error: unknown) => void): void {
    if (this.#timer) return;
    if (onError) this.#onError = onError;
    this.#stopping = new AbortController();
    this.#timer = setInterval(() => void this.run(), this.options.everyMs ?? RETENTION_EVERY_MS);
    this.#timer.unref();
    void this.run();
  }

  /** One run, after the one in progress if any; null when it failed (reported to `onError`) or was stopped. */
  run(): Promise<RetentionCounts | null> {
    const run = this.#running.then(async () => {
      if (this.#stopping.signal.aborted) return null;
      return anonymiseExpiredLeads(this.db, {
        now: (this.options.now ?? (() => new Date()))(),
        privacy: await this.options.privacy(),
        mailFiles: this.options.mailFiles,
        signal: this.#stopping.signal,
      }).catch((error: unknown) => {
        this.#onError(error);
        return null;
      });
    });
    this.#running = run;
    return run;
  }

  /** Stops the schedule; a run in progress ends after its current batch (shutdown waits for it). */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#stopping.abort();
    await this.#running;
  }
}
