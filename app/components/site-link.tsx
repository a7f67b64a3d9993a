import type { AnchorHTMLAttributes } from 'react';
import { useLinkClickHandler } from 'react-router';
import type { SitePath } from '~/lib/navigation';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: SitePath };

/**
 * A link to a fixed address of the site, for the header and the footer that every page renders. It navigates in
 * the page with React Router's own click handling (modifier keys, new tabs, same-address replace), like Link,
 * but skips what Link computes on each render for features these links do not use (relative addresses,
 * prefetching, masks): 25 Links made 7% of the server's work on a vehicle page. Like Link, it is marked for
 * React Router's route discovery.
 */
export function SiteLink({ to, onClick, ...rest }: Props) {
  const navigate = useLinkClickHandler(to, { target: rest.target });
  return (
    <a
      {...rest}
      href={to}
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
