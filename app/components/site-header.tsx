import type { Dealership } from '@contracts/dealership';
import { hoursLines } from '@domain/hours-text';
import { useEffect, useState } from 'react';
import { island } from '../lib/island';
import { CompareTray } from './layout/compare-tray';
import { DesktopNav } from './layout/desktop-nav';
import { MobileMenu } from './layout/mobile-menu';
import { SavedLink } from './layout/saved-link';
import { CurrentPathContext } from './layout/site-nav-link';
import { TopBar } from './layout/top-bar';
import { Logo } from './logo';

/** What the header shows of the settings: the name, the ways to reach the dealership and the opening hours. */
export type HeaderDealership = Pick<Dealership, 'name' | 'phones' | 'whatsapp' | 'email' | 'social'> & {
  hours: string[];
};

/**
 * The header island's props travel in every public page as JSON and are read when it hydrates, so they carry only
 * what the header shows (the whole settings were 6 kB of every page); the hours are written here, on the server, as
 * the lines people read (ADR 0036), so the island carries no code to write them.
 */
export function headerDealership(dealership: Dealership): HeaderDealership {
  const { name, phones, whatsapp, email, social, schedule } = dealership;
  return { name, phones, whatsapp, email, social, hours: hoursLines(schedule) };
}

/** docs/product.md: the top bar collapses once the page is scrolled more than 10 px. */
const COLLAPSE_AFTER_PX = 10;

/**
 * Fixed header over a spacer of its full height. Collapsing slides the whole header up by the top bar's
 * height with a transform, so nothing below moves (no layout shift) and the navigation stays in view.
 */
export function SiteHeader({ dealership, pathname }: { dealership: HeaderDealership; pathname: string }) {
  const [collapsed, setCollapsed] = useState(false);

  useEffect(() => {
    const update = () => setCollapsed(window.scrollY > COLLAPSE_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  return (
    <CurrentPathContext value={pathname}>
      <div aria-hidden className="h-26 shrink-0 lg:h-30" />
      <header
        data-collapsed={collapsed}
        className={`fixed inset-x-0 top-0 z-40 transition-transform duration-300 ${collapsed ? '-translate-y-10' : ''}`}
      >
        <TopBar dealership={dealership} collapsed={collapsed} />
        <div
          className={`border-slate-200 border-b bg-white/95 backdrop-blur ${collapsed ? 'shadow-md' : ''}`}
        >
          <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 lg:h-20">
            <Logo name={dealership.name} />
            <DesktopNav />
            <div className="flex items-center gap-2">
              <SavedLink current={pathname === '/favoritos'} />
              <MobileMenu dealership={dealership} />
            </div>
          </div>
        </div>
      </header>
      <CompareTray hidden={pathname === '/comparar'} />
    </CurrentPathContext>
  );
}

/** The header as an island (ADR 0015): app/islands/site-header.ts. */
export const SiteHeaderIsland = /* @__PURE__ */ island('site-header', SiteHeader);
