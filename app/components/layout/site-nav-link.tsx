import { createContext, type ReactNode, useContext } from 'react';
import type { SitePath } from '~/lib/navigation';
import { SiteLink } from '../site-link';

export const navLinkClass = (active: boolean) =>
  `relative inline-flex h-10 items-center rounded-lg px-2.5 font-medium text-[0.9375rem] transition xl:px-3 ${
    active ? 'text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  } after:absolute after:inset-x-2.5 after:bottom-0.5 after:h-0.5 after:rounded-full ${active ? 'after:bg-accent-500' : 'after:bg-transparent'}`;

/** The address of the page the header is on: the header is an island and gets it from the server (ADR 0015). */
export const CurrentPathContext = createContext('/');

/**
 * A navigation link that marks the current page (aria-current) and underlines it: current when the address is
 * its path or below it ('/' only on the home page), as with NavLink.
 */
export function SiteNavLink({
  to,
  className,
  children,
  onClick,
}: {
  to: SitePath;
  className: (active: boolean) => string;
  children: ReactNode;
  onClick?: () => void;
}) {
  const here = useContext(CurrentPathContext).toLowerCase();
  const path = to.replace(/[?#].*$/, '').toLowerCase();
  const active = here === path || (path !== '/' && here.startsWith(`${path}/`));
  return (
    <SiteLink
      to={to}
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      className={className(active)}
    >
      {children}
    </SiteLink>
  );
}
