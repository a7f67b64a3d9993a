// The browser side of a lead submission (docs/product.md–§8, /work/notes/lead-api.md): a fresh CSRF token before every
// submit, one Idempotency-Key per attempt (reused by the automatic retries of a network failure, so a request that
// reached the server before the connection dropped is stored once), and the Spanish error texts of docs/product.md.
import type { LeadCreated } from '@contracts/leads.ts';
import { visitSourceFields } from './visit-source.ts';

export type LeadEndpoint =
  | '/api/contacto-contacto/'
  | '/api/contact/'
  | '/api/contact-form/'
  | '/api/seguros/'
  | '/api/vendeauto/'
  | '/api/asesoria/'
  | '/api/prueba-de-manejo/'
  /** A saved search (issue 33): the sold car's «Te avisamos si llega uno similar». */
  | '/api/alertas/';

export class LeadSubmitError extends Error {
  constructor(
    message: string,
    /** HTTP status, absent for a network failure. */
    readonly status?: number,
    /** Server field errors (`campos` of a 400). */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'LeadSubmitError';
  }
}

export const NETWORK_ERROR =
  'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo nuevamente.';

export interface SubmitOptions {
  /** The sell page words its token error differently (docs/product.md). */
  tokenErrorStyle?: 'default' | 'sell';
  /** Origin to resolve the paths against; the page leaves it empty (same origin). */
  baseUrl?: string;
  /** Waits before each automatic retry of a network failure. */
  retryDelaysMs?: readonly number[];
  /** Per request; a hung upload is treated like a dropped connection. */
  timeoutMs?: number;
  /** Fixed only by tests; otherwise a new key per submission. */
  idempotencyKey?: string;
}

const DEFAULT_RETRY_DELAYS = [500, 1500] as const;

export async function fetchCsrfToken(options: SubmitOptions = {}): Promise<string> {
  const response = await withRetry(
    () => fetch(`${options.baseUrl ?? ''}/api/get-csrf-token/`, requestInit(options, { method: 'GET' })),
    options,
  );
  if (!response.ok) {
    if (options.tokenErrorStyle === 'sell')
      throw new LeadSubmitError(`Error obteniendo CSRF token: ${response.status}`, response.status);
    const body = await response.text().catch(() => '');
    throw new LeadSubmitError(`Error al obtener CSRF token: ${response.status} - ${body}`, response.status);
  }
  const json: unknown = await response.json().catch(() => null);
  const token = (json as { csrfToken?: unknown } | null)?.csrfToken;
  if (typeof token !== 'string' || token === '')
    throw new LeadSubmitError('Token CSRF no encontrado en la respuesta JSON');
  return token;
}

/** The form's fields plus where the visit began (app/lib/visit-source.ts); a field the form has is never replaced. */
export function withVisitSource(
  body: Record<string, unknown> | FormData,
): Record<string, unknown> | FormData {
  const source = visitSourceFields();
  if (body instanceof FormData) {
    for (const [name, value] of Object.entries(source)) if (!body.has(name)) body.append(name, value);
    return body;
  }
  return { ...source, ...body };
}

/** Sends one lead: JSON for an object body, multipart for FormData (the browser sets its boundary). */
export async function submitLead(
  endpoint: LeadEndpoint,
  form: Record<string, unknown> | FormData,
  options: SubmitOptions = {},
): Promise<LeadCreated> {
  const idempotencyKey = options.idempotencyKey ?? newIdempotencyKey();
  const token = await fetchCsrfToken(options);
  const body = withVisitSource(form);
  const multipart = body instanceof FormData;
  const headers: Record<string, string> = { 'X-CSRFToken': token, 'Idempotency-Key': idempotencyKey };
  if (!multipart) headers['Content-Type'] = 'application/json';
  const payload = multipart ? body : JSON.stringify(body);
  const response = await withRetry(
    () =>
      fetch(
        `${options.baseUrl ?? ''}${endpoint}`,
        requestInit(options, { method: 'POST', headers, body: payload }),
      ),
    options,
  );
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    const sentence = typeof json?.error === 'string' ? json.error : response.statusText;
    const campos =
      json?.campos && typeof json.campos === 'object' ? (json.campos as Record<string, string>) : {};
    throw new LeadSubmitError(`Error ${response.status}: ${sentence}`, response.status, campos);
  }
  const created: LeadCreated = {
    id: Number(json?.id),
    mensaje: typeof json?.mensaje === 'string' ? json.mensaje : '',
  };
  // A test drive's answer also names its slot and its calendar file.
  if (typeof json?.horario === 'string') created.horario = json.horario;
  if (typeof json?.calendario === 'string') created.calendario = json.calendario;
  return created;
}

function requestInit(options: SubmitOptions, init: RequestInit): RequestInit {
  const timeoutMs = options.timeoutMs ?? (init.body instanceof FormData ? 120_000 : 30_000);
  return { ...init, credentials: 'include', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) };
}

/** Repeats a request that never got an answer (fetch rejected); any HTTP answer is final. */
async function withRetry(send: () => Promise<Response>, options: SubmitOptions): Promise<Response> {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch {
      const delay = delays[attempt];
      if (delay === undefined) throw new LeadSubmitError(NETWORK_ERROR);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** crypto.randomUUID exists only in secure contexts; getRandomValues works everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
