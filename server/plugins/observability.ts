import { timingSafeEqual } from 'node:crypto';
import { emailOutbox } from '@db/schema.ts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { decodeGate } from '../services/images/decode-gate.ts';
import { LEAD_KIND_DEFS } from '../services/leads/lead-kinds.ts';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const LEAD_KIND_BY_ROUTE = new Map(LEAD_KIND_DEFS.map((def) => [def.path, def.kind]));
const OUTBOX_STATES = ['pending', 'sent', 'failed'] as const;

/**
 * One log line per answered request and the Prometheus metrics of this instance.
 *
 * Logs carry the request id, method, route pattern, status and time — never the query string (the staff search
 * box puts names, e-mails and phones there), the client address or any body: personal data stays out of logs.
 * `/metrics` answers only a `Authorization: Bearer <METRICS_TOKEN>` caller and does not exist without the setting;
 * it is prom-client's registry (one per app, so several apps in one process keep their own counts): its default
 * Node metrics (event-loop lag, heap, GC, handles) and this application's requests, leads and e-mail outbox.
 */
export function registerObservability(app: FastifyInstance, metricsToken: string | undefined): void {
  const metrics = metricsToken ? applicationMetrics(app) : null;

  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    const status = reply.statusCode;
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
    if (!metrics || route === '/metrics') return;
    metrics.requests.inc({ method: request.method, route, status: String(status) });
    metrics.durations.observe({ route }, reply.elapsedTime / 1000);
    const kind = request.method === 'POST' ? LEAD_KIND_BY_ROUTE.get(route) : undefined;
    if (kind) {
      const outcome = status === 201 ? 'aceptada' : status >= 500 ? 'error' : 'rechazada';
      metrics.leads.inc({ kind, outcome });
    }
  });

  if (!metrics || !metricsToken) return;
  const expected = Buffer.from(`Bearer ${metricsToken}`);
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(404).type('application/json; charset=utf-8').send({ error: 'Página no encontrada.' });
    }
    const body = await metrics.register.metrics();
    return reply.header('Cache-Control', 'no-store').type(metrics.register.contentType).send(body);
  });
}

function applicationMetrics(app: FastifyInstance) {
  const register = new Registry();
  collectDefaultMetrics({ register });
  const registers = [register];
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route pattern.',
    labelNames: ['route'] as const,
    buckets: BUCKETS,
    registers,
  });
  const leads = new Counter({
    name: 'leads_total',
    help: 'Lead submissions by kind and outcome (aceptada, rechazada, error).',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  new Gauge({
    name: 'email_outbox_messages',
    help: 'Staff e-mails in the outbox by state (pending is the backlog).',
    labelNames: ['status'] as const,
    registers,
    // Read from the database at each scrape: the outbox is shared by every instance.
    async collect() {
      const rows = await app.services.db
        .select({ status: emailOutbox.status, count: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .groupBy(emailOutbox.status);
      for (const status of OUTBOX_STATES)
        this.set({ status }, rows.find((row) => row.status === status)?.count ?? 0);
    },
  });
  // The names these had before prom-client, kept for existing dashboards (its own are nodejs_heap_size_used_bytes
  // and process_start_time_seconds).
  new Gauge({
    name: 'nodejs_heap_used_bytes',
    help: 'V8 heap in use.',
    registers,
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  new Gauge({
    name: 'process_uptime_seconds',
    help: 'Seconds since this instance started.',
    registers,
    collect() {
      this.set(Math.round(process.uptime()));
    },
  });
  // The process's decode slots (ADR 0026), shared by every app of the process.
  new Counter({
    name: 'image_decodes_total',
    help: 'Image decodes started in this process (uploads of visitors and staff, demo photos).',
    registers,
    collect() {
      this.reset();
      this.inc(decodeGate.stats().started);
    },
  });
  new Counter({
    name: 'image_decodes_refused_total',
    help: 'Requests answered 503 because every decode slot stayed busy.',
    registers,
    collect() {
      this.reset();
      this.inc(decodeGate.stats().refused);
    },
  });
  new Gauge({
    name: 'image_decodes_running',
    help: 'Image decodes running now, and waiting for a slot (label state).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { running, waiting } = decodeGate.stats();
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  return { register, requests, durations, leads };
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
