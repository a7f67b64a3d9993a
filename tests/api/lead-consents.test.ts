// ADR 0031, decisions 1–3: the consents a request is sent with are recorded with it (the sentence shown, the policy
// version, the form), nothing is recorded for a box left unticked, and a socio-economic value sent without its
// express consent is never stored: not in the lead, its e-mails or its idempotency record. Today's payloads (SPEC §7)
// keep today's answers.
import { LeadCreatedSchema } from '@contracts/leads.ts';
import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { consentEvents, emailOutbox, idempotencyKeys, leads, privacyPolicyVersions } from '@db/schema.ts';
import { consentWording } from '@domain/consent.ts';
import { getLeadDetail } from '@server/services/admin/lead-detail.ts';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders, multipartBody } from '../support/csrf-client.ts';
import { expectSpanishRefusal } from '../support/hostile-checks.ts';
import { type LeadPath, VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let headers: CsrfHeaders;

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  headers = await csrfHeaders(t.app);
  // As on a database that was down when the server started: no policy version published yet. The tests below
  // publish their own.
  await t.database.db.delete(privacyPolicyVersions);
});
afterAll(() => t.close());

const FINANCING = '/api/contact-form/' as const;
const ADVISORY = '/api/asesoria/' as const;
const SELL = '/api/vendeauto/' as const;
const WITHHELD = 'no guardado (sin consentimiento expreso)';

const post = (path: string, payload: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: path, payload: payload as object, headers: { ...headers, ...extra } });

const postSell = (fields: Record<string, string>) => {
  const { payload, contentType } = multipartBody(fields, []);
  return t.app.inject({
    method: 'POST',
    url: SELL,
    payload,
    headers: { ...headers, 'content-type': contentType },
  });
};

async function created(response: Awaited<ReturnType<typeof post>>): Promise<number> {
  expect(response.statusCode, response.body).toBe(201);
  return LeadCreatedSchema.parse(response.json()).id;
}

const consentsOf = (leadId: number) =>
  t.database.db
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.leadId, leadId))
    .orderBy(asc(consentEvents.id));

async function leadRow(id: number) {
  const [row] = await t.database.db.select().from(leads).where(eq(leads.id, id));
  if (!row) throw new Error(`lead ${id} not stored`);
  return row;
}

const mailsOf = (id: number) => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));

/** What a request can leave behind, consents included. */
async function counts() {
  const db = t.database.db;
  const [l] = await db.select({ n: count() }).from(leads);
  const [o] = await db.select({ n: count() }).from(emailOutbox);
  const [k] = await db.select({ n: count() }).from(idempotencyKeys);
  const [c] = await db.select({ n: count() }).from(consentEvents);
  return { leads: l?.n, outbox: o?.n, keys: k?.n, consents: c?.n };
}

const dealership = () => t.config.dealership;
const lenders = () => dealership().partners.map((partner) => partner.name);

const ALL_PATHS = Object.keys(VALID_PAYLOADS) as LeadPath[];

describe('the SPEC §7 payloads', () => {
  it.each(ALL_PATHS)('%s: today’s payload is answered 201 and records no consent', async (path) => {
    const response =
      path === SELL
        ? await postSell(VALID_PAYLOADS[SELL] as Record<string, string>)
        : await post(path, VALID_PAYLOADS[path]);
    const id = await created(response);
    expect(Object.keys(response.json() as object).sort()).toEqual(['id', 'mensaje']);
    expect(await consentsOf(id)).toEqual([]);
  });

  it('answers 201 to a financing request without ingresos, which was refused before ADR 0031', async () => {
    const { ingresos: _left, ...payload } = VALID_PAYLOADS[FINANCING];
    const row = await leadRow(await created(await post(FINANCING, payload)));
    expect(row.details.ingresos).toBeNull();
    expect(row.withheldDetails).toEqual([]);
  });

  it('records nothing for a box sent unticked (false or null)', async () => {
    const id = await created(
      await post(FINANCING, {
        ...VALID_PAYLOADS[FINANCING],
        consentimiento_marketing: false,
        consentimiento_cesion: null,
        consentimiento_datos_socioeconomicos: false,
        politica_version: 1,
      }),
    );
    expect(await consentsOf(id)).toEqual([]);
  });
});

