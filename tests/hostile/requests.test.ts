import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { Database } from '@db/client.ts';
import { buildApp } from '@server/app.ts';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders } from '../support/csrf-client.ts';
import { createLookups, createVehicle } from '../support/factories.ts';
import {
  expectSpanishRefusal,
  expectSpanishSentence,
  runs,
  storedCounts,
} from '../support/hostile-checks.ts';
import { JSON_LEAD_PATHS, VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { hostileString } from '../support/naughty-strings.ts';
import { testConfig } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';

// Hostile requests rather than hostile fields: query strings and path parameters of every public GET route,
// bodies that are not JSON, wrong content types, oversized and deeply nested bodies, and clients that stall.

const TIMEOUTS = { requestMs: 1000, idleMs: 2000, checkEveryMs: 200 };

let app: FastifyInstance;
let database: Database;
let headers: CsrfHeaders;
let port: number;
let vehicleId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  // Short client timeouts, so the stalled-client tests finish in seconds; inject() is not affected by them.
  app = await buildApp({
    config: testConfig({ LEAD_RATE_LIMIT: '10000' }),
    database,
    pages: false,
    timeouts: TIMEOUTS,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  headers = await csrfHeaders(app);
  vehicleId = (await createVehicle(database.db, { lookups: await createLookups(database.db), photos: 1 })).id;
}, 180_000);
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Any answer: never a 5xx; a refusal is Spanish JSON; a success of a JSON route is JSON. */
function expectSound(response: LightMyRequestResponse): void {
  expect(response.statusCode, `${response.statusCode} ${response.body.slice(0, 200)}`).toBeLessThan(500);
  expect(response.headers['x-request-id']).toBeDefined();
  if (response.statusCode >= 400) expectSpanishRefusal(response);
}

/** A path segment or query component as a client could put it on the wire, broken encodings included. */
const wireText = fc.oneof(
  {
    weight: 4,
    arbitrary: hostileString({ maxLength: 120 }).map((s) =>
      encodeURIComponent(s.replace(/[\uD800-\uDFFF]/gu, '\uFFFD')),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 12 })
      .map((bytes) => bytes.map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '%',
      '%%',
      '%zz',
      '%00',
      '..',
      '%2e%2e',
      '%2F',
      '.',
      '%C0%AF',
      '%E0%80%AF',
      ';',
      '+',
      '%3B',
      '~',
      '*',
    ),
  },
);

const PUBLIC_GETS = [
  '/healthz',
  '/api/get-csrf-token/',
  '/api/vehiculos/',
  '/api/vehiculos-resumen/',
  '/api/marcas/',
  '/api/tipovehiculo/',
  '/api/combustibles/',
  '/api/transmision/',
  '/api/prueba-de-manejo/horarios/',
  '/feeds/meta-vehiculos.xml',
  '/feeds/google-vehiculos.csv',
  '/sitemap-imagenes.xml',
];

