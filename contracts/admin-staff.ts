// Shapes of the back office API for staff accounts, the audit trail and personal data requests (Ley 21.719), shared
// by the server and the pages. Pure data and zod only: the pages import this module too.
import { z } from 'zod';
import type { LeadStatus } from './admin-leads.ts';
import { MAX_DB_ID } from './db-id.ts';

export const STAFF_ROLES = ['admin', 'ventas'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRoleName, string> = { admin: 'Administrador', ventas: 'Ventas' };

/** One staff account as GET /admin/api/usuarios lists it. */
export interface StaffMember {
  id: number;
  nombre: string;
  email: string;
  rol: StaffRoleName;
  activo: boolean;
  /** ISO 8601, null when the account never signed in. */
  ultimoIngreso: string | null;
  creado: string;
  /** Requests it owns that are still open (new or contacted): what deactivating it offers to hand over (issue 31). */
  abiertas: number;
}

// ---------------------------------------------------------------- audit trail

/**
 * Spanish labels of the audit actions. Other parts of the back office add actions as they grow; an action missing
 * here is shown by its raw key rather than hidden.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  vehiculo_creado: 'Vehículo creado',
  vehiculo_editado: 'Vehículo editado',
  vehiculo_eliminado: 'Vehículo eliminado',
  fotos_agregadas: 'Fotos agregadas',
  fotos_reordenadas: 'Fotos reordenadas',
  foto_eliminada: 'Foto eliminada',
  stock_importado: 'Stock importado desde planilla',
  venta_registrada: 'Venta registrada',
  venta_deshecha: 'Venta deshecha',
  lista_creada: 'Elemento de lista creado',
  lista_editada: 'Elemento de lista editado',
  lista_eliminada: 'Elemento de lista eliminado',
  estado_solicitud: 'Estado de solicitud cambiado',
  nota_agregada: 'Nota agregada',
  correo_reenviado: 'Correo reenviado',
  responsable_solicitud: 'Responsable de solicitud cambiado',
  asignacion_configurada: 'Reparto de solicitudes cambiado',
  usuario_creado: 'Usuario creado',
  usuario_editado: 'Usuario editado',
  rol_cambiado: 'Rol cambiado',
  usuario_desactivado: 'Usuario desactivado',
  usuario_reactivado: 'Usuario reactivado',
  clave_cambiada: 'Contraseña cambiada',
  correo_cambiado: 'Correo cambiado',
  enlace_clave_pedido: 'Enlace para cambiar contraseña pedido («¿Olvidaste tu contraseña?»)',
  enlace_clave_enviado: 'Enlace para cambiar contraseña enviado por un administrador',
  clave_restablecida: 'Contraseña cambiada con un enlace',
  avisos_cambiados: 'Avisos por correo cambiados',
  datos_exportados: 'Datos personales exportados',
  datos_eliminados: 'Datos personales eliminados',
  retencion_aplicada: 'Plazos de conservación aplicados',
  politica_publicada: 'Política de privacidad publicada',
  cesion_registrada: 'Solicitud derivada (cesión)',
  vulneracion_registrada: 'Vulneración de seguridad registrada',
  vulneracion_editada: 'Vulneración de seguridad corregida',
  avisos_preparados: 'Avisos de vulneración preparados',
  configuracion_guardada: 'Configuración del sitio guardada',
  configuracion_restaurada: 'Versión anterior de la configuración restaurada',
  correo_respondido: 'Correo escrito a la persona desde la solicitud',
};

/** An action nobody labelled yet is said in words ('venta_anulada' → «Venta anulada»), never as its code. */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What one entry is about, singular: «Vehículo #12», «Configuración del sitio · versión 7». */
export const AUDIT_ENTITY_NAMES: Record<string, string> = {
  vehiculo: 'Vehículo',
  solicitud: 'Solicitud',
  usuario: 'Usuario',
  lista: 'Lista',
  datos_personales: 'Datos personales',
  configuracion: 'Configuración',
  politica_privacidad: 'Política de privacidad',
  vulneracion: 'Vulneración de seguridad',
};

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  vehiculo: 'Vehículos',
  solicitud: 'Solicitudes',
  usuario: 'Usuarios',
  lista: 'Listas',
  datos_personales: 'Datos personales',
  configuracion: 'Configuración',
  politica_privacidad: 'Política de privacidad',
  vulneracion: 'Vulneraciones de seguridad',
};

