import { LeadCreatedSchema } from '@contracts/leads.ts';
import { emailOutbox, leads } from '@db/schema.ts';
import { eq } from 'drizzle-orm';
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
  | 'honeypot';

export interface FieldSpec {
  kind: FieldKind;
  /** Where an accepted value is kept: a column of `leads` or a key of `details`; none for the honeypot. */
  store: { column: 'name' | 'email' | 'phone' | 'message' | 'vehicleId' } | { detail: string } | null;
  optional?: boolean;
  /** Upper length bound (code points, after trim) for texts. */
  max?: number;
  /** The label the staff e-mail puts before the value, when it shows the value as typed. */
  emailLabel?: string;
}

const name: FieldSpec = { kind: 'line', store: { column: 'name' }, max: 100, emailLabel: 'Nombre' };
const email: FieldSpec = { kind: 'email', store: { column: 'email' }, max: 254, emailLabel: 'Correo' };
const phone: FieldSpec = { kind: 'phone', store: { column: 'phone' }, max: 20, emailLabel: 'Teléfono' };
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

export const LEAD_FIELDS: Record<LeadPath, Record<string, FieldSpec>> = {
  '/api/contacto-contacto/': {
    name,
    email,
    phone,
    subject: detail('subject', 'enum'),
    message: message(3000),
    sitio_web: honeypot,
  },
  '/api/contact/': {
    nombre: name,
    correo: email,
    telefono: { ...phone, optional: true },
    mensaje: message(4000),
    vehiculo: { kind: 'vehicleRef', store: { column: 'vehicleId' }, optional: true },
    sitio_web: honeypot,
  },
  '/api/contact-form/': {
    nombre: name,
    telefono: phone,
    correo: email,
    financiamiento: detail('financiamiento', 'enum'),
    vehiculo: detail('vehiculo', 'line', { max: 100, emailLabel: 'Valor aproximado del vehículo' }),
    pie: detail('pie', 'line', { max: 100, optional: true, emailLabel: 'Pie' }),
    plazo: detail('plazo', 'term'),
    ingresos: detail('ingresos', 'enum'),
    comentarios: message(3000, true),
    vehiculo_id: { kind: 'vehicleRef', store: { column: 'vehicleId' }, optional: true },
    sitio_web: honeypot,
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
  },
  '/api/asesoria/': {
    nombre: name,
    telefono: phone,
    correo: email,
    area_asesoria: detail('area_asesoria', 'enum'),
    tipo_cliente: detail('tipo_cliente', 'enum'),
    fecha_preferida: detail('fecha_preferida', 'date'),
    situacion_financiera: detail('situacion_financiera', 'enum', { optional: true }),
    comentarios: message(3000),
    sitio_web: honeypot,
  },
};

const TEXT_KINDS = new Set<FieldKind>(['line', 'multiline', 'email', 'phone', 'year']);

/** Is a blank or null that an optional field reads as "not given". */
function isAbsent(spec: FieldSpec, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  // A blank enum is only "absent" when empty; spaces are an invalid choice.
  return spec.kind === 'enum' ? value === '' : value.trim() === '';
}

/** The value the database must hold after an accepted submission: the documented normalization, nothing more. */
export function expectedStored(spec: FieldSpec, value: unknown): unknown {
  if (spec.optional && isAbsent(spec, value)) return null;
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
    default:
      return typeof value === 'string' ? value.trim() : value;
  }
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
  if (spec.kind === 'phone') expect(text).toMatch(/^\+?[\d\s().-]+$/);
  if (spec.kind === 'year') expect(text).toMatch(/^\d{4}$/);
}

/** Values of the other fields as the valid payload gives them, to check a hostile field left them alone. */
export function expectOtherFieldsIntact(
  path: LeadPath,
  changed: string,
  valid: Record<string, unknown>,
  row: LeadRow,
): void {
  for (const [field, spec] of Object.entries(LEAD_FIELDS[path])) {
    if (field === changed || !spec.store || !(field in valid)) continue;
    expect(storedValue(spec, row), `${field} changed`).toEqual(expectedStored(spec, valid[field]));
  }
}

/**
 * Judges answers of the lead endpoints against the oracle and the database. It keeps the row counts it expects, so
 * one query after each request proves a refusal stored nothing and an acceptance stored exactly one lead.
 */
export class LeadProbe {
  accepted = 0;
  refused = 0;
  #expected: StoredCounts = { leads: 0, photos: 0, outbox: 0, keys: 0 };

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
    extra: { photos?: number; newKey?: boolean } = {},
  ): Promise<void> {
    const spec = LEAD_FIELDS[path][field];
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
      this.#expected.leads++;
      this.#expected.outbox++;
      this.#expected.photos += extra.photos ?? 0;
      if (extra.newKey) this.#expected.keys++;
    }
    expect(await storedCounts(this.t.database.db)).toEqual(this.#expected);
    if (isBot || !spec) return;

    const [row] = await this.t.database.db.select().from(leads).where(eq(leads.id, created.id));
    if (!row) throw new Error(`lead ${created.id} was acknowledged but not stored`);
    expectSafeAccepted(field, spec, sent);
    const stored = expectedStored(spec, sent);
    expect(storedValue(spec, row), `${field} stored`).toEqual(spec.store ? stored : undefined);
    expectOtherFieldsIntact(path, field, VALID_PAYLOADS[path], row);

    const [mail] = await this.t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.leadId, created.id));
    if (!mail) throw new Error(`lead ${created.id} has no staff e-mail`);
    expect(mail.subject.endsWith(`: ${row.name}`)).toBe(true);
    expect(mail.replyTo).toBe(row.email);
    const html = mail.htmlBody ?? '';
    expectOnlyTemplateMarkup(html);
    if (typeof stored === 'string' && (spec.emailLabel || spec.kind === 'multiline')) {
      const shown = spec.kind === 'multiline' ? `Mensaje:\n${stored}` : `${spec.emailLabel}: ${stored}`;
      expect(mail.textBody).toContain(shown);
      expect(htmlShowsEscaped(html, stored), `${field} shown escaped in the HTML e-mail`).toBe(true);
    }
  }
}
