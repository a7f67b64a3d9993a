import type { Dealership } from '@contracts/dealership.ts';
import { formatPhone } from '@contracts/phone.ts';
import { formatChileLongDateTime } from '@domain/chile-time.ts';
import { type StoredSimulation, storedSimulationLines } from '@domain/credit-quotation.ts';
import { formatPrice } from '@domain/format.ts';
import { largestWidth, mediaPath } from '@domain/media.ts';
import type { VehicleRecord } from '@domain/vehicle.ts';
import { escapeHtml } from '../email/escape-html.ts';
import { describeDetail, type LeadFields, type LeadKindDef, WITHHELD_DETAIL } from './lead-kinds.ts';

export interface LeadEmail {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
}

export interface LeadEmailInput {
  id: number;
  def: LeadKindDef;
  fields: LeadFields;
  vehicle: VehicleRecord | null;
  /** The credit simulation the request came from, as the server computed it. */
  simulation: StoredSimulation | null;
  photoCount: number;
  createdAt: Date;
  dueAt: Date;
  dealership: Dealership;
  publicUrl: string;
}

function htmlTable(rows: ReadonlyArray<readonly [string, string]>): string {
  const cell = 'border-bottom:1px solid #e2e8f0';
  return `<table cellpadding="6" style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="${cell}">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
}

const SIMULATION_TITLE = 'Simulación de crédito';
const SIMULATION_NOTE =
  'Calculada por el sitio con las condiciones de financiamiento vigentes al recibir la solicitud.';

/**
 * The message staff receive for a lead: every field, in Spanish, with the promise and its deadline, and the credit
 * simulation a financing request came from.
 * Visitor text only ever lands in bodies (escaped in HTML) and in the Subject through nodemailer's
 * header encoding; the contracts refuse line breaks in names and addresses, so no header can be added.
 */
export function buildLeadEmail(input: LeadEmailInput): LeadEmail {
  const { def, fields, vehicle, dealership, publicUrl } = input;
  const rows: Array<[string, string]> = [
    ['Tipo de solicitud', def.label],
    ['Número', `#${input.id}`],
    ['Nombre', fields.name],
    ['Correo', fields.email],
    ['Teléfono', fields.phone ? formatPhone(fields.phone) : '—'],
  ];
  for (const [key, value] of Object.entries(fields.details)) {
    const { label, value: shown } = describeDetail(key, value);
    rows.push([label, fields.withheldDetails?.includes(key) ? WITHHELD_DETAIL : shown]);
  }
  const vehicleUrl = vehicle ? `${publicUrl}/vehicles/${vehicle.id}` : null;
  if (vehicle && vehicleUrl) {
    rows.push([
      'Vehículo',
      `${vehicle.brand.nombre} ${vehicle.model} ${vehicle.year} — ${formatPrice(vehicle.price)}`,
    ]);
    rows.push(['Ficha del vehículo', vehicleUrl]);
  }
  if (input.photoCount > 0) rows.push(['Fotos adjuntas', String(input.photoCount)]);
  rows.push(['Recibida', formatChileLongDateTime(input.createdAt)]);
  rows.push(['Responder antes de', formatChileLongDateTime(input.dueAt)]);

  const promise = `Nos comprometimos a contactar a esta persona dentro de ${def.promiseHours} horas.`;
  const simulation = input.simulation ? storedSimulationLines(input.simulation) : [];
  const message = fields.message ? `\n\nMensaje:\n${fields.message}` : '';
  const text = [
    `Nueva solicitud desde el sitio web de ${dealership.name}.`,
    promise,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(simulation.length
      ? [
          '',
          `${SIMULATION_TITLE}:`,
          SIMULATION_NOTE,
          ...simulation.map(([label, value]) => `${label}: ${value}`),
        ]
      : []),
  ].join('\n');

  const simulationHtml = simulation.length
    ? `\n<h2 style="font-size:16px">${SIMULATION_TITLE}</h2>\n<p>${escapeHtml(SIMULATION_NOTE)}</p>\n${htmlTable(simulation)}`
    : '';
  const photo = vehicle?.images[0];
  const photoHtml = photo
    ? `<p><a href="${escapeHtml(vehicleUrl ?? '')}"><img src="${escapeHtml(`${publicUrl}${mediaPath(photo.hash, Math.min(640, largestWidth(photo)), 'jpeg')}`)}" width="320" alt="${escapeHtml(`${vehicle?.brand.nombre} ${vehicle?.model}`)}"></a></p>`
    : '';
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1e293b">
<h1 style="font-size:18px">${escapeHtml(def.label)} — ${escapeHtml(fields.name)}</h1>
<p><strong>${escapeHtml(promise)}</strong></p>
${htmlTable(rows)}${simulationHtml}
${fields.message ? `<h2 style="font-size:16px">Mensaje</h2><p style="white-space:pre-wrap">${escapeHtml(fields.message)}</p>` : ''}
${photoHtml}
<p>Responde a este correo para escribirle directamente a ${escapeHtml(fields.name)}.</p>
</body></html>`;

  return {
    to: dealership.salesEmail,
    replyTo: fields.email,
    subject: `${def.label}: ${fields.name}`,
    text: text + message,
    html,
  };
}

/** The short e-mail that tells a salesperson of a new lead (issue 21, item 2); sent to staff only. */
export interface LeadNotice {
  replyTo: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The lead's essentials and a link to its page in the back office: to its owner ('Te asignaron…') or, when nobody owns
 * it, to the salespeople ('Solicitud sin asignar…', take it from its page).
 */
export function buildLeadNotice(
  input: Pick<LeadEmailInput, 'id' | 'def' | 'fields' | 'vehicle' | 'createdAt' | 'dueAt' | 'publicUrl'> & {
    owner: { name: string } | null;
  },
): LeadNotice {
  const { def, fields, vehicle } = input;
  const link = `${input.publicUrl}/admin/solicitudes/${input.id}`;
  const rows: Array<[string, string]> = [
    ['Tipo de solicitud', def.label],
    ['Número', `#${input.id}`],
    ['Nombre', fields.name],
    ['Correo', fields.email],
    ['Teléfono', fields.phone ? formatPhone(fields.phone) : '—'],
  ];
  if (vehicle) rows.push(['Vehículo', `${vehicle.brand.nombre} ${vehicle.model} ${vehicle.year}`]);
  rows.push(['Recibida', formatChileLongDateTime(input.createdAt)]);
  rows.push(['Responder antes de', formatChileLongDateTime(input.dueAt)]);
  const opening = input.owner
    ? `${input.owner.name}, te asignaron una solicitud nueva.`
    : 'Llegó una solicitud nueva que nadie tiene asignada. Si la atiendes, tómala desde su página.';
  const subject = input.owner
    ? `Te asignaron la solicitud #${input.id}: ${def.label}, ${fields.name}`
    : `Solicitud sin asignar #${input.id}: ${def.label}, ${fields.name}`;
  const footer = 'Puedes dejar de recibir estos avisos en «Mi cuenta».';
  const text = [
    opening,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `Ver la solicitud: ${link}`,
    '',
    footer,
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1e293b">
<p>${escapeHtml(opening)}</p>
${htmlTable(rows)}
<p><a href="${escapeHtml(link)}">Ver la solicitud #${input.id}</a></p>
<p style="color:#475569;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
  return { replyTo: fields.email, subject, text, html };
}
