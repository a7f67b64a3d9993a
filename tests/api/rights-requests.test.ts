// ADR 0031 decision 6: a person exercises a right on /derechos without an account. The public answer never tells
// whether an address is known; a single-use link that expires proves the address; confirming starts the legal clock
// (30 calendar days, one extension; a block in 2 business days); staff answer, and every step is an event with its
// e-mail. The clock of the whole flow is the rights service's `now`, set by each test.
import { consentEvents, emailOutbox, leads, rightsRequestEvents, rightsRequests } from '@db/schema.ts';
import { readPersonToken } from '@server/services/privacy/person-link.ts';
import { queueRightsReminders } from '@server/services/rights/rights-reminders.ts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { expectSpanishSentence } from '../support/hostile-checks.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInStaff;
let ventas: SignedInStaff;
const db = () => t.database.db;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const ANA = 'ana.derechos@example.cl';
const BRUNO = 'bruno.derechos@example.cl';
let anaLeads: number[] = [];
let brunoLead = 0;
let clientNo = 0;
/** A fresh client address per request, so the per-client limit only bites where a test wants it. */
const nextClient = () => `10.9.${Math.floor(++clientNo / 250)}.${clientNo % 250}`;

/** Sets the rights flow's clock; the rate limits run on it too. */
function at(iso: string | Date): Date {
  const now = new Date(iso);
  t.app.services.rights.now = () => now;
  return now;
}

async function ask(
  body: Record<string, unknown>,
  options: {
    form?: boolean;
    remoteAddress?: string;
    csrf?: 'header' | 'field' | 'none';
    /** The rights page's other form: the consents link. */
    url?: '/derechos' | '/derechos/autorizaciones';
  } = {},
) {
  const csrf = await csrfHeaders(t.app);
  const mode = options.csrf ?? (options.form ? 'field' : 'header');
  const headers: Record<string, string> = { cookie: csrf.cookie, origin: csrf.origin };
  if (mode === 'header') headers['x-csrftoken'] = csrf['x-csrftoken'];
  const request: InjectOptions = {
    method: 'POST',
    url: options.url ?? '/derechos',
    remoteAddress: options.remoteAddress ?? nextClient(),
    headers,
  };
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const fields = { ...body, ...(mode === 'field' ? { csrfmiddlewaretoken: csrf['x-csrftoken'] } : {}) };
    request.payload = new URLSearchParams(fields as Record<string, string>).toString();
  } else {
    request.payload = body as object;
  }
  return t.app.inject(request);
}

async function confirm(token: string, form = false) {
  const csrf = await csrfHeaders(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/derechos/confirmar',
    headers: form
      ? { cookie: csrf.cookie, origin: csrf.origin, 'content-type': 'application/x-www-form-urlencoded' }
      : csrf,
    payload: form
      ? new URLSearchParams({ t: token, csrfmiddlewaretoken: csrf['x-csrftoken'] }).toString()
      : { t: token },
  });
}

/** The e-mails sent to an address, oldest first. */
async function mailsTo(address: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(asc(emailOutbox.id));
}

