// Withdrawing consents from the signed link of a person's e-mails (ADR 0031, decision 4; Ley 19.628 as amended by
// Ley 21.719, art. 12): the link's token, the no-JavaScript form behind the page's buttons, and what each withdrawal
// changes. The forms' 'otorga' rows are inserted directly, as the public forms write them.
import { consentEvents, emailOutbox, leadNotes, leads } from '@db/schema.ts';
import { PURPOSE_TEXTS, WITHDRAW_ALL_BUTTON } from '@domain/consent-withdrawal.ts';
import { calendarToken } from '@server/services/leads/test-drive-calendar.ts';
import {
  cessionConsent,
  consentsInForce,
  marketingAllowed,
} from '@server/services/privacy/consents-in-force.ts';
import { personLink, readPersonToken, signPersonToken } from '@server/services/privacy/person-link.ts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveConsent, publishPolicy, sendRequest } from '../support/consents.ts';
import { type CsrfHeaders, csrfHeaders } from '../support/csrf-client.ts';
import { expectSpanishRefusal } from '../support/hostile-checks.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const SECRET = 'x'.repeat(40);
const PAGE = '/privacidad/consentimientos';
/** The newest privacy policy version: a withdrawal points at it. */
let latestPolicy = 0;

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  await publishPolicy(t.database.db);
  latestPolicy = await publishPolicy(t.database.db);
});
afterAll(() => t.close());

/** The page's form as a browser without JavaScript sends it: urlencoded, the token in a hidden field. */
async function withdraw(
  email: string,
  proposito: string,
  options: { token?: string; csrf?: CsrfHeaders } = {},
) {
  const csrf = options.csrf ?? (await csrfHeaders(t.app));
  const body = new URLSearchParams({
    t: options.token ?? signPersonToken(SECRET, 'consentimientos', email),
    proposito,
    csrfmiddlewaretoken: csrf['x-csrftoken'],
  });
  return t.app.inject({
    method: 'POST',
    url: PAGE,
    headers: {
      cookie: csrf.cookie,
      origin: csrf.origin,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: body.toString(),
  });
}

const eventsOf = (email: string) =>
  t.database.db
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.email, email))
    .orderBy(asc(consentEvents.id));

describe('the signed link', () => {
  const email = 'ana.perez@example.cl';

  it('names the lower-cased address it was made for, whatever the case it was written in', () => {
    const token = signPersonToken(SECRET, 'consentimientos', '  Ana.Perez@Example.CL ');
    expect(token).toBe(signPersonToken(SECRET, 'consentimientos', email));
    expect(readPersonToken(SECRET, 'consentimientos', token)).toBe(email);
    const link = new URL(personLink('https://autos.example.cl', SECRET, 'consentimientos', email));
    expect(link.origin + link.pathname).toBe(`https://autos.example.cl${PAGE}`);
    expect(readPersonToken(SECRET, 'consentimientos', link.searchParams.get('t'))).toBe(email);
  });

  it('opens nothing when forged, altered, cut, signed with another secret or in another format', () => {
    const token = signPersonToken(SECRET, 'consentimientos', email);
    const [version, payload, mac] = token.split('.') as [string, string, string];
    const other = Buffer.from('bruno@example.cl').toString('base64url');
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const refused: unknown[] = [
      `${version}.${other}.${mac}`,
      `${version}.${payload}.${flip(mac, 5)}`,
      `${version}.${flip(payload, 2)}.${mac}`,
      `v2.${payload}.${mac}`,
      `${payload}.${mac}`,
      `${token}.extra`,
      token.slice(0, -1),
      `${token}A`,
      signPersonToken('y'.repeat(40), 'consentimientos', email),
      // A token of another kind the site signs with the same secret.
      calendarToken(1, SECRET),
      // The address upper-cased inside a correctly signed token is not one signPersonToken writes.
      `v1.${Buffer.from('ANA@EXAMPLE.CL').toString('base64url')}.x`,
      '',
      'v1..',
      'x'.repeat(401),
      `v1.${'A'.repeat(380)}.${mac}`,
      null,
      undefined,
      42,
      ['v1', payload, mac],
      { t: token },
    ];
    for (const value of refused) expect(readPersonToken(SECRET, 'consentimientos', value)).toBeNull();
  });
});

