// Issue 33, ADR 0039: a search saved without an account, double opt-in, the consent recorded as a marketing consent
// of that alert, matching once per stock change, one e-mail a day with every match, and leaving with one click.
import { creditOffer } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import {
  alertDigests,
  consentEvents,
  emailOutbox,
  savedSearches,
  savedSearchMatches,
  vehicles,
} from '@db/schema.ts';
import { matchStockChanges } from '@server/services/alerts/match-stock-changes.ts';
import { sendDueAlerts } from '@server/services/alerts/send-alerts.ts';
import { consentsInForce, marketingAllowed } from '@server/services/privacy/consents-in-force.ts';
import { signPersonToken } from '@server/services/privacy/person-link.ts';
import { asc, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { createLookups, createVehicle, type LookupIds } from '../support/factories.ts';
import { signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let suv: LookupIds;
let sedan: LookupIds;
const db = (): Db => t.database.db;
let client = 0;

async function postForm(url: string, fields: Record<string, string>) {
  const csrf = await csrfHeaders(t.app);
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.33.0.${++client}`,
    headers: {
      cookie: csrf.cookie,
      origin: csrf.origin,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ ...fields, csrfmiddlewaretoken: csrf['x-csrftoken'] }).toString(),
  });
}

async function mailsTo(email: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(asc(emailOutbox.id));
}

const tokenIn = (text: string) => /\/alertas\/confirmar\?t=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

async function offer() {
  const settings = await t.app.services.catalogue.dealership();
  return creditOffer(settings);
}

/** One run of the job's two steps; the e-mails are judged at `at`, by default once the matching is done. */
async function runAlerts(at?: Date) {
  const credit = await offer();
  const matched = await matchStockChanges(db(), { offer: credit });
  const emails = await sendDueAlerts(db(), {
    now: at ?? new Date(),
    gatherMs: 0,
    publicUrl: t.config.publicUrl,
    secret: t.config.sessionSecret,
    dealership: 'Automotora de prueba',
    offer: credit,
  });
  return { ...matched, emails };
}

/** Saves and confirms a search; returns its id. */
async function confirmedSearch(email: string, consulta: string): Promise<number> {
  const saved = await postForm('/alertas', { correo: email, consulta, consentimiento: 'on' });
  expect(saved.statusCode, saved.body).toBe(303);
  const [mail] = (await mailsTo(email)).slice(-1);
  const confirmed = await postForm('/alertas/confirmar', { t: tokenIn(mail?.textBody ?? '') });
  expect(confirmed.headers.location).toMatch(/^\/alertas\/gestionar\?t=v1\..+&confirmada=1$/);
  const [row] = await db()
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.email, email))
    .orderBy(desc(savedSearches.id))
    .limit(1);
  return row?.id ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  suv = await createLookups(db(), {
    brand: 'Toyota',
    bodyType: 'SUV',
    fuel: 'Bencina',
    transmission: 'Transmisión Automática',
  });
  sedan = await createLookups(db(), { brand: 'Kia', bodyType: 'Sedán' });
});
afterAll(() => t.close());

describe('saving a search (double opt-in)', () => {
  it('stores it pending and sends only the confirmation; the same answer for any address', async () => {
    const answers = [];
    for (const email of ['nueva@example.cl', 'nueva@example.cl', 'otra@example.cl']) {
      const response = await postForm('/alertas', {
        correo: email.toUpperCase(),
        consulta: 'marca=Toyota&precio_max=20000000&orden=price-asc&pagina=3',
        consentimiento: 'on',
      });
      answers.push([response.statusCode, response.headers.location]);
    }
    expect(new Set(answers.map(String))).toEqual(new Set(['303,/alertas/enviada']));
    const rows = await db().select().from(savedSearches).where(eq(savedSearches.email, 'nueva@example.cl'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      kind: 'busqueda',
      queryString: 'marca=Toyota&precio_max=20000000',
      priceMax: 20_000_000,
      consentEventId: null,
    });
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.wording).toMatch(/como máximo uno al día/);
    const mails = await mailsTo('nueva@example.cl');
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Confirma tu alerta de Automotora Cordillera',
      'Confirma tu alerta de Automotora Cordillera',
    ]);
    expect(mails[0]?.textBody).toContain('Toyota · hasta $20.000.000');
    // The token is only in the e-mail: what is stored is its hash.
    expect(mails[0]?.textBody).not.toContain(rows[0]?.tokenHash ?? 'x');
    expect(
      await db().select().from(consentEvents).where(eq(consentEvents.email, 'nueva@example.cl')),
    ).toEqual([]);
  });

  it('refuses a save without the consent ticked, in Spanish, and stores nothing', async () => {
    const before = await db().select({ n: count() }).from(savedSearches);
    const response = await postForm('/api/alertas/', { correo: 'a@example.cl', consulta: 'marca=Kia' });
    expect(response.statusCode).toBe(403); // a JSON route needs the header token: the form's field is not enough
    const csrf = await csrfHeaders(t.app);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/alertas/',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: { correo: 'a@example.cl', consulta: 'marca=Kia' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().campos.consentimiento).toBe('Para recibir alertas, marca la casilla de autorización.');
    const form = await postForm('/alertas', { correo: 'a@example.cl', consulta: 'marca=Kia' });
    expect(form.headers.location).toBe('/alertas/nueva?consulta=marca%3DKia&error=consentimiento#alerta');
    expect(await db().select({ n: count() }).from(savedSearches)).toEqual(before);
  });

  it('confirms once: the consent is recorded for that alert; the link then no longer works', async () => {
    await postForm('/alertas', {
      correo: 'confirma@example.cl',
      consulta: 'tipo=Furgón',
      consentimiento: 'on',
    });
    const [mail] = await mailsTo('confirma@example.cl');
    const token = tokenIn(mail?.textBody ?? '');
    const first = await postForm('/alertas/confirmar', { t: token });
    expect(first.statusCode).toBe(303);
    const [row] = await db()
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.email, 'confirma@example.cl'));
    expect(row).toMatchObject({ status: 'confirmed', tokenHash: null });
    const [event] = await db()
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.email, 'confirma@example.cl'));
    expect(event).toMatchObject({
      purpose: 'marketing',
      action: 'otorga',
      channel: 'alerta',
      savedSearchId: row?.id,
      wording: row?.wording,
    });
    expect(row?.consentEventId).toBe(event?.id);
    // An alert's consent is not a consent to offers and news.
    expect(await marketingAllowed(db(), 'confirma@example.cl')).toBe(false);
    const again = await postForm('/alertas/confirmar', { t: token });
    expect(again.headers.location).toBe('/alertas/confirmar?error=enlace');
    expect(
      await db().select().from(consentEvents).where(eq(consentEvents.email, 'confirma@example.cl')),
    ).toHaveLength(1);
  });
});

describe('matching and the e-mail of the day', () => {
  const person = 'busca@example.cl';
  let searchId = 0;
  let lowered = 0;

  beforeAll(async () => {
    searchId = await confirmedSearch(person, 'marca=Toyota&tipo=SUV&precio_max=15000000');
    // Someone who never confirmed gets nothing.
    await postForm('/alertas', {
      correo: 'sinconfirmar@example.cl',
      consulta: 'marca=Toyota&tipo=SUV&precio_max=15000000',
      consentimiento: 'on',
    });
    // Stock that was there before: out of range, and a draft.
    lowered = (await createVehicle(db(), { lookups: suv, model: 'RAV4', price: 18_000_000 })).id;
    await createVehicle(db(), { lookups: suv, model: 'Corolla Cross', price: 14_000_000, status: 'draft' });
    await createVehicle(db(), { lookups: sedan, model: 'Rio', price: 9_000_000 });
    expect(await runAlerts()).toMatchObject({ matches: 0, emails: 0 });
  });

  it('tells a published car and a price lowered into range, in ONE e-mail, and nothing else that day', async () => {
    const fresh = await createVehicle(db(), {
      lookups: suv,
      model: 'Yaris Cross',
      price: 13_500_000,
      photos: 1,
    });
    await db().update(vehicles).set({ price: 14_990_000 }).where(eq(vehicles.id, lowered));
    // A decrease that stays out of range, and one of a car of another search, are no news for this one.
    const [rio] = await db().select().from(vehicles).where(eq(vehicles.modelName, 'Rio'));
    await db()
      .update(vehicles)
      .set({ price: 8_500_000 })
      .where(eq(vehicles.id, rio?.id ?? 0));
    const run = await runAlerts();
    expect(run).toMatchObject({ changes: 3, matches: 2, emails: 1 });
    const mails = (await mailsTo(person)).filter((mail) => mail.htmlBody !== null);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('2 autos calzan con tus alertas en Automotora de prueba');
    expect(mail?.textBody).toContain('Llegó: Toyota Yaris Cross 2020');
    expect(mail?.textBody).toContain('Bajó de precio: Toyota RAV4 2020');
    expect(mail?.textBody).toContain('Precio: $14.990.000 (antes $18.000.000)');
    expect(mail?.textBody).toMatch(/Cuota desde \$[\d.]+\/mes\nCAE \d+,\d\d%/);
    expect(mail?.textBody).toContain(
      `${t.config.publicUrl}/vehicles/${fresh.id}?utm_source=alertas&utm_medium=email&utm_campaign=alerta-`,
    );
    // The only image is the site's own, and every link is the site's.
    const sources = [...(mail?.htmlBody ?? '').matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual([`${t.config.publicUrl}/media/${fresh.images[0]?.hash}/640.jpg`]);
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<${t.config.publicUrl}/alertas/baja?t=${signPersonToken(t.config.sessionSecret, 'baja', person)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await mailsTo('sinconfirmar@example.cl')).toHaveLength(1);

    // Later the same day: the match waits for tomorrow's e-mail.
    await createVehicle(db(), { lookups: suv, model: 'Fortuner', price: 12_000_000 });
    expect(await runAlerts()).toMatchObject({ matches: 1, emails: 0 });
    const tomorrow = new Date(Date.now() + 26 * 3_600_000);
    expect(await runAlerts(tomorrow)).toMatchObject({ emails: 1 });
    expect(await runAlerts(tomorrow)).toMatchObject({ changes: 0, emails: 0 });
    const digests = await db().select().from(alertDigests).where(eq(alertDigests.email, person));
    expect(digests).toHaveLength(2);
  });

  it('does not tell the same car at the same price twice (back to draft and published again)', async () => {
    const [yaris] = await db().select().from(vehicles).where(eq(vehicles.modelName, 'Yaris Cross'));
    await db()
      .update(vehicles)
      .set({ status: 'draft' })
      .where(eq(vehicles.id, yaris?.id ?? 0));
    await db()
      .update(vehicles)
      .set({ status: 'published' })
      .where(eq(vehicles.id, yaris?.id ?? 0));
    const run = await runAlerts(new Date(Date.now() + 60 * 3_600_000));
    expect(run).toMatchObject({ changes: 1, matches: 0, emails: 0 });
    expect(
      await db()
        .select({ n: count() })
        .from(savedSearchMatches)
        .where(eq(savedSearchMatches.savedSearchId, searchId)),
    ).toEqual([{ n: 3 }]);
  });

  it('leaves with one click (RFC 8058): every alert withdrawn and recorded, no page needed', async () => {
    const token = signPersonToken(t.config.sessionSecret, 'baja', person);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/alertas/baja?t=${token.slice(0, -2)}xx`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    // A browser opening the address changes nothing.
    const opened = await t.app.inject({ method: 'GET', url: `/alertas/baja?t=${token}` });
    expect(opened.headers.location).toMatch(/^\/alertas\/gestionar\?t=v1\./);
    expect((await consentsInForce(db(), person)).map((grant) => grant.savedSearchId)).toEqual([searchId]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/alertas/baja?t=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await db().select().from(savedSearches).where(eq(savedSearches.id, searchId));
    expect(row?.status).toBe('withdrawn');
    expect(await consentsInForce(db(), person)).toEqual([]);
    const [withdrawal] = await db()
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.email, person))
      .orderBy(desc(consentEvents.id))
      .limit(1);
    expect(withdrawal).toMatchObject({ action: 'retira', purpose: 'marketing', savedSearchId: searchId });
    // Nothing more is sent to a person who left.
    await createVehicle(db(), { lookups: suv, model: 'Hilux SW4', price: 11_000_000 });
    expect(await runAlerts(new Date(Date.now() + 80 * 3_600_000))).toMatchObject({ matches: 0, emails: 0 });
  });
});

