import type { RightsListFilter, RightsRequestRow } from '@contracts/rights.ts';
import type { Db } from '@db/client.ts';
import { rightsRequests } from '@db/schema.ts';
import { asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { RightsRequestRecord } from './open-request.ts';

const LIMIT = 300;
const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toRightsRow(request: RightsRequestRecord): RightsRequestRow {
  return {
    id: request.id,
    correo: request.email,
    derecho: request.right,
    estado: request.status,
    recibida: (request.receivedAt ?? request.createdAt).toISOString(),
    plazo: iso(request.dueAt),
    prorrogada: request.extendedAt !== null,
    bloqueoPedido: request.blockRequested,
    plazoBloqueo: iso(request.blockDueAt),
    bloqueada: request.blockedAt !== null && request.unblockedAt === null,
    resuelta: iso(request.resolvedAt),
  };
}

/** Received requests: the open ones by deadline (the most urgent first), the closed ones newest first. */
export async function listRightsRequests(db: Db, filter: RightsListFilter): Promise<RightsRequestRow[]> {
  const where =
    filter === 'abiertas'
      ? eq(rightsRequests.status, 'abierta')
      : filter === 'cerradas'
        ? inArray(rightsRequests.status, ['completada', 'rechazada'])
        : ne(rightsRequests.status, 'sin_confirmar');
  const order =
    filter === 'abiertas'
      ? [asc(rightsRequests.dueAt), asc(rightsRequests.id)]
      : [desc(rightsRequests.receivedAt), desc(rightsRequests.id)];
  const rows = await db
    .select()
    .from(rightsRequests)
    .where(where)
    .orderBy(...order)
    .limit(LIMIT);
  return rows.map(toRightsRow);
}