describe('POST /privacidad/consentimientos', () => {
  it('withdraws marketing: a retira event with the button’s words, by e-mail link, at the latest policy', async () => {
    const email = 'camila.rojas@example.cl';
    const lead = await sendRequest(t.app, '/api/contacto-contacto/');
    await giveConsent(t.database.db, { email, leadId: lead, purpose: 'marketing' });
    expect(await marketingAllowed(t.database.db, email)).toBe(true);

    const response = await withdraw('Camila.Rojas@example.cl', 'marketing');
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location), 'https://autos.example.cl');
    expect(location.pathname).toBe(PAGE);
    expect(location.searchParams.get('retirado')).toBe('marketing');
    expect(readPersonToken(SECRET, 'consentimientos', location.searchParams.get('t'))).toBe(email);

    const last = (await eventsOf(email)).at(-1);
    expect(last).toMatchObject({
      action: 'retira',
      purpose: 'marketing',
      leadId: null,
      channel: 'correo',
      wording: PURPOSE_TEXTS.marketing.button,
      policyVersion: latestPolicy,
    });
    expect(await marketingAllowed(t.database.db, email)).toBe(false);
  });

  it('erases the socio-economic values of every request of the person, with a note, and nobody else’s', async () => {
    const email = 'valentina.soto@example.cl';
    const box = { consentimiento_datos_socioeconomicos: true };
    const financing = await sendRequest(t.app, '/api/contact-form/', box);
    const advisory = await sendRequest(t.app, '/api/asesoria/', {
      ...box,
      correo: 'VALENTINA.SOTO@example.cl',
    });
    const someoneElse = await sendRequest(t.app, '/api/contact-form/', { ...box, correo: 'otra@example.cl' });
    for (const [leadId, address] of [
      [financing, email],
      [advisory, email],
      [someoneElse, 'otra@example.cl'],
    ] as const)
      await giveConsent(t.database.db, { email: address, leadId, purpose: 'datos_socioeconomicos' });

    const response = await withdraw(email, 'datos_socioeconomicos');
    expect(response.statusCode).toBe(303);

    const rows = await t.database.db.select().from(leads);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(financing)?.details.ingresos).toBeNull();
    expect(byId.get(financing)?.details.plazo).toBe('36');
    expect(byId.get(advisory)?.details.situacion_financiera).toBeNull();
    expect(byId.get(someoneElse)?.details.ingresos).toBe('dependiente');

    const notes = await t.database.db.select().from(leadNotes);
    const noteOf = (id: number) => notes.filter((note) => note.leadId === id).map((note) => note.body);
    expect(noteOf(financing)).toEqual([
      expect.stringMatching(
        /^Se borró «Tipo de ingresos» de esta solicitud: la persona retiró su autorización/,
      ),
    ]);
    expect(noteOf(advisory)).toEqual([expect.stringContaining('«Situación financiera»')]);
    expect(noteOf(someoneElse)).toEqual([]);

    const salesCopy = await t.database.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.leadId, financing), eq(emailOutbox.toAddress, t.config.dealership.salesEmail)),
      );
    expect(salesCopy[0]?.textBody).toContain('Tipo de ingresos: retirado por la persona');
    expect(salesCopy[0]?.textBody).not.toContain('Dependiente');
    expect(salesCopy[0]?.htmlBody).not.toContain('Dependiente');
    const otherCopy = await t.database.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.leadId, someoneElse), eq(emailOutbox.toAddress, t.config.dealership.salesEmail)),
      );
    expect(otherCopy[0]?.textBody).toContain('Tipo de ingresos: Dependiente');
  });

  it('stops future cessions of every request, and a later request’s consent stands on its own', async () => {
    const email = 'matias.fuentes@example.cl';
    const first = await sendRequest(t.app, '/api/contact-form/', { correo: email });
    await giveConsent(t.database.db, { email, leadId: first, purpose: 'cesion' });
    expect(await cessionConsent(t.database.db, { id: first, email })).not.toBeNull();

    expect((await withdraw(email, 'cesion')).statusCode).toBe(303);
    expect(await cessionConsent(t.database.db, { id: first, email })).toBeNull();

    const second = await sendRequest(t.app, '/api/contact-form/', { correo: email });
    await giveConsent(t.database.db, { email, leadId: second, purpose: 'cesion' });
    expect(await cessionConsent(t.database.db, { id: first, email })).toBeNull();
    expect(await cessionConsent(t.database.db, { id: second, email })).not.toBeNull();
  });

  it('withdraws all with one button: one event per consent in force, in the words of that button', async () => {
    const email = 'jorge.munoz@example.cl';
    const lead = await sendRequest(t.app, '/api/contact-form/', { correo: email });
    await giveConsent(t.database.db, { email, leadId: lead, purpose: 'cesion' });
    await giveConsent(t.database.db, { email, leadId: lead, purpose: 'marketing' });

    const response = await withdraw(email, 'todas');
    expect(new URL(String(response.headers.location), 'https://x.cl').searchParams.get('retirado')).toBe(
      'todas',
    );
    const withdrawals = (await eventsOf(email)).filter((event) => event.action === 'retira');
    expect(withdrawals.map((event) => event.purpose).sort()).toEqual(['cesion', 'marketing']);
    expect(withdrawals.every((event) => event.wording === WITHDRAW_ALL_BUTTON)).toBe(true);
    expect(await consentsInForce(t.database.db, email)).toEqual([]);
  });

  it('writes nothing when nothing of that kind is in force, and says so', async () => {
    const email = 'sin.nada@example.cl';
    const response = await withdraw(email, 'marketing');
    expect(response.statusCode).toBe(303);
    expect(String(response.headers.location)).toContain('sin-cambios=1');
    expect(await eventsOf(email)).toEqual([]);
  });

  it('records one withdrawal when the button is pressed twice at once', async () => {
    const email = 'doble.clic@example.cl';
    await giveConsent(t.database.db, { email, leadId: null, purpose: 'marketing' });
    const csrf = await csrfHeaders(t.app);
    const answers = await Promise.all([
      withdraw(email, 'marketing', { csrf }),
      withdraw(email, 'marketing', { csrf }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 303]);
    expect((await eventsOf(email)).filter((event) => event.action === 'retira')).toHaveLength(1);
  });

  it('sends a link we did not sign back to the page’s "not valid" answer, writing nothing', async () => {
    const email = 'falsa@example.cl';
    await giveConsent(t.database.db, { email, leadId: null, purpose: 'marketing' });
    const forged = signPersonToken('otro-secreto'.repeat(4), 'consentimientos', email);
    for (const token of [forged, 'v0.abc.def', '', 'x'.repeat(400)]) {
      const response = await withdraw(email, 'marketing', { token });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(PAGE);
    }
    expect((await eventsOf(email)).map((event) => event.action)).toEqual(['otorga']);
  });

  it('needs the CSRF token (form field or header) and our origin', async () => {
    const email = 'csrf@example.cl';
    await giveConsent(t.database.db, { email, leadId: null, purpose: 'marketing' });
    const csrf = await csrfHeaders(t.app);
    const body = new URLSearchParams({
      t: signPersonToken(SECRET, 'consentimientos', email),
      proposito: 'marketing',
    });
    const send = (headers: Record<string, string>, payload = body.toString()) =>
      t.app.inject({
        method: 'POST',
        url: PAGE,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload,
      });
    for (const response of [
      await send({ cookie: csrf.cookie, origin: csrf.origin }),
      await send(
        { cookie: csrf.cookie, origin: csrf.origin },
        `${body}&csrfmiddlewaretoken=${'a'.repeat(64)}`,
      ),
      await send({ origin: csrf.origin }, `${body}&csrfmiddlewaretoken=${csrf['x-csrftoken']}`),
      await send(
        { cookie: csrf.cookie, origin: 'https://evil.example' },
        `${body}&csrfmiddlewaretoken=${csrf['x-csrftoken']}`,
      ),
    ]) {
      expect(response.statusCode).toBe(403);
      expectSpanishRefusal(response);
    }
    expect((await eventsOf(email)).map((event) => event.action)).toEqual(['otorga']);
    // The header works too, as for every other route.
    expect((await send(csrf)).statusCode).toBe(303);
    expect((await eventsOf(email)).map((event) => event.action)).toEqual(['otorga', 'retira']);
  });

  it('refuses a purpose it does not know, or no purpose, with a Spanish 400 and writes nothing', async () => {
    const email = 'proposito@example.cl';
    await giveConsent(t.database.db, { email, leadId: null, purpose: 'marketing' });
    for (const proposito of ['', 'MARKETING', 'todo', 'marketing ', '💥', 'x'.repeat(300)]) {
      const response = await withdraw(email, proposito);
      expect(response.statusCode, proposito).toBe(400);
      expect(expectSpanishRefusal(response).campos?.proposito).toBeDefined();
    }
    expect(await eventsOf(email)).toHaveLength(1);
  });
});
