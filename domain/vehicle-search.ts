/**
 * The listing's search box, as people in Chile type a car: "diésel", "yaris 2024", "camioneta 4x4", "Toyota usada".
 * Each word of the text must be found in the vehicle, in any field the search reads: the name (brand, model and
 * version), body type, transmission, fuel and condition, or the year. Case and accents do not count. A word of
 * digits is a number: it matches the year, or a number written in those fields ("2008" finds a Peugeot 2008 and any
 * car of 2008; "5" a CX-5, not a 2015), never a piece of a longer number. A few words that people write otherwise
 * than the stock names them have their stock word beside them (ALIASES). Pure: no I/O.
 */
import { plainLower } from './plain-text.ts';

export interface SearchableVehicle {
  /** Brand + ' ' + model, the version included. */
  name: string;
  bodyType: string;
  transmission: string;
  fuelType: string;
  condition: string;
  year: number;
}

/**
 * Folded words and the folded stock words they stand for: the stock says "Diésel", people also say "petrolero".
 * A plain object, so a page that imports the listing rules without the search drops it from its bundle.
 */
const ALIASES: Record<string, string[]> = {
  petrolero: ['diesel'],
  petrolera: ['diesel'],
  gasolina: ['bencina'],
  bencinero: ['bencina'],
  bencinera: ['bencina'],
  automatico: ['automatica'],
  mecanico: ['manual'],
  mecanica: ['manual'],
  pickup: ['camioneta'],
  'pick-up': ['camioneta'],
  van: ['furgon'],
  usada: ['usado'],
  usadas: ['usado'],
  nueva: ['nuevo'],
  nuevas: ['nuevo'],
  electrica: ['electrico'],
  hibrida: ['hibrido'],
};

interface Indexed {
  /** The searched fields, folded, one a line: a word has no line break, so it never spans two fields. */
  text: string;
  /** The same without spaces, hyphens or dots, so "cx5" finds a CX-5. */
  compact: string;
  /** Every number written in the fields, and the year. */
  numbers: Set<number>;
}

// Folding is the costly part; the listing keeps the same vehicle objects for a catalogue snapshot.
const indexCache = /* @__PURE__ */ new WeakMap<SearchableVehicle, Indexed>();

const compact = (text: string) => text.replace(/[^\p{L}\p{N}\n]+/gu, '');

function indexOf(vehicle: SearchableVehicle): Indexed {
  let entry = indexCache.get(vehicle);
  if (!entry) {
    const fields = [
      vehicle.name,
      vehicle.bodyType,
      vehicle.transmission,
      vehicle.fuelType,
      vehicle.condition,
    ];
    const text = fields.map(plainLower).join('\n');
    const numbers = new Set((text.match(/\d+/g) ?? []).map(Number));
    numbers.add(vehicle.year);
    entry = { text, compact: compact(text), numbers };
    indexCache.set(vehicle, entry);
  }
  return entry;
}

type Test = (vehicle: SearchableVehicle) => boolean;

/** The forms a text word may take in the stock: itself, its alias, and its singular ("camionetas", "furgones"). */
function forms(word: string): string[] {
  // Own keys only: 'constructor' is a word, not a property every object has.
  const found = [word, ...(Object.hasOwn(ALIASES, word) ? (ALIASES[word] ?? []) : [])];
  if (word.length > 3 && word.endsWith('s')) found.push(word.slice(0, -1));
  if (word.length > 4 && word.endsWith('es')) found.push(word.slice(0, -2));
  return found;
}

function wordTest(word: string): Test {
  if (/^\d+$/.test(word)) {
    const number = Number(word);
    return (vehicle) => indexOf(vehicle).numbers.has(number);
  }
  const wanted = forms(word);
  // "cx5" and "cx-5" are one model; a word of letters alone is not squeezed (it would match across words).
  const squeezed = /\p{L}/u.test(word) && /[^\p{L}]/u.test(word) ? compact(word) : '';
  return (vehicle) => {
    const { text, compact: squeezedText } = indexOf(vehicle);
    return wanted.some((form) => text.includes(form)) || (squeezed !== '' && squeezedText.includes(squeezed));
  };
}

/** The words of a search text: folded, split at spaces and commas, stripped of punctuation at their ends. */
export function searchWords(search: string): string[] {
  return plainLower(search)
    .split(/[\s,;]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') || word)
    .filter(Boolean);
}

/** One test for the whole text, built once per request: every word must match. An empty text matches all. */
export function searchTest(search: string): Test {
  const tests = searchWords(search).map(wordTest);
  if (tests.length === 0) return () => true;
  return (vehicle) => tests.every((test) => test(vehicle));
}
