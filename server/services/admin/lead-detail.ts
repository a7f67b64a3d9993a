// One lead as staff open it: every field, its credit simulation, vehicle, photos, e-mail delivery, notes, status
// history and consents.

import type { LeadDetail, LeadHistoryEntry, LeadStatus } from '@contracts/admin-leads.ts';
import type { Db } from '@db/client.ts';
import {
  auditLog,
  brands,
  emailOutbox,
  images,
  leadNotes,
  leadPhotos,
  leads,
  staffUsers,
  vehicles,
} from '@db/schema.ts';
import { storedSimulationLines } from '@domain/credit-quotation.ts';
import { variantWidths } from '@domain/media.ts';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OWNER_AUDIT_ACTION } from '../leads/lead-assignment.ts';
import { LEAD_KIND_BY_KIND } from '../leads/lead-kinds.ts';
import { leadConsents } from './lead-consents.ts';
import { assignableStaff } from './lead-owner.ts';
import {
  describedDetails,
  LEAD_AUDIT_ENTITY,
  leadOrigin,
  leadOwner,
  listColumns,
  STATUS_AUDIT_ACTION,
  toListItem,
} from './leads.ts';

/** The URL of a lead photo (staff only) at a width close to `wanted`, or the master when no width is given. */
export function leadPhotoUrl(leadId: number, imageId: number, width?: number): string {
  const base = `/admin/api/solicitudes/${leadId}/fotos/${imageId}`;
  return width ? `${base}?ancho=${width}` : base;
}

/** The variant width for a thumbnail: the widest not above `wanted`, else the narrowest there is. */
export function thumbWidth(masterWidth: number, wanted = 480): number {
  const widths = variantWidths(masterWidth);
  return widths.filter((w) => w <= wanted).pop() ?? widths[0] ?? masterWidth;
}

const changer = alias(staffUsers, 'changer');

/** Everything about one lead, or null. */
export async function getLeadDetail(db: Db, id: number, now = new Date()): Promise<LeadDetail | null> {
  const [row] = await db
    .select({
      ...listColumns,
      message: leads.message,
      details: leads.details,
      withheldDetails: leads.withheldDetails,
      simulation: leads.simulation,
      sourcePage: leads.sourcePage,
      landingPage: leads.landingPage,
      referrerHost: leads.referrerHost,
      utmSource: leads.utmSource,
      utmMedium: leads.utmMedium,
      utmCampaign: leads.utmCampaign,
      statusChangedAt: leads.statusChangedAt,
      changerId: changer.id,
      changerName: changer.name,
    })
    .from(leads)
    .leftJoin(vehicles, eq(vehicles.id, leads.vehicleId))
    .leftJoin(brands, eq(brands.id, vehicles.brandId))
    .leftJoin(changer, eq(changer.id, leads.statusChangedBy))
    .leftJoin(leadOwner, eq(leadOwner.id, leads.ownerId))
    .where(eq(leads.id, id));
  if (!row) return null;

  const [photos, emails, notes, history, assignable, consents] = await Promise.all([
    db
      .select({ id: images.id, width: images.width, height: images.height })
      .from(leadPhotos)
      .innerJoin(images, eq(images.id, leadPhotos.imageId))
      .where(eq(leadPhotos.leadId, id))
      .orderBy(asc(leadPhotos.position)),
    db
      .select({
        id: emailOutbox.id,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        sentAt: emailOutbox.sentAt,
        nextAttemptAt: emailOutbox.nextAttemptAt,
        createdAt: emailOutbox.createdAt,
        toAddress: emailOutbox.toAddress,
        subject: emailOutbox.subject,
      })
      .from(emailOutbox)
      // The e-mails the site wrote about it; those staff wrote to the person are in its history.
      .where(and(eq(emailOutbox.leadId, id), isNull(emailOutbox.writtenBy)))
      .orderBy(asc(emailOutbox.id)),
    db
      .select({
        id: leadNotes.id,
        body: leadNotes.body,
        authorName: staffUsers.name,
        createdAt: leadNotes.createdAt,
      })
      .from(leadNotes)
      .leftJoin(staffUsers, eq(staffUsers.id, leadNotes.authorId))
      .where(eq(leadNotes.leadId, id))
      .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id)),
    leadHistory(db, id),
    assignableStaff(db),
    leadConsents(db, { id, kind: row.kind, email: row.email }),
  ]);

  return {
    ...toListItem(row),
    message: row.message,
    details: describedDetails(row.details, row.withheldDetails),
    simulation: row.simulation
      ? storedSimulationLines(row.simulation).map(([label, value]) => ({ label, value }))
      : null,
    sourcePage: row.sourcePage,
    origin: leadOrigin(row),
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    statusChangedBy:
      row.changerId !== null && row.changerName !== null
        ? { id: row.changerId, name: row.changerName }
        : null,
    promiseHours: LEAD_KIND_BY_KIND.get(row.kind)?.promiseHours ?? 24,
    photos: photos.map((photo) => ({
      id: photo.id,
      url: leadPhotoUrl(id, photo.id),
      thumbUrl: leadPhotoUrl(id, photo.id, thumbWidth(photo.width)),
      width: photo.width,
      height: photo.height,
    })),
    emails: emails.map((email) => ({
      ...email,
      sentAt: email.sentAt?.toISOString() ?? null,
      nextAttemptAt: email.nextAttemptAt.toISOString(),
      createdAt: email.createdAt.toISOString(),
    })),
    notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    history,
    assignable,
    consents,
    now: now.toISOString(),
  };
}

