import { type ListingQuery, listingHref } from '@domain/listing-query';
import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from 'react';
import { isPlainClick } from '~/lib/plain-click';
import type { ListingState } from './use-listing-state';

/** Lets the listing's links change the listing in place (ADR 0015). */
export const ListingNavigation = createContext<ListingState['apply'] | null>(null);

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
  const apply = useContext(ListingNavigation);
  const href = `${listingHref(query)}${anchor ? `#${anchor}` : ''}`;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!apply || !isPlainClick(event)) return;
    event.preventDefault();
    apply(query, { anchor });
  };
  return <a {...rest} href={href} onClick={follow} />;
}
