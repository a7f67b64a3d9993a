import type { AnchorHTMLAttributes } from 'react';
import type { SitePath } from '~/lib/navigation';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: SitePath };

/**
 * A link to a fixed address of the site, for the header and the footer that every page renders. A plain link:
 * the header is an island (ADR 0015), which runs without React Router in the browser, and following it loads
 * the page the server keeps ready.
 */
export function SiteLink({ to, ...rest }: Props) {
  return <a {...rest} href={to} />;
}
