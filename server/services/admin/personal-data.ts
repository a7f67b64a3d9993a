// Access and erasure requests about one e-mail address (Ley 19.628 / Ley 21.719): what the dealership stores about a
// person is the leads they sent (with their photos, the staff notes and the history of each), the e-mails the outbox
// holds about those leads or addressed from/to the person (and their .eml files, see personal-data-erase.ts), and
// the idempotency records that answer their retries.
//
// Erasure keeps proof, not the person: the audit row of an erasure stores the SHA-256 of the normalized e-mail and the
// counts. Whoever holds the address can show it was honoured (the page finds earlier erasures by that hash); the log
// alone does not reveal it. Earlier 'datos_exportados' rows get the same treatment, and the audit rows about the
// erased leads keep who did what and when, but their details are cleared, as they may quote the person.
import { createHash } from 'node:crypto';
import type { PersonalDataCounts, PersonalDataSummary } from '@contracts/admin-staff.ts';
import type { Db } from '@db/client.ts';
import {
  alertDigests,
  auditLog,
  brands,
  emailOutbox,
  idempotencyKeys,
  images,
  leadNotes,
  leadPhotos,
  leads,
  savedSearches,
  staffUsers,
  vehicles,
} from '@db/schema.ts';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { Actor } from '../auth/sessions.ts';
import { kindLabel } from '../leads/lead-kinds.ts';
import { toPersonalDataExport } from './personal-data-export.ts';

