import { useEffect, useState } from 'react';
import { Heart } from '~/components/icons';
import { onSavedChange, storedFavourites } from '~/lib/saved-store';

/**
 * The header's link to "Mis favoritos" with the number of favourites (ADR 0019). The server renders it without a
 * number; the count appears once the header's code reads the browser's storage, on an absolutely placed badge that
 * moves nothing, and follows every change in this tab and in others.
 */
export function SavedLink({ current }: { current: boolean }) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const update = () => setCount(storedFavourites().length);
    update();
    return onSavedChange(update);
  }, []);
  return (
    <a
      href="/favoritos"
      aria-label={count > 0 ? `Mis favoritos (${count})` : 'Mis favoritos'}
      aria-current={current ? 'page' : undefined}
      title="Mis favoritos"
      className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-rose-700 ring-1 ring-slate-300 hover:bg-rose-50"
    >
      <Heart aria-hidden className={`size-5 ${count > 0 ? 'fill-current' : ''}`} />
      {count > 0 ? (
        <span
          aria-hidden
          className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-700 px-1 font-bold text-white text-xs"
        >
          {count}
        </span>
      ) : null}
    </a>
  );
}
