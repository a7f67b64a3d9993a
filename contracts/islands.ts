// The built island code of the public pages (ADR 0015): what the server reads from the islands build's manifest
// (server/http/island-assets.ts) and hands to the page render (app/lib/island.tsx). Types only.

/** Where one island's code is: its module and every chunk it imports, to preload together. */
export interface IslandAsset {
  src: string;
  preload: string[];
}

/** The runtime that hydrates a page's islands, and each island's code by name. */
export interface IslandAssets {
  runtime: IslandAsset;
  islands: Record<string, IslandAsset>;
  /** Modules to run before the runtime: in development, Vite's client and Preact's refresh runtime (hot reload). */
  preamble?: string[];
  /**
   * The markup of an island, rendered by the library that hydrates it (ADR 0035): the islands' server build, or in
   * development their Vite server. Without it (the back office) an island renders inside the React page. `slots`:
   * the markup the page hands to the island's `ServerMarkup` elements (app/lib/server-markup.tsx), by name.
   */
  render?: (
    name: string,
    props: object,
    slots?: Record<string, string>,
  ) => RenderedIsland | Promise<RenderedIsland>;
}

/** A resource an island asks the page to preload in <head>: an image (React's `preload`) or a module. */
export type IslandPreload =
  | { href: string; module: true }
  | {
      href: string;
      module?: undefined;
      options: {
        as: 'image';
        type?: string;
        imageSrcSet?: string;
        imageSizes?: string;
        fetchPriority?: 'high' | 'low' | 'auto';
      };
    };

/** An island rendered on the server: its markup and the preloads it asked for while rendering. */
export interface RenderedIsland {
  html: string;
  preloads: IslandPreload[];
}
