// Step 2: the person opened the link and confirmed. The request is received now and its clock starts (art. 11).
// Access and portability are answered at once with a download link; the other rights reach staff with their deadline.
// Only here, to the owner of the address, does an answer depend on whether the dealership holds data about it.

import { ANSWERED_AT_ONCE, type Right } from '@contracts/rights.ts';
import type { Db } from '@db/client.ts';
import { consentEvents, emailOutbox, leads, rightsRequests, savedSearches, staffUsers } from '@db/schema.ts';
import {
  ANSWER_CALENDAR_DAYS,
  BLOCK_BUSINESS_DAYS,
  businessDeadline,
  calendarDeadline,
} from '@domain/rights.ts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { PrivacyLinks } from '../privacy/privacy-footer.ts';
import { chileHolidays } from './chile-holidays.ts';
import { recordRightsEvent } from './rights-events.ts';
import { acknowledgementMail, exportMail, noDataMail, staffNoticeMail } from './rights-mail.ts';
import { hashRightsToken, newRightsToken } from './rights-tokens.ts';

/** How long the download link of an access or portability answer works. */
export const EXPORT_LINK_MS = 7 * 24 * 3_600_000;

export interface ConfirmContext {
  now: Date;
  publicUrl: string;
  dealership: string;
  privacy?: PrivacyLinks;
}

export type ConfirmOutcome = 'exportacion' | 'sin_datos' | 'recibida';

/** What the confirmation page shows before the button: the right and the address, while the link is valid. */
export async function peekRightsLink(
  db: Db,
  token: string,
  now: Date,
): Promise<{ right: Right; email: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({
      right: rightsRequests.right,
      email: rightsRequests.email,
      expiresAt: rightsRequests.tokenExpiresAt,
    })
    .from(rightsRequests)
    .where(
      and(
        eq(rightsRequests.tokenHash, hashRightsToken(token)),
        eq(rightsRequests.status, 'sin_confirmar'),
        gt(rightsRequests.tokenExpiresAt, now),
      ),
    );
  return row ?? null;
}

async function holdsData(tx: Db, email: string): Promise<boolean> {
  const result = await tx.execute(sql`select
    exists (select 1 from ${leads} where lower(${leads.email}) = ${email})
    or exists (select 1 from ${consentEvents} where ${consentEvents.email} = ${email})
    or exists (select 1 from ${savedSearches} where ${savedSearches.email} = ${email}) as held`);
  const [row] = (result as unknown as { rows: Array<{ held: boolean }> }).rows;
  return row?.held === true;
}

/**
 * Receives the request of a valid, unused link and answers it; null when the link is unknown, used or expired.
 * The token is claimed by one UPDATE … WHERE token_hash = … RETURNING: a second click, on any instance, finds nothing.
 */
export async function confirmRightsRequest(
  db: Db,
  token: string,
  context: ConfirmContext,
): Promise<{ id: number; right: Right; outcome: ConfirmOutcome } | null> {
  const { now } = context;
  // Loaded before the transaction: the calendar is a module import, not a query.
  const isHoliday = await chileHolidays();
  return db.transaction(async (tx) => {
    const [request] = await tx
      .update(rightsRequests)
      .set({ tokenHash: null, receivedAt: now, status: 'abierta' })
      .where(
        and(
          eq(rightsRequests.tokenHash, hashRightsToken(token)),
          eq(rightsRequests.status, 'sin_confirmar'),
          gt(rightsRequests.tokenExpiresAt, now),
        ),
      )
      .returning();
    if (!request) return null;
    const { id, email, right } = request;
    await recordRightsEvent(tx, { requestId: id, action: 'recibida' });
    const answered = { status: 'completada' as const, resolvedAt: now };

    if (!(await holdsData(tx, email))) {
      await tx
        .update(rightsRequests)
        .set({ ...answered, resolutionNote: 'No hay datos de este correo.' })
        .where(eq(rightsRequests.id, id));
      await recordRightsEvent(tx, {
        requestId: id,
        action: 'sin_datos',
        privacy: context.privacy,
        mail: { to: email, ...noDataMail({ id, right, dealership: context.dealership }) },
      });
      return { id, right, outcome: 'sin_datos' };
    }

    if (ANSWERED_AT_ONCE.includes(right)) {
      const link = newRightsToken();
      const expiresAt = new Date(now.getTime() + EXPORT_LINK_MS);
      await tx
        .update(rightsRequests)
        .set({
          ...answered,
          exportTokenHash: link.hash,
          exportExpiresAt: expiresAt,
          resolutionNote: 'Enlace de descarga enviado.',
        })
        .where(eq(rightsRequests.id, id));
      await recordRightsEvent(tx, {
        requestId: id,
        action: 'exportacion_enviada',
        details: { vence: expiresAt.toISOString() },
        privacy: context.privacy,
        mail: {
          to: email,
          ...exportMail({
            id,
            link: `${context.publicUrl}/derechos/descarga?t=${link.token}`,
            expiresAt,
            dealership: context.dealership,
          }),
        },
      });
      return { id, right, outcome: 'exportacion' };
    }

    const dueAt = calendarDeadline(now, ANSWER_CALENDAR_DAYS);
    const blockDueAt = request.blockRequested ? businessDeadline(now, BLOCK_BUSINESS_DAYS, isHoliday) : null;
    await tx.update(rightsRequests).set({ dueAt, blockDueAt }).where(eq(rightsRequests.id, id));
    await recordRightsEvent(tx, {
      requestId: id,
      action: 'acuse_enviado',
      details: { plazo: dueAt.toISOString(), plazoBloqueo: blockDueAt?.toISOString() ?? null },
      privacy: context.privacy,
      mail: {
        to: email,
        ...acknowledgementMail({ id, right, dueAt, blockDueAt, dealership: context.dealership }),
      },
    });
    const admins = await tx
      .select({ email: staffUsers.email })
      .from(staffUsers)
      .where(and(eq(staffUsers.active, true), eq(staffUsers.role, 'admin')));
    const notice = staffNoticeMail({
      id,
      right,
      email,
      dueAt,
      blockDueAt,
      link: `${context.publicUrl}/admin/derechos/${id}`,
    });
    for (const admin of admins)
      await tx
        .insert(emailOutbox)
        // Reply-To the person: staff answer from their mailbox, and an erasure of the address takes these too.
        .values({ toAddress: admin.email, replyTo: email, subject: notice.subject, textBody: notice.text });
    return { id, right, outcome: 'recibida' };
  });
}
