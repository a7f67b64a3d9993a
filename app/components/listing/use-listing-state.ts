import type { ListingData, ListingResponse } from '@contracts/listing';
import {
  type ListingQuery,
  listingHref,
  parseListingQuery,
  serializeListingQuery,
} from '@domain/listing-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

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

/**
 * The listing's state, kept in the address (ADR 0006): the island starts from the page the server rendered for
 * `initialSearch`; each change pushes the new address and fetches that page of results from /vehicles.json, and
 * back/forward fetch the page they return to. Only the last request counts. Should one fail, the browser loads the
 * address as a page, and the server shows the results or the error.
 */
export function useListingState(initial: ListingData, initialSearch: string) {
  const [shown, setShown] = useState(() => ({ search: initialSearch.replace(/^\?/, ''), data: initial }));
  const [pending, setPending] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);
  // Where the listing is, or is going: asking for it again (a late debounce after Enter) does nothing.
  const target = useRef(`/vehicles${withMark(shown.search)}`);

  const load = useCallback(async (search: string, anchor?: string) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setPending(search);
    try {
      const response = await fetch(`/vehicles.json${withMark(search)}`, { signal: controller.signal });
      if (!response.ok) throw new Error(`/vehicles.json: ${response.status}`);
      const body = (await response.json()) as ListingResponse;
      if (controller.signal.aborted) return;
      // The server's canonical address of what it sent (a page past the end becomes the last page).
      if (body.search !== search) {
        target.current = `/vehicles${withMark(body.search)}`;
        window.history.replaceState(window.history.state, '', target.current);
      }
      setShown(body);
      setPending(null);
      if (anchor) requestAnimationFrame(() => document.getElementById(anchor)?.scrollIntoView());
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(error);
      window.location.assign(`/vehicles${withMark(search)}`);
    }
  }, []);

  // Back and forward between states of the listing. A change of the hash alone (the skip link, the results
  // anchor) is not one.
  useEffect(() => {
    const onPopState = () => {
      if (window.location.pathname !== '/vehicles') return;
      const search = window.location.search.replace(/^\?/, '');
      const href = `/vehicles${withMark(search)}`;
      if (href === target.current) return;
      target.current = href;
      void load(search);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [load]);

  const shownQuery = useMemo(() => parseListingQuery(new URLSearchParams(shown.search)), [shown.search]);
  const query = useMemo(
    () => (pending === null ? shownQuery : parseListingQuery(new URLSearchParams(pending))),
    [pending, shownQuery],
  );

  const apply = useCallback<ListingState['apply']>(
    (next, options = {}) => {
      const href = listingHref(next);
      if (href === target.current) return;
      target.current = href;
      const url = `${href}${options.anchor ? `#${options.anchor}` : ''}`;
      if (options.typing) window.history.replaceState(window.history.state, '', url);
      else window.history.pushState(null, '', url);
      void load(serializeListingQuery(next), options.anchor);
    },
    [load],
  );

  const state: ListingState = { query, shownQuery, loading: pending !== null, apply };
  return { state, data: shown.data };
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
