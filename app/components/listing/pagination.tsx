import type { ListingQuery } from '@domain/listing-query';
import { pageItems } from '@domain/vehicle-filter';
import { ChevronLeft, ChevronRight } from '~/components/icons';
import { ListingLink } from './listing-link';

interface Props {
  query: ListingQuery;
  page: number;
  pageCount: number;
  /** Called when the visitor picks another page, so the results can take focus once loaded. */
  onNavigate: () => void;
}

const box =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-2 font-semibold text-sm';

/** Previous, numbered pages with gaps, next (docs/product.md). Plain links: they work without JavaScript too. */
export function Pagination({ query, page, pageCount, onNavigate }: Props) {
  if (pageCount <= 1) return null;
  // The anchor brings the visitor back to the top of the results instead of the top of the page.
  const to = (p: number) => ({ query: { ...query, page: p }, anchor: 'resultados' });
  const step = (target: number, label: string, icon: React.ReactNode, disabled: boolean) =>
    disabled ? (
      <span aria-disabled="true" className={`${box} cursor-not-allowed text-slate-400`}>
        {icon}
        <span className="max-sm:sr-only">{label}</span>
      </span>
    ) : (
      <ListingLink {...to(target)} onClick={onNavigate} className={`${box} text-brand-700 hover:bg-brand-50`}>
        {icon}
        <span className="max-sm:sr-only">{label}</span>
      </ListingLink>
    );

  return (
    <nav aria-label="Paginación" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>{step(page - 1, 'Anterior', <ChevronLeft aria-hidden className="size-5" />, page <= 1)}</li>
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own.
            <li key={`gap-${index}`} aria-hidden className={`${box} text-slate-500`}>
              …
            </li>
          ) : (
            <li key={item}>
              <ListingLink
                {...to(item)}
                onClick={onNavigate}
                aria-label={`Página ${item}`}
                aria-current={item === page ? 'page' : undefined}
                className={`${box} ${
                  item === page
                    ? 'bg-brand-700 text-white'
                    : 'text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100'
                }`}
              >
                {item}
              </ListingLink>
            </li>
          ),
        )}
        <li>
          {step(page + 1, 'Siguiente', <ChevronRight aria-hidden className="size-5" />, page >= pageCount)}
        </li>
      </ul>
    </nav>
  );
}
