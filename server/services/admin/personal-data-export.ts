// The personal-data export as the person receives it: one JSON document with every lead they sent, its photos
// inline, the staff notes and history, the e-mails about them and the records that answer their retries. Pure: the
// rows come from personal-data.ts, so the document's shape is unit-tested on plain data.
import { auditActionLabel, type PersonalDataCounts } from '@contracts/admin-staff.ts';
import type { emailOutbox, leads, savedSearches } from '@db/schema.ts';
import { alertTitle } from '@domain/saved-search.ts';
import { kindLabel } from '../leads/lead-kinds.ts';

export const EXPORT_FORMAT = 'datos-personales/v1';

/** What the database holds about one address, as personal-data.ts reads it. */
export interface PersonalDataRows {
  leads: Array<{
    lead: typeof leads.$inferSelect;
    vehicleBrand: string | null;
    vehicleModel: string | null;
    vehicleYear: number | null;
  }>;
  photos: Array<{
    leadId: number;
    position: number;
    format: string;
    width: number;
    height: number;
    data: Buffer;
  }>;
  notes: Array<{ leadId: number; body: string; createdAt: Date; author: string | null }>;
  history: Array<{
    entityId: string | null;
    action: string;
    details: Record<string, unknown>;
    createdAt: Date;
    author: string | null;
  }>;
  mails: Array<typeof emailOutbox.$inferSelect>;
  replays: Array<{ response: unknown; createdAt: Date }>;
  /** Saved searches (e-mail alerts, issue 33) and the days an e-mail of alerts went to the address. */
  alerts: Array<typeof savedSearches.$inferSelect>;
  alertMails: Array<{ day: string; vehicles: number }>;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The document, photos as data URLs; staff e-mail addresses in the history are left out. */
export function toPersonalDataExport(
  {
    controller,
    email,
    counts,
    now = new Date(),
  }: { controller: string; email: string; counts: PersonalDataCounts; now?: Date },
  { leads: leadRows, photos, notes, history, mails, replays, alerts, alertMails }: PersonalDataRows,
) {
  return {
    formato: EXPORT_FORMAT,
    responsable: controller,
    correo: email,
    generado: now.toISOString(),
    resumen: counts,
    solicitudes: leadRows.map(({ lead, vehicleBrand, vehicleModel, vehicleYear }) => ({
      id: lead.id,
      tipo: lead.kind,
      tipoEtiqueta: kindLabel(lead.kind),
      recibida: iso(lead.createdAt),
      nombre: lead.name,
      correo: lead.email,
      telefono: lead.phone,
      mensaje: lead.message,
      detalles: lead.details,
      /** The credit simulation the request came from, every figure as the server computed it; null without one. */
      simulacion: lead.simulation,
      vehiculo:
        lead.vehicleId === null
          ? null
          : {
              id: lead.vehicleId,
              descripcion: vehicleBrand ? `${vehicleBrand} ${vehicleModel} ${vehicleYear}` : null,
            },
      paginaOrigen: lead.sourcePage,
      /** Where the visit that sent it began, as the visitor's browser reported it with the request. */
      origen: {
        fuente: lead.utmSource,
        medio: lead.utmMedium,
        campana: lead.utmCampaign,
        paginaLlegada: lead.landingPage,
        sitioReferencia: lead.referrerHost,
      },
      estado: lead.status,
      plazoPrimerContacto: iso(lead.dueAt),
      primerContacto: iso(lead.firstContactAt),
      estadoCambiado: iso(lead.statusChangedAt),
      /** A keyed hash of the sender's IP address, kept to limit abuse; not the address itself. */
      huellaIp: lead.ipHash,
      fotos: photos
        .filter((photo) => photo.leadId === lead.id)
        .map((photo) => ({
          posicion: photo.position,
          formato: photo.format,
          ancho: photo.width,
          alto: photo.height,
          datos: `data:image/${photo.format};base64,${photo.data.toString('base64')}`,
        })),
      notas: notes
        .filter((note) => note.leadId === lead.id)
        .map((note) => ({ fecha: iso(note.createdAt), autor: note.author, texto: note.body })),
      historial: history
        .filter((entry) => entry.entityId === String(lead.id))
        .map(({ details: { actorEmail: _staff, ...details }, ...entry }) => ({
          fecha: iso(entry.createdAt),
          accion: auditActionLabel(entry.action),
          por: entry.author,
          detalles: details,
        })),
    })),
    correos: mails.map((mail) => ({
      id: mail.id,
      solicitud: mail.leadId,
      para: mail.toAddress,
      responderA: mail.replyTo,
      asunto: mail.subject,
      texto: mail.textBody,
      html: mail.htmlBody,
      estado: mail.status,
      creado: iso(mail.createdAt),
      enviado: iso(mail.sentAt),
      fotosAdjuntas: mail.attachments.length,
    })),
    registrosIdempotencia: replays.map((row) => ({ creado: iso(row.createdAt), respuesta: row.response })),
    alertas: alerts.map((alert) => ({
      id: alert.id,
      tipo: alert.kind,
      alerta: alertTitle({ ...alert, vehicles: alert.vehicleIds.length }),
      /** The listing's filters as saved (the query of /vehicles), or the favourites' vehicle ids. */
      busqueda: alert.queryString,
      vehiculos: alert.vehicleIds,
      origen: alert.source,
      estado: alert.status,
      creada: iso(alert.createdAt),
      confirmada: iso(alert.confirmedAt),
      eliminada: iso(alert.withdrawnAt),
      /** The sentence the person accepted, and the privacy policy version the page showed. */
      textoAceptado: alert.wording,
      versionPolitica: alert.policyVersion,
    })),
    correosDeAlertas: alertMails.map((mail) => ({ dia: mail.day, vehiculos: mail.vehicles })),
  };
}

export type PersonalDataExport = ReturnType<typeof toPersonalDataExport>;
