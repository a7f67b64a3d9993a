import type { PersonalDataSummary } from '@contracts/admin-staff.ts';
import type { RightsRequestDetail } from '@contracts/rights.ts';
import type { Db } from '@db/client.ts';
import { rightsRequestEvents, rightsRequests, staffUsers } from '@db/schema.ts';
import { asc, eq } from 'drizzle-orm';
import { summarizePersonalData } from '../admin/personal-data.ts';
import { toRightsRow } from './list-rights-requests.ts';

/** One received request with its steps, and what is stored about its address (the personal data page's summary). */
export async function getRightsRequest(
  db: Db,
  id: number,
): Promise<{ request: RightsRequestDetail; datos: PersonalDataSummary } | null> {
  const [request] = await db.select().from(rightsRequests).where(eq(rightsRequests.id, id));
  if (!request || request.status === 'sin_confirmar') return null;
  const events = await db
    .select({ event: rightsRequestEvents, by: staffUsers.name })
    .from(rightsRequestEvents)
    .leftJoin(staffUsers, eq(staffUsers.id, rightsRequestEvents.staffId))
    .where(eq(rightsRequestEvents.requestId, id))
    .orderBy(asc(rightsRequestEvents.createdAt), asc(rightsRequestEvents.id));
  return {
    request: {
      ...toRightsRow(request),
      detalle: request.details,
      motivoProrroga: request.extensionReason,
      notaResolucion: request.resolutionNote,
      bloqueadaEl: request.blockedAt?.toISOString() ?? null,
      desbloqueadaEl: request.unblockedAt?.toISOString() ?? null,
      eventos: events.map(({ event, by }) => {
        const { correo, ...details } = event.details as { correo?: { asunto?: string } } & Record<
          string,
          unknown
        >;
        return {
          id: event.id,
          accion: event.action,
          fecha: event.createdAt.toISOString(),
          por: by,
          detalles: details,
          correoEnviado: correo ? { id: event.emailId, asunto: String(correo.asunto ?? '') } : null,
        };
      }),
    },
    datos: await summarizePersonalData(db, request.email),
  };
}