const ownerName = (value: unknown): string | null => {
  const name = (value as { nombre?: unknown } | null)?.nombre;
  return typeof name === 'string' ? name : null;
};

/**
 * Who changed the status or the owner and when, from the audit trail, and the e-mails staff wrote to the person
 * (the outbox rows that name their writer), oldest first.
 */
async function leadHistory(db: Db, id: number): Promise<LeadHistoryEntry[]> {
  const replies = await db
    .select({
      at: emailOutbox.createdAt,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      body: emailOutbox.textBody,
      status: emailOutbox.status,
      byName: staffUsers.name,
      byEmail: staffUsers.email,
    })
    .from(emailOutbox)
    .leftJoin(staffUsers, eq(staffUsers.id, emailOutbox.writtenBy))
    .where(and(eq(emailOutbox.leadId, id), isNotNull(emailOutbox.writtenBy)))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
  const changes = await changeHistory(db, id);
  // A reply and the status change it made share their instant (one transaction): the reply reads first.
  return [
    ...replies.map((row): LeadHistoryEntry => ({ type: 'correo', ...row, at: row.at.toISOString() })),
    ...changes,
  ].sort((a, b) => a.at.localeCompare(b.at));
}

async function changeHistory(db: Db, id: number): Promise<LeadHistoryEntry[]> {
  const rows = await db
    .select({
      at: auditLog.createdAt,
      action: auditLog.action,
      details: auditLog.details,
      byName: staffUsers.name,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entity, LEAD_AUDIT_ENTITY),
        eq(auditLog.entityId, String(id)),
        inArray(auditLog.action, [STATUS_AUDIT_ACTION, OWNER_AUDIT_ACTION]),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map((row): LeadHistoryEntry => {
    const by = {
      at: row.at.toISOString(),
      byName: row.byName,
      byEmail: typeof row.details.actorEmail === 'string' ? row.details.actorEmail : null,
    };
    if (row.action === OWNER_AUDIT_ACTION)
      return {
        type: 'responsable',
        ...by,
        fromName: ownerName(row.details.de),
        toName: ownerName(row.details.a),
        automatic: row.details.automatica === true,
      };
    return { type: 'estado', ...by, from: row.details.from as LeadStatus, to: row.details.to as LeadStatus };
  });
}
