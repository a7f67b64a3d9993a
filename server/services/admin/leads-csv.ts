// The CSV export of the inbox, built to open correctly in Excel with Chilean settings: UTF-8 with a BOM (so accents
// survive), ';' between cells (',' is the decimal separator there), CRLF line ends, dates as dd-mm-yyyy HH:mm in
// Chile time. Pure: the route streams what these functions return.

import { LEAD_STATUS_LABELS, type LeadOrigin, type LeadStatus } from '@contracts/admin-leads.ts';
import { formatChileDateTime } from '@domain/chile-time.ts';
import { csvSafe } from '@domain/csv-safe.ts';
import { leadDeadline } from '@domain/lead-deadline.ts';

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
const LINE_END = '\r\n';

export interface LeadCsvRecord {
  id: number;
  kindLabel: string;
  status: LeadStatus;
  createdAt: Date;
  dueAt: Date;
  firstContactAt: Date | null;
  name: string;
  email: string;
  phone: string | null;
  /** 'Toyota Yaris 2017'. */
  vehicle: string | null;
  message: string | null;
  details: Array<{ label: string; value: string }>;
  /** Where the visit began ('Origen' of the lead page); absent is the same as nothing known. */
  origin?: LeadOrigin;
  /** The owner's name; null or absent when nobody owns it. */
  owner?: string | null;
}

const COLUMNS: Array<[header: string, cell: (lead: LeadCsvRecord, now: Date) => string | number | null]> = [
  ['N° de solicitud', (l) => l.id],
  ['Fecha de recepción', (l) => formatChileDateTime(l.createdAt)],
  ['Tipo', (l) => l.kindLabel],
  ['Estado', (l) => LEAD_STATUS_LABELS[l.status]],
  ['Plazo de primer contacto', (l, now) => leadDeadline(l, now).text],
  ['Responder antes de', (l) => formatChileDateTime(l.dueAt)],
  ['Primer contacto', (l) => (l.firstContactAt ? formatChileDateTime(l.firstContactAt) : '')],
  ['Nombre', (l) => l.name],
  ['Correo', (l) => l.email],
  ['Teléfono', (l) => l.phone],
  ['Vehículo', (l) => l.vehicle],
  ['Mensaje', (l) => l.message],
  ['Detalles', (l) => l.details.map((d) => `${d.label}: ${d.value}`).join(' | ')],
  ['Fuente', (l) => l.origin?.source ?? null],
  ['Medio', (l) => l.origin?.medium ?? null],
  ['Campaña', (l) => l.origin?.campaign ?? null],
  ['Página de llegada', (l) => l.origin?.landingPage ?? null],
  ['Sitio de referencia', (l) => l.origin?.referrerHost ?? null],
  // Last, so the columns of exports made before owners existed keep their places in staff's spreadsheets.
  ['Responsable', (l) => l.owner ?? null],
];

/**
 * One cell: text that could be read as a formula gets a leading apostrophe (csvSafe, the rule of every CSV of the
 * product); cells with the separator, quotes or line breaks are quoted, with quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = csvSafe(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: Array<string | number | null | undefined>): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + LINE_END;
}

/** The first bytes of the file: BOM and the Spanish column titles. */
export function leadsCsvHeader(): string {
  return CSV_BOM + csvLine(COLUMNS.map(([header]) => header));
}

export function leadsCsvRows(leads: LeadCsvRecord[], now: Date): string {
  return leads.map((lead) => csvLine(COLUMNS.map(([, cell]) => cell(lead, now)))).join('');
}

/** The whole file at once (tests, small exports). */
export function buildLeadsCsv(leads: LeadCsvRecord[], now: Date): string {
  return leadsCsvHeader() + leadsCsvRows(leads, now);
}

/** 'solicitudes-2026-03-01.csv', dated with the Chilean day of the export. */
export function leadsCsvFileName(dayKey: string): string {
  return `solicitudes-${dayKey}.csv`;
}