async function lastLink(address: string, path: 'confirmar' | 'descarga'): Promise<string> {
  const mails = await mailsTo(address);
  for (const mail of mails.reverse()) {
    const match = new RegExp(`/derechos/${path}\\?t=([A-Za-z0-9_-]{43})`).exec(mail.textBody);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no ${path} link for ${address}`);
}

/** Asks, confirms at `when`, and returns the request's id. */
async function received(body: Record<string, unknown>, when: string): Promise<number> {
  at(when);
  expect((await ask(body)).statusCode).toBe(200);
  const token = await lastLink(String(body.correo), 'confirmar');
  expect((await confirm(token)).statusCode).toBe(200);
  const [row] = await db()
    .select({ id: rightsRequests.id })
    .from(rightsRequests)
    .where(eq(rightsRequests.email, String(body.correo)))
    .orderBy(desc(rightsRequests.id))
    .limit(1);
  if (!row) throw new Error('request not stored');
  return row.id;
}

async function eventsOf(id: number): Promise<string[]> {
  const rows = await db()
    .select({ action: rightsRequestEvents.action })
    .from(rightsRequestEvents)
    .where(eq(rightsRequestEvents.requestId, id))
    .orderBy(asc(rightsRequestEvents.id));
  return rows.map((row) => row.action);
}

async function sendLead(path: keyof typeof VALID_PAYLOADS, fields: Record<string, unknown>): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    payload: { ...VALID_PAYLOADS[path], ...fields },
    headers: await csrfHeaders(t.app),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  admin = await signedInStaff(t.app, 'admin');
  ventas = await signedInStaff(t.app, 'ventas');
  anaLeads = [
    await sendLead('/api/contacto-contacto/', { name: 'Ana Derechos', email: 'Ana.Derechos@Example.cl' }),
    await sendLead('/api/contact/', { nombre: 'Ana Derechos', correo: ANA }),
  ];
  brunoLead = await sendLead('/api/seguros/', { name: 'Bruno Otro', email: BRUNO });
});
afterAll(() => t.close());

describe('the public answer', () => {
  it('is the same sentence and status for a known and an unknown address, with the same work done', async () => {
    at('2026-12-01T15:00:00Z');
    const unknown = 'nadie.conocido@example.cl';
    const answers = [];
    for (const correo of [ANA, unknown]) {
      const before = (await mailsTo(correo)).length;
      const response = await ask({ correo, derecho: 'acceso' });
      answers.push({ status: response.statusCode, body: response.body });
      // Each gets one confirmation e-mail and one unconfirmed request: nothing is looked up about the address.
      const mails = await mailsTo(correo);
      expect(mails).toHaveLength(before + 1);
      expect(mails.at(-1)?.subject).toBe('Confirma tu solicitud de acceso de datos personales');
      const [stored] = await db()
        .select({ n: count() })
        .from(rightsRequests)
        .where(and(eq(rightsRequests.email, correo), eq(rightsRequests.status, 'sin_confirmar')));
      expect(stored?.n).toBeGreaterThanOrEqual(1);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.status).toBe(200);
    expect(JSON.parse(answers[0]?.body ?? '{}').mensaje).toMatch(
      /^Si el correo es correcto, te enviamos un enlace/,
    );

    // The plain form gets the same redirect for both.
    const forms = [];
    for (const correo of [ANA, unknown])
      forms.push(await ask({ correo, derecho: 'supresion' }, { form: true }));
    expect(forms.map((r) => [r.statusCode, r.headers.location])).toEqual([
      [303, '/derechos/enviada'],
      [303, '/derechos/enviada'],
    ]);
  });

  it('stores only a hash of the link token, which expires in 24 hours', async () => {
    at('2026-12-01T16:00:00Z');
    await ask({ correo: 'hash@example.cl', derecho: 'acceso' });
    const token = await lastLink('hash@example.cl', 'confirmar');
    const [row] = await db().select().from(rightsRequests).where(eq(rightsRequests.email, 'hash@example.cl'));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.tokenExpiresAt.getTime()).toBe(new Date('2026-12-02T16:00:00Z').getTime());
  });

  it('refuses a form without its CSRF token or from another site, storing nothing', async () => {
    at('2026-12-01T17:00:00Z');
    const count0 = (await db().select({ n: count() }).from(rightsRequests))[0]?.n;
    const noToken = await ask({ correo: 'csrf@example.cl', derecho: 'acceso' }, { form: true, csrf: 'none' });
    expect(noToken.statusCode).toBe(403);
    expectSpanishSentence(noToken.json().error);
    const csrf = await csrfHeaders(t.app);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/derechos',
      headers: {
        cookie: csrf.cookie,
        origin: 'https://otro-sitio.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        correo: 'csrf@example.cl',
        derecho: 'acceso',
        csrfmiddlewaretoken: csrf['x-csrftoken'],
      }).toString(),
    });
    expect(foreign.statusCode).toBe(403);
    expect((await db().select({ n: count() }).from(rightsRequests))[0]?.n).toBe(count0);
    expect(await mailsTo('csrf@example.cl')).toHaveLength(0);
  });

  it('sends a form with a field in error back to the form, and a JSON client a Spanish 400', async () => {
    at('2026-12-01T18:00:00Z');
    const form = await ask({ correo: 'no-es-correo', derecho: 'rectificacion' }, { form: true });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/derechos?error=correo&derecho=rectificacion#formulario');
    const json = await ask({ correo: 'valido@example.cl', derecho: 'rectificacion' });
    expect(json.statusCode).toBe(400);
    expectSpanishSentence(json.json().campos.detalle);
    expect(await mailsTo('valido@example.cl')).toHaveLength(0);
  });
});

describe('the consents link (withdrawal from the rights page)', () => {
  const askLink = (correo: unknown, options: Parameters<typeof ask>[1] = {}) =>
    ask({ correo } as Record<string, unknown>, { ...options, url: '/derechos/autorizaciones' });
  const stored = async () => ({
    requests: (await db().select({ n: count() }).from(rightsRequests))[0]?.n,
    consents: (await db().select({ n: count() }).from(consentEvents))[0]?.n,
  });

  it('mails any address the signed link to its consents, with the same answer and nothing else stored', async () => {
    at('2026-12-03T10:00:00Z');
    const unknown = 'sin.autorizaciones@example.cl';
    const before = await stored();
    const answers = [];
    for (const correo of [ANA, unknown]) {
      const response = await askLink(` ${correo.toUpperCase()} `);
      answers.push([response.statusCode, response.body]);
      const mail = (await mailsTo(correo)).at(-1);
      expect(mail?.subject).toBe('El enlace a tus autorizaciones en Automotora Cordillera');
      const token = /\/privacidad\/consentimientos\?t=(\S+)/.exec(mail?.textBody ?? '')?.[1];
      expect(readPersonToken(t.app.services.config.sessionSecret, 'consentimientos', token)).toBe(correo);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.[0]).toBe(200);
    expect(JSON.parse(String(answers[0]?.[1])).mensaje).toMatch(
      /^Si el correo es correcto, te enviamos el enlace/,
    );
    // Asking for the link withdraws nothing and opens no request: the page behind it does the rest.
    expect(await stored()).toEqual(before);
    const form = await askLink(ANA, { form: true });
    expect([form.statusCode, form.headers.location]).toEqual([
      303,
      '/derechos/enviada?enlace=autorizaciones',
    ]);
  });

  it('sends a wrong address back to its form, and a JSON client a Spanish 400, mailing nothing', async () => {
    at('2026-12-03T11:00:00Z');
    const outbox = async () => (await db().select({ n: count() }).from(emailOutbox))[0]?.n;
    const before = await outbox();
    const form = await askLink('no-es-correo', { form: true });
    expect([form.statusCode, form.headers.location]).toEqual([
      303,
      '/derechos?error=autorizaciones#autorizaciones',
    ]);
    const json = await askLink(`${'x'.repeat(250)}@example.cl`);
    expect(json.statusCode).toBe(400);
    expectSpanishSentence(json.json().campos.correo);
    const missing = await ask({}, { url: '/derechos/autorizaciones' });
    expect(missing.statusCode).toBe(400);
    const noToken = await askLink(ANA, { form: true, csrf: 'none' });
    expect(noToken.statusCode).toBe(403);
    expect(await outbox()).toBe(before);
  });

  it('shares the rights form’s limits: one client’s hour, and three e-mails an hour to one address', async () => {
    at('2026-12-03T12:00:00Z');
    const victim = 'inundada.enlace@example.cl';
    await ask({ correo: victim, derecho: 'acceso' });
    await ask({ correo: victim, derecho: 'portabilidad' });
    const answers = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await askLink(victim);
      answers.add(`${response.statusCode} ${response.body}`);
    }
    expect(answers.size).toBe(1);
    expect(await mailsTo(victim)).toHaveLength(3);
    const remoteAddress = '10.78.0.1';
    for (let i = 0; i < 5; i++) await askLink(`cliente${i}@example.cl`, { remoteAddress });
    const over = await askLink('cliente9@example.cl', { remoteAddress });
    expect(over.statusCode).toBe(429);
    expectSpanishSentence(over.json().error);
    const form = await askLink('cliente9@example.cl', { remoteAddress, form: true });
    expect(form.headers.location).toBe('/derechos?error=autorizaciones-limite#autorizaciones');
    expect(await mailsTo('cliente9@example.cl')).toHaveLength(0);
  });
});

describe('rate limits', () => {
  it('refuse a sixth request from one client within the hour with 429 and Retry-After', async () => {
    at('2026-12-02T10:00:00Z');
    const remoteAddress = '10.77.0.1';
    for (let i = 0; i < 5; i++) {
      const response = await ask({ correo: `limite${i}@example.cl`, derecho: 'acceso' }, { remoteAddress });
      expect(response.statusCode).toBe(200);
    }
    const over = await ask({ correo: 'limite9@example.cl', derecho: 'acceso' }, { remoteAddress });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expectSpanishSentence(over.json().error);
    expect(await mailsTo('limite9@example.cl')).toHaveLength(0);
    const form = await ask(
      { correo: 'limite9@example.cl', derecho: 'acceso' },
      { remoteAddress, form: true },
    );
    expect(form.headers.location).toBe('/derechos?error=limite#formulario');
    // An hour and a half later the client may ask again.
    at('2026-12-02T11:30:00Z');
    expect(
      (await ask({ correo: 'limite9@example.cl', derecho: 'acceso' }, { remoteAddress })).statusCode,
    ).toBe(200);
  });

  it('never flood one address: after three e-mails in an hour, the same answer and no fourth e-mail', async () => {
    at('2026-12-02T12:00:00Z');
    const victim = 'inundada@example.cl';
    const answers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const response = await ask({ correo: victim, derecho: 'acceso' });
      answers.add(`${response.statusCode} ${response.body}`);
    }
    expect(answers.size).toBe(1);
    expect(await mailsTo(victim)).toHaveLength(3);
  });
});

describe('the link', () => {
  it('confirms once: a second use, on any form, finds nothing', async () => {
    at('2026-12-03T10:00:00Z');
    await ask({ correo: 'una-vez@example.cl', derecho: 'acceso' });
    const token = await lastLink('una-vez@example.cl', 'confirmar');
    expect(await t.app.services.rights.peek(token)).toMatchObject({
      right: 'acceso',
      email: 'una-vez@example.cl',
    });
    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(410);
    expectSpanishSentence(again.json().error);
    const form = await confirm(token, true);
    expect([form.statusCode, form.headers.location]).toEqual([303, '/derechos/confirmar?error=enlace']);
    expect(await t.app.services.rights.peek(token)).toBeNull();
  });

  it('expires after 24 hours, and the unconfirmed request is then deleted by the reminder job', async () => {
    at('2026-12-03T10:00:00Z');
    await ask({ correo: 'tarde@example.cl', derecho: 'supresion', detalle: 'Ya no quiero que me escriban.' });
    const token = await lastLink('tarde@example.cl', 'confirmar');
    at(new Date(new Date('2026-12-03T10:00:00Z').getTime() + DAY + 1000));
    expect((await confirm(token)).statusCode).toBe(410);
    const [stored] = await db()
      .select({ status: rightsRequests.status })
      .from(rightsRequests)
      .where(eq(rightsRequests.email, 'tarde@example.cl'));
    expect(stored?.status).toBe('sin_confirmar');
    await queueRightsReminders(db(), {
      now: new Date('2026-12-04T12:00:00Z'),
      publicUrl: t.config.publicUrl,
    });
    expect(
      await db().select().from(rightsRequests).where(eq(rightsRequests.email, 'tarde@example.cl')),
    ).toEqual([]);
  });
});

describe('access and portability', () => {
  it('answer at once with a link to the export, JSON and CSV, holding the person’s leads and nothing of others', async () => {
    const id = await received({ correo: ANA, derecho: 'acceso' }, '2026-12-04T13:00:00Z');
    const [request] = await db().select().from(rightsRequests).where(eq(rightsRequests.id, id));
    expect(request?.status).toBe('completada');
    expect(request?.receivedAt?.toISOString()).toBe('2026-12-04T13:00:00.000Z');
    const mail = (await mailsTo(ANA)).at(-1);
    expect(mail?.subject).toMatch(/^Tus datos personales están listos para descargar/);
    const token = await lastLink(ANA, 'descarga');
    expect(request?.exportTokenHash).not.toContain(token);

    const json = await t.app.inject({ method: 'GET', url: `/derechos/descarga.json?t=${token}` });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="datos-personales-/);
    expect(json.headers['cache-control']).toBe('private, no-store');
    const document = json.json() as { correo: string; solicitudes: Array<{ id: number; correo: string }> };
    expect(document.correo).toBe(ANA);
    expect(document.solicitudes.map((lead) => lead.id).sort()).toEqual([...anaLeads].sort());
    expect(json.body).not.toContain(BRUNO);
    expect(json.body).not.toContain('Bruno Otro');

    const csv = await t.app.inject({ method: 'GET', url: `/derechos/descarga.csv?t=${token}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.startsWith('\uFEFFDato;Valor\r\n')).toBe(true);
    for (const leadId of anaLeads)
      expect(csv.body).toMatch(new RegExp(`solicitudes\\.\\d+\\.id;${leadId}\\r\\n`));
    expect(csv.body).toContain('Ana Derechos');
    expect(csv.body).not.toContain('Bruno Otro');

    expect(await eventsOf(id)).toEqual([
      'solicitada',
      'recibida',
      'exportacion_enviada',
      'descargada',
      'descargada',
    ]);
    // The link works for a week, then not.
    at(new Date(new Date('2026-12-04T13:00:00Z').getTime() + 7 * DAY + 1000));
    const late = await t.app.inject({ method: 'GET', url: `/derechos/descarga.json?t=${token}` });
    expect(late.statusCode).toBe(410);
    expectSpanishSentence(late.json().error);
  });

  it('tells an unknown address, and only its owner, that no data is held', async () => {
    const id = await received(
      { correo: 'sin-datos@example.cl', derecho: 'portabilidad' },
      '2026-12-04T14:00:00Z',
    );
    const mail = (await mailsTo('sin-datos@example.cl')).at(-1);
    expect(mail?.subject).toMatch(/no tenemos datos tuyos/);
    expect(mail?.textBody).not.toMatch(/derechos\/descarga/);
    expect(await eventsOf(id)).toEqual(['solicitada', 'recibida', 'sin_datos']);
  });
});

