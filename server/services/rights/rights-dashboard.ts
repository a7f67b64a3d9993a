import type { Db } from '@db/client.ts';
import { rightsRequests } from '@db/schema.ts';
import { count, eq, sql } from 'drizzle-orm';

export interface RightsDashboard {
  abiertas: number;
  vencidas: number;
  /** Blocks asked for and not yet in place. */
  bloqueosPendientes: number;
}

/** The dashboard's figures of the rights requests: open, past their legal deadline, blocks still to answer. */
export async function loadRightsDashboard(db: Db, now = new Date()): Promise<RightsDashboard> {
  const [row] = await db
    .select({
      abiertas: count(),
      vencidas: sql<number>`count(*) filter (where ${rightsRequests.dueAt} <= ${now})`.mapWith(Number),
      bloqueosPendientes: sql<number>`count(*) filter (where ${rightsRequests.blockRequested}
        and ${rightsRequests.blockedAt} is null)`.mapWith(Number),
    })
    .from(rightsRequests)
    .where(eq(rightsRequests.status, 'abierta'));
  return {
    abiertas: row?.abiertas ?? 0,
    vencidas: row?.vencidas ?? 0,
    bloqueosPendientes: row?.bloqueosPendientes ?? 0,
  };
}
