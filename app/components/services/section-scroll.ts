import { useEffect } from 'react';
import { isPlainClick } from '~/lib/plain-click';

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
 * docs/product.md: /financing/credito-directo-section and /financing/credito-convencional-section render this page and
 * scroll to their section 100 ms after the page's code has started, and a link to /financing#<section> followed
 * on this page (the header's Tradicional / Directo) glides there after 100 ms. Opened from another page, such a
 * link lands on its section at once: the browser's own jump.
 */
export function useScrollToFinancingSection(): void {
  useEffect(() => {
    const id = window.location.pathname.replace(/\/$/, '').split('/').pop();
    if (!id || !SECTION_IDS.includes(id)) return;
    const timer = window.setTimeout(() => scrollToSection(id, false), 100);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    let timer: number | undefined;
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event)) return;
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link) return;
      const url = new URL(link.href, window.location.href);
      const id = url.hash.slice(1);
      if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) return;
      if (!SECTION_IDS.includes(id)) return;
      event.preventDefault();
      window.history.pushState(null, '', url.hash);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => scrollToSection(id, true), 100);
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
      window.clearTimeout(timer);
    };
  }, []);
}