describe('query strings of every public GET route', () => {
  it('lists every public GET route of the route table here', () => {
    const gets = app.routeTable
      .filter((r) => r.method === 'GET' && !r.url.includes('*') && !r.url.startsWith('/admin/'))
      .map((r) => r.url);
    expect(gets.sort()).toEqual(
      [
        ...PUBLIC_GETS,
        '/api/vehiculos/:id/',
        '/api/prueba-de-manejo/:id/calendario.ics',
        '/media/:hash/:file',
        '/derechos/descarga.:formato',
        // The alerts' unsubscribe link (ADR 0039): a signed token, answered by its own tests.
        '/alertas/baja',
      ].sort(),
    );
  });

  it('answers hostile parameters soundly on every route', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ...PUBLIC_GETS,
          `/api/vehiculos/${1}/`,
          '/api/prueba-de-manejo/1/calendario.ics',
          '/derechos/descarga.json',
          '/derechos/descarga.csv',
        ),
        fc.array(
          fc.tuple(
            fc.oneof(
              wireText,
              fc.constantFrom(
                'destacado',
                '__proto__',
                'constructor',
                'destacado[]',
                'destacado[a]',
                'vehiculo',
                't',
              ),
            ),
            wireText,
          ),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        async (path, pairs) => {
          const query = pairs.map(([k, v]) => `${k}=${v}`).join('&');
          const response = await app.inject({ method: 'GET', url: `${path}?${query}` });
          expectSound(response);
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('accepts only true/false/1/0 for destacado, refusing anything else with a field error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileString({ maxLength: 40 }),
          fc.constantFrom('true', 'FALSE', '1', '0', 'constructor', 'toString', '__proto__'),
        ),
        fc.boolean(),
        async (value, repeat) => {
          const encoded = encodeURIComponent(value.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));
          const query = repeat ? `destacado=${encoded}&destacado=${encoded}` : `destacado=${encoded}`;
          const response = await app.inject({ method: 'GET', url: `/api/vehiculos/?${query}` });
          expectSound(response);
          const valid = !repeat && ['true', 'false', '1', '0'].includes(value.toLowerCase());
          expect(response.statusCode).toBe(valid ? 200 : 400);
          // An encoded NUL is refused for the whole URL before the route reads it; anything else gets the field error.
          if (!valid && !value.includes('\u0000')) expect(response.json().campos?.destacado).toBeDefined();
        },
      ),
      { numRuns: runs(100) },
    );
  });
});

/** A URL segment's text once percent-decoded, or null when its escapes are malformed. */
function percentDecoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

describe('path parameters', () => {
  it('GET /api/vehiculos/:id/ answers 200 only for the id of a published vehicle', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          wireText,
          fc.constantFrom(String(vehicleId), `0${vehicleId}`, '2147483648', '-1', '1e3', '99999'),
        ),
        async (id) => {
          // A dot segment is resolved by the client ('/api/vehiculos/./' is the listing), as browsers do.
          fc.pre(!/^(\.|%2e){1,2}$/i.test(id));
          const response = await app.inject({ method: 'GET', url: `/api/vehiculos/${id}/` });
          expectSound(response);
          // A path segment means its percent-decoded text ('%31' is '1', RFC 3986 §2.3 and §6.2.2.2): that text, and
          // only it, names the published vehicle. A segment that does not decode names nothing.
          if (response.statusCode === 200) expect(percentDecoded(id)).toBe(String(vehicleId));
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('GET /media/:hash/:file answers 200 only for a real image variant, else a Spanish 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(wireText, fc.stringMatching(/^[0-9a-f]{32}$/)),
        fc.oneof(wireText, fc.constantFrom('640.jpg', '320.webp', '9999.avif', '640.png', '640.jpg.php')),
        async (hash, file) => {
          const response = await app.inject({ method: 'GET', url: `/media/${hash}/${file}` });
          expectSound(response);
          expect(response.statusCode).not.toBe(200);
        },
      ),
      { numRuns: runs(100) },
    );
  });

  it('GET /derechos/descarga.:formato never answers 200 to a hostile format or token, only a Spanish 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(wireText, fc.constantFrom('json', 'csv', 'JSON', 'xml', 'json.php', 'csv%00')),
        fc.oneof(wireText, fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)),
        async (format, token) => {
          const response = await app.inject({
            method: 'GET',
            url: `/derechos/descarga.${format}?t=${token}`,
          });
          expectSound(response);
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
        },
      ),
      { numRuns: runs(100) },
    );
  });

  it('answers unknown paths under /api/ and /media/ with a Spanish 404, whatever the method', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        fc.constantFrom('/api/', '/media/', '/admin/api/'),
        fc.array(wireText, { minLength: 1, maxLength: 3 }),
        async (method, prefix, segments) => {
          const url = `${prefix}${segments.join('/')}`;
          const response = await app.inject({ method: method as 'GET', url, headers });
          expectSound(response);
        },
      ),
      { numRuns: runs(100) },
    );
  });
});

