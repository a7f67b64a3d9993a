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

async function loadIsland(element: HTMLElement): Promise<ComponentType<object>> {
  const module = (await import(/* @vite-ignore */ element.dataset.island ?? '')) as {
    default: ComponentType<object>;
  };
  return module.default;
}

function hydrate(element: HTMLElement, component: ComponentType<object>, onHydrated: () => void): void {
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  const island = createElement(
    IslandScope,
    { value: element.dataset.name ?? null },
    createElement(component, props),
  );
  hydrateRoot(element, createElement(Hydrated, { onHydrated }, island));
}

// Gives the browser a turn (input, paint) before the next island: `scheduler.yield` where the browser has it.
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve));
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
  // One island at a time, in the page's order, each in a task of its own: its module is evaluated, then it hydrates,
  // then the browser gets a turn (input, paint). Together in one task they kept a slow phone's main thread busy for
  // 70 ms (ADR 0035), and a tap waited for all of them. The modules are preloaded (app/lib/deferred-scripts.ts), so
  // importing them one after another costs no round trip.
  void (async () => {
    for (const element of islands) {
      // Each island that came alive says so: the page-weight test checks every one did.
      const hydrated = () => {
        element.dataset.hydrated = 'true';
        done();
      };
      try {
        await nextTask();
        const component = await loadIsland(element);
        await nextTask();
        hydrate(element, component, hydrated);
      } catch (error: unknown) {
        console.error(error);
        done();
      }
    }
  })();
}

start();
