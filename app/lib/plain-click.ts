/** The parts of a mouse event, React's or the DOM's, that say how a link was clicked. */
interface Click {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * A plain primary click that nothing else handled: the only click a page may take over from the browser. One with
 * a modifier key (new tab, new window, download) or another button stays the browser's.
 */
export function isPlainClick(event: Click): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}
