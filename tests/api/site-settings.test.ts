// The site settings in the back office (issue 20 item 1, ADR 0025): versions, audit, restore, refusals, and every
// instance showing a change at once.
import type { Dealership } from '@contracts/dealership.ts';
import { type Database, openDatabase } from '@db/client.ts';
import { auditLog, emailOutbox, images, siteImages, siteSettings } from '@db/schema.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import { withCheckDigit } from '@domain/vin.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalDate } from '~/lib/legal-text.server';
import { loader as financingLoader } from '~/routes/financing';
import { loader as privacyLoader } from '~/routes/privacidad';
import { loader as termsLoader } from '~/routes/terminos';
import { csrfHeaders, multipartBody } from '../support/csrf-client.ts';
import { eventually } from '../support/eventually.ts';
import { createLookups, createVehicle, makeJpeg } from '../support/factories.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { apiAppOn, createTestApp, type TestApp } from '../support/test-app.ts';
import { ThrowawayPostgres } from '../support/throwaway-postgres.ts';

interface SettingsBody {
  version: number;
  datos: Dealership;
  versiones: Array<{ version: number; createdBy: string | null; restoredFrom: number | null }>;
}

let t: TestApp;
let admin: SignedInStaff;
let ventas: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, 'admin');
  ventas = await signedInStaff(t.app, 'ventas');
  // The feeds name the dealership on each vehicle's row.
  await createVehicle(t.database.db, {
    lookups: await createLookups(t.database.db),
    photos: 1,
    vin: withCheckDigit('KMHJ3814GJU000123'),
  });
  t.app.services.catalogue.invalidate();
});
afterAll(() => t.close());

const read = async (app: FastifyInstance = t.app, who: SignedInStaff = admin) =>
  (await callAs(app, 'GET', '/admin/api/sitio', who)).json() as SettingsBody;
const save = (body: unknown, app: FastifyInstance = t.app, who: SignedInStaff = admin) =>
  callAs(app, 'PUT', '/admin/api/sitio', who, body);
const versionCount = async () => (await t.database.db.select({ n: count() }).from(siteSettings))[0]?.n ?? 0;
/** The newest audit entry of a save. */
const lastSave = async () =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'configuracion_guardada'))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];
const googleFeed = async (app: FastifyInstance = t.app) =>
  (await app.inject({ method: 'GET', url: '/feeds/google-vehiculos.csv' })).body;

