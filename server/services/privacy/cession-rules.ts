// When a request may be passed to a lender or an insurer (Ley 19.628 as amended by Ley 21.719, art. 15; ADR 0031,
// decision 8), to whom, and which data go: one set of rules for the lead page's "Derivar a…" and for the recording.
import { CESSION_KINDS, type CessionKind } from '@contracts/admin-registers.ts';
import type { Dealership } from '@contracts/dealership.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { RefusalKind } from '../refusal.ts';
import { PROCESSING_BLOCKED_MESSAGE } from '../rights/processing-block.ts';
import type { ConsentInForce } from './consents-in-force.ts';

export interface CessionLead {
  id: number;
  kind: string;
  email: string;
  ownerId: number | null;
  vehicleId: number | null;
  details: Record<string, string | number | null>;
  simulation: unknown;
  anonymizedAt: Date | null;
}

export const isCessionKind = (kind: string): kind is CessionKind =>
  (CESSION_KINDS as readonly string[]).includes(kind);

/** Financing goes to the lenders of /financing, insurance to the insurers of the privacy settings. */
export function cessionRecipients(kind: CessionKind, dealership: Dealership): string[] {
  return kind === 'financiamiento'
    ? dealership.partners.map((partner) => partner.name)
    : [...dealership.privacy.insurers];
}

const CONTACT = 'Identificación y contacto (nombre, correo y teléfono)';

/** The categories of data a cession of this request passes, in Spanish, as the register keeps them. */
export function cessionCategories(lead: CessionLead): string[] {
  if (lead.kind === 'seguro')
    return [CONTACT, 'Vehículo a asegurar (marca, modelo y año)', 'Tipo de seguro y comentarios'];
  const categories = [CONTACT, 'Crédito solicitado (tipo, valor del vehículo, pie y plazo)'];
  if (lead.simulation) categories.push('Simulación de crédito');
  if (lead.vehicleId !== null) categories.push('Vehículo de interés');
  // Kept only with its express consent (art. 16); erased when that consent is withdrawn.
  if (lead.details.ingresos != null) categories.push('Tipo de ingresos (situación socioeconómica)');
  return categories;
}

export interface Impediment {
  kind: RefusalKind;
  message: string;
}

/**
 * Why this member may not pass this request on now, as a Spanish sentence; null when they may. Checked in this
 * order: the request itself, the member's role, the partners, the person's consent.
 */
export function cessionImpediment(input: {
  lead: CessionLead;
  staff: Pick<SessionUser, 'id' | 'role'>;
  recipients: string[];
  consent: ConsentInForce | null;
  /** The person asked to block the processing of their data (art. 8 ter): nothing is passed on meanwhile. */
  blocked: boolean;
}): Impediment | null {
  const { lead, staff, recipients, consent } = input;
  const conflict = (message: string): Impediment => ({ kind: 'conflict', message });
  if (!isCessionKind(lead.kind))
    return conflict('Solo las solicitudes de financiamiento y de seguro se derivan a otras instituciones.');
  if (lead.anonymizedAt) return conflict('Esta solicitud ya fue anonimizada: no quedan datos que derivar.');
  if (input.blocked) return conflict(PROCESSING_BLOCKED_MESSAGE);
  if (staff.role !== 'admin' && lead.ownerId !== staff.id)
    return {
      kind: 'forbidden',
      message: 'Solo puedes derivar las solicitudes a tu cargo. Tómala primero desde esta página.',
    };
  if (recipients.length === 0)
    return conflict(
      lead.kind === 'seguro'
        ? 'No hay aseguradoras en la configuración del sitio: agrégalas en «Sitio» antes de derivar.'
        : 'No hay instituciones financieras en la configuración del sitio.',
    );
  if (!consent)
    return conflict(
      'La persona no autorizó enviar esta solicitud a otras instituciones, o retiró su autorización. Sin esa autorización la cesión sería nula (Ley 19.628, art. 15).',
    );
  return null;
}

/** Whether the consent's own words name the recipient: a partner added to the settings later was never consented to. */
export function consentNames(consent: ConsentInForce, recipient: string): boolean {
  return consent.wording.includes(recipient);
}
