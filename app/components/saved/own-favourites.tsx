import type { FavouritesResponse, SavedCard } from '@contracts/saved';
import { type Favourite, idsValue } from '@domain/saved-lists';
import { useEffect, useMemo, useState } from 'react';
import { BellRing, Heart, Share2 } from '~/components/icons';
import { island } from '~/lib/island';
import { onSavedChange, saveFavourites, storedFavourites } from '~/lib/saved-store';
import { SavedList } from './saved-list';

type State =
  | { kind: 'loading' }
  | { kind: 'empty' }
  | { kind: 'error' }
  | { kind: 'ready'; items: SavedCard[]; saved: Favourite[] };

/**
 * The visitor's own "Mis favoritos" (ADR 0019): the ids come from the browser's storage, the cards from
 * /favoritos.json. Removing a favourite (the heart, or 'Quitar de favoritos' for a vehicle that is gone) takes it
 * off the list at once; 'Compartir mi lista' gives the /favoritos?ids= address anyone can open.
 */
export function OwnFavourites() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let items: SavedCard[] = [];
    let active = true;
    async function load() {
      const saved = storedFavourites();
      if (saved.length === 0) return setState({ kind: 'empty' });
      const missing = saved.some((f) => !items.some((item) => item.id === f.id));
      if (missing) {
        try {
          const response = await fetch(`/favoritos.json?ids=${idsValue(saved.map((f) => f.id))}`);
          const body = (await response.json()) as FavouritesResponse;
          if (!('items' in body)) throw new Error(body.error);
          items = body.items;
        } catch {
          if (active) setState({ kind: 'error' });
          return;
        }
      }
      if (!active) return;
      const kept = saved.flatMap((f) => items.filter((item) => item.id === f.id));
      setState({ kind: 'ready', items: kept, saved });
    }
    void load();
    const stop = onSavedChange(() => void load());
    return () => {
      active = false;
      stop();
    };
  }, []);

  if (state.kind === 'loading') {
    return (
      <p role="status" className="py-16 text-center text-slate-600">
        Cargando tus favoritos...
      </p>
    );
  }
  if (state.kind === 'error') {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-900">
        No pudimos cargar tus favoritos. Revisa tu conexión e inténtalo nuevamente.
      </p>
    );
  }
  if (state.kind === 'empty') return <EmptyFavourites />;
  return <Ready items={state.items} saved={state.saved} />;
}

function Ready({ items, saved }: { items: SavedCard[]; saved: Favourite[] }) {
  const byId = useMemo(() => new Map(saved.map((f) => [f.id, f])), [saved]);
  const remove = (id: number) => saveFavourites(storedFavourites().filter((f) => f.id !== id));
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700">
          {items.length === 1 ? 'Tienes 1 vehículo guardado.' : `Tienes ${items.length} vehículos guardados.`}
        </p>
        <div className="flex flex-wrap items-start gap-3">
          {/* Issue 33: the favourites' price drops by e-mail; the ids travel to the alert's own page. */}
          <a
            href={`/alertas/nueva?favoritos=${idsValue(saved.map((f) => f.id))}`}
            className="inline-flex h-11 items-center gap-2 rounded-lg bg-white px-4 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
          >
            <BellRing aria-hidden className="size-5" />
            Avisarme si bajan de precio
          </a>
          <ShareList ids={saved.map((f) => f.id)} />
        </div>
      </div>
      <SavedList items={items} saved={byId} onRemove={remove} />
    </>
  );
}

/** 'Compartir mi lista': the share sheet on a phone that has one, the clipboard otherwise, and a visible notice. */
function ShareList({ ids }: { ids: number[] }) {
  const [notice, setNotice] = useState<{ text: string; url: string } | null>(null);
  async function share() {
    const url = `${window.location.origin}/favoritos?ids=${idsValue(ids)}`;
    const phone = window.matchMedia('(pointer: coarse)').matches;
    if (phone && typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Mis favoritos', url });
        setNotice({ text: 'Lista compartida:', url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setNotice({ text: 'Enlace copiado al portapapeles:', url });
    } catch {
      setNotice({ text: 'No pudimos copiar el enlace. Cópialo desde aquí:', url });
    }
  }
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        onClick={share}
        className="inline-flex h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
      >
        <Share2 aria-hidden className="size-5" />
        Compartir mi lista
      </button>
      <p role="status" className="max-w-full break-all text-right font-medium text-green-800 text-sm">
        {notice ? (
          <>
            {notice.text}{' '}
            <a href={notice.url} className="underline underline-offset-2">
              {notice.url}
            </a>
          </>
        ) : null}
      </p>
    </div>
  );
}

export function EmptyFavourites() {
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <Heart aria-hidden className="mx-auto size-12 text-rose-300" />
      <h2 className="mt-4 font-bold text-slate-900 text-xl">Aún no tienes favoritos</h2>
      <p className="mt-2 text-slate-600">
        Toca el corazón de un vehículo para guardarlo aquí. Tu lista queda en este navegador, sin cuenta.
      </p>
      <a
        href="/vehicles"
        className="mt-6 inline-flex h-12 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
      >
        Ver vehículos
      </a>
    </div>
  );
}

/** The list as an island: app/islands/own-favourites.ts. */
export const OwnFavouritesIsland = /* @__PURE__ */ island('own-favourites', OwnFavourites);