describe('spellings of the state-changing routes', () => {
  const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  const REFUSAL = /^Solicitud rechazada/;

  /** One character as a client could send it: itself, percent-encoded in either case, or in the other case. */
  const spelledChar = (char: string) =>
    char === '/'
      ? fc.constantFrom('/', '//', '/./', '/x/../')
      : fc.constantFrom(
          char,
          `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`,
          `%${char.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`,
          char.toUpperCase(),
        );

  it('refuses every unsafe route, however its path is typed, with a 403 or the router’s 404, storing nothing', async () => {
    const routes = app.routeTable
      .filter((r) => UNSAFE.has(r.method) && !r.csrfExempt)
      .map((r) => ({ method: r.method, path: r.url.replace(/:[A-Za-z]+/g, '7') }));
    const spelled = fc
      .constantFrom(...routes)
      .chain(({ method, path }) =>
        fc
          .tuple(...[...path].map(spelledChar), fc.constantFrom('', '/', '%2e', '%2E/', '?x=1', '#a'))
          .map((parts) => ({ method, url: parts.join('') })),
      );
    const before = await storedCounts(database.db);
    const { 'x-csrftoken': _token, ...withoutToken } = headers;
    await fc.assert(
      fc.asyncProperty(
        spelled,
        fc.constantFrom(withoutToken, { ...headers, origin: 'http://evil.example' }),
        async ({ method, url }, sent) => {
          const response = await app.inject({
            method: method as 'POST',
            url,
            headers: method === 'DELETE' ? sent : { ...sent, 'content-type': 'application/json' },
            ...(method === 'DELETE' ? {} : { payload: '{}' }),
          });
          expectSound(response);
          const { error } = expectSpanishRefusal(response);
          const refused =
            (response.statusCode === 403 && REFUSAL.test(error)) ||
            (response.statusCode === 404 && error === 'Recurso no encontrado.');
          expect(refused, `${method} ${url} → ${response.statusCode} ${error}`).toBe(true);
        },
      ),
      { numRuns: runs(300) },
    );
    expect(await storedCounts(database.db)).toEqual(before);
  });
});

