// The visitor's favourites and compare choices in localStorage (ADR 0019), read through domain/saved-lists.ts so a
// corrupted or hostile stored value reads as the valid part of it. A change is announced in this tab by an event on
// window, and in the other tabs by the browser's `storage` event; both reach `onSavedChange` listeners.
import {
  COMPARE_KEY,
  type CompareChoice,
  FAVOURITES_KEY,
  type Favourite,
  readCompare,
  readFavourites,
} from '@domain/saved-lists';

const CHANGE = 'listas-guardadas';

/** What a change says beyond the lists themselves. */
export interface SavedChange {
  /** A vehicle could not be added: the list holds its most already. */
  full?: 'compare' | 'favourites';
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage blocked (a privacy setting): the lists are empty.
    return null;
  }
}

/** Tells this tab's listeners that a list changed, or (with `full`) that a change was refused. */
export const announce = (change: SavedChange) =>
  window.dispatchEvent(new CustomEvent<SavedChange>(CHANGE, { detail: change }));

function write(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked: the page keeps working, the choice is not kept.
  }
  announce({});
}

export const storedFavourites = (): Favourite[] => readFavourites(read(FAVOURITES_KEY));
export const storedCompare = (): CompareChoice[] => readCompare(read(COMPARE_KEY));

export const saveFavourites = (list: Favourite[]) => write(FAVOURITES_KEY, list);
export const saveCompare = (list: CompareChoice[]) => write(COMPARE_KEY, list);

/** Calls `listener` after every change of either list, here or in another tab; returns the unsubscribe. */
export function onSavedChange(listener: (change: SavedChange) => void): () => void {
  const local = (event: Event) => listener((event as CustomEvent<SavedChange>).detail ?? {});
  const other = (event: StorageEvent) => {
    if (event.key === null || event.key === FAVOURITES_KEY || event.key === COMPARE_KEY) listener({});
  };
  window.addEventListener(CHANGE, local);
  window.addEventListener('storage', other);
  return () => {
    window.removeEventListener(CHANGE, local);
    window.removeEventListener('storage', other);
  };
}
