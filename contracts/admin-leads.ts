// The back office leads API (/admin/api/solicitudes...): workflow rules and answer shapes shared by the server, the
// pages and the tests. No zod here, so pages can import it without loading the validation library (the one import is a type).
import type { ConsentPurpose } from './lead-options.ts';

export const LEAD_STATUS_VALUES = ['nuevo', 'contactado', 'cerrado', 'descartado'] as const;
export type LeadStatus = (typeof LEAD_STATUS_VALUES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  nuevo: 'Nuevo',
  contactado: 'Contactado',
  cerrado: 'Cerrado',
  descartado: 'Descartado',
};

/**
 * The workflow: Nuevo → Contactado → Cerrado or Descartado. A lead may also be discarded straight from Nuevo (spam,
 * duplicates), and every step can be undone one step back when it was a mistake: Contactado → Nuevo, Cerrado →
 * Contactado, Descartado → Contactado or Nuevo. Going back to Nuevo clears the first contact, so the deadline counts
 * again. Anything else is refused with 409.
 */
export const LEAD_TRANSITIONS: Record<LeadStatus, readonly LeadStatus[]> = {
  nuevo: ['contactado', 'descartado'],
  contactado: ['cerrado', 'descartado', 'nuevo'],
  cerrado: ['contactado'],
  descartado: ['contactado', 'nuevo'],
};

export function canChangeStatus(from: LeadStatus, to: LeadStatus): boolean {
  return LEAD_TRANSITIONS[from].includes(to);
}

/** A correction (one step back) rather than a move forward in the workflow. */
export function isStepBack(from: LeadStatus, to: LeadStatus): boolean {
  return LEAD_STATUS_VALUES.indexOf(to) < LEAD_STATUS_VALUES.indexOf(from);
}

export const LEADS_PAGE_SIZE = 25;
export const LEAD_NOTE_MAX = 2000;
export const LEAD_SEARCH_MAX = 100;

/** The query of the inbox, the CSV export and the dashboard links (all optional; names are the URL's). */
export interface LeadFilterQuery {
  tipo?: string;
  estado?: string;
  /** yyyy-mm-dd or dd-mm-yyyy, a Chilean calendar day. */
  desde?: string;
  hasta?: string;
  q?: string;
  vencidas?: string;
  /** 'yo' (Mis solicitudes) or 'nadie' (Sin asignar). */
  responsable?: string;
  pagina?: string;
}

/** The owner filter of the inbox: the signed-in member's leads, or the leads nobody owns. */
export const LEAD_OWNER_FILTERS = { yo: 'Mis solicitudes', nadie: 'Sin asignar' } as const;
export type LeadOwnerFilter = keyof typeof LEAD_OWNER_FILTERS;

/** A staff member as a lead's owner. */
export interface LeadOwnerRef {
  id: number;
  name: string;
  /** The account is deactivated (issue 31): the lead waits for someone to take it over. Absent when active. */
  inactive?: true;
}

/** The round-robin setting (GET/PUT /admin/api/asignacion). */
export interface LeadAssignmentSettings {
  /** New leads are given in turn to the active 'ventas' accounts. */
  turnos: boolean;
}

export interface LeadVehicleRef {
  id: number;
  /** 'Toyota Yaris 2017'. */
  name: string;
  /** The public page of the vehicle. */
  url: string;
  /** The back office page of the vehicle. */
  adminUrl: string;
}

export interface LeadListItem {
  id: number;
  kind: string;
  kindLabel: string;
  status: LeadStatus;
  name: string;
  email: string;
  phone: string | null;
  vehicle: LeadVehicleRef | null;
  /** ISO instants. */
  createdAt: string;
  dueAt: string;
  firstContactAt: string | null;
  /** A test drive's slot start (kind 'prueba'), ISO. */
  testDriveAt: string | null;
  /** Who owns it; null when nobody does. */
  owner: LeadOwnerRef | null;
  /** Art. 8 ter: the person asked to block processing while a rights request is decided ('Tratamiento bloqueado'). */
  processingBlocked?: boolean;
}

