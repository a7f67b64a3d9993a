// The browser code of a public page (ADR 0015): it hydrates each island the server marked, with the props the
// server rendered it with, and starts the fade-ins of plain server-rendered markup. `react` and `react-dom/client`
// are Preact's compatibility layer here (vite.islands.config.ts, ADR 0035), which also rendered the islands' markup.
// React Router does not run in the browser on these pages; links load pages the server keeps ready.

import { options } from 'preact';
import { type ComponentType, createElement, type ReactNode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandScope } from '~/lib/island-scope';
import { revealAll } from '~/lib/reveal';
import { startSavedToggles } from '~/lib/saved-toggles';

function Hydrated({ children, onHydrated }: { children?: ReactNode; onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

async function hydrate(element: HTMLElement, onHydrated: () => void): Promise<void> {
  const src = element.dataset.island ?? '';
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  const module = (await import(/* @vite-ignore */ src)) as { default: ComponentType<object> };
  const island = createElement(
    IslandScope,
    { value: element.dataset.name ?? null },
    createElement(module.default, props),
  );
  hydrateRoot(element, createElement(Hydrated, { onHydrated }, island));
}

// An effect runs as soon as its render is done, as React runs them after a keystroke or a click, not after the next
// frame (Preact's default): a 300 ms search pause starts when the visitor stops typing, not 16 ms later.
options.requestAnimationFrame = (flush) => {
  setTimeout(flush);
};

function start(): void {
  revealAll(document);
  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  // Ids inside an island are named after it (useIslandId), so a page may hold each island once.
  const names = islands.map((element) => element.dataset.name);
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) console.error(`islands repeated on this page: ${repeated.join(', ')}`);
  let pending = islands.length;
  // Tests wait for this mark before they press anything.
  const done = () => {
    pending -= 1;
    if (pending > 0) return;
    // The hearts and "Comparar" buttons (ADR 0019), once no island is left to hydrate over them.
    startSavedToggles();
    document.documentElement.dataset.hydrated = 'true';
  };
  if (islands.length === 0) done();
  for (const element of islands) {
    // Each island that came alive says so: the page-weight test checks every one did.
    const hydrated = () => {
      element.dataset.hydrated = 'true';
      done();
    };
    hydrate(element, hydrated).catch((error: unknown) => {
      console.error(error);
      done();
    });
  }
}

start();
