import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const DELAY_MS = 100;

/**
 * SPEC §2: a hash in the URL scrolls smoothly to its section after 100 ms. React Router's
 * <ScrollRestoration> (rendered just before this) has already jumped to the target, so we put the page back
 * where the visitor was (or at the top of a new page) and glide from there. Back/forward (POP) keeps the
 * restored position, and under prefers-reduced-motion the instant jump stands.
 */
export function HashScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const lastY = useRef(0);
  const lastPath = useRef(location.pathname);

  useEffect(() => {
    const remember = () => {
      lastY.current = window.scrollY;
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    const samePage = lastPath.current === location.pathname;
    lastPath.current = location.pathname;
    if (!location.hash || navigationType === 'POP') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const target = findTarget(location.hash);
    if (!target) return;
    window.scrollTo(0, samePage ? lastY.current : 0);
    const timer = window.setTimeout(
      () => target.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [location, navigationType]);

  return null;
}

function findTarget(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null; // a malformed escape in the URL: nothing to scroll to
  }
}
