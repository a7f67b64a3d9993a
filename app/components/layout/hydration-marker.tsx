import { useEffect } from 'react';

/** Sets `data-hydrated` on <html> once React has taken over the server HTML, so tests can wait for it. */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