describe('consents given with a request', () => {
  it('before any policy is published: one row per box ticked, the form as channel, the e-mail lower-cased', async () => {
    const id = await created(
      await post(FINANCING, {
        ...VALID_PAYLOADS[FINANCING],
        correo: 'Valentina.SOTO@Example.cl',
        consentimiento_marketing: true,
        consentimiento_cesion: true,
        consentimiento_datos_socioeconomicos: true,
      }),
    );
    const rows = await consentsOf(id);
    expect(rows.map((row) => row.purpose)).toEqual(['datos_socioeconomicos', 'cesion', 'marketing']);
    for (const row of rows) {
      expect(row).toMatchObject({
        email: 'valentina.soto@example.cl',
        action: 'otorga',
        channel: 'financiamiento',
        policyVersion: null,
        leadId: id,
      });
      expect(row.wording).toContain(dealership().name);
      expect(row.wording).toBe(
        consentWording('financiamiento', row.purpose, {
          dealership: dealership().name,
          recipients: lenders(),
        }),
      );
    }
    const cession = rows.find((row) => row.purpose === 'cesion')?.wording ?? '';
    for (const lender of lenders()) expect(cession).toContain(lender);
    expect(rows[0]?.wording).toContain('tipo de ingresos');
    // The lead itself keeps the address as typed.
    expect((await leadRow(id)).email).toBe('Valentina.SOTO@Example.cl');
  });

  it('names the insurers of the settings in the quote request’s cession', async () => {
    const id = await created(
      await post('/api/seguros/', { ...VALID_PAYLOADS['/api/seguros/'], consentimiento_cesion: true }),
    );
    const [row, ...rest] = await consentsOf(id);
    expect(rest).toEqual([]);
    expect(row?.channel).toBe('seguro');
    expect(dealership().privacy.insurers.length).toBeGreaterThan(0);
    for (const insurer of dealership().privacy.insurers) expect(row?.wording).toContain(insurer);
  });

  it('takes the appraisal form’s boxes as multipart text: on and true tick the box, false does not', async () => {
    const fields = VALID_PAYLOADS[SELL] as Record<string, string>;
    for (const [value, rows] of [
      ['on', 1],
      ['true', 1],
      ['false', 0],
    ] as const) {
      const id = await created(await postSell({ ...fields, consentimiento_marketing: value }));
      const consents = await consentsOf(id);
      expect(consents.length, value).toBe(rows);
      if (rows) expect(consents[0]?.channel).toBe('vendeauto');
    }
  });

  it('ignores a box the form does not have (a cession on the contact form), like any other extra field', async () => {
    const id = await created(
      await post('/api/contacto-contacto/', {
        ...VALID_PAYLOADS['/api/contacto-contacto/'],
        consentimiento_cesion: true,
        consentimiento_datos_socioeconomicos: true,
      }),
    );
    expect(await consentsOf(id)).toEqual([]);
  });

  it('points at the version the page showed when it is published, else at the latest', async () => {
    await t.database.db.insert(privacyPolicyVersions).values([
      { version: 1, text: '## Política 1', textHash: 'a'.repeat(64) },
      { version: 2, text: '## Política 2', textHash: 'b'.repeat(64) },
    ]);
    const versionOf = async (politica_version?: number) => {
      const id = await created(
        await post('/api/contact/', {
          ...VALID_PAYLOADS['/api/contact/'],
          consentimiento_marketing: true,
          ...(politica_version === undefined ? {} : { politica_version }),
        }),
      );
      const [row] = await consentsOf(id);
      expect(row?.channel).toBe('vehiculo');
      return row?.policyVersion;
    };
    expect(await versionOf(1)).toBe(1);
    expect(await versionOf(2)).toBe(2);
    expect(await versionOf(77)).toBe(2);
    expect(await versionOf()).toBe(2);
  });
});

