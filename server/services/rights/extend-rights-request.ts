// Art. 11: the answer's deadline may be extended once, by up to 30 calendar days, and the person is told why.

import type { Db } from '@db/client.ts';
import { rightsRequests } from '@db/schema.ts';
import { extendedDeadline } from '@domain/rights.ts';
import { eq } from 'drizzle-orm';
import type { Actor } from '../auth/sessions.ts';
import type { PrivacyLinks } from '../privacy/privacy-footer.ts';
import { Refusal } from '../refusal.ts';
import { lockRightsRequest } from './open-request.ts';
import { recordRightsEvent } from './rights-events.ts';
import { extendedMail } from './rights-mail.ts';

export async function extendRightsRequest(
  db: Db,
  actor: Actor,
  id: number,
  input: { motivo: string },
  context: { now: Date; dealership: string; privacy?: PrivacyLinks },
): Promise<{ plazo: string }> {
  return db.transaction(async (tx) => {
    const request = await lockRightsRequest(tx, id);
    if (request.extendedAt)
      throw new Refusal('conflict', 'El plazo ya se prorrogó una vez: la ley permite una sola prórroga.');
    if (!request.dueAt) throw new Refusal('conflict', 'Esta solicitud no tiene plazo que prorrogar.');
    const dueAt = extendedDeadline(request.dueAt);
    await tx
      .update(rightsRequests)
      .set({ dueAt, extendedAt: context.now, extensionReason: input.motivo, reminderSentAt: null })
      .where(eq(rightsRequests.id, id));
    await recordRightsEvent(tx, {
      requestId: id,
      action: 'prorrogada',
      staffId: actor.id,
      details: {
        motivo: input.motivo,
        plazoAnterior: request.dueAt.toISOString(),
        plazo: dueAt.toISOString(),
      },
      privacy: context.privacy,
      mail: {
        to: request.email,
        ...extendedMail({
          id,
          right: request.right,
          reason: input.motivo,
          dueAt,
          dealership: context.dealership,
        }),
      },
    });
    return { plazo: dueAt.toISOString() };
  });
}