describe('bodies that are not what the lead endpoints take', () => {
  const post = (url: string, payload: string | Buffer, contentType: string) =>
    app.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': contentType } });

  it('refuses corrupted JSON with a Spanish 400 and stores nothing', async () => {
    const before = await storedCounts(database.db);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...JSON_LEAD_PATHS),
        fc.nat(),
        fc.constantFrom('', '{', '}', '"', ',', '\\', '\u0000', ']', ':', 'NaN', 'undefined', "'"),
        async (path, cut, junk) => {
          const text = JSON.stringify(VALID_PAYLOADS[path]);
          const at = cut % text.length;
          const broken = text.slice(0, at) + junk + (junk === '' ? '' : text.slice(at + 1));
          let parses = true;
          try {
            JSON.parse(broken);
          } catch {
            parses = false;
          }
          // An empty body is "not an object" rather than broken JSON; it is checked below.
          fc.pre(!parses && broken.trim() !== '');
          const response = await post(path, broken, 'application/json');
          expect(response.statusCode).toBe(400);
          expect(expectSpanishRefusal(response).error).toBe('El cuerpo de la solicitud no es JSON válido.');
        },
      ),
      { numRuns: runs(60) },
    );
    const empty = await post('/api/contacto-contacto/', '', 'application/json');
    expect(empty.statusCode).toBe(400);
    expectSpanishRefusal(empty);
    expect(await storedCounts(database.db)).toEqual(before);
  });

  it.each([
    ['text/plain', 'name=Ana'],
    ['application/xml', '<lead><name>Ana</name></lead>'],
    ['application/x-www-form-urlencoded', 'name=Ana&email=ana%40example.cl'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna\r\n--x--\r\n',
    ],
    ['application/jsonx', '{}'],
    ['text/json', '{}'],
    ['', '{}'],
  ])(
    'refuses %s on every JSON lead endpoint with a Spanish 415 and stores nothing',
    async (contentType, body) => {
      const before = await storedCounts(database.db);
      for (const path of JSON_LEAD_PATHS) {
        const response = await post(path, body, contentType);
        expect(response.statusCode).toBe(415);
        expectSpanishRefusal(response);
      }
      expect(await storedCounts(database.db)).toEqual(before);
    },
  );

  it('answers hostile Content-Type headers soundly', async () => {
    const before = await storedCounts(database.db);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...JSON_LEAD_PATHS, '/api/vendeauto/'),
        fc.oneof(
          fc.string({ unit: 'binary-ascii', maxLength: 80 }).filter((s) => !/[\r\n\0]/.test(s)),
          fc.constantFrom(
            'application/json; charset=utf-16',
            'application/json; charset=latin1',
            'application/json;;;',
            'APPLICATION/JSON',
            'multipart/form-data; boundary=',
            'multipart/mixed; boundary=x',
            'application/json, text/plain',
          ),
        ),
        async (path, contentType) => {
          const response = await post(path, '{"name": 1}', contentType);
          expectSound(response);
          expect(response.statusCode).not.toBe(201);
        },
      ),
      { numRuns: runs(60) },
    );
    expect(await storedCounts(database.db)).toEqual(before);
  });

  it('refuses a body over 64 KB on a lead endpoint and over 1 MB elsewhere with a Spanish 413', async () => {
    const before = await storedCounts(database.db);
    const lead = JSON.stringify({ ...VALID_PAYLOADS['/api/seguros/'], comments: 'a'.repeat(64 * 1024) });
    const big = await post('/api/seguros/', lead, 'application/json');
    expect(big.statusCode).toBe(413);
    expectSpanishRefusal(big);
    const huge = await post(
      '/admin/api/sesion',
      JSON.stringify({ email: 'a'.repeat(1024 * 1024) }),
      'application/json',
    );
    expect(huge.statusCode).toBe(413);
    expectSpanishRefusal(huge);
    expect(await storedCounts(database.db)).toEqual(before);
  });

  it.each([
    ['arrays', (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`],
    ['objects', (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
    ['a field', (depth: number) => `{"name":${'['.repeat(depth)}"Ana"${']'.repeat(depth)}}`],
  ])('refuses deeply nested %s with a Spanish 400', async (_case, nest) => {
    const before = await storedCounts(database.db);
    // The deepest stays under the 64 KB body limit, so it is the nesting that is refused, not the size.
    for (const depth of [100, 5_000, 10_000]) {
      const response = await post('/api/contacto-contacto/', nest(depth), 'application/json');
      expect(response.statusCode).toBe(400);
      expectSpanishRefusal(response);
    }
    expect(await storedCounts(database.db)).toEqual(before);
  });
});

describe('clients that stall', () => {
  /** Opens a raw connection, sends `start`, then `drip` every interval; resolves when the server closes it. */
  function stall(start: string, drip?: { text: string; everyMs: number }) {
    return new Promise<{ ms: number; received: string }>((resolve, reject) => {
      const began = Date.now();
      const socket = connect(port, '127.0.0.1');
      let received = '';
      let timer: NodeJS.Timeout | undefined;
      const giveUp = setTimeout(() => {
        socket.destroy();
        reject(new Error('the server kept a stalled client for 15 s'));
      }, 15_000);
      socket.on('connect', () => {
        if (start) socket.write(start);
        if (drip) timer = setInterval(() => socket.writable && socket.write(drip.text), drip.everyMs);
      });
      socket.on('data', (chunk) => {
        received += chunk.toString('utf8');
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(giveUp);
        clearInterval(timer);
        resolve({ ms: Date.now() - began, received });
      });
    });
  }

  const head = (length: number) =>
    `POST /api/contacto-contacto/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nOrigin: https://autos.example.cl\r\nCookie: ${headers.cookie}\r\nX-CSRFToken: ${headers['x-csrftoken']}\r\n\r\n`;
  const bound = TIMEOUTS.requestMs + TIMEOUTS.checkEveryMs + 3000;

  it('drops a client that sends part of its body and stalls, with a Spanish 408', async () => {
    const before = await storedCounts(database.db);
    const { ms, received } = await stall(`${head(1000)}{"name": "An`);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(ms).toBeLessThan(bound);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expectSpanishSentence(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)).error);
    expect(await storedCounts(database.db)).toEqual(before);
  });

  it('drops a client that trickles its body a byte at a time (never idle, never done)', async () => {
    // Under the 64 KB limit of the endpoint, so only the time limit can end it.
    const { ms, received } = await stall(`${head(60_000)}{`, { text: ' ', everyMs: 100 });
    expect(ms).toBeLessThan(bound);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('drops a client that never finishes its headers', async () => {
    const { ms, received } = await stall('GET /api/marcas/ HTTP/1.1\r\nHost: 127.0.0.1\r\n', {
      text: 'X-A: b\r\n',
      everyMs: 100,
    });
    expect(ms).toBeLessThan(bound);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that sends nothing at all', async () => {
    const { ms } = await stall('');
    expect(ms).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(ms).toBeLessThan(bound);
  });

  it('answers malformed HTTP with a Spanish 400 and closes', async () => {
    const { received } = await stall('BLAH /api/marcas/ HTTP/9.9\r\n\u0000\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expectSpanishSentence(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)).error);
  });

  it('answers headers over the size limit with a Spanish 431 and closes', async () => {
    const { received } = await stall(
      `GET /api/marcas/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(received).toMatch(/^HTTP\/1\.1 431 /);
    expectSpanishSentence(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)).error);
  });
});

describe('a server that is closing', () => {
  it('answers a request that arrives during the drain with a Spanish 503, Retry-After and the request id', async () => {
    const draining = await buildApp({ config: app.services.config, database, pages: false });
    await draining.listen({ port: 0, host: '127.0.0.1' });
    const { port: drainPort } = draining.server.address() as AddressInfo;
    const body = JSON.stringify(VALID_PAYLOADS['/api/contacto-contacto/']);
    let closed: Promise<void> = Promise.resolve();
    const received = await new Promise<string>((resolve) => {
      const socket = connect(drainPort, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('utf8');
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve(text));
      // Lead A is in flight (headers sent, body not finished) when the close begins, so its connection stays open;
      // request B then arrives on the same connection while the server drains.
      socket.write(
        `POST /api/contacto-contacto/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nOrigin: https://autos.example.cl\r\n` +
          `Cookie: ${headers.cookie}\r\nX-CSRFToken: ${headers['x-csrftoken']}\r\n\r\n${body.slice(0, 5)}`,
      );
      setTimeout(() => {
        closed = draining.close();
        setTimeout(
          () => socket.write(`${body.slice(5)}GET /api/marcas/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
          200,
        );
      }, 300);
    });
    await closed;
    const [first, last = ''] = received.split(/(?=HTTP\/1\.1 \d{3} )/);
    // The lead that was already under way is finished and acknowledged; the newcomer is turned away.
    expect(first, received).toMatch(/^HTTP\/1\.1 201 /);
    expect(last, received).toMatch(/^HTTP\/1\.1 503 /);
    expect(last).toMatch(/\r\nretry-after: 5\r\n/i);
    const requestId = /\r\nx-request-id: ([0-9a-f-]{36})\r\n/i.exec(last)?.[1];
    const json = JSON.parse(last.slice(last.indexOf('\r\n\r\n') + 4)) as { error: string; requestId: string };
    expectSpanishSentence(json.error);
    expect(json.requestId).toBe(requestId);
  });
});
