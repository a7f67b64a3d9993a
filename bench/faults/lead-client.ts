import { multipartBody } from '../../tests/support/csrf-client.ts';
import { type LeadPath, VALID_PAYLOADS } from '../../tests/support/lead-payloads.ts';
import { sleep } from './processes.ts';

/** Each lead carries one of these in its free text: it finds the lead in the database and its mail in the sink. */
export const MARKER = /FALLA-[a-z]-\d{5}/;

/** The free-text field of each endpoint, where the marker goes. */
const TEXT_FIELD: Record<LeadPath, string> = {
  '/api/contacto-contacto/': 'message',
  '/api/contact/': 'mensaje',
  '/api/contact-form/': 'comentarios',
  '/api/seguros/': 'comments',
  '/api/vendeauto/': 'comments',
  '/api/asesoria/': 'comentarios',
};
const PATHS = Object.keys(TEXT_FIELD) as LeadPath[];

export interface Lead {
  marker: string;
  path: LeadPath;
  key: string;
  body: Buffer;
  contentType: string;
}

/** Lead number `n` of a scenario: the endpoints take turns; every sixth is a sell-your-car form with a photo. */
export function makeLead(scenario: string, n: number, photo: Buffer): Lead {
  const marker = `FALLA-${scenario}-${String(n).padStart(5, '0')}`;
  const path = PATHS[n % PATHS.length] as LeadPath;
  const fields: Record<string, string> = {
    ...VALID_PAYLOADS[path],
    [TEXT_FIELD[path]]: `Prueba de fallas ${marker}: por favor llámenme en la tarde.`,
  };
  const key = `fallas-${process.pid}-${marker}`;
  if (path === '/api/vendeauto/') {
    const { payload, contentType } = multipartBody(fields, [
      { filename: 'auto.jpg', contentType: 'image/jpeg', data: photo },
    ]);
    return { marker, path, key, body: payload, contentType };
  }
  return { marker, path, key, body: Buffer.from(JSON.stringify(fields)), contentType: 'application/json' };
}

/** One HTTP exchange as the client saw it. */
export interface Sample {
  method: 'GET' | 'POST';
  startedAt: number;
  ms: number;
  /** 0 when the connection failed or timed out. */
  status: number;
  retryAfter: string | null;
  error: string | null;
}

export interface Outcome {
  lead: Lead;
  acknowledged: boolean;
  attempts: number;
  ackedAt: number | null;
  /** A 4xx that ends the attempts (none is expected: every payload is valid). */
  refused: number | null;
}

// The double-submit CSRF token is stateless: a cookie secret and the same secret in the header pass the check,
// and they keep passing across server restarts, as they do for a visitor with the page open.
const CSRF_SECRET = 'FallasFallasFallasFallasFallas01';

export interface ClientOptions {
  base: string;
  /** Attempts per lead before the client gives up (counted as "gave up"). */
  maxAttempts: number;
  timeoutMs: number;
  onSample?: (sample: Sample) => void;
}

/** A visitor's browser that keeps trying: the same Idempotency-Key on every retry of one lead. */
export class LeadClient {
  readonly statuses = new Map<number, number>();
  requests = 0;
  /** Lead submissions waiting for their answer right now. */
  postsInFlight = 0;

  constructor(private readonly options: ClientOptions) {}

  async submit(lead: Lead): Promise<Outcome> {
    for (let attempt = 1; attempt <= this.options.maxAttempts; attempt++) {
      const sample = await this.#exchange('POST', lead.path, lead);
      if (sample.status === 201) {
        return { lead, acknowledged: true, attempts: attempt, ackedAt: Date.now(), refused: null };
      }
      if (sample.status >= 400 && sample.status < 500) {
        console.error(`  ${lead.marker}: ${sample.status} from ${lead.path}: ${sample.error}`);
        return { lead, acknowledged: false, attempts: attempt, ackedAt: null, refused: sample.status };
      }
      // Network errors and 5xx are retried (a 5xx other than 503 is still counted as a failure by the caller).
      // Faster than Retry-After (5 s), so the outage sees steady traffic; still backs off a little.
      await sleep(Math.min(250 * 2 ** (attempt - 1), 1_000));
    }
    return { lead, acknowledged: false, attempts: this.options.maxAttempts, ackedAt: null, refused: null };
  }

  get(path: string): Promise<Sample> {
    return this.#exchange('GET', path, null);
  }

  async #exchange(method: 'GET' | 'POST', path: string, lead: Lead | null): Promise<Sample> {
    const startedAt = Date.now();
    this.requests += 1;
    if (lead) this.postsInFlight += 1;
    let sample: Sample;
    try {
      const response = await fetch(`${this.options.base}${path}`, {
        method,
        headers: lead
          ? {
              'content-type': lead.contentType,
              'idempotency-key': lead.key,
              cookie: `csrftoken=${CSRF_SECRET}`,
              'x-csrftoken': CSRF_SECRET,
              origin: this.options.base,
            }
          : {},
        body: lead ? new Uint8Array(lead.body) : null,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await response.text();
      let error: string | null = null;
      if (response.status >= 400) {
        try {
          error = String((JSON.parse(text) as { error?: unknown }).error ?? '');
        } catch {
          error = `(not JSON) ${text.slice(0, 80)}`;
        }
      }
      sample = {
        method,
        startedAt,
        ms: Date.now() - startedAt,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        error,
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      sample = {
        method,
        startedAt,
        ms: Date.now() - startedAt,
        status: 0,
        retryAfter: null,
        error: cause ?? (error as Error).name,
      };
    }
    if (lead) this.postsInFlight -= 1;
    this.statuses.set(sample.status, (this.statuses.get(sample.status) ?? 0) + 1);
    this.options.onSample?.(sample);
    return sample;
  }
}

/** Runs `task` over `items` with at most `concurrency` at a time. */
export async function pool<T, R>(
  items: T[],
  concurrency: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
