// Step 1 of a right exercised without an account (ADR 0031 decision 6): the person gives an address and the right;
// nothing is looked up about the address here, so the answer, its status and its work are the same whether the
// dealership holds data about it or not. A single-use link that expires goes to the address; only its hash is kept.

import { BLOCKABLE, type RightsRequestInput } from '@contracts/rights.ts';
import type { Db } from '@db/client.ts';
import { rightsRequests } from '@db/schema.ts';
import { emailProof } from '../admin/personal-data.ts';
import type { PrivacyLinks } from '../privacy/privacy-footer.ts';
import { hitRateLimit } from '../rate-limit.ts';
import { recordRightsEvent } from './rights-events.ts';
import { confirmationMail } from './rights-mail.ts';
import { newRightsToken } from './rights-tokens.ts';

export const CONFIRM_LINK_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;
/** Confirmation e-mails one address may receive per hour, whoever asks: nobody floods a mailbox through us. */
export const RIGHTS_ADDRESS_LIMIT = 3;

export interface SubmitRightsContext {
  now: Date;
  /** A keyed hash of the client's IP address, as the lead forms count it. */
  client: string;
  /** Requests one client may make per hour (RIGHTS_RATE_LIMIT). */
  clientLimit: number;
  publicUrl: string;
  dealership: string;
  privacy?: PrivacyLinks;
}

/** Too many requests from one client: answered 429 with how long to wait. */
export class RightsRateLimited extends Error {
  constructor(readonly retryAfter: number) {
    super('Hiciste demasiadas solicitudes seguidas. Espera un momento e inténtalo nuevamente.');
    this.name = 'RightsRateLimited';
  }
}

/**
 * Counts one e-mail asked for from the rights page (a request's link or the consents link, one count for both):
 * throws over the client's limit; false over the address's, where the client still gets the same answer, since
 * the limit must not tell anything either.
 */
export async function mayMailFromRightsPage(
  db: Db,
  email: string,
  context: { now: Date; client: string; clientLimit: number },
): Promise<boolean> {
  const at = context.now.getTime();
  const byClient = await hitRateLimit(db, `derechos:${context.client}`, context.clientLimit, HOUR_MS, at);
  if (!byClient.allowed) throw new RightsRateLimited(byClient.retryAfter);
  const key = `derechos-correo:${emailProof(email)}`;
  return (await hitRateLimit(db, key, RIGHTS_ADDRESS_LIMIT, HOUR_MS, at)).allowed;
}

/** Stores the unconfirmed request and queues the e-mail with its link; returns nothing the caller could show. */
export async function submitRightsRequest(
  db: Db,
  input: RightsRequestInput,
  context: SubmitRightsContext,
): Promise<void> {
  const { now } = context;
  if (!(await mayMailFromRightsPage(db, input.correo, context))) return;

  const { token, hash } = newRightsToken();
  const expiresAt = new Date(now.getTime() + CONFIRM_LINK_MS);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rightsRequests)
      .values({
        email: input.correo,
        right: input.derecho,
        details: input.detalle ?? null,
        blockRequested: input.derecho === 'bloqueo' || (input.bloquear && BLOCKABLE.includes(input.derecho)),
        tokenHash: hash,
        tokenExpiresAt: expiresAt,
        createdAt: now,
      })
      .returning({ id: rightsRequests.id });
    if (!row) throw new Error('rights request insert returned nothing');
    await recordRightsEvent(tx, {
      requestId: row.id,
      action: 'solicitada',
      privacy: context.privacy,
      mail: {
        to: input.correo,
        ...confirmationMail({
          right: input.derecho,
          link: `${context.publicUrl}/derechos/confirmar?t=${token}`,
          expiresAt,
          dealership: context.dealership,
        }),
      },
    });
  });
}
