// Latency at a given request rate, measured as the budgets mean it: one request every 1000/rate ms.
//
// autocannon's `overallRate` does not do that. Each connection sends its share of the second as fast as the server
// answers, then waits for the next second: at 200 req/s over 10 connections the server gets ~200 requests in a
// burst at full concurrency and then nothing, so the p99 it reports is the p99 of a saturated server. This sender
// is open-loop, like wrk2: a request leaves when it is due whether or not earlier ones have answered, and its
// latency counts from when it was due, so a client stalled by a slow server cannot hide the queue (no coordinated
// omission).
import http from 'node:http';

export interface ConstantRateOptions {
  /** Base address, e.g. http://127.0.0.1:3000 */
  base: string;
  rate: number;
  seconds: number;
  /** The path of the i-th request. */
  path: (i: number) => string;
  method?: 'GET' | 'POST';
  headers?: http.OutgoingHttpHeaders;
  body?: string;
}

export interface ConstantRateResult {
  sent: number;
  /** Answers with a 2xx status. */
  ok: number;
  /** Other statuses and failed requests. */
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export async function constantRate(options: ConstantRateOptions): Promise<ConstantRateResult> {
  const { hostname, port } = new URL(options.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  let errors = 0;
  const pending: Array<Promise<void>> = [];

  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        {
          agent,
          hostname,
          port,
          path: options.path(i),
          method: options.method ?? 'GET',
          headers: options.headers,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) latencies.push(performance.now() - due);
            else errors++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(options.body);
    });

  const start = performance.now();
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        pending.push(send(next, start + next * interval));
        next++;
      }
      if (next < total) setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
      else done();
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();

  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN);
  return { sent: total, ok: sorted.length, errors, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
