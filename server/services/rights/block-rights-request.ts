// Art. 8 ter and 11: a block asked for with a rectification, suppression or opposition is answered within 2 business
// days; while it lasts the person's leads are only stored (processing-block.ts refuses changes and cessions).

import type { Db } from '@db/client.ts';
import { rightsRequests } from '@db/schema.ts';
import { eq } from 'drizzle-orm';
import type { Actor } from '../auth/sessions.ts';
import type { PrivacyLinks } from '../privacy/privacy-footer.ts';
import { Refusal } from '../refusal.ts';
import { lockRightsRequest } from './open-request.ts';
import { recordRightsEvent } from './rights-events.ts';
import { blockedMail, unblockedMail } from './rights-mail.ts';

export async function blockRightsRequest(
  db: Db,
  actor: Actor,
  id: number,
  context: { now: Date; dealership: string; privacy?: PrivacyLinks },
): Promise<{ bloqueadaEl: string }> {
  return db.transaction(async (tx) => {
    const request = await lockRightsRequest(tx, id);
    if (!request.blockRequested)
      throw new Refusal('conflict', 'Esta solicitud no pidió bloquear el tratamiento.');
    if (request.blockedAt) throw new Refusal('conflict', 'El tratamiento ya está bloqueado.');
    await tx.update(rightsRequests).set({ blockedAt: context.now }).where(eq(rightsRequests.id, id));
    await recordRightsEvent(tx, {
      requestId: id,
      action: 'bloqueada',
      staffId: actor.id,
      details: { aTiempo: !request.blockDueAt || context.now <= request.blockDueAt },
      privacy: context.privacy,
      mail: { to: request.email, ...blockedMail({ id, dealership: context.dealership }) },
    });
    return { bloqueadaEl: context.now.toISOString() };
  });
}

/** Lifts a block before the request closes (closing lifts it by itself), with the reason the person is told. */
export async function unblockRightsRequest(
  db: Db,
  actor: Actor,
  id: number,
  input: { motivo: string },
  context: { now: Date; dealership: string; privacy?: PrivacyLinks },
): Promise<{ desbloqueadaEl: string }> {
  return db.transaction(async (tx) => {
    const request = await lockRightsRequest(tx, id, { open: false });
    if (!request.blockedAt || request.unblockedAt)
      throw new Refusal('conflict', 'El tratamiento no está bloqueado.');
    await tx.update(rightsRequests).set({ unblockedAt: context.now }).where(eq(rightsRequests.id, id));
    await recordRightsEvent(tx, {
      requestId: id,
      action: 'desbloqueada',
      staffId: actor.id,
      details: { motivo: input.motivo },
      privacy: context.privacy,
      mail: {
        to: request.email,
        ...unblockedMail({ id, reason: input.motivo, dealership: context.dealership }),
      },
    });
    return { desbloqueadaEl: context.now.toISOString() };
  });
}