describe('the page of a person’s alerts', () => {
  it('removes one alert, then the rest; withdrawing marketing on the consents page stops alerts too', async () => {
    const email = 'varias@example.cl';
    const first = await confirmedSearch(email, 'marca=Kia');
    const second = await confirmedSearch(email, 'q=camioneta 4x4');
    const third = await confirmedSearch(email, 'cuota_max=300000');
    const t1 = signPersonToken(t.config.sessionSecret, 'alertas', email);
    const removed = await postForm('/alertas/gestionar', { t: t1, alerta: String(first) });
    expect(removed.headers.location).toBe(
      `/alertas/gestionar?t=${encodeURIComponent(t1)}&eliminada=${first}`,
    );
    expect((await consentsInForce(db(), email)).map((grant) => grant.savedSearchId)).toEqual([second, third]);
    // A token made for another address removes nothing of this one.
    const other = signPersonToken(t.config.sessionSecret, 'alertas', 'otra@example.cl');
    await postForm('/alertas/gestionar', { t: other, alerta: String(second) });
    expect((await consentsInForce(db(), email)).length).toBe(2);
    const consentsLink = signPersonToken(t.config.sessionSecret, 'consentimientos', email);
    await postForm('/privacidad/consentimientos', { t: consentsLink, proposito: 'marketing' });
    const rows = await db().select().from(savedSearches).where(eq(savedSearches.email, email));
    expect(rows.map((row) => row.status)).toEqual(['withdrawn', 'withdrawn', 'withdrawn']);
    expect(await consentsInForce(db(), email)).toEqual([]);
  });
});