describe('the legal clock', () => {
  it('gives 30 calendar days from receipt and one extension of 30, with a reason', async () => {
    // Monday 7 December 2026, 10:00 in Chile: due Wednesday 6 January 2027, to the end of that day.
    const id = await received(
      { correo: ANA, derecho: 'rectificacion', detalle: 'Mi teléfono ahora es +56 9 1111 2222.' },
      '2026-12-07T13:00:00Z',
    );
    const [request] = await db().select().from(rightsRequests).where(eq(rightsRequests.id, id));
    expect(request?.status).toBe('abierta');
    expect(request?.dueAt?.toISOString()).toBe('2027-01-07T02:59:59.999Z');
    const ack = (await mailsTo(ANA)).at(-1);
    expect(ack?.subject).toBe(`Recibimos tu solicitud de rectificación (n.º ${id})`);
    expect(ack?.textBody).toContain('miércoles, 6 de enero de 2027');

    const noReason = await callAs(t.app, 'POST', `/admin/api/derechos/${id}/prorrogar`, admin, {
      motivo: '',
    });
    expect(noReason.statusCode).toBe(400);
    expectSpanishSentence(noReason.json().campos.motivo);
    const extended = await callAs(t.app, 'POST', `/admin/api/derechos/${id}/prorrogar`, admin, {
      motivo: 'Debemos revisar los registros de la sucursal.',
    });
    expect(extended.statusCode).toBe(200);
    expect(extended.json().plazo).toBe('2027-02-06T02:59:59.999Z');
    const notice = (await mailsTo(ANA)).at(-1);
    expect(notice?.textBody).toContain('Debemos revisar los registros de la sucursal.');
    expect(notice?.textBody).toContain('viernes, 5 de febrero de 2027');
    const twice = await callAs(t.app, 'POST', `/admin/api/derechos/${id}/prorrogar`, admin, {
      motivo: 'Otra vez necesitamos más tiempo.',
    });
    expect(twice.statusCode).toBe(409);
    expectSpanishSentence(twice.json().error);

    const done = await callAs(t.app, 'POST', `/admin/api/derechos/${id}/completar`, admin, {
      nota: 'Corregimos tu teléfono en todas tus solicitudes.',
      telefono: '+56 9 1111 2222',
    });
    expect(done.statusCode, done.body).toBe(200);
    const phones = await db()
      .select({ phone: leads.phone })
      .from(leads)
      .where(eq(leads.id, anaLeads[0] ?? 0));
    // The corrected phone is stored as E.164, like any phone (ADR 0041).
    expect(phones[0]?.phone).toBe('+56911112222');
    expect(await eventsOf(id)).toEqual([
      'solicitada',
      'recibida',
      'acuse_enviado',
      'prorrogada',
      'datos_corregidos',
      'completada',
    ]);
  });

  it('gives a block 2 business days, Saturdays counted, Sundays and holidays not', async () => {
    // Thursday 24 December 2026: Friday 25 is Christmas, Saturday 26 is day 1, Sunday skipped, Monday 28 is day 2.
    const id = await received(
      { correo: ANA, derecho: 'oposicion', detalle: 'No quiero publicidad.', bloquear: true },
      '2026-12-24T13:00:00Z',
    );
    const [request] = await db().select().from(rightsRequests).where(eq(rightsRequests.id, id));
    expect(request?.blockDueAt?.toISOString()).toBe('2026-12-29T02:59:59.999Z');
    expect(request?.dueAt?.toISOString()).toBe('2027-01-24T02:59:59.999Z');
    // Tuesday 8 December 2026 is a holiday: received Monday 7, the block is due Thursday 10.
    const other = await received(
      { correo: ANA, derecho: 'supresion', bloquear: 'on' },
      '2026-12-07T18:00:00Z',
    );
    const [second] = await db().select().from(rightsRequests).where(eq(rightsRequests.id, other));
    expect(second?.blockDueAt?.toISOString()).toBe('2026-12-11T02:59:59.999Z');
    await callAs(t.app, 'POST', `/admin/api/derechos/${other}/rechazar`, admin, {
      motivos: 'Solicitud duplicada de otra que ya atendemos.',
    });
  });
});

