// Art. 8 ter: while a block is in place the person's data are only stored. Staff see "Tratamiento bloqueado" on the
// person's leads, and the changes that would process them (status, owner, notes; a cession to a partner) are refused.
// The block belongs to the address, as the rights do: every lead sent from it, also one that arrives meanwhile.
import type { Db } from '@db/client.ts';
import { rightsRequests } from '@db/schema.ts';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Refusal } from '../refusal.ts';

export const PROCESSING_BLOCKED_MESSAGE =
  'Tratamiento bloqueado: la persona pidió suspender el uso de sus datos mientras se resuelve su solicitud de derechos. Esta solicitud no se puede cambiar ni entregar a terceros hasta que se levante el bloqueo.';

/** Whether the address in `email` (a column or a value) is blocked, as a boolean SQL expression. */
export function processingBlockedSql(email: AnyPgColumn | string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${rightsRequests}
    where ${rightsRequests.email} = lower(${email})
      and ${rightsRequests.blockedAt} is not null and ${rightsRequests.unblockedAt} is null)`.mapWith(
    Boolean,
  );
}

export async function isProcessingBlocked(db: Db, email: string): Promise<boolean> {
  const result = await db.execute(sql`select ${processingBlockedSql(email)} as blocked`);
  const [row] = (result as unknown as { rows: Array<{ blocked: boolean }> }).rows;
  return row?.blocked === true;
}

/** For a cession to a partner and any other use of the person's data: refused while blocked. */
export async function refuseWhenProcessingBlocked(db: Db, email: string): Promise<void> {
  if (await isProcessingBlocked(db, email)) throw new Refusal('conflict', PROCESSING_BLOCKED_MESSAGE);
}
