import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  fetchCsrfToken,
  LeadSubmitError,
  NETWORK_ERROR,
  newIdempotencyKey,
  submitLead,
} from '~/lib/lead-submit.ts';

// A real HTTP server stands in for the API, so the requests the page would send are checked as they arrive.
interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Handler = (req: Received, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
let received: Received[];

const TOKEN = 'token-de-prueba-123';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const fast = { retryDelaysMs: [10, 10] } as const;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The usual API: a token, then a 201 for the lead. */
function api(
  onPost: Handler = (_req, res) => json(res, 201, { id: 7, mensaje: 'Recibimos tu solicitud.' }),
): Handler {
  return (req, res) => {
    if (req.url === '/api/get-csrf-token/') return json(res, 200, { csrfToken: TOKEN });
    return onPost(req, res);
  };
}

const posts = () => received.filter((r) => r.method === 'POST');

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      received.push(entry);
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  handler = api();
});

describe('fetchCsrfToken', () => {
  it('returns the csrfToken of the JSON answer', async () => {
    await expect(fetchCsrfToken({ baseUrl })).resolves.toBe(TOKEN);
    expect(received[0]).toMatchObject({ method: 'GET', url: '/api/get-csrf-token/' });
  });

  it('reports a non-OK answer with its status and body', async () => {
    handler = (_req, res) => res.writeHead(500).end('fallo interno');
    await expect(fetchCsrfToken({ baseUrl })).rejects.toThrow(
      'Error al obtener CSRF token: 500 - fallo interno',
    );
  });

  it('words the failure the sell page way when asked', async () => {
    handler = (_req, res) => res.writeHead(503).end('no disponible');
    await expect(fetchCsrfToken({ baseUrl, tokenErrorStyle: 'sell' })).rejects.toThrow(
      /^Error obteniendo CSRF token: 503$/,
    );
  });

  it('refuses an answer without a token', async () => {
    handler = (_req, res) => json(res, 200, { otro: 'campo' });
    await expect(fetchCsrfToken({ baseUrl })).rejects.toThrow(
      'Token CSRF no encontrado en la respuesta JSON',
    );
  });
});

describe('submitLead', () => {
  it('fetches a token first, then posts JSON with the token and an Idempotency-Key', async () => {
    const result = await submitLead('/api/seguros/', { name: 'Ana Pérez', sitio_web: '' }, { baseUrl });
    expect(result).toEqual({ id: 7, mensaje: 'Recibimos tu solicitud.' });
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/get-csrf-token/',
      'POST /api/seguros/',
    ]);
    const [post] = posts();
    expect(post?.headers['x-csrftoken']).toBe(TOKEN);
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.headers['idempotency-key']).toMatch(UUID);
    expect(JSON.parse(post?.body ?? '')).toEqual({ name: 'Ana Pérez', sitio_web: '' });
  });

  it('posts FormData as multipart with the photos under images', async () => {
    const body = new FormData();
    body.append('name', 'Ana');
    body.append('images', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'auto.jpg');
    await submitLead('/api/vendeauto/', body, { baseUrl });
    const [post] = posts();
    expect(post?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(post?.body).toContain('name="images"; filename="auto.jpg"');
    expect(post?.headers['x-csrftoken']).toBe(TOKEN);
  });

  it('turns a 400 into a Spanish error carrying the field errors', async () => {
    handler = api((_req, res) =>
      json(res, 400, {
        error: 'Revisa los datos del formulario.',
        campos: { email: 'Ingresa un correo electrónico válido.' },
      }),
    );
    const error = await submitLead('/api/contacto-contacto/', {}, { baseUrl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LeadSubmitError);
    expect(error).toMatchObject({
      message: 'Error 400: Revisa los datos del formulario.',
      status: 400,
      fields: { email: 'Ingresa un correo electrónico válido.' },
    });
  });

  it('reports other refusals as "Error {status}: {error}"', async () => {
    handler = api((_req, res) =>
      json(res, 429, { error: 'Demasiadas solicitudes. Inténtalo en unos minutos.' }),
    );
    await expect(submitLead('/api/asesoria/', {}, { baseUrl })).rejects.toThrow(
      'Error 429: Demasiadas solicitudes. Inténtalo en unos minutos.',
    );
    handler = api((_req, res) => res.writeHead(502).end('<html>bad gateway</html>'));
    await expect(submitLead('/api/asesoria/', {}, { baseUrl })).rejects.toThrow('Error 502: Bad Gateway');
  });

  it('retries a dropped connection with the same Idempotency-Key and the lead is stored once', async () => {
    const stored = new Map<string, number>();
    handler = api((req, res) => {
      const key = String(req.headers['idempotency-key']);
      const first = !stored.has(key);
      if (first) stored.set(key, stored.size + 1);
      // The first request reaches the server, which stores it, but the answer never makes it back.
      if (first) return res.socket?.destroy();
      json(res, 201, { id: stored.get(key), mensaje: 'Recibimos tu solicitud.' });
    });
    const result = await submitLead('/api/contact/', { nombre: 'Ana' }, { baseUrl, ...fast });
    expect(result.id).toBe(1);
    const keys = posts().map((p) => p.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(stored.size).toBe(1);
  });

  it('gives up with a Spanish network error when the connection keeps dropping', async () => {
    handler = api((_req, res) => res.socket?.destroy());
    await expect(submitLead('/api/contact/', {}, { baseUrl, ...fast })).rejects.toThrow(NETWORK_ERROR);
    expect(posts()).toHaveLength(3);
  });

  it('uses a new Idempotency-Key for each submission', async () => {
    await submitLead('/api/contact/', { nombre: 'Ana' }, { baseUrl });
    await submitLead('/api/contact/', { nombre: 'Ana' }, { baseUrl });
    const [first, second] = posts().map((p) => p.headers['idempotency-key']);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it('fetches a fresh token before every submission', async () => {
    await submitLead('/api/contact/', {}, { baseUrl });
    await submitLead('/api/contact/', {}, { baseUrl });
    expect(received.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'POST']);
  });
});

describe('newIdempotencyKey', () => {
  it('makes version 4 UUIDs', () => {
    expect(newIdempotencyKey()).toMatch(UUID);
  });
});
