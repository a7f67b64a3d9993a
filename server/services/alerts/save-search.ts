// Saving a search, and confirming it (issue 33, ADR 0039): double opt-in. A save stores the search as 'pending' and
// queues ONE e-mail, the confirmation with a single-use link (only its hash is kept); nothing else is ever sent to
// the address before that link is confirmed. The answer is the same whatever the address: nothing is looked up
// about it, and over the address's own hourly limit nothing is stored or sent, silently. Confirming writes the
// marketing consent ('otorga', channel 'alerta', the wording the form showed and the policy version of its page).
import type { SaveSearchInput } from '@contracts/saved-searches.ts';
import type { Db } from '@db/client.ts';
import { consentEvents, emailOutbox, savedSearches } from '@db/schema.ts';
import { formatChileLongDateTime } from '@domain/chile-time.ts';
import {
  alertConsentWording,
  alertTitle,
  brandKey,
  parseFavouriteIds,
  parseSavedQuery,
  type SavedFilters,
} from '@domain/saved-search.ts';
import { and, eq, gt } from 'drizzle-orm';
import { emailProof } from '../admin/personal-data.ts';
import { consentPolicyVersion } from '../privacy/policy-versions.ts';
import { type PrivacyLinks, withPrivacyFooter } from '../privacy/privacy-footer.ts';
import { hitRateLimit } from '../rate-limit.ts';
import { hashRightsToken, newRightsToken } from '../rights/rights-tokens.ts';

/** How long a confirmation link works. */
export const ALERT_CONFIRM_MS = 72 * 3_600_000;
/** Confirmation e-mails one address may receive per hour, whoever asks: nobody floods a mailbox through us. */
export const ALERT_ADDRESS_LIMIT = 3;
const HOUR_MS = 3_600_000;
/** The window of the client's limit: LEAD_RATE_LIMIT saves per client per 10 minutes, as the lead forms count. */
export const ALERT_CLIENT_WINDOW_MS = 10 * 60_000;

/** A search that cannot be saved: a Spanish message for the field. */
export class InvalidSavedSearch extends Error {
  constructor(
    readonly field: 'consulta' | 'favoritos',
    message: string,
  ) {
    super(message);
    this.name = 'InvalidSavedSearch';
  }
}

/** Too many saves from one client: 429 with how long to wait. */
export class AlertsRateLimited extends Error {
  constructor(readonly retryAfter: number) {
    super('Guardaste demasiadas alertas seguidas. Espera un momento e inténtalo nuevamente.');
    this.name = 'AlertsRateLimited';
  }
}

export interface SaveSearchContext extends PrivacyLinks {
  now: Date;
  /** A keyed hash of the client's IP address. */
  client: string;
  /** Saves one client may make per 10 minutes (LEAD_RATE_LIMIT). */
  clientLimit: number;
  dealership: string;
}

/** The columns a search is matched by (schema.ts, saved_searches), from its filters. */
export function matchColumns(filters: SavedFilters) {
  return {
    priceMin: filters.price.min,
    priceMax: filters.price.max,
    yearMin: filters.year.min,
    yearMax: filters.year.max,
    cuotaMax: filters.cuotaMax,
    brandKeys: filters.brands.map(brandKey).filter(Boolean),
    conditions: filters.conditions,
    bodyTypes: filters.bodyTypes,
    transmissions: filters.transmissions,
    fuelTypes: filters.fuelTypes,
  };
}

/** What a save stores, judged before anything is counted or stored; throws InvalidSavedSearch. */
export function savedSearchValues(input: SaveSearchInput) {
  if (input.favoritos !== undefined) {
    const ids = parseFavouriteIds(input.favoritos);
    if (!ids.ok) throw new InvalidSavedSearch('favoritos', ids.error);
    return { kind: 'favoritos' as const, queryString: '', vehicleIds: ids.ids };
  }
  const parsed = parseSavedQuery(input.consulta ?? '');
  if (!parsed.ok) throw new InvalidSavedSearch('consulta', parsed.error);
  return {
    kind: 'busqueda' as const,
    queryString: parsed.canonical,
    vehicleIds: [] as number[],
    ...matchColumns(parsed.filters),
  };
}

