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
  /** Modules to run before the runtime: in development, Vite's React refresh preamble (hot reload). */
  preamble?: string[];
}
