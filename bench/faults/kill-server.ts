import { RELAY_DEFAULTS } from '@server/services/email/outbox-relay.ts';
import type { AppServer } from './app-server.ts';
import { LeadClient, makeLead, type Outcome, pool } from './lead-client.ts';
import { sleep } from './processes.ts';
import type { ScenarioResult } from './report.ts';

export interface KillOptions {
  server: AppServer;
  photo: Buffer;
  random: () => number;
  leads: number;
  concurrency: number;
}

/**
 * (a) `kill -9` of the server at random moments while leads arrive. The client retries each lead with its
 * Idempotency-Key until it is acknowledged; a supervisor starts the server again after every kill.
 */
export async function killServerScenario(options: KillOptions): Promise<ScenarioResult> {
  const { server, random, leads, concurrency } = options;
  const kills = 5 + Math.floor(random() * 6);
  // One kill per slice of the run, at a random point of its slice, then a random delay: requests are always
  // in flight (concurrency ≥ 10), and so is the e-mail relay most of the time.
  const step = leads / (kills + 1);
  const triggers = Array.from({ length: kills }, (_, i) => Math.round((i + 0.7 + 0.6 * random()) * step));

  const client = new LeadClient({ base: server.base, maxAttempts: 200, timeoutMs: 15_000 });
  let acknowledged = 0;
  let finished = false;
  const restarts: number[] = [];
  let lastKillAt = Date.now();
  const failures: string[] = [];

  const supervisor = (async () => {
    for (const trigger of triggers) {
      while (acknowledged < trigger && !finished) await sleep(20);
      if (finished) break;
      await sleep(random() * 500);
      await server.kill();
      const down = Date.now();
      lastKillAt = down;
      await server.start();
      restarts.push(Date.now() - down);
    }
  })().catch((error: Error) => {
    failures.push(`supervisor: ${error.message}`);
  });

  const all = Array.from({ length: leads }, (_, n) => makeLead('a', n, options.photo));
  const outcomes = await pool<(typeof all)[number], Outcome>(all, concurrency, async (lead) => {
    const outcome = await client.submit(lead);
    if (outcome.acknowledged) acknowledged += 1;
    return outcome;
  });
  finished = true;
  await supervisor;

  if (restarts.length < 5) failures.push(`only ${restarts.length} kills happened (at least 5 planned)`);
  const unexpected = [...client.statuses].filter(([status]) => status >= 500 && status !== 503);
  for (const [status, count] of unexpected) failures.push(`${count} answer(s) with status ${status}`);
  const retried = outcomes.filter((o) => o.attempts > 1).length;
  const { leaseMs, intervalMs } = RELAY_DEFAULTS;
  return {
    name: '(a) kill -9',
    outcomes,
    requests: client.requests,
    failures,
    notes: [
      `${restarts.length} kills (planned ${kills} at acknowledged counts ${triggers.join(', ')}); ` +
        `restart to healthy: ${restarts.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s`,
      `${retried} leads needed a retry; answers by status: ${formatStatuses(client.statuses)}`,
    ],
    // A message claimed by a killed server waits for its lease to end, then for the next relay pass.
    mailDueBy: lastKillAt + leaseMs + intervalMs,
    mailBound: `last kill + lease ${leaseMs / 1000} s + relay pass ${intervalMs / 1000} s`,
  };
}

export function formatStatuses(statuses: Map<number, number>): string {
  return [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'no answer' : status} ×${count}`)
    .join(', ');
}
