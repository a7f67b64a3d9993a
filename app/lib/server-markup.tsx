import { createContext, type ReactNode, useContext } from 'react';

/** Elements the page hands to a `ServerMarkup` inside an island, by name: the server rendering only. */
export const ServerSlots = createContext<Record<string, ReactNode>>({});

/**
 * Markup the server renders in full and the browser keeps as it is, without the code that rendered it: React leaves
 * an element with `dangerouslySetInnerHTML` alone while it hydrates. The page provides the markup (`ServerSlots`), so
 * the island's own code never imports it; the island renders the real thing in its place once it has loaded that
 * code (the vehicle page's simulator, when its tab opens).
 */
export function ServerMarkup({ slot, className }: { slot: string; className?: string }) {
  const slots = useContext(ServerSlots);
  if (import.meta.env.SSR) return <div className={className}>{slots[slot]}</div>;
  return (
    <div
      className={className}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, so React keeps the server's markup.
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  );
}
