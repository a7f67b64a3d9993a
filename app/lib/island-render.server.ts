// The server's half of the public islands (ADR 0035): each island's markup, rendered by the library that hydrates it
// in the browser (Preact, through preact/compat), so the markup an island hydrates is its own. Built by
// vite.islands.config.ts with the same aliases as the islands' browser code (`npm run build`), or loaded from the
// sources by the islands' Vite server in `npm run dev`; the React page around it inserts the markup as it is
// (app/lib/island.tsx).
import type { RenderedIsland } from '@contracts/islands';
import type { ComponentType } from 'preact';
import { createElement } from 'preact/compat';
import { jsxTemplate } from 'preact/jsx-runtime';
import { renderToString, renderToStringAsync } from 'preact-render-to-string';
import { collectPreloads } from './island-dom';
import { IslandScope } from './island-scope';
import { ServerSlots } from './server-markup';

const modules = import.meta.glob<{ default: ComponentType<object> }>(
  ['../islands/*.ts', '!../islands/runtime.ts'],
  { eager: true },
);

const islands = new Map(
  Object.entries(modules).map(([file, module]) => [file.replace(/^.*\/|\.ts$/g, ''), module.default]),
);

/**
 * The markup of island `name` (its module under app/islands/) with these props, and the preloads it asked for. An
 * island that waits for code (a `lazy` part whose module is not loaded yet) is rendered once it has loaded: then the
 * answer is a promise, which the page waits for (app/lib/island.tsx); the module stays loaded for later renders.
 * `slots` is the page's own markup for the island's `ServerMarkup` elements (React's, rendered by the page).
 */
export function renderIsland(
  name: string,
  props: object,
  slots: Record<string, string> = {},
): RenderedIsland | Promise<RenderedIsland> {
  const Component = islands.get(name);
  if (!Component) throw new Error(`island "${name}" missing from the islands' server build`);
  // The page's markup for the island's ServerMarkup elements, written as it is (a template without holes).
  const markup = Object.fromEntries(Object.entries(slots).map(([slot, html]) => [slot, jsxTemplate([html])]));
  const vnode = () =>
    createElement(
      ServerSlots as unknown as ComponentType<{ value: object }>,
      { value: markup },
      createElement(
        IslandScope as unknown as ComponentType<{ value: string }>,
        { value: name },
        createElement(Component, props),
      ),
    );
  try {
    const { result: html, preloads } = collectPreloads(() => renderToString(vnode()));
    return { html, preloads };
  } catch (error) {
    // preact-render-to-string's answer to a part that suspended; anything else is the island's own error.
    if (!(error instanceof Error && error.message.includes('renderToStringAsync'))) throw error;
  }
  const { result, preloads } = collectPreloads(() => renderToStringAsync(vnode()));
  return Promise.resolve(result).then((html) => ({ html, preloads }));
}
