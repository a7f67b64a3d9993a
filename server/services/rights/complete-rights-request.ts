// Staff answer a received request by doing what it asks (ADR 0031 decision 6): a suppression runs the erasure of the
// personal data tools, a rectification writes the corrected name or phone on the person's requests, an opposition
// withdraws the marketing consent ('retira' event, art. 8 b), a block request is answered once the block is in place.
// The person is told what was done, in staff's words.

import type { RightsCompleteInput } from '@contracts/rights.ts';
import type { Db } from '@db/client.ts';
import { consentEvents, leads, rightsRequests } from '@db/schema.ts';
import { eq, sql } from 'drizzle-orm';
import { erasePersonalData } from '../admin/personal-data-erase.ts';
import type { Actor } from '../auth/sessions.ts';
import type { OutboxRelay } from '../email/outbox-relay.ts';
import type { PrivacyLinks } from '../privacy/privacy-footer.ts';
import { Refusal } from '../refusal.ts';
import { lockRightsRequest, type RightsRequestRecord } from './open-request.ts';
import { recordRightsEvent } from './rights-events.ts';
import { completedMail } from './rights-mail.ts';

export interface CompleteContext {
  now: Date;
  dealership: string;
  mailFiles?: Pick<OutboxRelay, 'discardCopies'>;
  privacy?: PrivacyLinks;
}

function check(request: RightsRequestRecord, input: RightsCompleteInput): void {
  if (request.right === 'supresion' && input.confirmacion !== request.email)
    throw new Refusal('invalid', 'Revisa los datos del formulario.', {
      confirmacion: 'Escribe el correo de la persona para confirmar la eliminación.',
    });
  if (request.right === 'rectificacion' && !input.nombre && !input.telefono)
    throw new Refusal('invalid', 'Revisa los datos del formulario.', {
      nombre: 'Escribe el nombre o el teléfono corregido.',
    });
  if (request.right === 'bloqueo' && !request.blockedAt)
    throw new Refusal('conflict', 'Primero bloquea el tratamiento: eso es lo que pidió la persona.');
}

export async function completeRightsRequest(
  db: Db,
  actor: Actor,
  id: number,
  input: RightsCompleteInput,
  context: CompleteContext,
): Promise<{ resuelta: string }> {
  // Judged before anything is erased; the erasure has its own transaction (and deletes .eml files after its commit).
  const before = await db.transaction((tx) => lockRightsRequest(tx, id));
  check(before, input);
  const erased =
    before.right === 'supresion' ? await erasePersonalData(db, actor, before.email, context.mailFiles) : null;

  return db.transaction(async (tx) => {
    const request = await lockRightsRequest(tx, id);
    check(request, input);
    const { email } = request;
    if (erased) {
      await recordRightsEvent(tx, {
        requestId: id,
        action: 'datos_eliminados',
        staffId: actor.id,
        details: { ...erased },
      });
    }
    if (request.right === 'rectificacion') {
      const changed = await tx
        .update(leads)
        .set({
          ...(input.nombre ? { name: input.nombre } : {}),
          ...(input.telefono ? { phone: input.telefono } : {}),
        })
        .where(sql`lower(${leads.email}) = ${email}`)
        .returning({ id: leads.id });
      await recordRightsEvent(tx, {
        requestId: id,
        action: 'datos_corregidos',
        staffId: actor.id,
        details: {
          campos: [...(input.nombre ? ['nombre'] : []), ...(input.telefono ? ['telefono'] : [])],
          solicitudes: changed.map((row) => row.id),
        },
      });
    }
    if (request.right === 'oposicion' && input.detenerMarketing !== false) {
      await tx.insert(consentEvents).values({
        email,
        purpose: 'marketing',
        action: 'retira',
        wording: `Oposición al marketing directo (solicitud de derechos n.º ${id}).`,
        channel: 'derechos',
        createdAt: context.now,
      });
      await recordRightsEvent(tx, { requestId: id, action: 'marketing_detenido', staffId: actor.id });
    }
    await tx
      .update(rightsRequests)
      .set({
        status: 'completada',
        resolvedAt: context.now,
        resolvedBy: actor.id,
        resolutionNote: input.nota,
        // The decision ends the block that waited for it; a block asked for on its own stays until lifted.
        ...(request.right !== 'bloqueo' && request.blockedAt && !request.unblockedAt
          ? { unblockedAt: context.now }
          : {}),
      })
      .where(eq(rightsRequests.id, id));
    await recordRightsEvent(tx, {
      requestId: id,
      action: 'completada',
      staffId: actor.id,
      details: { nota: input.nota, aTiempo: !request.dueAt || context.now <= request.dueAt },
      privacy: context.privacy,
      mail: {
        to: email,
        ...completedMail({ id, right: request.right, note: input.nota, dealership: context.dealership }),
      },
    });
    return { resuelta: context.now.toISOString() };
  });
}
