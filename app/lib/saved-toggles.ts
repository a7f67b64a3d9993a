// The hearts and "Comparar" buttons of every public page (ADR 0019). They are plain server-rendered
// <button aria-pressed> elements (app/components/saved/save-buttons.tsx), in page markup or inside islands such as
// the listing; one listener on the document handles them all, and every button of a vehicle shows whether it is
// chosen. Cards an island draws later are brought up to date as they appear.
import { MAX_COMPARE, MAX_FAVOURITES, toggled } from '@domain/saved-lists';
import {
  announce,
  onSavedChange,
  saveCompare,
  saveFavourites,
  storedCompare,
  storedFavourites,
} from './saved-store';

const SELECTOR = 'button[data-favourite],button[data-compare]';

function sync(): void {
  const favourites = new Set(storedFavourites().map((f) => f.id));
  const compare = new Set(storedCompare().map((c) => c.id));
  for (const button of document.querySelectorAll<HTMLButtonElement>(SELECTOR)) {
    const favourite = button.dataset.favourite;
    const chosen = favourite
      ? favourites.has(Number(favourite))
      : compare.has(Number(button.dataset.compare));
    const pressed = String(chosen);
    if (button.getAttribute('aria-pressed') !== pressed) button.setAttribute('aria-pressed', pressed);
  }
}

function toggle(button: HTMLButtonElement): void {
  const { favourite, compare, price, compareName } = button.dataset;
  if (favourite) {
    const entry = { id: Number(favourite), price: Number(price) || 0, savedAt: new Date().toISOString() };
    const result = toggled(storedFavourites(), entry, MAX_FAVOURITES);
    if (result.full) announce({ full: 'favourites' });
    else saveFavourites(result.list);
    return;
  }
  const result = toggled(storedCompare(), { id: Number(compare), name: compareName ?? '' }, MAX_COMPARE);
  if (result.full) announce({ full: 'compare' });
  else saveCompare(result.list);
}

/** Starts the buttons: called by the islands runtime once the page's islands are hydrated. */
export function startSavedToggles(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(SELECTOR);
    if (!button) return;
    event.preventDefault();
    toggle(button);
  });
  onSavedChange(sync);
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      sync();
    });
  }).observe(document.body, { childList: true, subtree: true });
  sync();
}
