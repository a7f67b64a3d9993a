import { Suspense, useEffect, useRef, useState } from 'react';
import { data, isRouteErrorResponse, Link, useLocation, useNavigation } from 'react-router';
import { ArrowLeft, LoaderCircle } from '~/components/icons';
import { carJsonLd, photoUrl } from '~/components/vehicle/car-json-ld';
import { LazyFinancingModal } from '~/components/vehicle/lazy-forms';
import { VehicleGallery } from '~/components/vehicle/vehicle-gallery';
import { VehicleSummary } from '~/components/vehicle/vehicle-summary';
import { VehicleTabs } from '~/components/vehicle/vehicle-tabs';
import { formatMileage, formatPrice } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { toVehicleView } from '~/lib/vehicle-view.server';
import { useRootData } from '~/root';
import type { Route } from './+types/vehicle-detail';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : Number.NaN;
  const record = (await context.services.catalogue.snapshot()).byId.get(id);
  if (!record) throw data('Vehículo no encontrado', { status: 404 });
  return { vehicle: toVehicleView(record) };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as { publicUrl: string; dealership: { name: string } } | undefined;
  const publicUrl = root?.publicUrl ?? '';
  const vehicle = loaderData?.vehicle;
  if (!vehicle) return [{ title: 'Vehículo no encontrado' }, { name: 'robots', content: 'noindex' }];
  const photo = vehicle.images[0];
  return [
    ...pageMeta({
      title: `${vehicle.name} ${vehicle.year} | ${formatPrice(vehicle.price)}`,
      description: `${vehicle.name} ${vehicle.year}, ${vehicle.condition.toLowerCase()}, ${formatMileage(vehicle.mileage)}, ${vehicle.fuelType}, ${vehicle.transmission}. ${formatPrice(vehicle.price)}. Financiamiento disponible.`,
      path: `/vehicles/${vehicle.id}`,
      publicUrl,
      type: 'product',
      image: photo ? photoUrl(publicUrl, photo) : undefined,
    }),
    { 'script:ld+json': carJsonLd(vehicle, publicUrl, root?.dealership.name ?? '') },
  ];
}

export default function VehicleDetail({ loaderData }: Route.ComponentProps) {
  const { vehicle } = loaderData;
  const { dealership } = useRootData();
  const [financingOpen, setFinancingOpen] = useState(false);
  const financingOpener = useRef<HTMLElement | null>(null);
  const openFinancing = () => {
    financingOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setFinancingOpen(true);
  };
  const closeFinancing = () => {
    setFinancingOpen(false);
    // The modal unmounts on close; focus goes back to the button that opened it.
    requestAnimationFrame(() => financingOpener.current?.focus());
  };
  const navigation = useNavigation();
  const location = useLocation();
  const listing = (location.state as { listing?: unknown } | null)?.listing;
  // The listing the visitor came from lives in history state, which the server never sees: it is applied
  // after hydration so both renders agree.
  const [backTo, setBackTo] = useState('/vehicles');
  useEffect(() => {
    setBackTo(typeof listing === 'string' && listing.startsWith('/vehicles') ? listing : '/vehicles');
  }, [listing]);
  // Back/forward between two vehicle pages keeps this one on screen while the other loads.
  const loadingOther =
    navigation.state === 'loading' &&
    /^\/vehicles\/[^/]+$/.test(navigation.location.pathname) &&
    navigation.location.pathname !== location.pathname;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-8">
      <Link
        to={backTo}
        className="inline-flex items-center gap-2 rounded-lg py-2 font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Volver a vehículos
      </Link>
      <p role="status" className="min-h-0 text-slate-600 text-sm">
        {loadingOther ? (
          <span className="inline-flex items-center gap-2">
            <LoaderCircle aria-hidden className="size-4 animate-spin" /> Cargando vehículo...
          </span>
        ) : null}
      </p>
      {/* Phones read gallery, summary, tabs; from 1024 px the summary is a column beside the other two. */}
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:grid-rows-[auto_1fr]">
        <VehicleGallery images={vehicle.images} title={`${vehicle.name} ${vehicle.year}`} />
        <aside aria-label="Resumen y contacto" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <VehicleSummary
            vehicle={vehicle}
            whatsapp={dealership.whatsapp}
            salesEmail={dealership.salesEmail}
          />
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <VehicleTabs
            vehicle={vehicle}
            downPayment={dealership.directCreditDownPayment}
            onFinancing={openFinancing}
          />
        </div>
      </div>
      {financingOpen ? (
        <Suspense fallback={null}>
          <LazyFinancingModal
            open
            onClose={closeFinancing}
            vehicle={{ id: vehicle.id, name: vehicle.name, year: vehicle.year, price: vehicle.price }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** 'Vehículo no encontrado' (HTTP 404) or 'Error: {message}' (SPEC §2 detail states). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Production hides server error details; the visitor then reads SPEC §8's sentence.
  const detail = error instanceof Error && error.message !== 'Unexpected Server Error' ? error.message : null;
  const message = notFound
    ? 'Vehículo no encontrado'
    : `Error: ${detail ?? 'Error al obtener los datos del vehículo'}`;
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="font-bold text-3xl text-slate-900">{message}</h1>
      <p className="mt-4 text-slate-600">
        {notFound
          ? 'Puede que ya se haya vendido o que el enlace esté incompleto. Revisa los otros vehículos de nuestro stock.'
          : 'No pudimos mostrar este vehículo. Inténtalo nuevamente en unos minutos.'}
      </p>
      <Link
        to="/vehicles"
        className="mt-8 inline-flex h-12 items-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
      >
        <ArrowLeft aria-hidden className="size-4" /> Volver a vehículos
      </Link>
    </section>
  );
}
