import { RELAY_DEFAULTS } from '@server/services/email/outbox-relay.ts';
import type { PgProxy } from '../../tests/support/pg-proxy.ts';
import type { AppServer } from './app-server.ts';
import { formatStatuses } from './kill-server.ts';
import { LeadClient, makeLead, type Outcome, type Sample } from './lead-client.ts';
import { sleep } from './processes.ts';
import type { ScenarioResult } from './report.ts';

export interface OutageOptions {
  server: AppServer;
  proxy: PgProxy;
  /** `refused`: the database is gone (resets, refusals); `partition`: every packet is lost, in silence. */
  mode: 'refused' | 'partition';
  photo: Buffer;
  outageMs: number;
  /** Short cuts (1 s) before the long one. */
  blips: number;
  random: () => number;
  /** Longest acceptable answer while the database is away. */
  answerWithinMs: number;
}

async function whileLeadsInFlight(client: LeadClient): Promise<void> {
  const until = Date.now() + 3_000;
  while (client.postsInFlight < 2 && Date.now() < until) await sleep(1);
}

const SPANISH = /\b(el|la|los|las|en|de|no|un|una)\b|[áéíóúñ¿¡]/i;

/**
 * (b) The database goes away for `outageMs` under lead and catalogue load, then comes back; (d) the same with a
 * network that loses every packet instead (nothing is refused: the app only meets silence). The app must answer
 * quickly (503 + Retry-After + Spanish `error`), never acknowledge a lead it did not store, and recover on its
 * own.
 */
export async function databaseOutageScenario(options: OutageOptions): Promise<ScenarioResult> {
  const { server, proxy, outageMs, answerWithinMs } = options;
  const fail = async () => (options.mode === 'partition' ? proxy.partition() : proxy.cut());
  const recover = async () => (options.mode === 'partition' ? proxy.heal() : proxy.restore());
  const samples: Sample[] = [];
  const client = new LeadClient({
    base: server.base,
    maxAttempts: 150,
    timeoutMs: 15_000,
    onSample: (sample) => samples.push(sample),
  });

  let stop = false;
  let next = 0;
  const outcomes: Outcome[] = [];
  const leadWorker = async () => {
    while (!stop) {
      outcomes.push(await client.submit(makeLead('b', next++, options.photo)));
      await sleep(100);
    }
  };
  const catalogueWorker = async () => {
    while (!stop) {
      await client.get('/api/vehiculos-resumen/');
      await sleep(100);
    }
  };
  const workers = [leadWorker(), leadWorker(), leadWorker(), catalogueWorker(), catalogueWorker()];

  await sleep(2_000);
  // First a few one-second flaps (a failover, a network blip), each while lead submissions are being processed,
  // so transactions break halfway and not only idle connections.
  for (let blip = 0; blip < options.blips; blip++) {
    await whileLeadsInFlight(client);
    await sleep(options.random() * 30);
    await fail();
    await sleep(1_000);
    await recover();
    await sleep(1_500);
  }
  await whileLeadsInFlight(client);
  const cutAt = Date.now();
  await fail();
  await sleep(outageMs);
  await recover();
  const restoredAt = Date.now();
  // Keep the load on until the app has taken leads again for a few seconds (or clearly did not recover).
  while (Date.now() - restoredAt < 60_000) {
    const recovered = samples.some(
      (s) => s.method === 'POST' && s.status === 201 && s.startedAt > restoredAt,
    );
    if (recovered) break;
    await sleep(100);
  }
  await sleep(3_000);
  stop = true;
  await Promise.all(workers);

  const failures: string[] = [];
  // Every request sent while the database was away (its answer may come after the restore: it still counts).
  const during = samples.filter((s) => s.startedAt >= cutAt && s.startedAt < restoredAt);
  const slowest = Math.max(0, ...during.map((s) => s.ms));
  const unavailable = during.filter((s) => s.status === 503);
  const badUnavailable = unavailable.filter(
    (s) => !/^\d+$/.test(s.retryAfter ?? '') || !SPANISH.test(s.error ?? ''),
  );
  const falseAcks = during.filter(
    (s) => s.method === 'POST' && s.status === 201 && s.startedAt + s.ms < restoredAt,
  );
  const noAnswer = during.filter((s) => s.status === 0);
  const serverErrors = samples.filter((s) => s.status >= 500 && s.status !== 503);
  const firstAck = samples
    .filter((s) => s.method === 'POST' && s.status === 201 && s.startedAt + s.ms >= restoredAt)
    .map((s) => s.startedAt + s.ms)
    .sort((a, b) => a - b)[0];

  if (slowest > answerWithinMs) failures.push(`slowest answer during the outage: ${slowest} ms`);
  if (badUnavailable.length)
    failures.push(`${badUnavailable.length} 503 without Retry-After or Spanish error`);
  if (falseAcks.length) failures.push(`${falseAcks.length} lead(s) acknowledged while the database was away`);
  if (noAnswer.length) failures.push(`${noAnswer.length} request(s) without an answer during the outage`);
  if (serverErrors.length) {
    const statuses = [...new Set(serverErrors.map((s) => s.status))].join(', ');
    failures.push(`${serverErrors.length} answer(s) with 5xx other than 503 (${statuses})`);
  }
  if (firstAck === undefined) failures.push('no lead was acknowledged after the database came back');

  const duringByStatus = new Map<number, number>();
  for (const s of during) duringByStatus.set(s.status, (duringByStatus.get(s.status) ?? 0) + 1);
  const gets = during.filter((s) => s.method === 'GET');
  const { leaseMs, intervalMs } = RELAY_DEFAULTS;
  return {
    name: options.mode === 'partition' ? '(d) packets to the database lost' : '(b) database away',
    outcomes,
    requests: client.requests,
    failures,
    notes: [
      `${options.blips} flaps of 1 s, then the ${options.mode === 'partition' ? 'partition' : 'outage'}; 5xx other than 503 in the whole scenario: ${serverErrors.length}`,
      `outage ${(outageMs / 1000).toFixed(0)} s: ${during.length} answers (${formatStatuses(duringByStatus)}), ` +
        `slowest ${slowest} ms (bound ${answerWithinMs} ms); ${gets.length} of them catalogue GETs ` +
        `(200 = served from the in-memory catalogue)`,
      firstAck === undefined
        ? 'never recovered'
        : `first 201 ${((firstAck - restoredAt) / 1000).toFixed(2)} s after the database came back (no restart)`,
      `all answers: ${formatStatuses(client.statuses)}`,
    ],
    // A message sent just before the cut but not marked sent keeps its lease, then is sent again.
    mailDueBy: restoredAt + leaseMs + intervalMs,
    mailBound: `database back + lease ${leaseMs / 1000} s + relay pass ${intervalMs / 1000} s`,
  };
}