export const AUDIT_PAGE_SIZE = 50;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Usa una fecha con formato AAAA-MM-DD.' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: 'La fecha no existe.' });

/** Query of GET /admin/api/auditoria; empty strings (an untouched filter of the page's form) mean "any". */
export const AuditQuerySchema = z
  .object({
    entidad: z
      .string({ error: 'La entidad no es válida.' })
      .trim()
      .max(40, { error: 'La entidad no es válida.' })
      .optional(),
    // The type error too is Spanish: `usuario=abc` coerces to NaN.
    usuario: z.coerce
      .number({ error: 'El usuario no es válido.' })
      .int({ error: 'El usuario no es válido.' })
      .positive({ error: 'El usuario no es válido.' })
      .max(MAX_DB_ID, { error: 'El usuario no es válido.' })
      .optional(),
    desde: isoDate.optional(),
    hasta: isoDate.optional(),
    pagina: z.coerce
      .number({ error: 'La página no es válida.' })
      .int({ error: 'La página no es válida.' })
      .min(1, { error: 'La página no es válida.' })
      .max(100_000, { error: 'La página no es válida.' })
      .default(1),
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
    error: 'La fecha "hasta" debe ser igual o posterior a "desde".',
    path: ['hasta'],
  });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export interface AuditEntryView {
  id: number;
  /** ISO 8601. */
  fecha: string;
  accion: string;
  entidad: string;
  entidadId: string | null;
  /** Where the entity can be seen, when it still exists. */
  enlace: string | null;
  /** Who did it; the e-mail outlives the account. Null for the system itself. */
  actor: { id: number | null; nombre: string | null; email: string | null; activo: boolean | null } | null;
  detalles: Record<string, unknown>;
}

export interface AuditPage {
  entradas: AuditEntryView[];
  total: number;
  pagina: number;
  paginas: number;
}

// ---------------------------------------------------------------- personal data (Ley 21.719)

export const personalEmail = z
  .string({ error: 'Ingresa el correo de la persona.' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'El correo admite hasta 254 caracteres.' })
  .pipe(z.email({ error: 'Ingresa un correo válido.' }));

/** POST /admin/api/datos-personales/eliminar: the e-mail typed twice, so an erasure is never one slip away. */
export const PersonalDataEraseSchema = z
  .object({
    email: personalEmail,
    confirmacion: z
      .string({ error: 'Escribe nuevamente el correo para confirmar.' })
      .trim()
      .toLowerCase()
      .min(1, { error: 'Escribe nuevamente el correo para confirmar.' })
      .max(254, { error: 'El correo de confirmación no coincide.' }),
  })
  .refine((body) => body.confirmacion === body.email, {
    error: 'El correo de confirmación no coincide.',
    path: ['confirmacion'],
  });

export interface PersonalDataCounts {
  solicitudes: number;
  fotos: number;
  notas: number;
  correos: number;
  registrosIdempotencia: number;
  /** Saved searches (e-mail alerts, issue 33), whatever their state. */
  alertas: number;
}

export interface PersonalDataLeadSummary {
  id: number;
  tipo: string;
  tipoEtiqueta: string;
  estado: LeadStatus;
  nombre: string;
  recibida: string;
}

export interface PersonalDataErasureProof {
  fecha: string;
  por: string | null;
}

/** What the page shows about an e-mail address before exporting or erasing. */
export interface PersonalDataSummary {
  email: string;
  conteos: PersonalDataCounts;
  solicitudes: PersonalDataLeadSummary[];
  /** Earlier erasures of this address (found by its hash): proof that a request was honoured. */
  eliminaciones: PersonalDataErasureProof[];
}

export interface PersonalDataErasure {
  mensaje: string;
  eliminados: PersonalDataCounts & { imagenes: number; registrosAuditoriaDepurados: number };
}

// ---------------------------------------------------------------- the export as people read it (ADR 0041)

/** One part of a person's data as the printable page shows it: a title and its lines. */
export interface ReadableSection {
  title: string;
  rows: Array<{ label: string; value: string }>;
}

/** The personal-data export in words (the page beside the JSON and the CSV): who holds it, when, and each part. */
export interface ReadablePersonalData {
  correo: string;
  responsable: string;
  /** ISO 8601. */
  generado: string;
  secciones: ReadableSection[];
}
