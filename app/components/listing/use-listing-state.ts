import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { type ListingQuery, listingHref, parseListingQuery } from '~/lib/listing-query';

export interface ListingState {
  /** The state the visitor asked for: the pending navigation's while one is under way, so a ticked box stays ticked. */
  query: ListingQuery;
  /** The state the shown results belong to. */
  shownQuery: ListingQuery;
  /** A new list of vehicles is being loaded. */
  loading: boolean;
  /**
   * Goes to another listing state. `typing` (search and range fields) replaces the history entry while a
   * value is refined, so the back button is not filled with half-typed words; every click adds an entry, so
   * back undoes it. The scroll position is kept: the visitor is working on the list in front of them.
   */
  apply: (next: ListingQuery, options?: { typing?: boolean }) => void;
}

export function useListingState(): ListingState {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // Set in the same event as the click, so a controlled checkbox never flips back while the router starts.
  const [optimistic, setOptimistic] = useState<ListingQuery | null>(null);
  const pending = navigation.location?.pathname === '/vehicles' ? navigation.location.search : null;
  const search = pending ?? location.search;
  const parsed = useMemo(() => parseListingQuery(new URLSearchParams(search)), [search]);
  const shownQuery = useMemo(
    () => parseListingQuery(new URLSearchParams(location.search)),
    [location.search],
  );

  // Done, cancelled or failed: from here on the router's own state tells the truth.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a navigation ends or the page changes.
  useEffect(() => {
    if (navigation.state === 'idle') setOptimistic(null);
  }, [navigation.state, location.key]);

  // Where the listing is, or is going: asking for it again (a late debounce after Enter) does nothing.
  const target = useRef('');
  target.current = listingHref(optimistic ?? parsed);

  const apply = useCallback(
    (next: ListingQuery, options: { typing?: boolean } = {}) => {
      const href = listingHref(next);
      if (href === target.current) return;
      target.current = href;
      setOptimistic(next);
      navigate(href, { replace: options.typing === true, preventScrollReset: true });
    },
    [navigate],
  );

  return {
    query: optimistic ?? parsed,
    shownQuery,
    loading: pending !== null && navigation.state === 'loading',
    apply,
  };
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
