import { useEffect, useState } from 'react';

/**
 * The time the deadlines are computed from: the server's clock of the render first (so the page hydrates without a
 * mismatch), then the browser's, once a minute, so an open inbox keeps counting down.
 */
export function useNow(serverNow: string): number {
  const [now, setNow] = useState(() => Date.parse(serverNow));
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
