import { LeadCreatedSchema } from '@contracts/leads.ts';
import { consentEvents, emailOutbox, leads } from '@db/schema.ts';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  expectOnlyTemplateMarkup,
  expectSpanishRefusal,
  htmlShowsEscaped,
  type StoredCounts,
  storedCounts,
} from './hostile-checks.ts';
import { type LeadPath, VALID_PAYLOADS } from './lead-payloads.ts';
import type { TestApp } from './test-app.ts';

// The hostile-input oracle for the six lead endpoints, written from docs/api.md/§5 and contracts/leads.ts as a reader
// would state them ("texts are trimmed; one line unless it is a message; no control characters"), not by calling
// the contracts: a contract that loosens a rule makes these tests fail.

type LeadRow = typeof leads.$inferSelect;

export type FieldKind =
  | 'line' // trimmed, one line
  | 'multiline' // trimmed, line breaks allowed
  | 'email'
  | 'phone'
  | 'year'
  | 'km'
  | 'date'
  | 'enum'
  | 'term'
  | 'vehicleRef'
  | 'honeypot'
  | 'consent' // JSON: true, false, or absent/null; nothing else (ADR 0031)
  | 'formConsent' // multipart: 'true' or 'on' ticked, 'false' or '' not; nothing else
  | 'policyVersion' // JSON: an integer from 1 to 2^31 - 1, or absent/null
  | 'formPolicyVersion'; // multipart: the same as digits, or ''

export interface FieldSpec {
  kind: FieldKind;
  /** Where an accepted value is kept: a column of `leads` or a key of `details`; none for the honeypot. */
  store: { column: 'name' | 'email' | 'phone' | 'message' | 'vehicleId' } | { detail: string } | null;
  optional?: boolean;
  /** Upper length bound (code points, after trim) for texts. */
  max?: number;
  /** The label the staff e-mail puts before the value, when it shows the value as typed. */
  emailLabel?: string;
  /**
   * A socio-economic field (ADR 0031): kept only when `consentimiento_datos_socioeconomicos` is ticked, else stored
   * as null with its name among the lead's withheld fields, and the e-mail says so after this label.
   */
  sensitive?: string;
}

const name: FieldSpec = { kind: 'line', store: { column: 'name' }, max: 100, emailLabel: 'Nombre' };
const email: FieldSpec = { kind: 'email', store: { column: 'email' }, max: 254, emailLabel: 'Correo' };
const phone: FieldSpec = { kind: 'phone', store: { column: 'phone' }, max: 16, emailLabel: 'Teléfono' };
const message = (max: number, optional = false): FieldSpec => ({
  kind: 'multiline',
  store: { column: 'message' },
  max,
  optional,
});
const detail = (key: string, kind: FieldKind, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  kind,
  store: { detail: key },
  ...extra,
});
const honeypot: FieldSpec = { kind: 'honeypot', store: null };
const consent: FieldSpec = { kind: 'consent', store: null };
const policyVersion: FieldSpec = { kind: 'policyVersion', store: null };
/** What every form may send besides its own fields. */
const everyForm = { consentimiento_marketing: consent, politica_version: policyVersion };

