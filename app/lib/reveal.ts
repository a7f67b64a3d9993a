// docs/product.md: content fades in when 20% of it is visible. The server renders it fully visible; in the browser, only
// content still below the fold is hidden until it scrolls into view. Nothing is hidden without JavaScript or under
// prefers-reduced-motion. Plain DOM code, so it runs on island pages without React (ADR 0015) and under the
// `Reveal` component on pages React Router hydrates.

/** Hiding is instant: only the fade-in is a transition (a transition while hiding ran a fade-out on every card). */
const HIDDEN = ['translate-y-6', 'opacity-0'];
const SHOWN = ['transition', 'duration-700', 'ease-out'];

const started = new WeakSet<HTMLElement>();

/** Whether fading in is wanted at all here (asked once per page: the answer is the same for every element). */
function canFade(): boolean {
  return 'IntersectionObserver' in window && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Whether an element starts below the fold. Content far below is laid out only as it nears the screen (the
 * `render-near-view` utility, ADR 0022): asking where an element inside such a block is would make the browser lay the
 * whole block out at once. The block's own box is always laid out, so when the block starts below the fold its content
 * does too, and only a block near the screen, already laid out, is looked into.
 */
function startsBelowFold(element: HTMLElement): boolean {
  const block = element.parentElement?.closest<HTMLElement>('.render-near-view');
  if (block && block.getBoundingClientRect().top >= window.innerHeight) return true;
  return element.getBoundingClientRect().top >= window.innerHeight;
}

/** Hides one element and fades it in when 20% of it is visible; returns what shows it at once. */
function fadeInLater(element: HTMLElement): () => void {
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

/** Starts the fade-in of one element marked `data-reveal="<delay ms>"`; returns what stops it. */
export function revealOnScroll(element: HTMLElement): () => void {
  if (started.has(element)) return () => {};
  started.add(element);
  if (!canFade() || !startsBelowFold(element)) return () => {};
  return fadeInLater(element);
}

/**
 * Starts every fade-in under `root`. Every position is read before any element is hidden: hiding one and then asking
 * where the next is made the browser lay the page out again for each (97 ms of the home page at a phone's 4× slower
 * CPU, against 10 ms now; ADR 0035).
 */
export function revealAll(root: ParentNode): void {
  if (!canFade()) return;
  const elements = [...root.querySelectorAll<HTMLElement>('[data-reveal]')].filter(
    (element) => !started.has(element),
  );
  const below = elements.map(startsBelowFold);
  elements.forEach((element, index) => {
    started.add(element);
    if (below[index]) fadeInLater(element);
  });
}
