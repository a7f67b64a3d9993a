// docs/product.md: content fades in when 20% of it is visible. The server renders it fully visible; in the browser, only
// content still below the fold is hidden until it scrolls into view. Nothing is hidden without JavaScript or under
// prefers-reduced-motion. Plain DOM code, so it runs on island pages without React (ADR 0015) and under the
// `Reveal` component on pages React Router hydrates.

/** Hiding is instant: only the fade-in is a transition (a transition while hiding ran a fade-out on every card). */
const HIDDEN = ['translate-y-6', 'opacity-0'];
const SHOWN = ['transition', 'duration-700', 'ease-out'];

const started = new WeakSet<HTMLElement>();

/** Starts the fade-in of one element marked `data-reveal="<delay ms>"`; returns what stops it. */
export function revealOnScroll(element: HTMLElement): () => void {
  const stop = () => {};
  if (started.has(element)) return stop;
  started.add(element);
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return stop;
  if (!('IntersectionObserver' in window)) return stop;
  if (element.getBoundingClientRect().top < window.innerHeight) return stop;
  element.classList.add(...HIDDEN);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      finish();
      element.style.transitionDelay = `${Number(element.dataset.reveal) || 0}ms`;
      element.classList.add(...SHOWN);
    },
    { threshold: 0.2 },
  );
  // Someone tabbing into content that has not faded in yet must see it at once.
  const onFocus = () => finish();
  function finish() {
    observer.disconnect();
    element.removeEventListener('focusin', onFocus, true);
    element.classList.remove(...HIDDEN);
  }
  element.addEventListener('focusin', onFocus, true);
  observer.observe(element);
  return finish;
}

/** Starts every fade-in under `root`. */
export function revealAll(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-reveal]')) revealOnScroll(element);
}