export const LEAD_FIELDS: Record<LeadPath, Record<string, FieldSpec>> = {
  '/api/contacto-contacto/': {
    name,
    email,
    phone,
    subject: detail('subject', 'enum'),
    message: message(3000),
    sitio_web: honeypot,
    ...everyForm,
  },
  '/api/contact/': {
    nombre: name,
    correo: email,
    telefono: { ...phone, optional: true },
    mensaje: message(4000),
    vehiculo: { kind: 'vehicleRef', store: { column: 'vehicleId' }, optional: true },
    sitio_web: honeypot,
    ...everyForm,
  },
  '/api/contact-form/': {
    nombre: name,
    telefono: phone,
    correo: email,
    financiamiento: detail('financiamiento', 'enum'),
    vehiculo: detail('vehiculo', 'line', { max: 100, emailLabel: 'Valor aproximado del vehículo' }),
    pie: detail('pie', 'line', { max: 100, optional: true, emailLabel: 'Pie' }),
    plazo: detail('plazo', 'term'),
    ingresos: detail('ingresos', 'enum', { optional: true, sensitive: 'Tipo de ingresos' }),
    comentarios: message(3000, true),
    vehiculo_id: { kind: 'vehicleRef', store: { column: 'vehicleId' }, optional: true },
    sitio_web: honeypot,
    consentimiento_datos_socioeconomicos: consent,
    consentimiento_cesion: consent,
    ...everyForm,
  },
  '/api/seguros/': {
    name,
    email,
    phone,
    vehicle_brand: detail('vehicle_brand', 'enum'),
    vehicle_year: detail('vehicle_year', 'year', { max: 4, emailLabel: 'Año' }),
    vehicle_model: detail('vehicle_model', 'line', { max: 100, emailLabel: 'Modelo' }),
    insurance_type: detail('insurance_type', 'enum'),
    comments: message(3000),
    sitio_web: honeypot,
    consentimiento_cesion: consent,
    ...everyForm,
  },
  '/api/vendeauto/': {
    name,
    phone,
    email,
    vehicle_brand: detail('vehicle_brand', 'enum'),
    vehicle_year: detail('vehicle_year', 'year', { max: 4, emailLabel: 'Año' }),
    vehicle_model: detail('vehicle_model', 'line', { max: 100, emailLabel: 'Modelo' }),
    vehicle_km: detail('vehicle_km', 'km', { max: 12 }),
    vehicle_color: detail('vehicle_color', 'line', { max: 40, emailLabel: 'Color' }),
    vehicle_condition: detail('vehicle_condition', 'enum'),
    comments: message(3000, true),
    sitio_web: honeypot,
    consentimiento_marketing: { kind: 'formConsent', store: null },
    politica_version: { kind: 'formPolicyVersion', store: null },
  },
  '/api/asesoria/': {
    nombre: name,
    telefono: phone,
    correo: email,
    area_asesoria: detail('area_asesoria', 'enum'),
    tipo_cliente: detail('tipo_cliente', 'enum'),
    fecha_preferida: detail('fecha_preferida', 'date'),
    situacion_financiera: detail('situacion_financiera', 'enum', {
      optional: true,
      sensitive: 'Situación financiera',
    }),
    comentarios: message(3000),
    sitio_web: honeypot,
    consentimiento_datos_socioeconomicos: consent,
    ...everyForm,
  },
};

/**
 * The boxes each form has (ADR 0031), with the test settings (six lenders, three insurers): each one ticked in an
 * accepted request is one consent event of that request.
 */
const CONSENT_BOXES: Record<LeadPath, string[]> = {
  '/api/contacto-contacto/': ['consentimiento_marketing'],
  '/api/contact/': ['consentimiento_marketing'],
  '/api/contact-form/': [
    'consentimiento_datos_socioeconomicos',
    'consentimiento_cesion',
    'consentimiento_marketing',
  ],
  '/api/seguros/': ['consentimiento_cesion', 'consentimiento_marketing'],
  '/api/vendeauto/': ['consentimiento_marketing'],
  '/api/asesoria/': ['consentimiento_datos_socioeconomicos', 'consentimiento_marketing'],
};

const CHANNELS: Record<LeadPath, string> = {
  '/api/contacto-contacto/': 'contacto',
  '/api/contact/': 'vehiculo',
  '/api/contact-form/': 'financiamiento',
  '/api/seguros/': 'seguro',
  '/api/vendeauto/': 'vendeauto',
  '/api/asesoria/': 'asesoria',
};

/** A box ticked: true in JSON, 'true' or 'on' in a multipart form. */
const ticked = (value: unknown) => value === true || value === 'true' || value === 'on';

const WITHHELD = 'no guardado (sin consentimiento expreso)';
const MAX_VERSION = 2 ** 31 - 1;

const TEXT_KINDS = new Set<FieldKind>(['line', 'multiline', 'email', 'phone', 'year']);

