import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from 'react';
import { type ListingQuery, listingHref } from '~/lib/listing-query';
import type { ListingState } from './use-listing-state';

const ApplyContext = createContext<ListingState['apply'] | null>(null);

/** Lets the listing's links change the listing in place (ADR 0015). */
export const ListingNavigation = ApplyContext;

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  query: ListingQuery;
  /** An element to scroll to once the listing has changed (the results, for pagination). */
  anchor?: string;
};

/**
 * A link to another state of the listing. It is a real address (shareable, and followed as a page load without
 * JavaScript, with a modifier key or in a new tab); a plain click changes the listing in place.
 */
export function ListingLink({ query, anchor, onClick, ...rest }: Props) {
  const apply = useContext(ApplyContext);
  const href = `${listingHref(query)}${anchor ? `#${anchor}` : ''}`;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!apply || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    apply(query, { anchor });
  };
  return <a {...rest} href={href} onClick={follow} />;
}
