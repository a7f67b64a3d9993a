import type { SavedCard } from '@contracts/saved';
import { formatPrice, stockReference } from '@domain/format';
import { cheaperSinceSaved, type Favourite } from '@domain/saved-lists';
import { TrendingDown, X } from '~/components/icons';
import { VehicleCard } from '~/components/vehicle-card';

const CARD_SIZES = '(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 640px) 46vw, 92vw';

interface Props {
  items: SavedCard[];
  /** The visitor's own favourites (their list): the price each was saved at, and a way to remove the gone ones. */
  saved?: ReadonlyMap<number, Favourite>;
  onRemove?: (id: number) => void;
}

/**
 * A favourites list (ADR 0019): the cards of the vehicles on sale; a sold vehicle as 'Vendido', linking to its page
 * (ADR 0018); any other id as 'Ya no está disponible'. Nothing is dropped silently. On the visitor's own list, a
 * vehicle whose price is lower than when it was saved says so.
 */
export function SavedList({ items, saved, onRemove }: Props) {
  // The first photo is the page's largest image: requested at once, with high priority (ADR 0022).
  const firstPublished = items.find((item) => item.state === 'published')?.id;
  return (
    <>
      {/* The cards' names are h3: the list needs the level between them and the page's h1. */}
      <h2 className="sr-only">Vehículos de la lista</h2>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-2">
            {item.state === 'published' ? (
              <>
                <CheaperSinceSaved saved={saved?.get(item.id)} price={item.card.price} />
                <VehicleCard vehicle={item.card} sizes={CARD_SIZES} priority={item.id === firstPublished} />
              </>
            ) : (
              <GoneCard item={item} onRemove={onRemove} />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function CheaperSinceSaved({ saved, price }: { saved: Favourite | undefined; price: number }) {
  if (!saved || !cheaperSinceSaved(saved, price)) return null;
  return (
    <p className="flex items-center gap-2 rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-900 text-sm ring-1 ring-green-200">
      <TrendingDown aria-hidden className="size-4 shrink-0" />
      {`Bajó ${formatPrice(saved.price - price)} desde que lo guardaste (antes ${formatPrice(saved.price)})`}
    </p>
  );
}

/** A sold or unknown vehicle: said as such, with its reference, and on the visitor's own list a way to remove it. */
function GoneCard({
  item,
  onRemove,
}: {
  item: Exclude<SavedCard, { state: 'published' }>;
  onRemove?: (id: number) => void;
}) {
  const name =
    item.state === 'sold' ? `${item.card.name} ${item.card.year}` : `Vehículo ${stockReference(item.id)}`;
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-slate-300 border-dashed bg-slate-50 p-5">
      <span
        className={`self-start rounded-full px-3 py-1 font-semibold text-xs ${
          item.state === 'sold' ? 'bg-slate-800 text-white' : 'bg-amber-100 text-amber-950'
        }`}
      >
        {item.state === 'sold' ? 'Vendido' : 'Ya no está disponible'}
      </span>
      <h3 className="font-semibold text-lg text-slate-900 leading-snug">{name}</h3>
      <p className="text-slate-600 text-sm">
        {item.state === 'sold'
          ? 'Este vehículo ya se vendió. Su página sigue disponible, con vehículos similares.'
          : 'Este vehículo ya no está publicado en nuestro stock.'}
      </p>
      <div className="mt-auto flex flex-wrap gap-2">
        {item.state === 'sold' ? (
          <a
            href={`/vehicles/${item.id}`}
            aria-label={`Ver su página: ${name}`}
            className="inline-flex h-11 items-center rounded-lg px-4 font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50"
          >
            Ver su página
          </a>
        ) : null}
        {onRemove ? (
          <button
            type="button"
            onClick={() => onRemove(item.id)}
            aria-label={`Quitar de favoritos: ${name}`}
            className="inline-flex h-11 items-center gap-1.5 rounded-lg px-4 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100"
          >
            <X aria-hidden className="size-4" />
            Quitar de favoritos
          </button>
        ) : null}
      </div>
    </article>
  );
}
