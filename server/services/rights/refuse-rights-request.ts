// Art. 11: a refusal gives its reasons and tells the person they have 30 business days to complain to the Agencia.

import type { Db } from '@db/client.ts';
import { rightsRequests } from '@db/schema.ts';
import { eq } from 'drizzle-orm';
import type { Actor } from '../auth/sessions.ts';
import type { PrivacyLinks } from '../privacy/privacy-footer.ts';
import { lockRightsRequest } from './open-request.ts';
import { recordRightsEvent } from './rights-events.ts';
import { refusedMail } from './rights-mail.ts';

export async function refuseRightsRequest(
  db: Db,
  actor: Actor,
  id: number,
  input: { motivos: string },
  context: { now: Date; dealership: string; privacy?: PrivacyLinks },
): Promise<{ resuelta: string }> {
  return db.transaction(async (tx) => {
    const request = await lockRightsRequest(tx, id);
    await tx
      .update(rightsRequests)
      .set({
        status: 'rechazada',
        resolvedAt: context.now,
        resolvedBy: actor.id,
        resolutionNote: input.motivos,
        // Closing the request ends the block that waited for its decision.
        ...(request.blockedAt && !request.unblockedAt ? { unblockedAt: context.now } : {}),
      })
      .where(eq(rightsRequests.id, id));
    await recordRightsEvent(tx, {
      requestId: id,
      action: 'rechazada',
      staffId: actor.id,
      details: { motivos: input.motivos, aTiempo: !request.dueAt || context.now <= request.dueAt },
      privacy: context.privacy,
      mail: {
        to: request.email,
        ...refusedMail({ id, right: request.right, reasons: input.motivos, dealership: context.dealership }),
      },
    });
    return { resuelta: context.now.toISOString() };
  });
}