export function confirmationMail(input: {
  title: string;
  link: string;
  expiresAt: Date;
  dealership: string;
}) {
  return {
    subject: `Confirma tu alerta de ${input.dealership}`,
    text: [
      `Pediste en el sitio de ${input.dealership} que te avisemos por correo cuando llegue o baje de precio un auto de esta búsqueda:`,
      input.title,
      '',
      'Para activarla, abre este enlace y presiona «Confirmar alerta»:',
      input.link,
      '',
      `El enlace sirve una sola vez y vence el ${formatChileLongDateTime(input.expiresAt)}. Te escribiremos como máximo una vez al día, y cada correo trae un enlace para darte de baja.`,
      '',
      'Si no la pediste tú, ignora este correo: sin confirmación no te enviaremos nada.',
      '',
      `Equipo de ${input.dealership}`,
    ].join('\n'),
  };
}

/** Stores the pending search and queues its confirmation; returns nothing the caller could show. */
export async function saveSearch(db: Db, input: SaveSearchInput, context: SaveSearchContext): Promise<void> {
  const values = savedSearchValues(input);
  const at = context.now.getTime();
  const byClient = await hitRateLimit(
    db,
    `alertas:${context.client}`,
    context.clientLimit,
    ALERT_CLIENT_WINDOW_MS,
    at,
  );
  if (!byClient.allowed) throw new AlertsRateLimited(byClient.retryAfter);
  const byAddress = await hitRateLimit(
    db,
    `alertas-correo:${emailProof(input.correo)}`,
    ALERT_ADDRESS_LIMIT,
    HOUR_MS,
    at,
  );
  if (!byAddress.allowed) return;

  const { token, hash } = newRightsToken();
  const expiresAt = new Date(at + ALERT_CONFIRM_MS);
  const title = alertTitle({ ...values, vehicles: values.vehicleIds.length });
  await db.transaction(async (tx) => {
    await tx.insert(savedSearches).values({
      ...values,
      email: input.correo,
      source: input.origen,
      tokenHash: hash,
      tokenExpiresAt: expiresAt,
      wording: alertConsentWording(context.dealership, values.kind),
      policyVersion: await consentPolicyVersion(tx, input.politica_version),
      createdAt: context.now,
    });
    const mail = withPrivacyFooter(
      {
        ...confirmationMail({
          title,
          link: `${context.publicUrl}/alertas/confirmar?t=${token}`,
          expiresAt,
          dealership: context.dealership,
        }),
        html: null,
      },
      { ...context, email: input.correo },
    );
    await tx.insert(emailOutbox).values({
      toAddress: input.correo,
      subject: mail.subject,
      textBody: mail.text,
      createdAt: context.now,
    });
  });
}

/** What the confirmation page shows before the button: the search, or null for a link that no longer works. */
export async function pendingAlert(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select({
      kind: savedSearches.kind,
      queryString: savedSearches.queryString,
      ids: savedSearches.vehicleIds,
    })
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.tokenHash, hashRightsToken(token)),
        eq(savedSearches.status, 'pending'),
        gt(savedSearches.tokenExpiresAt, now),
      ),
    );
  return row ? { title: alertTitle({ ...row, vehicles: row.ids.length }) } : null;
}

/**
 * Confirms the search the token names, once: the token is cleared and the consent recorded in one transaction.
 * Returns the person's address (for the page's link to their alerts), or null for a used, expired or unknown link.
 */
export async function confirmSavedSearch(db: Db, token: string, now = new Date()): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(savedSearches)
      .where(
        and(
          eq(savedSearches.tokenHash, hashRightsToken(token)),
          eq(savedSearches.status, 'pending'),
          gt(savedSearches.tokenExpiresAt, now),
        ),
      )
      .for('update');
    if (!row) return null;
    const [event] = await tx
      .insert(consentEvents)
      .values({
        email: row.email,
        leadId: null,
        purpose: 'marketing',
        action: 'otorga',
        wording: row.wording,
        policyVersion: row.policyVersion,
        channel: 'alerta',
        savedSearchId: row.id,
        createdAt: now,
      })
      .returning({ id: consentEvents.id });
    await tx
      .update(savedSearches)
      .set({ status: 'confirmed', tokenHash: null, confirmedAt: now, consentEventId: event?.id ?? null })
      .where(eq(savedSearches.id, row.id));
    return row.email;
  });
}
