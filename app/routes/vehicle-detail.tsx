import { directCreditDownPaymentText } from '@domain/credit';
import { hasSimulatorChoice, readSimulatorChoice } from '@domain/credit-params';
import { formatMileage, formatPrice } from '@domain/format';
import { toVehicleView } from '@domain/vehicle';
import { data, isRouteErrorResponse, Link, useSearchParams } from 'react-router';
import { CreditSimulator } from '~/components/financing/credit-simulator';
import { ArrowLeft } from '~/components/icons';
import { BackToListingIsland } from '~/components/vehicle/back-to-listing';
import { carJsonLd, photoUrl } from '~/components/vehicle/car-json-ld';
import { VehicleGalleryIsland } from '~/components/vehicle/vehicle-gallery';
import { VehicleSummaryIsland } from '~/components/vehicle/vehicle-summary';
import { VehicleTabsIsland } from '~/components/vehicle/vehicle-tabs';
import { pageMeta } from '~/lib/meta';
import { ServerSlots } from '~/lib/server-markup';
import { useRootData } from '~/root';
import type { Route } from './+types/vehicle-detail';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : Number.NaN;
  const record = (await context.services.catalogue.snapshot()).byId.get(id);
  if (!record) throw data('Vehículo no encontrado', { status: 404 });
  return { vehicle: toVehicleView(record, context.services.config.dealership.financing) };
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
  const { dealership, publicUrl } = useRootData();
  const [params] = useSearchParams();
  const simulation = readSimulatorChoice(params, dealership.financing);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-8">
      <BackToListingIsland />
      {/* Phones read gallery, summary, tabs; from 1024 px the summary is a column beside the other two. */}
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:grid-rows-[auto_1fr]">
        <VehicleGalleryIsland images={vehicle.images} title={`${vehicle.name} ${vehicle.year}`} />
        <aside aria-label="Resumen y contacto" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <VehicleSummaryIsland
            vehicle={vehicle}
            whatsapp={dealership.whatsapp}
            salesEmail={dealership.salesEmail}
            publicUrl={publicUrl}
          />
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          {/* The simulator's markup: the tabs load its code only when their financing tab opens. */}
          <ServerSlots
            value={{
              simulador: (
                <CreditSimulator
                  settings={dealership.financing}
                  price={vehicle.price}
                  initial={simulation}
                  addressParams={[['tab', 'financiamiento']]}
                  onRequest={() => {}}
                />
              ),
            }}
          >
            <VehicleTabsIsland
              vehicle={vehicle}
              downPayment={directCreditDownPaymentText(dealership.financing)}
              financing={dealership.financing}
              simulation={simulation}
              initialTab={hasSimulatorChoice(params) ? 'financiamiento' : params.get('tab')}
            />
          </ServerSlots>
        </div>
      </div>
    </div>
  );
}

/** 'Vehículo no encontrado' (HTTP 404) or 'Error: {message}' (docs/product.md detail states). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Production hides server error details; the visitor then reads docs/product.md's sentence.
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
