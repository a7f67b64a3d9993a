import type { Db } from '@db/client.ts';
import { rightsRequests } from '@db/schema.ts';
import { eq } from 'drizzle-orm';
import { Refusal } from '../refusal.ts';

export type RightsRequestRecord = typeof rightsRequests.$inferSelect;

/**
 * The request, locked for the rest of the transaction, so two staff members acting at once act one after the other
 * and the second sees what the first did. Refused when it does not exist (or was never confirmed) or is closed.
 */
export async function lockRightsRequest(
  tx: Db,
  id: number,
  { open = true }: { open?: boolean } = {},
): Promise<RightsRequestRecord> {
  const [request] = await tx.select().from(rightsRequests).where(eq(rightsRequests.id, id)).for('update');
  if (!request || request.status === 'sin_confirmar')
    throw new Refusal('not_found', 'La solicitud de derechos no existe.');
  if (open && request.status !== 'abierta')
    throw new Refusal('conflict', 'La solicitud ya está cerrada: no se puede cambiar.');
  return request;
}