/** Is a blank or null that an optional field reads as "not given". */
function isAbsent(spec: FieldSpec, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  // A blank enum is only "absent" when empty; spaces are an invalid choice.
  return spec.kind === 'enum' ? value === '' : value.trim() === '';
}

/**
 * The value the database must hold after an accepted submission: the documented normalization, nothing more; a
 * socio-economic value only with its express consent (`consented`).
 */
export function expectedStored(spec: FieldSpec, value: unknown, consented = true): unknown {
  if (spec.optional && isAbsent(spec, value)) return null;
  if (spec.sensitive && !consented) return null;
  switch (spec.kind) {
    case 'km':
      return Number(String(value).trim().replaceAll('.', ''));
    case 'term':
      return typeof value === 'number' ? String(value) : value;
    case 'vehicleRef':
      return typeof value === 'string' ? Number(value.trim()) : value;
    case 'date':
    case 'enum':
    case 'honeypot':
      return value;
    case 'phone':
      // Stored as E.164 whatever way it was typed (ADR 0041).
      return typeof value === 'string' ? typedPhoneAsE164(value) : value;
    default:
      return typeof value === 'string' ? value.trim() : value;
  }
}

/**
 * A phone as docs/api.md says it is stored (ADR 0041): its digits in E.164, +56 added to a Chilean number typed
 * without it, the international prefix 00 and the old trunk zero dropped. Whether the number exists is checked apart.
 */
