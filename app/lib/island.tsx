import type { IslandAsset, IslandAssets, RenderedIsland } from '@contracts/islands';
import { type ComponentType, createContext, type ReactNode, use, useContext } from 'react';
import { preload, preloadModule } from 'react-dom';
import { IslandScope } from './island-scope';
import { ServerSlots } from './server-markup';

/**
 * The islands build (or, in `npm run dev`, Vite's sources of it) while the server renders a public page, whose code
 * is its islands: every island then writes its wrapper, its props and its preloads. The server provides it
 * (`entry.server.tsx`) and the root layout takes it away in the back office. Null elsewhere (the back office, the
 * browser), where an island is its plain component inside a page React Router hydrates whole.
 */
export const IslandsContext = createContext<PageIslands | null>(null);

/**
 * The islands as the page render has them: on the server, also `markup`, React's static rendering (entry.server.tsx),
 * for what the page hands to an island's `ServerMarkup` slots (app/lib/server-markup.tsx).
 */
export type PageIslands = IslandAssets & { markup?: (node: ReactNode) => string };

export function useIslands(): PageIslands | null {
  return useContext(IslandsContext);
}

/** Preloads a module and what it imports; React writes the links into <head>. */
export function preloadAsset(asset: IslandAsset): void {
  for (const href of [asset.src, ...asset.preload]) preloadModule(href);
}

/** Island renders the page waits for, by the props they were asked with (the same object when React retries). */
const waiting = new WeakMap<object, Promise<RenderedIsland>>();

/** An island's server markup; one that waits for code suspends the page's render until it is ready. */
function renderedIsland(
  render: NonNullable<IslandAssets['render']>,
  name: string,
  props: object,
  slots: Record<string, string>,
): RenderedIsland {
  const pending = waiting.get(props);
  if (pending) return use(pending);
  const rendered = render(name, props, slots);
  if (!(rendered instanceof Promise)) return rendered;
  waiting.set(props, rendered);
  return use(rendered);
}

/**
 * An interactive part of a server-rendered page (ADR 0015). `name` is its module under app/islands/, whose default
 * export is `Component`. On a public page it renders as
 * `<div data-island="/assets/….js" data-name="…" data-props="{…}">…</div>`, and app/islands/runtime.ts hydrates
 * that element with the same component and props, so props must be JSON. Ids inside come from `useIslandId`
 * (app/lib/island-scope.ts). The wrapper is `display: contents`: the page lays out the island's own elements.
 */
export function island<P extends object>(name: string, Component: ComponentType<P>) {
  function Island(props: P) {
    const assets = useIslands();
    const slots = useContext(ServerSlots);
    if (!assets) return <Component {...props} />;
    const asset = assets.islands[name];
    if (!asset) throw new Error(`island "${name}" missing from the islands build`);
    preloadAsset(asset);
    const wrapper = {
      className: 'contents',
      'data-island': asset.src,
      'data-name': name,
      'data-props': JSON.stringify(props),
    };
    if (assets.render) {
      // Rendered by the library that hydrates it (ADR 0035); its preloads go into <head> as React's own would.
      // The page's slots, rendered by React inside the island's scope (their ids are the island's).
      const markup = assets.markup;
      const slotHtml = markup
        ? Object.fromEntries(
            Object.entries(slots).map(([slot, node]) => [
              slot,
              markup(<IslandScope value={name}>{node}</IslandScope>),
            ]),
          )
        : {};
      const { html, preloads } = renderedIsland(assets.render, name, props, slotHtml);
      for (const hint of preloads) {
        if (hint.module) preloadModule(hint.href);
        else preload(hint.href, hint.options);
      }
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own server render, escaped by Preact.
      return <div {...wrapper} dangerouslySetInnerHTML={{ __html: html }} />;
    }
    return (
      <div {...wrapper}>
        <IslandScope value={name}>
          <Component {...props} />
        </IslandScope>
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  // What the registry test (tests/unit/island-registry.test.ts) compares with app/islands/{name}.ts.
  Island.source = { name, Component: Component as ComponentType<never> };
  return Island;
}

/**
 * The module script of an islands page: it loads the runtime, which hydrates the islands. Written like React
 * Router's own module script, so `deferScripts` holds it back until the first paint (ADR 0012).
 */
export function IslandScripts({ nonce }: { nonce: string | undefined }) {
  const assets = useIslands();
  if (!assets) return null;
  preloadAsset(assets.runtime);
  // Development only: Vite's refresh preamble runs before the runtime (static imports run first).
  const preamble = (assets.preamble ?? []).map((src) => `import ${JSON.stringify(src)};`).join('');
  return (
    <script
      type="module"
      async
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a module address of our own build.
      dangerouslySetInnerHTML={{ __html: `${preamble}import(${JSON.stringify(assets.runtime.src)});` }}
    />
  );
}
