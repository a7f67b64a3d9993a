import type { ListingData, ListingResponse } from '@contracts/listing';
import {
  type ListingQuery,
  listingHref,
  parseListingQuery,
  serializeListingQuery,
} from '@domain/listing-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';

export interface ListingState {
  /** The state the visitor asked for: the pending request's while one is under way, so a ticked box stays ticked. */
  query: ListingQuery;
  /** The state the shown results belong to. */
  shownQuery: ListingQuery;
  /** A new list of vehicles is being loaded. */
  loading: boolean;
  /**
   * Goes to another listing state. `typing` (search and range fields) replaces the history entry while a
   * value is refined, so the back button is not filled with half-typed words; every click adds an entry, so
   * back undoes it. The scroll position is kept: the visitor is working on the list in front of them, unless
   * `anchor` names an element to bring into view once the results are in (pagination).
   */
  apply: (next: ListingQuery, options?: { typing?: boolean; anchor?: string | undefined }) => void;
}

/** `?a=b` or '' for a query string without its "?". */
const withMark = (search: string) => (search ? `?${search}` : '');

interface Snapshot {
  shown: { search: string; data: ListingData };
  /** The query string being loaded, or null. */
  pending: string | null;
  /** The filter panel is open over a small screen. */
  filtersOpen: boolean;
}

/**
 * The listing's state, kept in the address (ADR 0006), shared by the listing's two islands (the filters and the
 * results, ADR 0035): it starts from the page the server rendered for `initialSearch`; each change pushes the new
 * address and fetches that page of results from /vehicles.json, and back/forward fetch the page they return to.
 * Only the last request counts. Should one fail, the browser loads the address as a page, and the server shows the
 * results or the error.
 */
class ListingStore {
  private snapshot: Snapshot;
  private readonly listeners = new Set<() => void>();
  private request: AbortController | null = null;
  /** Where the listing is, or is going: asking for it again (a late debounce after Enter) does nothing. */
  private target: string;

  constructor(initial: ListingData, initialSearch: string) {
    const search = initialSearch.replace(/^\?/, '');
    this.snapshot = { shown: { search, data: initial }, pending: null, filtersOpen: false };
    this.target = `/vehicles${withMark(search)}`;
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = () => this.snapshot;

  private set(change: Partial<Snapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  readonly setFiltersOpen = (filtersOpen: boolean) => this.set({ filtersOpen });

  /** Back and forward between states of the listing. A change of the hash alone (the skip link, the results
   * anchor) is not one. */
  listenToHistory(): void {
    window.addEventListener('popstate', () => {
      if (window.location.pathname !== '/vehicles') return;
      const search = window.location.search.replace(/^\?/, '');
      const href = `/vehicles${withMark(search)}`;
      if (href === this.target) return;
      this.target = href;
      void this.load(search);
    });
  }

  private async load(search: string, anchor?: string): Promise<void> {
    this.request?.abort();
    const controller = new AbortController();
    this.request = controller;
    this.set({ pending: search });
    try {
      const response = await fetch(`/vehicles.json${withMark(search)}`, { signal: controller.signal });
      if (!response.ok) throw new Error(`/vehicles.json: ${response.status}`);
      const body = (await response.json()) as ListingResponse;
      if (controller.signal.aborted) return;
      // The server's canonical address of what it sent (a page past the end becomes the last page).
      if (body.search !== search) {
        this.target = `/vehicles${withMark(body.search)}`;
        window.history.replaceState(window.history.state, '', this.target);
      }
      this.set({ shown: body, pending: null });
      if (anchor) requestAnimationFrame(() => document.getElementById(anchor)?.scrollIntoView());
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(error);
      window.location.assign(`/vehicles${withMark(search)}`);
    }
  }

  readonly apply: ListingState['apply'] = (next, options = {}) => {
    const href = listingHref(next);
    if (href === this.target) return;
    this.target = href;
    const url = `${href}${options.anchor ? `#${options.anchor}` : ''}`;
    if (options.typing) window.history.replaceState(window.history.state, '', url);
    else window.history.pushState(null, '', url);
    void this.load(serializeListingQuery(next), options.anchor);
  };
}

/** The page's one store in the browser; on the server each island's render has its own (nothing changes there). */
let pageStore: ListingStore | null = null;

function listingStore(initial: ListingData, initialSearch: string): ListingStore {
  if (typeof window === 'undefined') return new ListingStore(initial, initialSearch);
  if (!pageStore) {
    pageStore = new ListingStore(initial, initialSearch);
    pageStore.listenToHistory();
  }
  return pageStore;
}

/** The listing's state for one of its islands; every island of the page sees the same. */
export function useListingState(initial: ListingData, initialSearch: string) {
  const [store] = useState(() => listingStore(initial, initialSearch));
  const { shown, pending, filtersOpen } = useSyncExternalStore(store.subscribe, store.get, store.get);
  const shownQuery = useMemo(() => parseListingQuery(new URLSearchParams(shown.search)), [shown.search]);
  const query = useMemo(
    () => (pending === null ? shownQuery : parseListingQuery(new URLSearchParams(pending))),
    [pending, shownQuery],
  );
  const state: ListingState = { query, shownQuery, loading: pending !== null, apply: store.apply };
  return { state, data: shown.data, filtersOpen, setFiltersOpen: store.setFiltersOpen };
}

/**
 * A text field that follows a URL value but lets the visitor type freely: `commit` runs `delay` ms after
 * the last keystroke (or at once with `flush`), and the field takes the URL's value again only when it
 * changes for another reason (back button, 'Limpiar filtros'). `normalize` maps typed text to the form the
 * URL will hold, so a trailing space or a clamped number is not mistaken for such a change.
 */
export function useDebouncedField(
  urlValue: string,
  commit: (value: string) => void,
  options: { delay: number; normalize: (text: string) => string },
) {
  const [value, setValue] = useState(urlValue);
  const committed = useRef(urlValue);
  const typed = useRef(false);
  const latest = useRef({ commit, normalize: options.normalize });
  latest.current = { commit, normalize: options.normalize };

  useEffect(() => {
    if (urlValue === committed.current) return;
    committed.current = urlValue;
    typed.current = false;
    setValue(urlValue);
  }, [urlValue]);

  const flush = useCallback((text: string) => {
    typed.current = false;
    committed.current = latest.current.normalize(text);
    latest.current.commit(text);
  }, []);

  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => flush(value), options.delay);
    return () => clearTimeout(timer);
  }, [value, options.delay, flush]);

  return {
    value,
    onChange: (text: string) => {
      typed.current = true;
      setValue(text);
    },
    /** Applies now and shows the value as it was applied (e.g. a negative minimum becomes 0). */
    onBlur: () => {
      if (typed.current) flush(value);
      setValue(latest.current.normalize(value));
    },
  };
}

/** False on the server and in the first render in the browser, true once React has taken over. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
