// The browser side of the back office API: every unsafe call carries a fresh CSRF token (Django-compatible header)
// and answers are read as JSON; a refusal becomes an AdminApiError with the server's Spanish sentence and field errors.
import { waitInWords } from '@domain/sign-in-wait.ts';

export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

const NETWORK_ERROR = 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo nuevamente.';

async function csrfToken(): Promise<string> {
  const response = await fetch('/api/get-csrf-token/', { credentials: 'same-origin', cache: 'no-store' });
  const json = (await response.json().catch(() => null)) as { csrfToken?: string } | null;
  if (!response.ok || !json?.csrfToken)
    throw new AdminApiError('No se pudo preparar el envío. Recarga la página.', response.status);
  return json.csrfToken;
}

export interface AdminRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart (the browser sets the boundary). */
  body?: unknown;
}

/** Calls `/admin/api/...`; resolves with the parsed JSON body (undefined for 204). */
export async function adminFetch<T = unknown>(path: string, request: AdminRequest = {}): Promise<T> {
  const method = request.method ?? (request.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (method !== 'GET') headers['X-CSRFToken'] = await csrfToken();
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new AdminApiError(NETWORK_ERROR, 0);
  }
  if (response.status === 204) return undefined as T;
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    // An expired session answers 401 with its own sentence; the page shows it and the next navigation signs in.
    const error = json as { campos?: Record<string, string> } | null;
    throw new AdminApiError(
      refusalSentence(response.status, json, response.headers.get('Retry-After')),
      response.status,
      error?.campos ?? {},
    );
  }
  return json as T;
}

/**
 * The sentence of a refused call: the server's own (a throttled sign-in's says how long to wait), else, for a 429
 * that came without one (from a proxy, say), the wait its Retry-After asks for, in seconds or as a date.
 */
export function refusalSentence(
  status: number,
  body: unknown,
  retryAfter: string | null,
  now = Date.now(),
): string {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string' && error.trim()) return error;
  if (status === 429) {
    const value = retryAfter?.trim() ?? '';
    const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
    return Number.isFinite(seconds) && seconds > 0
      ? `Demasiados intentos. Espera ${waitInWords(seconds)} y vuelve a intentarlo.`
      : 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.';
  }
  return `Error ${status}`;
}

/** The sentence to show for a failed call: the server's Spanish refusal, else the caller's fallback. */
export function refusalText(error: unknown, fallback = 'No se pudo guardar. Inténtalo nuevamente.'): string {
  return error instanceof AdminApiError ? error.message : fallback;
}

/** The field errors of a refused call (none for a network failure). */
export function refusalFields(error: unknown): Record<string, string> {
  return error instanceof AdminApiError ? error.fields : {};
}