/** How an erased address is named in the audit trail. */
export function emailProof(email: string): string {
  return `sha256:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

const leadsOf = (email: string) => sql`lower(${leads.email}) = ${email}`;

export async function leadIdsOf(db: Db, email: string): Promise<number[]> {
  const rows = await db.select({ id: leads.id }).from(leads).where(leadsOf(email)).orderBy(asc(leads.id));
  return rows.map((row) => row.id);
}

/** E-mails about the person's leads, or sent from (reply-to) or to their address. */
export function outboxOf(email: string, leadIds: number[]): SQL {
  const byAddress = or(
    sql`lower(${emailOutbox.replyTo}) = ${email}`,
    sql`lower(${emailOutbox.toAddress}) = ${email}`,
  ) as SQL;
  return leadIds.length ? (or(inArray(emailOutbox.leadId, leadIds), byAddress) as SQL) : byAddress;
}

/** Idempotency records keep the answer of a lead's submission, `{id, mensaje}`: the lead's id names its owner. */
export const idempotencyOf = (leadIds: number[]) =>
  inArray(sql`${idempotencyKeys.response}->>'id'`, leadIds.map(String));

export const auditAbout = (leadIds: number[]) =>
  and(eq(auditLog.entity, 'solicitud'), inArray(auditLog.entityId, leadIds.map(String)));

async function countRows(db: Db, email: string, leadIds: number[]): Promise<PersonalDataCounts> {
  const n = async (
    table: typeof leadPhotos | typeof leadNotes | typeof idempotencyKeys | typeof emailOutbox,
    where: SQL,
  ) => (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;
  const has = leadIds.length > 0;
  return {
    solicitudes: leadIds.length,
    fotos: has ? await n(leadPhotos, inArray(leadPhotos.leadId, leadIds)) : 0,
    notas: has ? await n(leadNotes, inArray(leadNotes.leadId, leadIds)) : 0,
    correos: await n(emailOutbox, outboxOf(email, leadIds)),
    registrosIdempotencia: has ? await n(idempotencyKeys, idempotencyOf(leadIds)) : 0,
    alertas:
      (await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.email, email)))[0]?.n ?? 0,
  };
}

/** What the page shows before exporting or erasing; reading it is not an export, so it is not audited. */
export async function summarizePersonalData(db: Db, email: string): Promise<PersonalDataSummary> {
  const leadRows = await db
    .select({
      id: leads.id,
      kind: leads.kind,
      status: leads.status,
      name: leads.name,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(leadsOf(email))
    .orderBy(asc(leads.createdAt), asc(leads.id));
  const leadIds = leadRows.map((row) => row.id);
  const erasures = await db
    .select({ createdAt: auditLog.createdAt, details: auditLog.details, name: staffUsers.name })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.action, 'datos_eliminados'),
        sql`${auditLog.details}->>'correoHash' = ${emailProof(email)}`,
      ),
    )
    .orderBy(asc(auditLog.createdAt));
  return {
    email,
    conteos: await countRows(db, email, leadIds),
    solicitudes: leadRows.map((row) => ({
      id: row.id,
      tipo: row.kind,
      tipoEtiqueta: kindLabel(row.kind),
      estado: row.status,
      nombre: row.name,
      recibida: row.createdAt.toISOString(),
    })),
    eliminaciones: erasures.map((row) => ({
      fecha: row.createdAt.toISOString(),
      por: row.name ?? (typeof row.details.actorEmail === 'string' ? row.details.actorEmail : null),
    })),
  };
}

/**
 * Everything stored about the address, as one JSON document the person can be given: photos inline as data URLs
 * (the master images, already stripped of metadata), so the file is complete without access to the back office.
 * Recorded in the audit trail with the e-mail and the counts; `actor` is null when the person downloads it
 * themselves (a rights request's link, server/services/rights/rights-export.ts).
 */
export async function exportPersonalData(db: Db, actor: Actor | null, email: string, controller: string) {
  return db.transaction(async (tx) => {
    const leadRows = await tx
      .select({
        lead: leads,
        vehicleModel: vehicles.model,
        vehicleYear: vehicles.year,
        vehicleBrand: brands.nombre,
      })
      .from(leads)
      .leftJoin(vehicles, eq(vehicles.id, leads.vehicleId))
      .leftJoin(brands, eq(brands.id, vehicles.brandId))
      .where(leadsOf(email))
      .orderBy(asc(leads.createdAt), asc(leads.id));
    const leadIds = leadRows.map((row) => row.lead.id);

    // Nothing to read about leads when the address sent none.
    const ofLeads = <T>(read: () => Promise<T[]>): Promise<T[]> =>
      leadIds.length ? read() : Promise.resolve([]);
    const photos = await ofLeads(() =>
      tx
        .select({
          leadId: leadPhotos.leadId,
          position: leadPhotos.position,
          format: images.format,
          width: images.width,
          height: images.height,
          data: images.data,
        })
        .from(leadPhotos)
        .innerJoin(images, eq(images.id, leadPhotos.imageId))
        .where(inArray(leadPhotos.leadId, leadIds))
        .orderBy(asc(leadPhotos.leadId), asc(leadPhotos.position)),
    );
    const notes = await ofLeads(() =>
      tx
        .select({
          leadId: leadNotes.leadId,
          body: leadNotes.body,
          createdAt: leadNotes.createdAt,
          author: staffUsers.name,
        })
        .from(leadNotes)
        .leftJoin(staffUsers, eq(staffUsers.id, leadNotes.authorId))
        .where(inArray(leadNotes.leadId, leadIds))
        .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id)),
    );
    const history = await ofLeads(() =>
      tx
        .select({
          entityId: auditLog.entityId,
          action: auditLog.action,
          details: auditLog.details,
          createdAt: auditLog.createdAt,
          author: staffUsers.name,
        })
        .from(auditLog)
        .leftJoin(staffUsers, eq(staffUsers.id, auditLog.actorId))
        .where(auditAbout(leadIds))
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
    );
    const mails = await tx
      .select()
      .from(emailOutbox)
      .where(outboxOf(email, leadIds))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
    const replays = await ofLeads(() =>
      tx
        .select({ response: idempotencyKeys.response, createdAt: idempotencyKeys.createdAt })
        .from(idempotencyKeys)
        .where(idempotencyOf(leadIds)),
    );

    // The e-mail alerts (issue 33): every saved search, its state and words, and the days it was e-mailed.
    const alerts = await tx
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.email, email))
      .orderBy(asc(savedSearches.id));
    const alertMails = await tx
      .select({ day: alertDigests.day, vehicles: alertDigests.vehicles })
      .from(alertDigests)
      .where(eq(alertDigests.email, email))
      .orderBy(asc(alertDigests.day));

    const counts: PersonalDataCounts = {
      solicitudes: leadRows.length,
      fotos: photos.length,
      notas: notes.length,
      correos: mails.length,
      registrosIdempotencia: replays.length,
      alertas: alerts.length,
    };
    await recordAudit(tx, {
      actor,
      action: 'datos_exportados',
      entity: 'datos_personales',
      details: { correo: email, ...counts },
    });

    return toPersonalDataExport(
      { controller, email, counts },
      { leads: leadRows, photos, notes, history, mails, replays, alerts, alertMails },
    );
  });
}

export type { PersonalDataExport } from './personal-data-export.ts';
