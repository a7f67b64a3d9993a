import { Link } from 'react-router';
import { ArrowRight, House } from '~/components/icons';

/** The root error boundary's page: the Spanish 404 (served with HTTP 404) or a generic failure. */
export function ErrorPage({ notFound }: { notFound: boolean }) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <svg viewBox="0 0 240 128" aria-hidden className="w-56 sm:w-64">
        <rect x="0" y="108" width="240" height="12" rx="6" className="fill-slate-300" />
        {[16, 72, 128, 184].map((x) => (
          <rect key={x} x={x} y="112" width="32" height="4" rx="2" className="fill-white" />
        ))}
        <rect x="150" y="44" width="8" height="64" rx="2" className="fill-slate-400" />
        <rect x="104" y="8" width="100" height="48" rx="10" className="fill-accent-400" />
        <text x="154" y="42" textAnchor="middle" fontSize="28" fontWeight="800" className="fill-slate-900">
          {notFound ? '404' : '500'}
        </text>
        <path
          d="M12 96 L20 84 Q25 77 36 75 L60 74 Q71 74 80 82 L92 85 Q104 87 106 93 L106 100 L12 100 Z"
          className="fill-brand-700"
        />
        <path d="M38 78 L58 77 Q66 77 72 83 L38 84 Z" className="fill-brand-100" />
        <circle cx="32" cy="100" r="8" className="fill-slate-900" />
        <circle cx="86" cy="100" r="8" className="fill-slate-900" />
      </svg>
      <h1 className="mt-8 font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
        {notFound ? 'Página no encontrada' : 'Algo salió mal'}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-slate-600">
        {notFound
          ? 'La página que buscas no existe o fue movida. Puede que el vehículo ya se haya vendido.'
          : 'No pudimos mostrar esta página. Inténtalo nuevamente en unos minutos.'}
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link
          to="/"
          className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
        >
          <House aria-hidden className="size-5" />
          Volver al inicio
        </Link>
        <Link
          to="/vehicles"
          className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-white px-6 font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Ver vehículos disponibles
          <ArrowRight aria-hidden className="size-5" />
        </Link>
      </div>
    </section>
  );
}
