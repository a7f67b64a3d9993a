import {
  LEAD_OWNER_FILTERS,
  LEAD_SEARCH_MAX,
  LEAD_STATUS_VALUES,
  type LeadFilterQuery,
  type LeadOwnerFilter,
  type LeadStatus,
} from '@contracts/admin-leads.ts';
import { LEAD_KINDS } from '@contracts/lead-options.ts';
import { leads } from '@db/schema.ts';
import { CHILE_TIME_ZONE, parseDayInput } from '@domain/chile-time.ts';
import { phoneSearchDigits } from '@domain/phone.ts';
import { plainLower } from '@domain/plain-text.ts';
import { and, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { LeadKind } from '../leads/lead-kinds.ts';

/** The inbox filters once checked. Dates are Chilean calendar days, 'yyyy-mm-dd'. */
export interface LeadFilters {
  tipo?: LeadKind;
  estado?: LeadStatus;
  desde?: string;
  hasta?: string;
  q?: string;
  vencidas: boolean;
  /** 'yo': the signed-in member's leads; 'nadie': the leads nobody owns. */
  responsable?: LeadOwnerFilter;
  pagina: number;
}

export interface ParsedLeadFilters {
  filters: LeadFilters;
  /** Spanish sentences per query field; the field itself is left out of `filters`. */
  errors: Record<string, string>;
}

const one = (value: unknown): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined;
};

/**
 * Reads the filters of a URL query (inbox page, list API, CSV). An invalid field is reported and ignored, so a page
 * can still show the rest; the API answers 400 instead.
 */
export function parseLeadFilters(
  query: LeadFilterQuery | URLSearchParams | Record<string, unknown>,
): ParsedLeadFilters {
  const get = (name: keyof LeadFilterQuery) =>
    query instanceof URLSearchParams ? one(query.get(name)) : one((query as Record<string, unknown>)[name]);
  const filters: LeadFilters = { vencidas: false, pagina: 1 };
  const errors: Record<string, string> = {};

  const tipo = get('tipo');
  if (tipo !== undefined) {
    if ((LEAD_KINDS as readonly string[]).includes(tipo)) filters.tipo = tipo as LeadKind;
    else errors.tipo = 'Elige un tipo de solicitud de la lista.';
  }
  const estado = get('estado');
  if (estado !== undefined) {
    if ((LEAD_STATUS_VALUES as readonly string[]).includes(estado)) filters.estado = estado as LeadStatus;
    else errors.estado = 'Elige un estado de la lista.';
  }
  for (const name of ['desde', 'hasta'] as const) {
    const value = get(name);
    if (value === undefined) continue;
    const day = parseDayInput(value);
    if (day) filters[name] = day;
    else errors[name] = 'Ingresa una fecha válida, por ejemplo 31-12-2026.';
  }
  if (filters.desde && filters.hasta && filters.hasta < filters.desde) {
    errors.hasta = 'La fecha final debe ser igual o posterior a la inicial.';
    delete filters.hasta;
  }
  const q = get('q');
  if (q !== undefined) {
    if (q.length > LEAD_SEARCH_MAX) errors.q = `La búsqueda admite hasta ${LEAD_SEARCH_MAX} caracteres.`;
    else filters.q = q;
  }
  const vencidas = get('vencidas');
  if (vencidas !== undefined) {
    if (['1', 'true', 'on', 'si', 'sí'].includes(vencidas.toLowerCase())) filters.vencidas = true;
    else if (!['0', 'false', 'no'].includes(vencidas.toLowerCase()))
      errors.vencidas = 'Indica 1 para ver solo las vencidas.';
  }
  const responsable = get('responsable');
  if (responsable !== undefined) {
    if (Object.hasOwn(LEAD_OWNER_FILTERS, responsable)) filters.responsable = responsable as LeadOwnerFilter;
    else errors.responsable = 'Elige Mis solicitudes o Sin asignar.';
  }
  const pagina = get('pagina');
  if (pagina !== undefined) {
    if (/^\d{1,6}$/.test(pagina) && Number(pagina) >= 1) filters.pagina = Number(pagina);
    else errors.pagina = 'La página debe ser un número mayor que cero.';
  }
  return { filters, errors };
}