describe('socio-economic values', () => {
  /** Every stored trace of a lead, as text: its row, its e-mails and the idempotency records. */
  async function traces(id: number): Promise<string> {
    const keys = await t.database.db.select().from(idempotencyKeys);
    return JSON.stringify([await leadRow(id), await mailsOf(id), keys]);
  }

  it('drops the income type sent without express consent: not in the lead, its e-mails or its idempotency record', async () => {
    const key = `sin-consentimiento-${Date.now()}`;
    const payload = { ...VALID_PAYLOADS[FINANCING], ingresos: 'jubilado', consentimiento_marketing: true };
    const id = await created(await post(FINANCING, payload, { 'idempotency-key': key }));
    const row = await leadRow(id);
    expect(row.details.ingresos).toBeNull();
    expect(row.withheldDetails).toEqual(['ingresos']);
    expect(await traces(id)).not.toMatch(/jubilad/i);
    const mails = await mailsOf(id);
    expect(mails.length).toBeGreaterThan(0);
    const [staffMail] = mails;
    expect(staffMail?.textBody).toContain(`Tipo de ingresos: ${WITHHELD}`);
    expect(staffMail?.htmlBody).toContain(WITHHELD);
    // The key's record never saw the value: the same request with another income type is the same request.
    const retry = await post(
      FINANCING,
      { ...payload, ingresos: 'independiente' },
      { 'idempotency-key': key },
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual({ id, mensaje: expect.any(String) });
    // With the express consent it is another request: the key was used for something else.
    const other = await post(
      FINANCING,
      { ...payload, consentimiento_datos_socioeconomicos: true },
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(422);
    const detail = await getLeadDetail(t.database.db, id);
    expect(detail?.details).toContainEqual({ key: 'ingresos', label: 'Tipo de ingresos', value: WITHHELD });
  });

  it('keeps the income type with the express consent, and says so to staff', async () => {
    const id = await created(
      await post(FINANCING, {
        ...VALID_PAYLOADS[FINANCING],
        ingresos: 'jubilado',
        consentimiento_datos_socioeconomicos: true,
      }),
    );
    const row = await leadRow(id);
    expect(row.details.ingresos).toBe('jubilado');
    expect(row.withheldDetails).toEqual([]);
    const [mail] = await mailsOf(id);
    expect(mail?.textBody).toContain('Tipo de ingresos: Jubilado');
    expect(mail?.textBody).not.toContain(WITHHELD);
  });

  it('drops and keeps the advisory situacion_financiera the same way', async () => {
    const without = await leadRow(await created(await post(ADVISORY, VALID_PAYLOADS[ADVISORY])));
    expect(without.details.situacion_financiera).toBeNull();
    expect(without.withheldDetails).toEqual(['situacion_financiera']);
    expect(JSON.stringify([without, await mailsOf(without.id)])).not.toMatch(/crecimiento/i);
    const withIt = await leadRow(
      await created(
        await post(ADVISORY, { ...VALID_PAYLOADS[ADVISORY], consentimiento_datos_socioeconomicos: true }),
      ),
    );
    expect(withIt.details.situacion_financiera).toBe('crecimiento');
    const [row] = await consentsOf(withIt.id);
    expect(row).toMatchObject({ purpose: 'datos_socioeconomicos', channel: 'asesoria' });
    expect(row?.wording).toContain('situación financiera');
    // Nothing sent, nothing withheld.
    const { situacion_financiera: _left, ...none } = VALID_PAYLOADS[ADVISORY];
    expect((await leadRow(await created(await post(ADVISORY, none)))).withheldDetails).toEqual([]);
  });
});

describe('what staff see', () => {
  it('lists each purpose of the form with its state, time, version and wording; a withdrawal shows as such', async () => {
    const email = `consentimientos.${Date.now()}@example.cl`;
    const id = await created(
      await post(FINANCING, {
        ...VALID_PAYLOADS[FINANCING],
        correo: email,
        consentimiento_cesion: true,
        consentimiento_marketing: true,
        politica_version: 1,
      }),
    );
    // Withdrawn later from an e-mail's link (ADR 0031 §4): an event of the person, tied to no request.
    await t.database.db.insert(consentEvents).values({
      email,
      purpose: 'marketing',
      action: 'retira',
      wording: 'Retirar mi autorización para recibir ofertas',
      channel: 'correo',
      createdAt: new Date(Date.now() + 1000),
    });
    const detail = await getLeadDetail(t.database.db, id);
    const byPurpose = Object.fromEntries((detail?.consents ?? []).map((c) => [c.purpose, c]));
    expect(Object.keys(byPurpose)).toEqual(['datos_socioeconomicos', 'cesion', 'marketing']);
    expect(byPurpose.datos_socioeconomicos).toMatchObject({ state: 'no_otorgado', at: null, wording: null });
    expect(byPurpose.cesion).toMatchObject({
      state: 'otorgado',
      policyVersion: 1,
      label: expect.any(String),
    });
    expect(byPurpose.cesion?.wording).toContain(lenders()[0] ?? '?');
    expect(byPurpose.marketing).toMatchObject({
      state: 'retirado',
      wording: expect.stringContaining('Retirar'),
    });
    expect(detail?.details).toContainEqual({ key: 'ingresos', label: 'Tipo de ingresos', value: WITHHELD });
  });

  it('shows only marketing for a form that asks nothing else', async () => {
    const id = await created(
      await post('/api/contacto-contacto/', VALID_PAYLOADS['/api/contacto-contacto/']),
    );
    const detail = await getLeadDetail(t.database.db, id);
    expect(detail?.consents.map((c) => [c.purpose, c.state])).toEqual([['marketing', 'no_otorgado']]);
  });
});

describe('wrong types', () => {
  it.each([
    ['a consent as text', FINANCING, { consentimiento_marketing: 'sí' }, 'consentimiento_marketing'],
    ['a consent as the text "true"', FINANCING, { consentimiento_cesion: 'true' }, 'consentimiento_cesion'],
    [
      'a consent as a number',
      ADVISORY,
      { consentimiento_datos_socioeconomicos: 1 },
      'consentimiento_datos_socioeconomicos',
    ],
    ['a consent as a list', '/api/seguros/', { consentimiento_cesion: [true] }, 'consentimiento_cesion'],
    ['a consent as an object', '/api/contact/', { consentimiento_marketing: {} }, 'consentimiento_marketing'],
    ['a version as text', '/api/contacto-contacto/', { politica_version: '2' }, 'politica_version'],
    ['a version with decimals', FINANCING, { politica_version: 1.5 }, 'politica_version'],
    ['a version of zero', FINANCING, { politica_version: 0 }, 'politica_version'],
    ['a negative version', FINANCING, { politica_version: -3 }, 'politica_version'],
    ['a version beyond any integer column', FINANCING, { politica_version: 2 ** 31 }, 'politica_version'],
    ['an income type not in the list', FINANCING, { ingresos: 'millonario' }, 'ingresos'],
  ] as const)('refuses %s with a Spanish 400 and stores nothing', async (_case, path, bad, field) => {
    const before = await counts();
    const response = await post(path, {
      ...VALID_PAYLOADS[path],
      consentimiento_marketing: true,
      ...bad,
    });
    expect(response.statusCode).toBe(400);
    const body = expectSpanishRefusal(response);
    expect(ApiErrorSchema.parse(body).error).toBe('Revisa los datos del formulario.');
    expect(body.campos?.[field]).toMatch(/^[A-ZÁÉÍÓÚ¿¡]/);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['yes', 'consentimiento_marketing'],
    ['1', 'consentimiento_marketing'],
    ['v2', 'politica_version'],
    ['-1', 'politica_version'],
  ])('refuses the appraisal form’s %s with a Spanish 400 and stores nothing', async (value, field) => {
    const before = await counts();
    const response = await postSell({ ...(VALID_PAYLOADS[SELL] as Record<string, string>), [field]: value });
    expect(response.statusCode).toBe(400);
    expect(expectSpanishRefusal(response).campos?.[field]).toBeDefined();
    expect(await counts()).toEqual(before);
  });
});