describe('site settings', () => {
  it('starts from the configured settings, with no version stored until the first save', async () => {
    const body = await read();
    expect(body.version).toBe(0);
    expect(body.datos.name).toBe(defaultDealership.name);
    expect(body.versiones).toEqual([]);
    expect(await versionCount()).toBe(0);
  });

  it('is for admins only: a ventas user and an anonymous caller are refused', async () => {
    expect((await callAs(t.app, 'GET', '/admin/api/sitio', ventas)).statusCode).toBe(403);
    expect((await save({ version: 0, datos: defaultDealership }, t.app, ventas)).statusCode).toBe(403);
    expect((await callAs(t.app, 'GET', '/admin/api/sitio', null)).statusCode).toBe(401);
    expect(await versionCount()).toBe(0);
  });

  it('saves a change as a version, keeps the configured one as the first, audits who changed what', async () => {
    const before = await read();
    const phones = [{ ...defaultDealership.phones[0], display: '+56 2 2999 1111', e164: '+56229991111' }];
    const response = await save({ version: before.version, datos: { ...before.datos, phones } });
    expect(response.statusCode).toBe(200);
    const body = response.json() as SettingsBody;
    expect(body.datos.phones[0]?.display).toBe('+56 2 2999 1111');
    // Version 1 is the configured settings, version 2 the change.
    expect(body.versiones.map((v) => [v.version, v.createdBy === null])).toEqual([
      [2, false],
      [1, true],
    ]);
    const [first] = await t.database.db.select().from(siteSettings).where(eq(siteSettings.version, 1));
    expect(first?.data.phones[0]?.display).toBe(defaultDealership.phones[0]?.display);
    const entry = await lastSave();
    expect(entry?.actorId).toBe(admin.id);
    // Only what changed, before and after: one phone, not the whole settings, and no second phone (it was removed).
    const changes = (entry?.details as { cambios: Record<string, unknown> } | undefined)?.cambios ?? {};
    expect(changes['phones.0.display']).toBeUndefined();
    expect(changes.phones).toEqual([defaultDealership.phones, phones]);
  });

  it('shows a change at once in the feeds and in the next staff e-mail', async () => {
    const current = await read();
    expect(await googleFeed()).toContain(current.datos.name);
    const response = await save({
      version: current.version,
      datos: { ...current.datos, name: 'Autos del Valle', salesEmail: 'equipo@autosdelvalle.cl' },
    });
    expect(response.statusCode).toBe(200);
    expect(await googleFeed()).toContain('Autos del Valle');
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/contacto-contacto/',
      payload: VALID_PAYLOADS['/api/contacto-contacto/'],
      headers: await csrfHeaders(t.app),
    });
    expect(lead.statusCode).toBe(201);
    // The sales mailbox's copy (staff who opted in get a notice of their own besides).
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'equipo@autosdelvalle.cl'))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    expect(mail).toBeDefined();
    expect(mail?.textBody).toContain('Autos del Valle');
  });

  it("writes the main address's postal code in the Google feed's address, as saved", async () => {
    const current = await read();
    expect(await googleFeed()).toContain('Santiago 8940000, Chile');
    const [main, ...others] = current.datos.addresses;
    if (!main) throw new Error('no address');
    const response = await save({
      version: current.version,
      datos: { ...current.datos, addresses: [{ ...main, postalCode: ' 8320000 ' }, ...others] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await read()).datos.addresses[0]?.postalCode).toBe('8320000');
    expect(await googleFeed()).toContain('Santiago 8320000, Chile');
  });

  it('restores an earlier version as a new one, and a restore of an unknown version is a 404', async () => {
    const current = await read();
    const restored = await callAs(t.app, 'POST', '/admin/api/sitio/versiones/1/restaurar', admin, {
      version: current.version,
    });
    expect(restored.statusCode).toBe(200);
    const body = restored.json() as SettingsBody;
    expect(body.version).toBe(current.version + 1);
    expect(body.datos).toEqual(defaultDealership);
    expect(body.versiones[0]?.restoredFrom).toBe(1);
    expect(await googleFeed()).toContain(defaultDealership.name);
    for (const version of ['999', '0', 'abc', '2147483648']) {
      const missing = await callAs(t.app, 'POST', `/admin/api/sitio/versiones/${version}/restaurar`, admin, {
        version: body.version,
      });
      expect(missing.statusCode, version).toBe(404);
    }
    expect(await versionCount()).toBe(body.version);
  });

  it('refuses a save from a page that showed an older version (409), so one admin never undoes another', async () => {
    const current = await read();
    const stale = await save({
      version: current.version - 1,
      datos: { ...current.datos, tagline: 'Otra frase' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/Recarga la página/);
    expect((await read()).datos.tagline).toBe(current.datos.tagline);
  });

  it('refuses hostile or broken settings with a Spanish sentence per field, storing nothing', async () => {
    const current = await read();
    const stored = await versionCount();
    const cases: Array<[string, Partial<Dealership>, string]> = [
      [
        'social.0.url',
        {
          social: [
            { name: 'Facebook', url: 'javascript:alert(1)' },
            current.datos.social[1] ?? { name: 'x', url: '' },
          ],
        },
        'https://',
      ],
      ['mapUrl', { mapUrl: 'data:text/html,<script>alert(1)</script>' }, 'https://'],
      ['name', { name: 'A'.repeat(81) }, '80'],
      ['about', { about: 'x'.repeat(2001) }, '2000'],
      ['name', { name: '   ' }, 'Ingresa el nombre de la automotora.'],
      ['tagline', { tagline: 'Hola\u0000mundo' }, 'control'],
      ['phones', { phones: [] }, 'al menos un teléfono'],
      ['email', { email: 'no-es-correo' }, 'correo'],
      ['whatsapp', { whatsapp: '+56 9 1234' }, 'Ingresa un teléfono chileno'],
      // The postal code: seven ASCII digits, nothing else, whatever the type.
      ...[
        '894000',
        '89400001',
        '894-0000',
        '894 0000',
        'abcdefg',
        '٨٩٤٠٠٠٠',
        '８９４００００',
        '',
        8940000,
        null,
      ].map((postalCode): [string, Partial<Dealership>, string] => [
        'addresses.0.postalCode',
        {
          addresses: current.datos.addresses.map((a, i) =>
            i === 0 ? { ...a, postalCode: postalCode as unknown as string } : a,
          ),
        },
        'El código postal tiene 7 dígitos',
      ]),
      ['partners', { partners: current.datos.partners.slice(0, 5) }, 'seis instituciones'],
      [
        'partners.2.name',
        { partners: current.datos.partners.map((p, i) => (i === 2 ? { ...p, name: ' ' } : p)) },
        'Ingresa el nombre de la institución.',
      ],
      [
        'financingPage.directo.requirements',
        {
          financingPage: {
            ...current.datos.financingPage,
            directo: { ...current.datos.financingPage.directo, requirements: ['Cédula', 'x'.repeat(161)] },
          },
        },
        'Línea 2: Cada requisito admite hasta 160 caracteres.',
      ],
      ['pageDescriptions.home', { pageDescriptions: { home: 'x'.repeat(301) } }, '300'],
      ['pageDescriptions.contact', { pageDescriptions: { contact: 'Dos\nlíneas' } }, 'una sola línea'],
      [
        'financing',
        {
          financing: {
            ...current.datos.financing,
            fees: [{ id: 'desgravamen', label: 'Notaría', amount: 1000, financed: true }],
          },
        },
        'el identificador desgravamen se repite',
      ],
      // The quotation's terms (ADR 0032).
      [
        'financing.insurances.0.insurer',
        {
          financing: {
            ...current.datos.financing,
            insurances: [
              {
                id: 'vida',
                label: 'Vida',
                monthlyPercent: 0.02,
                required: false,
                coverage: 'Fallecimiento.',
              },
            ],
          },
        },
        'Ingresa la aseguradora.',
      ],
      [
        'financing.insurances.0.coverage',
        {
          financing: {
            ...current.datos.financing,
            insurances: [
              {
                id: 'vida',
                label: 'Vida',
                monthlyPercent: 0.02,
                required: false,
                insurer: 'Seguros X',
                coverage: 'x'.repeat(301),
              },
            ],
          },
        },
        '300',
      ],
      ...[0, 31, 2.5, '7', null].map((days): [string, Partial<Dealership>, string] => [
        'creditQuotation.validityBusinessDays',
        { creditQuotation: { ...current.datos.creditQuotation, validityBusinessDays: days as number } },
        'día',
      ]),
      [
        'creditQuotation.lenders.convencional',
        {
          creditQuotation: {
            ...current.datos.creditQuotation,
            lenders: { convencional: 'Banco\nDos', directo: null },
          },
        },
        'una sola línea',
      ],
      [
        'creditQuotation.prepayment',
        { creditQuotation: { ...current.datos.creditQuotation, prepayment: 'Sí.' } },
        'al menos 20 caracteres',
      ],
      [
        'creditQuotation.lateInterest',
        {
          creditQuotation: {
            ...current.datos.creditQuotation,
            lateInterest: 'Interés\u0007 por atraso del crédito',
          },
        },
        'control',
      ],
      [
        'financing.insurances.0.monthlyPercent',
        {
          financing: {
            ...current.datos.financing,
            insurances: [
              { id: 'vida', label: 'Vida', monthlyPercent: 'mucho' as unknown as number, required: false },
            ],
          },
        },
        'número',
      ],
    ];
    for (const [field, change, message] of cases) {
      const response = await save({ version: current.version, datos: { ...current.datos, ...change } });
      expect(response.statusCode, field).toBe(400);
      const body = response.json() as { error: string; campos: Record<string, string> };
      expect(body.campos[field], `${field}: ${JSON.stringify(body.campos)}`).toContain(message);
    }
    for (const body of [{}, [], { version: current.version }, { version: -1, datos: current.datos }]) {
      const response = await save(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await versionCount()).toBe(stored);
    expect((await read()).datos).toEqual(current.datos);
  });

  it('refuses a field the settings do not have, naming it, at any depth, storing nothing', async () => {
    const current = await read();
    const stored = await versionCount();
    const { financing } = current.datos;
    const cases: Array<[string, Record<string, unknown>]> = [
      // An empty name holding an object: once accepted with 200 and stored as `{}`.
      ['pageDescriptions.', { pageDescriptions: { '': {} } }],
      ['pageDescriptions.inicio', { pageDescriptions: { home: 'Autos en Talca', inicio: 'Autos' } }],
      ['colour', { colour: '#ff0000' }],
      [
        'financing.credits.directo.maxTermMonths',
        {
          financing: {
            ...financing,
            credits: { ...financing.credits, directo: { ...financing.credits.directo, maxTermMonths: 60 } },
          },
        },
      ],
      [
        'financing.credits.convencional.monthlyRatePercent.60',
        {
          financing: {
            ...financing,
            credits: {
              ...financing.credits,
              convencional: {
                ...financing.credits.convencional,
                monthlyRatePercent: { ...financing.credits.convencional.monthlyRatePercent, 60: 1.5 },
              },
            },
          },
        },
      ],
      [
        'slides.1.photo.url',
        {
          slides: current.datos.slides.map((slide, i) =>
            i === 1 ? { ...slide, photo: { hash: '0'.repeat(32), width: 10, height: 10, url: 'x' } } : slide,
          ),
        },
      ],
    ];
    for (const [field, change] of cases) {
      const response = await save({ version: current.version, datos: { ...current.datos, ...change } });
      expect(response.statusCode, field).toBe(400);
      const body = response.json() as { error: string; campos: Record<string, string> };
      expect(body.campos[field], `${field}: ${JSON.stringify(body.campos)}`).toBe(
        'Este campo no existe en la configuración.',
      );
      expect(body.error).toBe('La configuración trae campos que no existen.');
    }
    // Beside the settings, in the body itself.
    const extra = await save({ version: current.version, datos: current.datos, borrador: true });
    expect(extra.statusCode).toBe(400);
    expect((extra.json() as { campos: Record<string, string> }).campos).toEqual({
      borrador: 'Este campo no existe en la configuración.',
    });
    // Unknown fields and a broken one: each under its own name, the sentence for the form as usual.
    const both = await save({
      version: current.version,
      datos: { ...current.datos, name: '', pageDescriptions: { hogar: 'x' } },
    });
    expect(both.json()).toEqual({
      error: 'Revisa los campos marcados.',
      campos: {
        name: 'Ingresa el nombre de la automotora.',
        'pageDescriptions.hogar': 'Este campo no existe en la configuración.',
      },
    });
    expect(await versionCount()).toBe(stored);
    expect((await read()).datos).toEqual(current.datos);
  });

  it('keeps a script tag as text: it is stored as typed and the pages escape it', async () => {
    const current = await read();
    const response = await save({
      version: current.version,
      datos: { ...current.datos, tagline: '<script>alert(1)</script> autos' },
    });
    expect(response.statusCode).toBe(200);
    expect(await googleFeed()).not.toContain('<script>');
  });
});

describe('the content of the site', () => {
  it('saves the partners, the texts of /financing, the credit costs and the page descriptions', async () => {
    const current = await read();
    const datos: Dealership = {
      ...current.datos,
      partners: current.datos.partners.map((partner, index) =>
        index === 0 ? { ...partner, name: 'Banco del Maule' } : partner,
      ),
      financingPage: {
        ...current.datos.financingPage,
        directo: { ...current.datos.financingPage.directo, requirements: ['Cédula de identidad vigente'] },
      },
      financing: {
        ...current.datos.financing,
        fees: [{ id: 'notaria', label: 'Notaría', amount: 31_000, financed: false }],
        stampTax: { monthlyPercent: 0.066, capPercent: 0.8 },
      },
      pageDescriptions: { home: 'Autos nuevos y usados en Talca, con crédito directo.' },
    };
    const response = await save({ version: current.version, datos });
    expect(response.statusCode, response.body).toBe(200);
    const saved = (await read()).datos;
    expect(saved.partners[0]?.name).toBe('Banco del Maule');
    expect(saved.financingPage.directo.requirements).toEqual(['Cédula de identidad vigente']);
    expect(saved.financing.fees).toEqual([
      { id: 'notaria', label: 'Notaría', amount: 31_000, financed: false },
    ]);
    expect(saved.pageDescriptions).toEqual({ home: 'Autos nuevos y usados en Talca, con crédito directo.' });
    const entry = await lastSave();
    const changes = (entry?.details as { cambios: Record<string, unknown> } | undefined)?.cambios ?? {};
    expect(Object.keys(changes).sort()).toEqual(
      [
        'financing.fees',
        'financingPage.directo.requirements',
        'pageDescriptions.home',
        'partners.0.name',
      ].sort(),
    );
  });
});

describe('the quotation', () => {
  it("saves its lenders, validity, terms and insurers, and /financing's quotation states them at once", async () => {
    const current = await read();
    const financingPage = () =>
      (financingLoader as (args: unknown) => ReturnType<typeof financingLoader>)({
        context: { services: t.app.services },
      });
    expect((await financingPage()).quotation.lenders.convencional).toBe(
      current.datos.creditQuotation.lenders.convencional,
    );
    const datos: Dealership = {
      ...current.datos,
      creditQuotation: {
        ...current.datos.creditQuotation,
        lenders: { convencional: 'Banco del Maule', directo: 'Financiera Lircay' },
        validityBusinessDays: 5,
        prepayment: 'Prepago sin comisión, total o parcial, en cualquier momento.',
      },
      financing: {
        ...current.datos.financing,
        insurances: current.datos.financing.insurances.map((insurance, index) =>
          index === 0
            ? { ...insurance, insurer: 'Seguros del Maule', coverage: 'Saldo insoluto.' }
            : insurance,
        ),
      },
    };
    const response = await save({ version: current.version, datos });
    expect(response.statusCode, response.body).toBe(200);
    const quotation = (await financingPage()).quotation;
    expect(quotation.lenders).toEqual({ convencional: 'Banco del Maule', directo: 'Financiera Lircay' });
    expect(quotation.validityBusinessDays).toBe(5);
    expect(quotation.prepayment).toBe('Prepago sin comisión, total o parcial, en cualquier momento.');
    expect(quotation.insurances[0]).toMatchObject({
      insurer: 'Seguros del Maule',
      coverage: 'Saldo insoluto.',
    });
    const entry = await lastSave();
    const changes = (entry?.details as { cambios: Record<string, unknown> } | undefined)?.cambios ?? {};
    expect(Object.keys(changes)).toContain('creditQuotation.lenders.directo');
  });
});

describe('legal texts', () => {
  // What /terminos and /privacidad render: their route loaders, on the settings this app serves.
  const page = (loader: typeof termsLoader | typeof privacyLoader) =>
    (loader as (args: unknown) => ReturnType<typeof termsLoader>)({ context: { services: t.app.services } });

  it('shows changed terms on /terminos at once, in sections, with the date of the save (ADR 0041)', async () => {
    const current = await read();
    const before = await page(termsLoader);
    expect(before.text.sections.map((s) => s.title)).not.toContain('Garantía extendida');
    const terms = `${current.datos.legal.terms.replace(
      'Al usarlo aceptas estos términos.',
      'Al navegar en {nombre} aceptas estos términos.',
    )}\n\n## Garantía extendida\n\nOfrecemos **12 meses** de garantía en [autos usados](/vehicles).`;
    const savedOn = chileDayKey(new Date());
    const response = await save({
      version: current.version,
      datos: { ...current.datos, legal: { ...current.datos.legal, terms, updated: '2020-12-01' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await page(termsLoader);
    // The date typed in the body is not taken: the terms changed on the day of the save (Chile's day).
    const saved = (response.json() as SettingsBody).datos.legal.updated;
    expect([savedOn, chileDayKey(new Date())]).toContain(saved);
    expect(after.updated).toBe(legalDate(saved));
    expect(after.text.sections.at(-1)).toEqual({
      id: 'garantia-extendida',
      title: 'Garantía extendida',
      html: '<p>Ofrecemos <strong>12 meses</strong> de garantía en <a href="/vehicles">autos usados</a>.</p>\n',
    });
    expect(after.text.sections[0]?.html).toContain(
      `Al navegar en ${current.datos.name} aceptas estos términos.`,
    );
    // The privacy text did not change: /privacidad shows the date of its version in force, not this one.
    const privacy = (await page(privacyLoader)) as unknown as Awaited<ReturnType<typeof privacyLoader>>;
    expect(privacy.text.sections[0]?.html).toContain(current.datos.legalName);
    expect(privacy).not.toHaveProperty('updated');
    expect(privacy.version).toBeGreaterThan(0);
  });

  it('refuses raw HTML, other links, unknown placeholders and a bad date under each field, storing nothing', async () => {
    const current = await read();
    const stored = await versionCount();
    const shown = await page(termsLoader);
    const cases: Array<[string, Partial<Dealership['legal']>, string]> = [
      [
        'legal.terms',
        { terms: '## Hola\n\n<script>alert(1)</script>' },
        'no admite etiquetas HTML como «<script>»',
      ],
      ['legal.privacy', { privacy: 'Ver [aquí](javascript:alert(1)).' }, 'no está permitido'],
      ['legal.privacy', { privacy: '[x](data:text/html,hola)' }, 'https://, mailto: o /'],
      ['legal.terms', { terms: 'Somos {foo}.' }, 'usa {foo}, que no existe. Usa {nombre}'],
      ['legal.terms', { terms: 'x'.repeat(30_001) }, '30000'],
      ['legal.terms', { terms: '' }, 'Ingresa el texto de los términos.'],
      ['legal.updated', { updated: '01/12/2026' }, 'AAAA-MM-DD'],
    ];
    for (const [field, change, message] of cases) {
      const response = await save({
        version: current.version,
        datos: { ...current.datos, legal: { ...current.datos.legal, ...change } },
      });
      expect(response.statusCode, field).toBe(400);
      const body = response.json() as { campos: Record<string, string> };
      expect(body.campos[field], `${field}: ${JSON.stringify(body.campos)}`).toContain(message);
    }
    // A version without the legal texts is refused too (the form always sends them).
    const { legal: _legal, ...withoutLegal } = current.datos;
    expect((await save({ version: current.version, datos: withoutLegal })).statusCode).toBe(400);
    expect(await versionCount()).toBe(stored);
    expect((await read()).datos).toEqual(current.datos);
    expect(await page(termsLoader)).toEqual(shown);
  });

  it('fills the legal texts of a version stored before they existed from the configured ones', async () => {
    const current = await read();
    const { legal: _legal, ...older } = current.datos;
    await t.database.db.insert(siteSettings).values({ data: older as Dealership });
    t.app.services.catalogue.invalidate();
    const body = await read();
    expect(body.version).toBe(current.version + 1);
    expect(body.datos.legal).toEqual(defaultDealership.legal);
    expect((await page(termsLoader)).text.sections[0]?.title).toBe('Quiénes somos y aceptación');
  });
});

describe('home slide photos', () => {
  const uploadPhoto = async (data: Buffer, who: SignedInStaff = admin, field = 'foto') => {
    const { payload, contentType } = multipartBody({}, [
      { field, filename: 'portada.jpg', contentType: 'image/jpeg', data },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/admin/api/sitio/fotos',
      payload,
      headers: { ...who.headers, 'content-type': contentType },
    });
  };
  const siteImageCount = async () => (await t.database.db.select({ n: count() }).from(siteImages))[0]?.n ?? 0;

  it('uploads a photo that a slide then shows, public under /media once uploaded', async () => {
    const response = await uploadPhoto(await makeJpeg(1600, 900, '#aa3311'));
    expect(response.statusCode, response.body).toBe(201);
    const { foto } = response.json() as { foto: { hash: string; width: number; height: number } };
    expect(foto).toMatchObject({ width: 1600, height: 900 });
    expect((await t.app.inject({ method: 'GET', url: `/media/${foto.hash}/320.jpg` })).statusCode).toBe(200);
    const current = await read();
    const slides = current.datos.slides.map((slide, index) =>
      index === 0 ? { ...slide, title: 'Nuevos SUV 2027', photo: foto } : slide,
    );
    const saved = await save({ version: current.version, datos: { ...current.datos, slides } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await read()).datos.slides[0]).toMatchObject({ title: 'Nuevos SUV 2027', photo: foto });
  });

  it('refuses a slide naming a photo not uploaded for the site, and uploads that are not one photo', async () => {
    const current = await read();
    // An image stored for another purpose (an appraisal photo, say) is not a site photo.
    const [other] = await t.database.db
      .insert(images)
      .values({
        hash: 'f'.repeat(32),
        format: 'jpeg',
        width: 10,
        height: 10,
        byteSize: 3,
        data: Buffer.from('abc'),
      })
      .returning();
    for (const hash of ['0'.repeat(32), other?.hash ?? '']) {
      const slides = current.datos.slides.map((slide, index) =>
        index === 1 ? { ...slide, photo: { hash, width: 10, height: 10 } } : slide,
      );
      const response = await save({ version: current.version, datos: { ...current.datos, slides } });
      expect(response.statusCode).toBe(400);
      expect(response.json().campos['slides.1.photo']).toBe('Esa foto no está entre las subidas al sitio.');
    }
    const partners = current.datos.partners.map((partner, index) =>
      index === 3 ? { ...partner, logo: { hash: other?.hash ?? '', width: 10, height: 10 } } : partner,
    );
    const logo = await save({ version: current.version, datos: { ...current.datos, partners } });
    expect(logo.statusCode).toBe(400);
    expect(logo.json().campos).toEqual({ 'partners.3.logo': 'Esa foto no está entre las subidas al sitio.' });
    expect((await t.app.inject({ method: 'GET', url: `/media/${'f'.repeat(32)}/320.jpg` })).statusCode).toBe(
      404,
    );
    const photos = await siteImageCount();
    expect((await uploadPhoto(Buffer.from('no soy una imagen'))).json().campos.foto).toMatch(/imagen/);
    expect((await uploadPhoto(await makeJpeg(), admin, 'otra')).statusCode).toBe(400);
    expect((await uploadPhoto(await makeJpeg(), ventas)).statusCode).toBe(403);
    expect((await callAs(t.app, 'POST', '/admin/api/sitio/fotos', admin, { foto: 'x' })).statusCode).toBe(
      415,
    );
    expect(await siteImageCount()).toBe(photos);
  });
});

describe('a version saved before a field existed', () => {
  it('takes the new fields from the configured settings and keeps everything it has', async () => {
    const current = await read();
    const { partners: _p, financingPage: _f, pageDescriptions: _d, ...older } = current.datos;
    await t.database.db
      .insert(siteSettings)
      .values({ data: { ...older, name: 'Autos de Antes' } as Dealership });
    t.app.services.catalogue.invalidate();
    const now = await read();
    expect(now.version).toBe(current.version + 1);
    expect(now.datos.name).toBe('Autos de Antes');
    expect(now.datos.partners).toEqual(defaultDealership.partners);
    expect(now.datos.financingPage).toEqual(defaultDealership.financingPage);
    expect(now.datos.pageDescriptions).toEqual({});
  });

  it('drops what a field since removed left in an older version, and restores that version', async () => {
    const current = await read();
    const older = {
      ...current.datos,
      name: 'Autos de Ayer',
      fax: '+56 2 2000 0000',
      pageDescriptions: { home: 'Autos usados en Talca', blog: 'Noticias' },
      financing: {
        ...current.datos.financing,
        stampTax: { ...current.datos.financing.stampTax, note: 'DL 3.475' },
      },
    };
    const [row] = await t.database.db
      .insert(siteSettings)
      .values({ data: older as Dealership })
      .returning({ version: siteSettings.version });
    t.app.services.catalogue.invalidate();
    const now = await read();
    expect(now.datos).toEqual({
      ...current.datos,
      name: 'Autos de Ayer',
      pageDescriptions: { home: 'Autos usados en Talca' },
    });
    // Saved again through the form, and restored from the list of versions, it keeps what still exists.
    expect((await save({ version: now.version, datos: now.datos })).statusCode).toBe(200);
    const back = await save({ version: now.version, datos: { ...now.datos, name: 'Otro nombre' } });
    expect(back.statusCode, back.body).toBe(200);
    const restored = await callAs(
      t.app,
      'POST',
      `/admin/api/sitio/versiones/${row?.version}/restaurar`,
      admin,
      { version: (back.json() as SettingsBody).version },
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json() as SettingsBody).datos.name).toBe('Autos de Ayer');
  });
});

describe('the settings editor', () => {
  it('shows the newest version in the database even while the pages still hold an older one', async () => {
    // Another instance's save reaches this instance's snapshot a moment after it is stored; written straight into
    // the table here, it has not reached it at all. The editor must show it, or the admin told to reload saves
    // from an old version and is refused again.
    const before = await read();
    expect(await googleFeed()).toContain(before.datos.name); // the snapshot is held
    const [row] = await t.database.db
      .insert(siteSettings)
      .values({ data: { ...before.datos, name: 'Escrita por otra instancia' } })
      .returning({ version: siteSettings.version });
    expect(await googleFeed()).not.toContain('Escrita por otra instancia'); // the pages have not heard of it
    const shown = await read();
    expect(shown.version).toBe(row?.version);
    expect(shown.datos.name).toBe('Escrita por otra instancia');
    expect(shown.versiones[0]?.version).toBe(row?.version);
    const saved = await save({ version: shown.version, datos: { ...shown.datos, name: before.datos.name } });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('site settings on several instances', () => {
  let throwaway: ThrowawayPostgres;
  let databases: Database[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    throwaway = await ThrowawayPostgres.create('t_settings');
    databases = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused', poolSize: 4 })),
    );
    const apps = await Promise.all(databases.map((database) => apiAppOn(database)));
    if (!apps[0] || !apps[1]) throw new Error('two instances expected');
    [a, b] = [apps[0], apps[1]];
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all(databases.map((d) => d.close()));
    await throwaway?.drop();
  });

  it('shows a change saved on one instance on the other within seconds', async () => {
    const adminA = await signedInStaff(a, 'admin');
    await createVehicle(a.services.db, {
      lookups: await createLookups(a.services.db),
      photos: 1,
      vin: withCheckDigit('KMHJ3814GJU000123'),
    });
    a.services.catalogue.invalidate();
    await eventually(async () => (await googleFeed(b)).includes(defaultDealership.name), 5_000); // B holds it now
    const current = await read(a, adminA);
    const response = await save(
      { version: current.version, datos: { ...current.datos, name: 'Autos Norte' } },
      a,
      adminA,
    );
    expect(response.statusCode).toBe(200);
    await eventually(async () => (await googleFeed(b)).includes('Autos Norte'), 5_000);
  });

  it('lines up two saves made at once on two instances: one wins, the other is told to reload', async () => {
    const adminA = await signedInStaff(a, 'admin');
    const adminB = await signedInStaff(b, 'admin');
    const current = await read(a, adminA);
    const [first, second] = await Promise.all([
      save({ version: current.version, datos: { ...current.datos, tagline: 'Desde A' } }, a, adminA),
      save({ version: current.version, datos: { ...current.datos, tagline: 'Desde B' } }, b, adminB),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? 'Desde A' : 'Desde B';
    expect((await read(b, adminB)).datos.tagline).toBe(winner);
  });
});