export interface LeadListPage {
  items: LeadListItem[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** The server's clock when the page was read: time left is computed from it. */
  now: string;
}

export interface LeadPhotoRef {
  /** The image id: GET /admin/api/solicitudes/:id/fotos/:fotoId. */
  id: number;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

export interface LeadEmailState {
  id: number;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  nextAttemptAt: string;
  createdAt: string;
  toAddress: string;
  subject: string;
}

export interface LeadNote {
  id: number;
  body: string;
  authorName: string | null;
  createdAt: string;
}

/** A status change of the lead. */
export interface LeadStatusHistoryEntry {
  type: 'estado';
  at: string;
  from: LeadStatus;
  to: LeadStatus;
  byName: string | null;
  byEmail: string | null;
}

/** A change of owner: taken, reassigned, released, or given in turn on arrival (`automatic`, nobody made it). */
export interface LeadOwnerHistoryEntry {
  type: 'responsable';
  at: string;
  fromName: string | null;
  toName: string | null;
  automatic: boolean;
  byName: string | null;
  byEmail: string | null;
}

/** An e-mail a staff member wrote to the person from the request («Escribir correo», ADR 0041). */
export interface LeadReplyHistoryEntry {
  type: 'correo';
  at: string;
  toAddress: string;
  subject: string;
  body: string;
  /** Whether it has left: the outbox's state. */
  status: LeadEmailState['status'];
  byName: string | null;
  byEmail: string | null;
}

export type LeadHistoryEntry = LeadStatusHistoryEntry | LeadOwnerHistoryEntry | LeadReplyHistoryEntry;

export interface LeadOrigin {
  /** utm_source as staff read it ('Facebook'), or null. */
  source: string | null;
  medium: string | null;
  campaign: string | null;
  landingPage: string | null;
  referrerHost: string | null;
}

/** The purposes a request's consents are for (ADR 0031), as staff read them. */
export const CONSENT_PURPOSE_LABELS = {
  datos_socioeconomicos: 'Datos socioeconómicos',
  cesion: 'Cesión a instituciones asociadas',
  marketing: 'Ofertas y novedades',
} as const satisfies Record<ConsentPurpose, string>;

export const CONSENT_STATE_LABELS = {
  otorgado: 'Otorgado',
  no_otorgado: 'No otorgado',
  retirado: 'Retirado',
} as const;
export type LeadConsentState = keyof typeof CONSENT_STATE_LABELS;

/** One purpose's consent as its latest event says (the request's own, or the person's for marketing). */
export interface LeadConsent {
  purpose: ConsentPurpose;
  label: string;
  state: LeadConsentState;
  /** When the latest event happened; null when none ever did. */
  at: string | null;
  /** The privacy policy version it points at; null when none was published then. */
  policyVersion: number | null;
  /** The exact sentence the person saw (or the button they pressed to withdraw). */
  wording: string | null;
}

export interface LeadDetail extends LeadListItem {
  message: string | null;
  /** The kind-specific fields with their Spanish labels and option labels. */
  details: Array<{ key: string; label: string; value: string }>;
  /**
   * The credit simulation a financing request came from, as the server computed it when the lead arrived: every
   * figure of the offer with its Spanish label, in es-CL (the staff e-mail's lines). Null without one.
   */
  simulation: Array<{ label: string; value: string }> | null;
  sourcePage: string | null;
  /** Where the visit that sent it began ('Origen'); every field null when the browser sent none. */
  origin: LeadOrigin;
  statusChangedAt: string | null;
  statusChangedBy: { id: number; name: string } | null;
  promiseHours: number;
  photos: LeadPhotoRef[];
  emails: LeadEmailState[];
  notes: LeadNote[];
  history: LeadHistoryEntry[];
  /** The active staff a lead can be given to, by name (the lead page's 'Asignar a'). */
  assignable: LeadOwnerRef[];
  /** Each purpose the request's form asks consent for, with its state (ADR 0031). */
  consents: LeadConsent[];
  now: string;
}

// ------------------------------------------------------------------ dashboard (GET /admin/api/panel)

export const VEHICLE_STATUS_LABELS = { draft: 'Borrador', published: 'Publicado', sold: 'Vendido' } as const;
export type VehicleStatus = keyof typeof VEHICLE_STATUS_LABELS;

export interface DashboardLeadKind {
  kind: string;
  label: string;
  /** Not answered yet (status 'nuevo'). */
  nuevas: number;
  /** Of those, past their deadline. */
  vencidas: number;
  /** Of those, in the last sixth of their window. */
  porVencer: number;
}

export interface DashboardData {
  now: string;
  leadsByKind: DashboardLeadKind[];
  totals: { nuevas: number; vencidas: number; porVencer: number; hoy: number; ultimos30: number };
  /** The last 30 Chilean days, oldest first; days without leads count 0. */
  perDay: Array<{ day: string; count: number }>;
  stock: Record<VehicleStatus, number>;
  /** Test drives of today and tomorrow (Chile), not discarded, earliest first (ADR 0020). */
  testDrives: Array<{
    leadId: number;
    /** ISO instant of the slot's start. */
    at: string;
    day: 'hoy' | 'mañana';
    /** '10:30', Chile time. */
    time: string;
    vehicle: string | null;
    client: string;
    status: string;
  }>;
  featured: Array<{
    id: number;
    name: string;
    price: number;
    status: VehicleStatus;
    photo: { hash: string; width: number; height: number } | null;
    adminUrl: string;
  }>;
  /** The requests the daily retention job will anonymise within `days`, if nothing happens to them (ADR 0031). */
  retention: { days: number; leads: number };
}
