import type { Db } from '@db/client.ts';
import { consentEvents, privacyPolicyVersions } from '@db/schema.ts';
import { max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { csrfHeaders } from './csrf-client.ts';
import { VALID_PAYLOADS } from './lead-payloads.ts';

type Purpose = 'datos_socioeconomicos' | 'cesion' | 'marketing';

/** The words a form's box shows, as the forms' evidence rows store them (their exact text is the forms' business). */
export const WORDING: Record<Purpose, string> = {
  datos_socioeconomicos: 'Autorizo expresamente a Automotora Demo a guardar mi tipo de ingresos.',
  cesion:
    'Autorizo a Automotora Demo a enviar mi solicitud a las instituciones con que trabaja: Banco Cumbre Andina, Finanzas Litoral, Banco Horizonte Sur, Fondo Quillay, Mutual Pehuén y Seguros Austral.',
  marketing: 'Acepto recibir ofertas y novedades.',
};

/** What the public forms write when a box is ticked (ADR 0031): one 'otorga' event, inserted here directly. */
export async function giveConsent(
  db: Db,
  consent: {
    email: string;
    leadId: number | null;
    purpose: Purpose;
    channel?: string;
    wording?: string;
    at?: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(consentEvents)
    .values({
      email: consent.email.toLowerCase(),
      leadId: consent.leadId,
      purpose: consent.purpose,
      action: 'otorga',
      wording: consent.wording ?? WORDING[consent.purpose],
      channel: consent.channel ?? 'contacto',
      ...(consent.at ? { createdAt: consent.at } : {}),
    })
    .returning({ id: consentEvents.id });
  if (!row) throw new Error('consent insert returned nothing');
  return row.id;
}

/** Publishes the next privacy policy version after those the app published at start; returns its number. */
export async function publishPolicy(db: Db): Promise<number> {
  const [latest] = await db
    .select({ version: max(privacyPolicyVersions.version) })
    .from(privacyPolicyVersions);
  const version = (latest?.version ?? 0) + 1;
  await db
    .insert(privacyPolicyVersions)
    .values({ version, text: `Política v${version}`, textHash: `h${version}` });
  return version;
}

/** A request sent through the public API, as a visitor sends it; returns its id. */
export async function sendRequest(
  app: FastifyInstance,
  path: keyof typeof VALID_PAYLOADS,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: path,
    payload: { ...VALID_PAYLOADS[path], ...fields },
    headers: await csrfHeaders(app),
  });
  if (response.statusCode !== 201) throw new Error(`lead refused: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}
