// The privacy policy as numbered versions (ADR 0031; Ley 19.628 as amended by Ley 21.719, art. 14 ter a): published
// at start and with every settings change that alters its text, once however many publish together, and every
// version readable as it was published.
//
// Pages are the built site's (`npm run build` first, as `npm test` does), served with its page cache.
import type { Dealership } from '@contracts/dealership.ts';
import type { Database } from '@db/client.ts';
import { auditLog, privacyPolicyVersions, siteSettings } from '@db/schema.ts';
import { formatChileDate } from '@domain/chile-time.ts';
import { buildApp } from '@server/app.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { publishCurrentPolicy } from '@server/services/privacy/publish-current-policy.ts';
import { policyText, policyTextHash } from '@server/services/privacy/publish-policy-version.ts';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSpanishRefusal } from '../support/hostile-checks.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { apiAppOn, builtSiteDir, testConfig } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';

interface Saved {
  version: number;
  datos: Dealership;
  politica: { version: number; publicada: boolean } | null;
}

let database: Database;
let app: FastifyInstance;
let admin: SignedInStaff;

beforeAll(async () => {
  const buildDir = builtSiteDir();
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig(), database, pages: 'production', buildDir });
  await app.ready();
  admin = await signedInStaff(app, 'admin');
}, 120_000);
// The app first: on PostgreSQL it holds a pooled connection (LISTEN) that the pool waits for when it ends.
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const versions = () =>
  database.db.select().from(privacyPolicyVersions).orderBy(asc(privacyPolicyVersions.version));
const publications = () =>
  database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'politica_publicada'))
    .orderBy(asc(auditLog.id));
const settingsCount = async () => (await database.db.select({ n: count() }).from(siteSettings))[0]?.n ?? 0;

const read = async () => (await callAs(app, 'GET', '/admin/api/sitio', admin)).json() as Saved;
/** Saves the settings in use with `change` applied. */
async function save(change: (datos: Dealership) => Dealership) {
  const current = await read();
  return callAs(app, 'PUT', '/admin/api/sitio', admin, {
    version: current.version,
    datos: change(current.datos),
  });
}

describe('publishing the privacy policy', () => {
  it('publishes version 1 at start, written from the settings in use and audited as the server’s own act', async () => {
    const [first, ...others] = await versions();
    expect(others).toEqual([]);
    expect(first?.version).toBe(1);
    expect(first?.text).toBe(policyText(defaultDealership));
    expect(first?.textHash).toBe(policyTextHash(first?.text ?? ''));
    // Filled: the name and the periods are in the text itself, no placeholder is left.
    expect(first?.text).toContain(defaultDealership.legalName);
    expect(first?.text).toContain('6 meses para las solicitudes de financiamiento');
    expect(first?.text).not.toMatch(/\{[A-Za-z]+\}/);
    const audit = await publications();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, entity: 'politica_privacidad', entityId: '1' });
  });

  it('publishes nothing when the text stays the same: another start, or a save of a field it does not show', async () => {
    expect(await publishCurrentPolicy(database.db, defaultDealership)).toMatchObject({
      version: 1,
      published: false,
    });
    const other = await apiAppOn(database);
    await other.close();
    const response = await save((datos) => ({ ...datos, tagline: 'Autos con historia, precios claros' }));
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Saved).politica).toEqual({ version: 1, publicada: false });
    expect(await versions()).toHaveLength(1);
    expect(await publications()).toHaveLength(1);
  });

  it('publishes exactly one version when the dealership is renamed, and keeps the earlier one as it was', async () => {
    const response = await save((datos) => ({ ...datos, name: 'Autos del Maule' }));
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Saved).politica).toEqual({ version: 2, publicada: true });
    const [first, second, ...others] = await versions();
    expect(others).toEqual([]);
    expect(second?.text).toContain('(Autos del Maule)');
    expect(first?.text).toContain(`(${defaultDealership.name})`);
    expect(first?.text).not.toContain('Autos del Maule');
    const audit = await publications();
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({ actorId: admin.id, entityId: '2' });
    expect(audit[1]?.details).toMatchObject({ version: 2, anterior: 1, sha256: second?.textHash });
  });

  it('publishes exactly one version when a retention period changes, with the new period in its text', async () => {
    const response = await save((datos) => ({
      ...datos,
      privacy: { ...datos.privacy, retentionMonths: { ...datos.privacy.retentionMonths, financiamiento: 3 } },
    }));
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Saved).politica).toEqual({ version: 3, publicada: true });
    const all = await versions();
    expect(all).toHaveLength(3);
    expect(all[2]?.text).toContain('3 meses para las solicitudes de financiamiento');
    expect(all[1]?.text).toContain('6 meses para las solicitudes de financiamiento');
  });

  it('publishes once when several instances publish at the same moment', async () => {
    // Settings changed behind the app's back, as a file or a release would change them before a start.
    const before = (await versions()).length;
    const { datos } = await read();
    await database.db.insert(siteSettings).values({ data: { ...datos, legalName: 'Autos Paralelos SpA' } });
    app.services.catalogue.invalidate();
    // On PostgreSQL each call has a connection of its own (the pool holds four), so they truly race.
    const results = await Promise.all(
      Array.from({ length: 6 }, () => publishCurrentPolicy(database.db, defaultDealership)),
    );
    expect(results.filter((result) => result.published)).toHaveLength(1);
    expect(new Set(results.map((result) => result.version))).toEqual(new Set([before + 1]));
    const all = await versions();
    expect(all).toHaveLength(before + 1);
    expect(all.at(-1)?.text).toContain('**Autos Paralelos SpA**');
    expect(await publications()).toHaveLength(before + 1);
  });

  it('refuses a privacy text that would state periods or recipients itself, storing nothing', async () => {
    const before = { settings: await settingsCount(), policies: (await versions()).length };
    const response = await save((datos) => ({
      ...datos,
      legal: {
        ...datos.legal,
        privacy: datos.legal.privacy
          .replace('{plazosConservacion}', '12 meses')
          .replace('{aseguradoras}', 'ninguna'),
      },
    }));
    expect(response.statusCode).toBe(400);
    const body = expectSpanishRefusal(response);
    expect(body.campos?.['legal.privacy']).toBe(
      'El texto de la política de privacidad debe incluir {plazosConservacion} y {aseguradoras}, para que los plazos de conservación y las instituciones que publica sean siempre los de la configuración.',
    );
    // Restoring a version whose text lacks them is refused too.
    const { datos } = await read();
    const [older] = await database.db
      .insert(siteSettings)
      .values({
        data: { ...datos, legal: { ...datos.legal, privacy: '## Privacidad\n\nGuardamos todo 24 meses.' } },
      })
      .returning({ version: siteSettings.version });
    const [latest] = await database.db
      .insert(siteSettings)
      .values({ data: datos })
      .returning({ version: siteSettings.version });
    app.services.catalogue.invalidate();
    const restore = await callAs(
      app,
      'POST',
      `/admin/api/sitio/versiones/${older?.version}/restaurar`,
      admin,
      {
        version: latest?.version,
      },
    );
    expect(restore.statusCode, restore.body).toBe(400);
    expect(expectSpanishRefusal(restore).error).toContain('No se puede restaurar esa versión.');
    expect(await settingsCount()).toBe(before.settings + 2);
    expect(await versions()).toHaveLength(before.policies);
  });
});