describe('staff answers', () => {
  it('block the person’s leads: staff see it and cannot change them until the request is decided', async () => {
    const id = await received(
      { correo: ANA, derecho: 'supresion', detalle: 'No soy cliente.', bloquear: true },
      '2027-01-04T13:00:00Z',
    );
    expect((await callAs(t.app, 'POST', `/admin/api/derechos/${id}/bloquear`, ventas)).statusCode).toBe(403);
    const blocked = await callAs(t.app, 'POST', `/admin/api/derechos/${id}/bloquear`, admin);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await mailsTo(ANA)).at(-1)?.subject).toBe(
      `Bloqueamos el tratamiento de tus datos (solicitud n.º ${id})`,
    );
    const lead = anaLeads[1] ?? 0;
    const detail = await callAs(t.app, 'GET', `/admin/api/solicitudes/${lead}`, ventas);
    expect(detail.json().processingBlocked).toBe(true);
    const list = await callAs(t.app, 'GET', '/admin/api/solicitudes', ventas);
    const items = list.json().items as Array<{ id: number; processingBlocked: boolean }>;
    expect(items.find((item) => item.id === lead)?.processingBlocked).toBe(true);
    expect(items.find((item) => item.id === brunoLead)?.processingBlocked).toBe(false);
    for (const [method, url, body] of [
      ['PATCH', `/admin/api/solicitudes/${lead}/estado`, { estado: 'contactado' }],
      ['PATCH', `/admin/api/solicitudes/${lead}/responsable`, { responsable: ventas.id }],
      ['POST', `/admin/api/solicitudes/${lead}/notas`, { texto: 'Llamar mañana.' }],
    ] as const) {
      const refused = await callAs(t.app, method, url, ventas, body);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().error).toMatch(/^Tratamiento bloqueado/);
    }
    // Bruno's lead is not blocked.
    expect(
      (
        await callAs(t.app, 'PATCH', `/admin/api/solicitudes/${brunoLead}/estado`, ventas, {
          estado: 'contactado',
        })
      ).statusCode,
    ).toBe(200);
    const twice = await callAs(t.app, 'POST', `/admin/api/derechos/${id}/bloquear`, admin);
    expect(twice.statusCode).toBe(409);

    // Refused: the block ends with the decision, and the e-mail gives the reasons and the Agencia's 30 business days.
    const noReasons = await callAs(t.app, 'POST', `/admin/api/derechos/${id}/rechazar`, admin, {
      motivos: ' ',
    });
    expect(noReasons.statusCode).toBe(400);
    const refused = await callAs(t.app, 'POST', `/admin/api/derechos/${id}/rechazar`, admin, {
      motivos: 'Tienes una compra en curso: debemos conservar tus datos por el contrato (art. 7).',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const mail = (await mailsTo(ANA)).at(-1);
    expect(mail?.textBody).toContain(
      'Tienes una compra en curso: debemos conservar tus datos por el contrato',
    );
    expect(mail?.textBody).toContain('30 días hábiles');
    expect(mail?.textBody).toContain('Agencia de Protección de Datos Personales');
    expect(
      (
        await callAs(t.app, 'PATCH', `/admin/api/solicitudes/${lead}/estado`, ventas, {
          estado: 'contactado',
        })
      ).statusCode,
    ).toBe(200);
    expect(await eventsOf(id)).toEqual(['solicitada', 'recibida', 'acuse_enviado', 'bloqueada', 'rechazada']);
    const again = await callAs(t.app, 'POST', `/admin/api/derechos/${id}/completar`, admin, {
      nota: 'Ya no corresponde hacer nada más.',
    });
    expect(again.statusCode).toBe(409);
  });

  it('record an opposition as a withdrawal of the marketing consent', async () => {
    const id = await received(
      { correo: ANA, derecho: 'oposicion', detalle: 'No quiero ofertas por correo.' },
      '2027-01-05T13:00:00Z',
    );
    const done = await callAs(t.app, 'POST', `/admin/api/derechos/${id}/completar`, admin, {
      nota: 'Dejamos de enviarte ofertas.',
      detenerMarketing: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    const withdrawals = await db()
      .select()
      .from(consentEvents)
      .where(and(eq(consentEvents.email, ANA), eq(consentEvents.purpose, 'marketing')));
    expect(withdrawals.map((row) => [row.action, row.channel])).toEqual([['retira', 'derechos']]);
    expect(await eventsOf(id)).toContain('marketing_detenido');
  });

  it('list open requests by deadline for admins only, and show one with its events and the person’s data', async () => {
    expect((await callAs(t.app, 'GET', '/admin/api/derechos', ventas)).statusCode).toBe(403);
    expect((await callAs(t.app, 'GET', '/admin/api/derechos', null)).statusCode).toBe(401);
    const open = await callAs(t.app, 'GET', '/admin/api/derechos', admin);
    const rows = open.json().solicitudes as Array<{ estado: string; plazo: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.estado === 'abierta')).toBe(true);
    expect(rows.map((row) => row.plazo)).toEqual([...rows.map((row) => row.plazo)].sort());
    const closed = await callAs(t.app, 'GET', '/admin/api/derechos?estado=cerradas', admin);
    expect(
      (closed.json().solicitudes as Array<{ estado: string }>).every((r) => r.estado !== 'abierta'),
    ).toBe(true);
    const bad = await callAs(t.app, 'GET', '/admin/api/derechos?estado=todo', admin);
    expect(bad.statusCode).toBe(400);
    const first = (closed.json().solicitudes as Array<{ id: number }>)[0];
    const detail = await callAs(t.app, 'GET', `/admin/api/derechos/${first?.id}`, admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().request.eventos.length).toBeGreaterThan(1);
    expect(detail.json().datos.email).toBeDefined();
    expect((await callAs(t.app, 'GET', '/admin/api/derechos/999999', admin)).statusCode).toBe(404);
  });

  it('remind the admins once at 75% of the legal time', async () => {
    const id = await received(
      { correo: ANA, derecho: 'rectificacion', detalle: 'Mi nombre es Ana María.' },
      '2027-01-10T13:00:00Z',
    );
    const [request] = await db().select().from(rightsRequests).where(eq(rightsRequests.id, id));
    if (!request?.receivedAt || !request.dueAt) throw new Error('not received');
    // 75% of the time, to the next second: the database multiplies the interval to the microsecond.
    const elapsed = (request.dueAt.getTime() - request.receivedAt.getTime()) * 0.75;
    const share = Math.ceil((request.receivedAt.getTime() + elapsed) / 1000) * 1000;
    const publicUrl = t.config.publicUrl;
    expect(await queueRightsReminders(db(), { now: new Date(share - 60_000), publicUrl })).toBe(0);
    expect(await queueRightsReminders(db(), { now: new Date(share), publicUrl })).toBeGreaterThanOrEqual(1);
    const reminders = (await mailsTo(admin.email)).filter((mail) => mail.subject.startsWith('Recordatorio:'));
    expect(reminders.some((mail) => mail.subject.includes(`n.º ${id} `))).toBe(true);
    expect(await queueRightsReminders(db(), { now: new Date(share + HOUR), publicUrl })).toBe(0);
    expect(await eventsOf(id)).toContain('recordatorio');
  });

  it('complete a suppression by erasing the person’s data, then tell them', async () => {
    const id = await received(
      { correo: ANA, derecho: 'supresion', detalle: 'Ya compré en otra automotora.' },
      '2027-01-12T13:00:00Z',
    );
    const wrong = await callAs(t.app, 'POST', `/admin/api/derechos/${id}/completar`, admin, {
      nota: 'Eliminamos todos tus datos.',
      confirmacion: BRUNO,
    });
    expect(wrong.statusCode).toBe(400);
    expectSpanishSentence(wrong.json().campos.confirmacion);
    expect(
      await db()
        .select()
        .from(leads)
        .where(eq(leads.id, anaLeads[0] ?? 0)),
    ).toHaveLength(1);
    const done = await callAs(t.app, 'POST', `/admin/api/derechos/${id}/completar`, admin, {
      nota: 'Eliminamos todos tus datos.',
      confirmacion: ANA,
    });
    expect(done.statusCode, done.body).toBe(200);
    for (const lead of anaLeads)
      expect(await db().select().from(leads).where(eq(leads.id, lead))).toEqual([]);
    expect(await db().select().from(leads).where(eq(leads.id, brunoLead))).toHaveLength(1);
    // The erasure took the old e-mails to her address; the answer goes after it, and the events keep the evidence.
    const mails = await mailsTo(ANA);
    expect(mails.map((mail) => mail.subject)).toEqual([`Atendimos tu solicitud de supresión (n.º ${id})`]);
    expect(await eventsOf(id)).toEqual([
      'solicitada',
      'recibida',
      'acuse_enviado',
      'datos_eliminados',
      'completada',
    ]);
    const [ack] = await db()
      .select({ details: rightsRequestEvents.details, emailId: rightsRequestEvents.emailId })
      .from(rightsRequestEvents)
      .where(and(eq(rightsRequestEvents.requestId, id), eq(rightsRequestEvents.action, 'acuse_enviado')));
    expect(ack?.emailId).toBeNull();
    expect((ack?.details.correo as { asunto?: string } | undefined)?.asunto).toBe(
      `Recibimos tu solicitud de supresión (n.º ${id})`,
    );
  });
});