function typedPhoneAsE164(typed: string): string {
  const text = typed.trim();
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return `+${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (digits.length === 11 && digits.startsWith('56')) return `+${digits}`;
  if (digits.length === 10 && digits.startsWith('0')) return `+56${digits.slice(1)}`;
  return `+56${digits}`;
}

/** A stored Chilean number as the staff e-mail shows it: '+56 9 8123 4567', '+56 32 212 3456'. */
function phoneAsShown(stored: string): string {
  const national = stored.slice(3);
  if (!stored.startsWith('+56')) return stored;
  if (/^[29]/.test(national)) return `+56 ${national[0]} ${national.slice(1, 5)} ${national.slice(5)}`;
  if (/^[68]00/.test(national))
    return `+56 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  return `+56 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
}

export function storedValue(spec: FieldSpec, row: LeadRow): unknown {
  if (!spec.store) return undefined;
  if ('column' in spec.store) return row[spec.store.column];
  return (row.details as Record<string, unknown>)[spec.store.detail] ?? null;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * What any accepted value must satisfy, whatever the contract says: texts are strings within their bound, with no
 * control characters, no broken UTF-16, and no line break outside a message; e-mails and phones have no room for a
 * second address or a header.
 */
export function expectSafeAccepted(field: string, spec: FieldSpec, value: unknown): void {
  if (spec.kind === 'consent') expect([true, false, null, undefined], `${field} accepted`).toContain(value);
  if (spec.kind === 'formConsent') expect(['true', 'on', 'false', ''], `${field} accepted`).toContain(value);
  if (spec.kind === 'policyVersion' && value !== null && value !== undefined) {
    expect(Number.isInteger(value), `${field} accepted a non-integer`).toBe(true);
    expect(value as number).toBeGreaterThanOrEqual(1);
    expect(value as number).toBeLessThanOrEqual(MAX_VERSION);
  }
  if (spec.kind === 'formPolicyVersion' && value !== '') {
    expect(String(value), `${field} accepted`).toMatch(/^\d{1,10}$/);
    expect(Number(value)).toBeGreaterThanOrEqual(1);
    expect(Number(value)).toBeLessThanOrEqual(MAX_VERSION);
  }
  const stored = expectedStored(spec, value);
  if (stored === null) return;
  if (spec.kind === 'enum') expect(stored, `${field} accepted an odd choice`).toMatch(/^[a-z0-9-]{2,30}$/);
  if (spec.kind === 'term') expect(['12', '24', '36', '48']).toContain(stored);
  if (spec.kind === 'date') expect(stored).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  if (spec.kind === 'km') expect(String(value).trim()).toMatch(/^[\d.]{1,12}$/);
  if (spec.kind === 'vehicleRef') expect(Number.isSafeInteger(stored) && (stored as number) > 0).toBe(true);
  if (!TEXT_KINDS.has(spec.kind)) return;
  expect(typeof value, `${field} accepted a ${typeof value}`).toBe('string');
  const text = String(stored);
  expect(text.length, `${field} accepted an empty text`).toBeGreaterThan(0);
  // Bounds count characters (code points), as PostgreSQL does: an emoji is one.
  expect([...text].length, `${field} accepted a text over its bound`).toBeLessThanOrEqual(
    spec.max ?? Infinity,
  );
  expect(text, `${field} accepted a control character`).not.toMatch(CONTROL);
  expect(text, `${field} accepted a lone surrogate`).not.toMatch(LONE_SURROGATE);
  if (spec.kind !== 'multiline') expect(text, `${field} accepted a line break`).not.toMatch(LINE_BREAK);
  if (spec.kind === 'email')
    expect(text).toMatch(/^[^\s<>,;:"()\\[\]]+@[^\s<>,;:"()\\[\]@]+\.[^\s<>,;:"()\\[\]@]+$/);
  if (spec.kind === 'phone') {
    expect(text, `${field} stored a phone that is not E.164`).toMatch(/^\+[1-9]\d{7,14}$/);
    // A Chilean number is one of the plan's: a mobile, a landline with its area code, a 600 or 800 line.
    if (text.startsWith('+56'))
      expect(text, `${field} stored a number Chile does not have`).toMatch(
        /^\+56(9\d{8}|2\d{8}|[3-7]\d{8}|600\d{7}|800\d{6})$/,
      );
    expect(String(value).trim(), `${field} accepted a letter or a sign`).toMatch(/^\+?[\d \u00a0().\-/]+$/);
  }
  if (spec.kind === 'year') expect(text).toMatch(/^\d{4}$/);
}

/** Values of the other fields as the payload sent them, to check a hostile field left them alone. */
export function expectOtherFieldsIntact(
  path: LeadPath,
  changed: string,
  payload: Record<string, unknown>,
  row: LeadRow,
): void {
  const consented = ticked(payload.consentimiento_datos_socioeconomicos);
  for (const [field, spec] of Object.entries(LEAD_FIELDS[path])) {
    if (field === changed || !spec.store || !(field in payload)) continue;
    expect(storedValue(spec, row), `${field} changed`).toEqual(
      expectedStored(spec, payload[field], consented),
    );
  }
}

/**
 * The consents and socio-economic values of an accepted request (ADR 0031): one 'otorga' event per box ticked, with
 * the form as channel, the address lower-cased and a sentence naming the dealership; a socio-economic value kept
 * only with its consent, else only its name, and the staff e-mail saying it was not kept.
 */
async function expectConsentsKept(
  t: TestApp,
  path: LeadPath,
  payload: Record<string, unknown>,
  row: LeadRow,
  mailText: string,
): Promise<void> {
  const events = await t.database.db.select().from(consentEvents).where(eq(consentEvents.leadId, row.id));
  const given = CONSENT_BOXES[path].filter((box) => ticked(payload[box]));
  expect(events.map((event) => `consentimiento_${event.purpose}`).sort()).toEqual([...given].sort());
  for (const event of events) {
    expect(event.action).toBe('otorga');
    expect(event.channel).toBe(CHANNELS[path]);
    expect(event.email).toBe(row.email.toLowerCase());
    expect(event.wording).toContain(t.config.dealership.name);
  }
  const consented = ticked(payload.consentimiento_datos_socioeconomicos);
  for (const [field, spec] of Object.entries(LEAD_FIELDS[path])) {
    if (!spec.sensitive) continue;
    const withheld = !consented && !isAbsent(spec, payload[field]) && field in payload;
    expect(row.withheldDetails.includes(field), `${field} withheld`).toBe(withheld);
    if (withheld) expect(mailText).toContain(`${spec.sensitive}: ${WITHHELD}`);
  }
}

/**
 * Judges answers of the lead endpoints against the oracle and the database. It keeps the row counts it expects, so
 * one query after each request proves a refusal stored nothing and an acceptance stored exactly one lead.
 */
export class LeadProbe {
  accepted = 0;
  refused = 0;
  #expected: StoredCounts = { leads: 0, photos: 0, outbox: 0, keys: 0, consents: 0 };

  constructor(private readonly t: TestApp) {}

  async start(): Promise<void> {
    this.#expected = await storedCounts(this.t.database.db);
  }

  async expectNothingNew(): Promise<void> {
    expect(await storedCounts(this.t.database.db)).toEqual(this.#expected);
  }

  /** `sent` is the value as it reached the server (multipart turns a lone surrogate into U+FFFD). */
  async check(
    path: LeadPath,
    field: string,
    sent: unknown,
    response: LightMyRequestResponse,
    extra: {
      photos?: number;
      newKey?: boolean;
      /** The payload the field was changed in, when not the valid one (a box ticked, say). */
      base?: Record<string, unknown>;
    } = {},
  ): Promise<void> {
    const spec = LEAD_FIELDS[path][field];
    const payload: Record<string, unknown> = { ...(extra.base ?? VALID_PAYLOADS[path]), [field]: sent };
    expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
    if (response.statusCode !== 201) {
      this.refused++;
      expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
      const body = expectSpanishRefusal(response);
      if (spec && body.error === 'Revisa los datos del formulario.')
        expect(body.campos?.[field]).toBeDefined();
      expect(await storedCounts(this.t.database.db)).toEqual(this.#expected);
      return;
    }
    this.accepted++;
    const created = LeadCreatedSchema.strict().parse(response.json());
    const isBot = spec?.kind === 'honeypot' && typeof sent === 'string' && sent.trim() !== '';
    if (!isBot) {
      const consents = CONSENT_BOXES[path].filter((box) => ticked(payload[box])).length;
      this.#expected.leads++;
      // The staff e-mail, and the person's receipt when a box was ticked (ADR 0031).
      this.#expected.outbox += consents > 0 ? 2 : 1;
      this.#expected.photos += extra.photos ?? 0;
      if (extra.newKey) this.#expected.keys++;
      this.#expected.consents += consents;
    }
    expect(await storedCounts(this.t.database.db)).toEqual(this.#expected);
    if (isBot || !spec) return;

    const [row] = await this.t.database.db.select().from(leads).where(eq(leads.id, created.id));
    if (!row) throw new Error(`lead ${created.id} was acknowledged but not stored`);
    expectSafeAccepted(field, spec, sent);
    const stored = expectedStored(spec, sent, ticked(payload.consentimiento_datos_socioeconomicos));
    expect(storedValue(spec, row), `${field} stored`).toEqual(spec.store ? stored : undefined);
    expectOtherFieldsIntact(path, field, payload, row);

    const [mail] = await this.t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.leadId, created.id), isNotNull(emailOutbox.replyTo)))
      .orderBy(asc(emailOutbox.id))
      .limit(1);
    if (!mail) throw new Error(`lead ${created.id} has no staff e-mail`);
    expect(mail.subject.endsWith(`: ${row.name}`)).toBe(true);
    await expectConsentsKept(this.t, path, payload, row, mail.textBody);
    expect(mail.replyTo).toBe(row.email);
    const html = mail.htmlBody ?? '';
    expectOnlyTemplateMarkup(html);
    if (typeof stored === 'string' && (spec.emailLabel || spec.kind === 'multiline')) {
      const shown =
        spec.kind === 'multiline'
          ? `Mensaje:\n${stored}`
          : `${spec.emailLabel}: ${spec.kind === 'phone' ? phoneAsShown(stored) : stored}`;
      expect(mail.textBody).toContain(shown);
      expect(htmlShowsEscaped(html, stored), `${field} shown escaped in the HTML e-mail`).toBe(true);
    }
  }
}
