// The alerts' work on each instance (ADR 0039): every `everyMs`, the queued stock changes are matched, then the
// e-mails due are written to the outbox, whose relay is woken. Every instance runs it and none needs to know of the
// others: matching and writing take their rows with FOR UPDATE SKIP LOCKED, and the once-a-day rule is a unique index.
import { creditOffer, type Dealership } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import { matchStockChanges } from './match-stock-changes.ts';
import { sendDueAlerts } from './send-alerts.ts';

export interface AlertsJobOptions {
  /** The settings in use at each run: the credit offer of the "Cuota desde" and the dealership's name. */
  dealership: () => Promise<Dealership>;
  publicUrl: string;
  secret: string;
  /** ALERT_GATHER_SECONDS: how long a person's first match waits for others before their e-mail is written. */
  gatherMs: number;
  everyMs: number;
  /** The relay's poke: the e-mails just written go out now. */
  wake?: () => void;
  now?: () => Date;
}

export interface AlertsRun {
  changes: number;
  matches: number;
  emails: number;
}

export class AlertsJob {
  #timer: ReturnType<typeof setInterval> | null = null;
  #running: Promise<unknown> = Promise.resolve();
  #stopped = false;
  #onError: (error: unknown) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly options: AlertsJobOptions,
  ) {}

  start(onError?: (error: unknown) => void): void {
    if (this.#timer) return;
    if (onError) this.#onError = onError;
    this.#stopped = false;
    this.#timer = setInterval(() => void this.run(), this.options.everyMs);
    this.#timer.unref();
    void this.run();
  }

  /** One run, after the one in progress if any; null when it failed (reported to `onError`) or was stopped. */
  run(): Promise<AlertsRun | null> {
    const run = this.#running.then(async () => {
      if (this.#stopped) return null;
      try {
        const settings = await this.options.dealership();
        const offer = creditOffer(settings);
        const matched = await matchStockChanges(this.db, { offer });
        const emails = await sendDueAlerts(this.db, {
          now: (this.options.now ?? (() => new Date()))(),
          gatherMs: this.options.gatherMs,
          publicUrl: this.options.publicUrl,
          secret: this.options.secret,
          dealership: settings.name,
          offer,
        });
        if (emails > 0) this.options.wake?.();
        return { ...matched, emails };
      } catch (error) {
        this.#onError(error);
        return null;
      }
    });
    this.#running = run;
    return run;
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#stopped = true;
    await this.#running;
  }
}
