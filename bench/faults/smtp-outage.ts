import { RELAY_DEFAULTS } from '@server/services/email/outbox-relay.ts';
import type { AppServer } from './app-server.ts';
import { formatStatuses } from './kill-server.ts';
import { LeadClient, makeLead, type Outcome } from './lead-client.ts';
import type { Mailbox } from './mailbox.ts';
import { sleep } from './processes.ts';
import type { ScenarioResult } from './report.ts';
import type { ThrowawayDb } from './throwaway-db.ts';

export interface SmtpOutageOptions {
  server: AppServer;
  mailbox: Mailbox;
  db: ThrowawayDb;
  photo: Buffer;
  outageMs: number;
}

/** (c) The SMTP server process dies for `outageMs` while leads keep arriving: every lead still gets its 201. */
export async function smtpOutageScenario(options: SmtpOutageOptions): Promise<ScenarioResult> {
  const { server, mailbox, outageMs } = options;
  const client = new LeadClient({ base: server.base, maxAttempts: 20, timeoutMs: 15_000 });
  let stop = false;
  let next = 0;
  const outcomes: Outcome[] = [];
  const worker = async () => {
    while (!stop) {
      outcomes.push(await client.submit(makeLead('c', next++, options.photo)));
      await sleep(400);
    }
  };
  const workers = [worker(), worker()];

  await sleep(3_000);
  await mailbox.stop();
  await sleep(outageMs);
  await mailbox.start();
  const smtpBackAt = Date.now();
  await sleep(3_000);
  stop = true;
  await Promise.all(workers);

  // The mail server is not on the request path: nothing but a 201 is acceptable, first time.
  const failures: string[] = [];
  const other = [...client.statuses].filter(([status]) => status !== 201);
  for (const [status, count] of other)
    failures.push(`${count} answer(s) ${status || 'without answer'} (expected 201)`);
  // Backoff doubles from retryBase, so a message that first fails during an outage of D waits at most D +
  // retryBase after recovery. One that had used attempts before (a lease that ran out after a crash counts as
  // one) waits up to D + retryBase × 2^(its attempts − 1): the bound uses the most attempts any message has.
  const { retryBaseMs, intervalMs } = RELAY_DEFAULTS;
  const { attempts } = await options.db.outboxSchedule();
  const backoffMs = retryBaseMs * 2 ** Math.max(0, attempts - 1);
  return {
    name: '(c) SMTP away',
    outcomes,
    requests: client.requests,
    failures,
    notes: [
      `SMTP server process killed for ${(outageMs / 1000).toFixed(0)} s; answers: ${formatStatuses(client.statuses)}`,
    ],
    mailDueBy: smtpBackAt + outageMs + backoffMs + intervalMs,
    mailBound:
      `SMTP back + outage ${outageMs / 1000} s + backoff ${backoffMs / 1000} s (attempt ${Math.max(1, attempts)}) ` +
      `+ relay pass ${intervalMs / 1000} s`,
  };
}