/** The filters back as a URL query (without the page unless asked), for links that keep them. */
export function leadFiltersQuery(filters: LeadFilters, page?: number): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.tipo) params.set('tipo', filters.tipo);
  if (filters.estado) params.set('estado', filters.estado);
  if (filters.desde) params.set('desde', filters.desde);
  if (filters.hasta) params.set('hasta', filters.hasta);
  if (filters.vencidas) params.set('vencidas', '1');
  if (filters.responsable) params.set('responsable', filters.responsable);
  if (page && page > 1) params.set('pagina', String(page));
  return params.toString();
}

/** Lower case without the accents Spanish (and a few neighbours) put on letters. */
export const foldText = plainLower;

/** Each plain letter stands for itself with any accent, in either case, whatever the database's collation. */
const LETTER_VARIANTS: Record<string, string> = {
  a: 'aáàäâãAÁÀÄÂÃ',
  e: 'eéèëêEÉÈËÊ',
  i: 'iíìïîIÍÌÏÎ',
  o: 'oóòöôõOÓÒÖÔÕ',
  u: 'uúùüûUÚÙÜÛ',
  n: 'nñNÑ',
  c: 'cçCÇ',
};
const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/;

/**
 * A POSIX regular expression that finds a folded word in text with accents: 'perez' → 'p[eé…]r[eé…]z'. Matching the
 * stored text as it is costs one regex per row, far less than folding every row's text first.
 */
export function accentInsensitivePattern(word: string): string {
  return [...foldText(word)]
    .map((c) => {
      const variants = LETTER_VARIANTS[c];
      if (variants) return `[${variants}]`;
      if (/[a-z]/.test(c)) return `[${c}${c.toUpperCase()}]`;
      return REGEX_SPECIAL.test(c) ? `\\${c}` : c;
    })
    .join('');
}

/**
 * The SQL condition of the filters (without the page). Works on PostgreSQL and PGlite alike: day boundaries are
 * computed by the database in Chile's time zone, so a change of summer time moves them correctly; the comparisons on
 * created_at stay sargable for its index.
 */
export function leadFiltersWhere(filters: LeadFilters, now: Date, viewerId: number | null): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (filters.tipo) conditions.push(eq(leads.kind, filters.tipo));
  if (filters.estado) conditions.push(eq(leads.status, filters.estado));
  if (filters.desde) {
    conditions.push(
      sql`${leads.createdAt} >= (${filters.desde}::date::timestamp at time zone ${CHILE_TIME_ZONE})`,
    );
  }
  if (filters.hasta) {
    conditions.push(
      sql`${leads.createdAt} < ((${filters.hasta}::date + 1)::timestamp at time zone ${CHILE_TIME_ZONE})`,
    );
  }
  if (filters.vencidas) conditions.push(overdueSql(now));
  if (filters.responsable === 'nadie') conditions.push(isNull(leads.ownerId));
  // Without a viewer (no session) 'Mis solicitudes' is nobody's: nothing matches.
  if (filters.responsable === 'yo')
    conditions.push(viewerId === null ? sql`false` : eq(leads.ownerId, viewerId));
  if (filters.q) conditions.push(searchSql(filters.q));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Nobody has answered and the promised time has passed ('nuevo' always means no first contact yet). */
export function overdueSql(now: Date): SQL {
  return and(eq(leads.status, 'nuevo'), lte(leads.dueAt, now)) as SQL;
}

/**
 * Every word in the name or the e-mail (any order, case and accents ignored), or the digits in the phone (spaces,
 * dashes and +56 ignored).
 */
function searchSql(q: string): SQL {
  const words = foldText(q).split(/\s+/).filter(Boolean);
  const byText = and(
    ...words.map((word) => {
      const pattern = accentInsensitivePattern(word);
      return sql`(${leads.name} ~ ${pattern} or ${leads.email} ~ ${pattern})`;
    }),
  ) as SQL;
  const digits = phoneSearchDigits(q);
  if (!digits) return byText;
  // The digits in order, whatever the separators the visitor typed between them.
  return sql`(${byText} or ${leads.phone} ~ ${[...digits].join('[^0-9]*')})`;
}
