// The breach register (art. 14 sexies: breaches are reported to the Agencia and registered; ADR 0031, decision 8):
// an incident recorded or corrected by an admin, with every change in the audit trail, which is its history.
import {
  BREACH_CATEGORIES,
  BREACH_CATEGORY_KEYS,
  type BreachCategory,
  type BreachInput,
  WALL_TIME,
} from '@contracts/admin-registers.ts';
import type { Db } from '@db/client.ts';
import { securityBreaches } from '@db/schema.ts';
import { chileWallTime, formatChileDateTime } from '@domain/chile-time.ts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { Actor } from '../auth/sessions.ts';
import { Refusal } from '../refusal.ts';

/** Each column by the name the form and the audit trail give it (the audit trail's labels: audit-details.tsx). */
const AUDIT_KEYS = {
  summary: 'descripcion',
  occurredAt: 'ocurrida',
  detectedAt: 'detectada',
  categories: 'categorias',
  affectedPeople: 'personas',
  consequences: 'consecuencias',
  measures: 'medidas',
  agencyNotifiedAt: 'agencia',
} as const;
type Field = keyof typeof AUDIT_KEYS;
type Values = { [K in Field]: (typeof securityBreaches.$inferSelect)[K] };

/** A minute of grace for clocks that differ a little between the admin's computer and the server. */
const FUTURE_SLACK_MS = 60_000;

function instant(value: string, field: string, now: Date): Date {
  const [, day = '', hours = '0', minutes = '0'] = WALL_TIME.exec(value) ?? [];
  const at =
    Number(hours) < 24 && Number(minutes) < 60
      ? chileWallTime(day, Number(hours) * 60 + Number(minutes))
      : null;
  if (!at) throw invalid(field, 'Esa fecha y hora no existe en Chile. Revisa el día y la hora.');
  if (at.getTime() > now.getTime() + FUTURE_SLACK_MS)
    throw invalid(field, 'La fecha no puede estar en el futuro.');
  return at;
}

const invalid = (field: string, message: string) =>
  new Refusal('invalid', 'Revisa los datos de la vulneración.', { [field]: message });

/** The record's columns from the form, or a refusal naming the field. */
function toValues(input: BreachInput, now: Date): Values {
  const occurredAt = instant(input.ocurrida, 'ocurrida', now);
  const detectedAt = instant(input.detectada, 'detectada', now);
  if (detectedAt < occurredAt) throw invalid('detectada', 'No puede haberse detectado antes de ocurrir.');
  const agencyNotifiedAt = input.agencia ? instant(input.agencia, 'agencia', now) : null;
  if (agencyNotifiedAt && agencyNotifiedAt < detectedAt)
    throw invalid('agencia', 'No puede haberse informado a la Agencia antes de detectarla.');
  return {
    summary: input.descripcion,
    occurredAt,
    detectedAt,
    // In the list's order, so the same boxes ticked in another order are no change.
    categories: BREACH_CATEGORY_KEYS.filter((key) => input.categorias.includes(key)),
    affectedPeople: input.personas,
    consequences: input.consecuencias,
    measures: input.medidas,
    agencyNotifiedAt,
  };
}

/** A field's value as the history shows it. */
export function shownValue(field: Field, value: Values[Field]): string {
  if (value === null) return field === 'agencyNotifiedAt' ? 'No informada' : '—';
  if (value instanceof Date) return formatChileDateTime(value);
  if (Array.isArray(value))
    return value.map((key) => BREACH_CATEGORIES[key as BreachCategory]?.label ?? key).join('; ');
  return String(value);
}

const FIELDS = Object.keys(AUDIT_KEYS) as Field[];

export async function createBreach(db: Db, actor: Actor, input: BreachInput, now = new Date()) {
  const values = toValues(input, now);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(securityBreaches)
      .values({ ...values, createdBy: actor.id, createdAt: now, updatedAt: now })
      .returning({ id: securityBreaches.id });
    if (!row) throw new Error('breach insert returned nothing');
    await recordAudit(tx, {
      actor,
      action: 'vulneracion_registrada',
      entity: 'vulneracion',
      entityId: row.id,
      details: Object.fromEntries(FIELDS.map((f) => [AUDIT_KEYS[f], shownValue(f, values[f])])),
    });
    return { id: row.id, mensaje: 'La vulneración quedó registrada.' };
  });
}

export async function updateBreach(db: Db, actor: Actor, id: number, input: BreachInput, now = new Date()) {
  const values = toValues(input, now);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(securityBreaches)
      .where(eq(securityBreaches.id, id))
      .for('update');
    if (!before) throw new Refusal('not_found', 'Vulneración no encontrada.');
    const cambios: Record<string, { antes: string; despues: string }> = {};
    for (const field of FIELDS) {
      const [was, is] = [shownValue(field, before[field]), shownValue(field, values[field])];
      if (was !== is) cambios[AUDIT_KEYS[field]] = { antes: was, despues: is };
    }
    if (Object.keys(cambios).length === 0) return { id, mensaje: 'No había cambios que guardar.' };
    await tx
      .update(securityBreaches)
      .set({ ...values, updatedAt: now })
      .where(eq(securityBreaches.id, id));
    await recordAudit(tx, {
      actor,
      action: 'vulneracion_editada',
      entity: 'vulneracion',
      entityId: id,
      details: { cambios },
    });
    return { id, mensaje: 'Los cambios quedaron guardados en el registro.' };
  });
}
