import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emailOutbox } from '../../db/schema.ts';
import { LEAD_KIND_DEFS } from '../services/leads/lead-kinds.ts';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;
const LEAD_KIND_BY_ROUTE = new Map(LEAD_KIND_DEFS.map((def) => [def.path, def.kind]));

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

/**
 * One log line per answered request and the Prometheus metrics of this instance.
 *
 * Logs carry the request id, method, route pattern, status and time — never the query string (the staff search
 * box puts names, e-mails and phones there), the client address or any body: personal data stays out of logs.
 * `/metrics` answers only a `Authorization: Bearer <METRICS_TOKEN>` caller and does not exist without the setting.
 */
export function registerObservability(app: FastifyInstance, metricsToken: string | undefined): void {
  const requests = new Map<string, number>();
  const durations = new Map<string, Histogram>();
  const leads = new Map<string, number>();

  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    const status = reply.statusCode;
    const seconds = reply.elapsedTime / 1000;
    request.log.info(
      {
        method: request.method,
        route,
        path: pathOnly(request.url),
        status,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    if (route === '/metrics') return;
    const requestKey = `method="${request.method}",route="${route}",status="${status}"`;
    requests.set(requestKey, (requests.get(requestKey) ?? 0) + 1);
    let histogram = durations.get(route);
    if (!histogram) {
      histogram = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
      durations.set(route, histogram);
    }
    for (const [index, bound] of BUCKETS.entries())
      if (seconds <= bound) histogram.counts[index] = (histogram.counts[index] ?? 0) + 1;
    histogram.sum += seconds;
    histogram.count += 1;
    const kind = request.method === 'POST' ? LEAD_KIND_BY_ROUTE.get(route) : undefined;
    if (kind) {
      const outcome = status === 201 ? 'aceptada' : status >= 500 ? 'error' : 'rechazada';
      const leadKey = `kind="${kind}",outcome="${outcome}"`;
      leads.set(leadKey, (leads.get(leadKey) ?? 0) + 1);
    }
  });

  if (!metricsToken) return;
  const expected = Buffer.from(`Bearer ${metricsToken}`);
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(404).type('application/json; charset=utf-8').send({ error: 'Página no encontrada.' });
    }
    const outbox = await app.services.db
      .select({ status: emailOutbox.status, count: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .groupBy(emailOutbox.status);
    const lines: string[] = [];
    const family = (name: string, type: string, help: string) =>
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

    family('http_requests_total', 'counter', 'Answered HTTP requests by method, route pattern and status.');
    for (const [labels, value] of requests) lines.push(`http_requests_total{${labels}} ${value}`);

    family('http_request_duration_seconds', 'histogram', 'Time to answer, by route pattern.');
    for (const [route, h] of durations) {
      for (const [index, bound] of BUCKETS.entries())
        lines.push(`http_request_duration_seconds_bucket{route="${route}",le="${bound}"} ${h.counts[index]}`);
      lines.push(`http_request_duration_seconds_bucket{route="${route}",le="+Inf"} ${h.count}`);
      lines.push(`http_request_duration_seconds_sum{route="${route}"} ${h.sum.toFixed(6)}`);
      lines.push(`http_request_duration_seconds_count{route="${route}"} ${h.count}`);
    }

    family('leads_total', 'counter', 'Lead submissions by kind and outcome (aceptada, rechazada, error).');
    for (const [labels, value] of leads) lines.push(`leads_total{${labels}} ${value}`);

    family(
      'email_outbox_messages',
      'gauge',
      'Staff e-mails in the outbox by state (pending is the backlog).',
    );
    for (const state of ['pending', 'sent', 'failed']) {
      const count = outbox.find((row) => row.status === state)?.count ?? 0;
      lines.push(`email_outbox_messages{status="${state}"} ${count}`);
    }

    const memory = process.memoryUsage();
    family('process_resident_memory_bytes', 'gauge', 'Resident memory of this instance.');
    lines.push(`process_resident_memory_bytes ${memory.rss}`);
    family('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use.');
    lines.push(`nodejs_heap_used_bytes ${memory.heapUsed}`);
    family('process_uptime_seconds', 'gauge', 'Seconds since this instance started.');
    lines.push(`process_uptime_seconds ${Math.round(process.uptime())}`);

    return reply
      .header('Cache-Control', 'no-store')
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(`${lines.join('\n')}\n`);
  });
}

/** The route pattern (bounded label values); every page shares the catch-all of the page handler. */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'sin_ruta';
  return pattern === '/*' ? 'pagina' : pattern;
}

function pathOnly(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
