import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const DIRECT_SECTION_ID = 'credito-directo-section';
export const CONVENTIONAL_SECTION_ID = 'credito-convencional-section';
const SECTION_IDS: readonly string[] = [DIRECT_SECTION_ID, CONVENTIONAL_SECTION_ID];

/** Scrolls smoothly to a section (instantly under reduced motion); `focus` moves keyboard users there too. */
export function scrollToSection(id: string, focus: boolean): void {
  const section = document.getElementById(id);
  if (!section) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  if (focus) section.focus({ preventScroll: true });
}

/**
 * SPEC §2: /financing/credito-directo-section and /financing/credito-convencional-section render this page and
 * scroll to their section after 100 ms, which lets the layout's scroll-to-top run first. Hashes
 * (/financing#credito-directo-section) are handled for every page by the layout's HashScroll.
 */
export function useScrollToFinancingSection(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const id = pathname.replace(/\/$/, '').split('/').pop();
    if (!id || !SECTION_IDS.includes(id)) return;
    const timer = window.setTimeout(() => scrollToSection(id, false), 100);
    return () => window.clearTimeout(timer);
  }, [pathname]);
}
