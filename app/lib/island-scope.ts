import { createContext, useContext, useId } from 'react';

/**
 * The name of the island a component renders in (ADR 0015), or null outside islands. An island is its own React
 * root in the browser but part of the page's one render on the server, so `useId` gives different ids in the two
 * and cannot be used for ids inside islands: `useIslandId` names ids after the island instead. A page has each
 * island once.
 */
export const IslandScope = createContext<string | null>(null);

/**
 * An id unique on the page: `<island>-<key>` inside an island, React's `useId` elsewhere. `key` must be unique
 * within the island (a form field's name, 'menu', ...).
 */
export function useIslandId(key: string): string {
  const reactId = useId();
  const scope = useContext(IslandScope);
  return scope === null ? reactId : `${scope}-${key}`;
}