describe('the personal-data tools and retention', () => {
  it('the export lists a person’s alerts; the erasure deletes them, their matches and their days e-mailed', async () => {
    const email = 'borrar@example.cl';
    const id = await confirmedSearch(email, 'marca=Toyota&tipo=SUV');
    await createVehicle(db(), { lookups: suv, model: 'Land Cruiser', price: 60_000_000 });
    expect(await runAlerts(new Date(Date.now() + 200 * 3_600_000))).toMatchObject({ emails: 1 });
    const admin = await signedInStaff(t.app, 'admin');
    const exported = await t.app.inject({
      method: 'GET',
      url: `/admin/api/datos-personales?email=${encodeURIComponent(email)}`,
      headers: admin.headers,
    });
    const document = exported.json();
    expect(document.resumen.alertas).toBe(1);
    expect(document.alertas).toMatchObject([
      {
        id,
        tipo: 'busqueda',
        alerta: 'Toyota · SUV',
        busqueda: 'marca=Toyota&tipo=SUV',
        estado: 'confirmed',
      },
    ]);
    expect(document.correosDeAlertas).toHaveLength(1);
    const erased = await t.app.inject({
      method: 'POST',
      url: '/admin/api/datos-personales/eliminar',
      headers: admin.headers,
      payload: { email, confirmacion: email },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().eliminados.alertas).toBe(1);
    expect(await db().select().from(savedSearches).where(eq(savedSearches.email, email))).toEqual([]);
    expect(
      await db().select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, id)),
    ).toEqual([]);
    expect(await db().select().from(alertDigests).where(eq(alertDigests.email, email))).toEqual([]);
  });

  it('deletes searches never confirmed a week after their link expired, and those removed a month ago', async () => {
    const email = 'olvido@example.cl';
    await postForm('/alertas', { correo: email, consulta: 'marca=Kia', consentimiento: 'on' });
    const kept = await confirmedSearch(email, 'marca=Toyota');
    const removed = await confirmedSearch(email, 'tipo=SUV');
    await postForm('/alertas/gestionar', {
      t: signPersonToken(t.config.sessionSecret, 'alertas', email),
      alerta: String(removed),
    });
    const days = (n: number) => new Date(Date.now() + n * 86_400_000);
    const { anonymiseExpiredLeads } = await import('@server/services/privacy/anonymise-expired-leads.ts');
    const privacy = (await t.app.services.catalogue.dealership()).privacy;
    const soon = await anonymiseExpiredLeads(db(), { now: days(5), privacy });
    expect(soon.alertas).toBe(0);
    const later = await anonymiseExpiredLeads(db(), { now: days(31), privacy });
    // Every search of the file's earlier tests removed or never confirmed goes too.
    expect(later.alertas).toBeGreaterThanOrEqual(2);
    const left = await db().select().from(savedSearches).where(eq(savedSearches.email, email));
    expect(left.map((row) => row.id)).toEqual([kept]);
  });
});
