// "Mis favoritos" and "Comparar" (ADR 0019): two short lists a visitor keeps in the browser's localStorage, and the
// `ids` parameter that shares them (/favoritos?ids=3,17,42, /comparar?ids=3,17). Pure: the browser hands in what it
// read from storage, the pages their URL. Whatever storage or an address holds is validated here, so a corrupted or
// hostile value never breaks a page.
import { dbIdFromText, MAX_DB_ID } from '@contracts/db-id.ts';

/** localStorage keys. */
export const FAVOURITES_KEY = 'favoritos';
export const COMPARE_KEY = 'comparar';

/** A shared or saved list holds at most this many vehicles. */
export const MAX_FAVOURITES = 30;
/** Compare takes two to four vehicles. */
export const MIN_COMPARE = 2;
export const MAX_COMPARE = 4;

/** An address's `ids` longer than this is refused before it is split (30 ten-digit ids and their commas). */
const MAX_IDS_LENGTH = 400;
const MAX_NAME_LENGTH = 120;

/** One favourite: the vehicle, the price the visitor saw when saving it, and when (ISO date-time). */
export interface Favourite {
  id: number;
  price: number;
  savedAt: string;
}

/** One vehicle chosen to compare, with the name the tray shows. */
export interface CompareChoice {
  id: number;
  name: string;
}

export function isVehicleId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_DB_ID;
}

const isPrice = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;

/** A name fit to show: one line, no control characters, not over-long; null when nothing is left. */
function cleanName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_NAME_LENGTH);
  return name === '' ? null : name;
}

function parseArray(raw: string | null | undefined): unknown[] {
  if (typeof raw !== 'string' || raw.length > 100_000) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** Keeps the first entry of each id, in order, up to `max`. */
function firstOfEach<T extends { id: number }>(items: T[], max: number): T[] {
  const seen = new Set<number>();
  const kept: T[] = [];
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    kept.push(item);
    if (kept.length === max) break;
  }
  return kept;
}

/**
 * The favourites stored under FAVOURITES_KEY. Anything else there (not JSON, not a list, entries of another shape,
 * repeated ids, too many) is dropped entry by entry: the valid ones survive.
 */
export function readFavourites(raw: string | null | undefined): Favourite[] {
  const valid: Favourite[] = [];
  for (const entry of parseArray(raw)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, price, savedAt } = entry as Record<string, unknown>;
    if (!isVehicleId(id) || !isPrice(price)) continue;
    const at = typeof savedAt === 'string' && savedAt.length <= 40 ? Date.parse(savedAt) : Number.NaN;
    valid.push({ id, price, savedAt: Number.isFinite(at) ? new Date(at).toISOString() : '' });
  }
  return firstOfEach(valid, MAX_FAVOURITES);
}

/** The vehicles to compare stored under COMPARE_KEY, validated like the favourites, at most four. */
export function readCompare(raw: string | null | undefined): CompareChoice[] {
  const valid: CompareChoice[] = [];
  for (const entry of parseArray(raw)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, name } = entry as Record<string, unknown>;
    if (!isVehicleId(id)) continue;
    valid.push({ id, name: cleanName(name) ?? `Vehículo ${id}` });
  }
  return firstOfEach(valid, MAX_COMPARE);
}

/** Adds the vehicle, or removes it if it is there. `full` when adding would pass `max` (nothing changes then). */
export function toggled<T extends { id: number }>(
  list: readonly T[],
  item: T,
  max: number,
): { list: T[]; added: boolean; full: boolean } {
  if (list.some((entry) => entry.id === item.id)) {
    return { list: list.filter((entry) => entry.id !== item.id), added: false, full: false };
  }
  if (list.length >= max) return { list: [...list], added: false, full: true };
  return { list: [...list, item], added: true, full: false };
}

/** What an address's `ids` asks for. */
export type IdsParam =
  | { kind: 'absent' }
  | { kind: 'ids'; ids: number[] }
  | { kind: 'invalid'; message: string };

/**
 * The `ids` parameter of /favoritos and /comparar: comma-separated vehicle ids, kept in their order, each once
 * (`1,1,1` is `1`), empty pieces ignored. Refused with a Spanish sentence: a repeated or bracketed parameter, a piece
 * that is not a vehicle id (letters, signs, zero, a number past the largest id), and more than `max` vehicles.
 */
export function parseIdsParam(params: URLSearchParams, max: number, what: 'lista' | 'comparación'): IdsParam {
  const values = params.getAll('ids');
  const bracketed = [...params.keys()].some((key) => key.startsWith('ids['));
  if (values.length === 0 && !bracketed) return { kind: 'absent' };
  const invalid = `La dirección de esta ${what} no es válida: debe decir ?ids= seguido de números de vehículo separados por comas, por ejemplo ?ids=3,17.`;
  if (bracketed || values.length > 1) return { kind: 'invalid', message: invalid };
  const raw = values[0] ?? '';
  const tooMany = {
    kind: 'invalid' as const,
    message:
      what === 'lista'
        ? `Una lista puede tener hasta ${max} vehículos.`
        : `Se pueden comparar hasta ${max} vehículos a la vez. Quita alguno e inténtalo de nuevo.`,
  };
  if (raw.length > MAX_IDS_LENGTH) {
    // A long address of valid ids is too many vehicles; anything else is not a list of ids at all.
    return /^[\d,\s]*$/.test(raw) && raw.split(',').filter((p) => p.trim() !== '').length > max
      ? tooMany
      : { kind: 'invalid', message: invalid };
  }
  const ids: number[] = [];
  for (const piece of raw.split(',')) {
    const text = piece.trim();
    if (text === '') continue;
    const id = dbIdFromText(text);
    if (id === null) return { kind: 'invalid', message: invalid };
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > max) return tooMany;
  return { kind: 'ids', ids };
}

/** The `ids` value of a list: `3,17,42`. */
export function idsValue(ids: readonly number[]): string {
  return ids.join(',');
}

/** The price of a favourite is lower now than when the visitor saved it. */
export function cheaperSinceSaved(saved: Pick<Favourite, 'price'> | undefined, price: number): boolean {
  return saved !== undefined && saved.price > 0 && price < saved.price;
}
