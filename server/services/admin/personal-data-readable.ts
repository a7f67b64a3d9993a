// The personal-data export as a person reads it (issue 31 item 8, ADR 0041): the same document as the JSON and the
// CSV (personal-data-export.ts), in sections with Spanish labels, dates in Chile's time, states and kinds by name,
// the history in words. The printable page of the back office and of the person's download link show it.

import { LEAD_STATUS_LABELS, type LeadStatus } from '@contracts/admin-leads.ts';
import type { ReadablePersonalData, ReadableSection } from '@contracts/admin-staff.ts';
import { formatPhone } from '@contracts/phone.ts';
import { auditLines } from '@domain/audit-text.ts';
import { formatChileDateTime } from '@domain/chile-time.ts';
import { type StoredSimulation, storedSimulationLines } from '@domain/credit-quotation.ts';
import { describedDetails } from './leads.ts';
import type { PersonalDataExport } from './personal-data-export.ts';

const when = (iso: string | null) => (iso ? formatChileDateTime(iso) : '—');
const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('es-CL')} ${n === 1 ? one : many}`;

const MAIL_STATES: Record<string, string> = {
  pending: 'Por enviar',
  sent: 'Enviado',
  failed: 'No se pudo enviar',
};

function leadSection(lead: PersonalDataExport['solicitudes'][number]): ReadableSection {
  const rows: ReadableSection['rows'] = [
    { label: 'Recibida', value: when(lead.recibida) },
    { label: 'Nombre', value: lead.nombre },
    { label: 'Correo', value: lead.correo },
    { label: 'Teléfono', value: lead.telefono ? formatPhone(lead.telefono) : '—' },
  ];
  if (lead.mensaje) rows.push({ label: 'Mensaje', value: lead.mensaje });
  for (const detail of describedDetails((lead.detalles ?? {}) as Record<string, string | number | null>))
    rows.push({ label: detail.label, value: detail.value });
  if (lead.vehiculo)
    rows.push({ label: 'Vehículo', value: lead.vehiculo.descripcion ?? `#${lead.vehiculo.id}` });
  if (lead.simulacion)
    for (const [label, value] of storedSimulationLines(lead.simulacion as StoredSimulation))
      rows.push({ label: `Simulación: ${label}`, value });
  if (lead.paginaOrigen) rows.push({ label: 'Enviada desde', value: lead.paginaOrigen });
  const origin = [
    lead.origen.fuente && `fuente ${lead.origen.fuente}`,
    lead.origen.medio && `medio ${lead.origen.medio}`,
    lead.origen.campana && `campaña ${lead.origen.campana}`,
    lead.origen.paginaLlegada && `llegó a ${lead.origen.paginaLlegada}`,
    lead.origen.sitioReferencia && `desde ${lead.origen.sitioReferencia}`,
  ].filter(Boolean);
  if (origin.length > 0) rows.push({ label: 'Origen de la visita', value: origin.join(', ') });
  rows.push(
    { label: 'Estado de la solicitud', value: LEAD_STATUS_LABELS[lead.estado as LeadStatus] ?? lead.estado },
    { label: 'Plazo para el primer contacto', value: when(lead.plazoPrimerContacto) },
    { label: 'Primer contacto', value: lead.primerContacto ? when(lead.primerContacto) : 'todavía no' },
  );
  if (lead.huellaIp)
    rows.push({
      label: 'Huella de la dirección IP',
      value: `${lead.huellaIp.slice(0, 12)}… (no la dirección)`,
    });
  if (lead.fotos.length > 0)
    rows.push({
      label: 'Fotos',
      value: `${count(lead.fotos.length, 'foto', 'fotos')}, incluidas en el archivo JSON`,
    });
  for (const note of lead.notas)
    rows.push({
      label: `Nota interna, ${when(note.fecha)}${note.autor ? `, ${note.autor}` : ''}`,
      value: note.texto,
    });
  for (const entry of lead.historial) {
    const lines = auditLines('', entry.detalles as Record<string, unknown>)
      .map((line) =>
        'before' in line ? `${line.label}: ${line.before} → ${line.after}` : `${line.label}: ${line.value}`,
      )
      .join('; ');
    rows.push({
      label: `Historial, ${when(entry.fecha)}${entry.por ? `, ${entry.por}` : ''}`,
      value: lines ? `${entry.accion}. ${lines}` : entry.accion,
    });
  }
  return { title: `${lead.tipoEtiqueta} N° ${lead.id}`, rows };
}

export function readablePersonalData(document: PersonalDataExport): ReadablePersonalData {
  const { resumen } = document;
  const sections: ReadableSection[] = [
    {
      title: 'Resumen',
      rows: [
        { label: 'Solicitudes', value: resumen.solicitudes.toLocaleString('es-CL') },
        { label: 'Fotos', value: resumen.fotos.toLocaleString('es-CL') },
        { label: 'Notas internas', value: resumen.notas.toLocaleString('es-CL') },
        { label: 'Correos', value: resumen.correos.toLocaleString('es-CL') },
      ],
    },
    ...document.solicitudes.map(leadSection),
  ];
  if (document.correos.length > 0)
    sections.push({
      title: 'Correos',
      rows: document.correos.flatMap((mail) => [
        {
          label: `${when(mail.creado)}: ${mail.asunto}`,
          value: [
            `Para ${mail.para}${mail.solicitud ? `, sobre la solicitud #${mail.solicitud}` : ''}.`,
            `${MAIL_STATES[mail.estado] ?? mail.estado}${mail.enviado ? ` el ${when(mail.enviado)}` : ''}.`,
            mail.fotosAdjuntas > 0 ? `${count(mail.fotosAdjuntas, 'foto adjunta', 'fotos adjuntas')}.` : '',
            '',
            mail.texto,
          ]
            .filter((part, index) => part !== '' || index === 3)
            .join('\n'),
        },
      ]),
    });
  if (document.registrosIdempotencia.length > 0)
    sections.push({
      title: 'Registros técnicos',
      rows: [
        {
          label: 'Reintentos de envío',
          value: `${count(document.registrosIdempotencia.length, 'registro', 'registros')} que guardan la respuesta a un envío repetido de un formulario.`,
        },
      ],
    });
  return {
    correo: document.correo,
    responsable: document.responsable,
    generado: document.generado,
    secciones: sections,
  };
}
