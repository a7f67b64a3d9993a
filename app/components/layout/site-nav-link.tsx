import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export const navLinkClass = (active: boolean) =>
  `relative inline-flex h-10 items-center rounded-lg px-2.5 font-medium text-[0.9375rem] transition xl:px-3 ${
    active ? 'text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  } after:absolute after:inset-x-2.5 after:bottom-0.5 after:h-0.5 after:rounded-full ${active ? 'after:bg-accent-500' : 'after:bg-transparent'}`;

/** A navigation link that marks the current page (aria-current) and underlines it. */
export function SiteNavLink({
  to,
  className,
  children,
  onClick,
}: {
  to: string;
  className: (active: boolean) => string;
  children: ReactNode;
  onClick?: () => void;
}) {
  return (
    <NavLink to={to} end={to === '/'} onClick={onClick} className={({ isActive }) => className(isActive)}>
      {children}
    </NavLink>
  );
}