describe('/privacidad and its versions', () => {
  const page = (url: string) => app.inject({ method: 'GET', url });
  /** The page's words, without its markup (React's separators and the spans that keep a date on one line). */
  const words = (html: string) => html.replace(/<[^>]*>/g, '');

  it('shows the version in force with its number and date, and links every earlier one', async () => {
    const all = await versions();
    const newest = all.at(-1);
    const response = await page('/privacidad');
    expect(response.statusCode).toBe(200);
    expect(words(response.body)).toContain(
      `Versión ${newest?.version} · vigente desde ${formatChileDate(newest?.publishedAt ?? 0)}`,
    );
    expect(response.body).toContain('Versiones anteriores');
    for (const row of all.slice(0, -1)) {
      expect(response.body).toContain(`href="/privacidad/version/${row.version}"`);
    }
    expect(response.body).toContain('Autos Paralelos SpA');
    expect(response.body).not.toContain('noindex');
  });

  it('shows an earlier version as it was stored, not written again from today’s settings, and keeps it out of search', async () => {
    const [first, second] = await versions();
    const response = await page('/privacidad/version/1');
    expect(response.statusCode).toBe(200);
    expect(words(response.body)).toContain(
      `Versión 1 · vigente del ${formatChileDate(first?.publishedAt ?? 0)} al ${formatChileDate(second?.publishedAt ?? 0)}`,
    );
    expect(response.body).toContain(defaultDealership.legalName);
    expect(response.body).not.toContain('Autos Paralelos SpA</strong>');
    expect(response.body).toContain('6 meses para las solicitudes de financiamiento');
    expect(response.body).toMatch(/<meta name="robots" content="noindex"\/?>/);
    expect(response.body).toContain('Ya no está vigente');
    expect(response.body).toContain('href="/privacidad"');
  });

  it('answers a version that does not exist with the Spanish 404 page, however its number is written', async () => {
    for (const version of [
      '0',
      '-1',
      '1e9',
      'abc',
      '01',
      '1.0',
      '99',
      '2147483648',
      '99999999999999999999999999',
      '%F0%9F%9A%97',
      "1'%20or%201=1",
    ]) {
      const response = await page(`/privacidad/version/${version}`);
      expect(response.statusCode, version).toBe(404);
      expect(response.body, version).toContain('Página no encontrada');
      expect(response.body, version).toMatch(/<meta name="robots" content="noindex"\/?>/);
    }
  });
});
