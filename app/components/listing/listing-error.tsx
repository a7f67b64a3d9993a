import { Link } from 'react-router';
import { ListingHero } from './listing-hero';

/** The listing's frame when the catalogue could not be read: the filter panel in its error state (docs/product.md). */
export function ListingError({ status }: { status: number }) {
  return (
    <>
      <ListingHero stockCount={null} maxFinanced={null} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 lg:grid-cols-[19rem_minmax(0,1fr)]">
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 className="font-bold text-lg text-slate-900">Filtros</h2>
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-medium text-red-700 text-sm">
            Error al cargar los filtros
          </p>
        </div>
        <div className="rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
          <h2 className="font-bold text-slate-900 text-xl">No pudimos cargar los vehículos</h2>
          <p className="mt-2 text-slate-600">Inténtalo nuevamente en unos minutos (error {status}).</p>
          <Link
            to="/vehicles"
            reloadDocument
            className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            Reintentar
          </Link>
        </div>
      </div>
    </>
  );
}
