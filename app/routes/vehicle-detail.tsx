import { dbIdFromText } from '@contracts/db-id.ts';
import { directCreditDownPaymentText } from '@domain/credit';
import { hasSimulatorChoice, readSimulatorChoice } from '@domain/credit-params';
import { formatMileage, formatPrice } from '@domain/format';
import { rateLimits } from '@domain/maximum-rate';
import { similarAlert } from '@domain/saved-search';
import { vehiclePageData } from '@server/services/catalogue/vehicle-page';
import { quotationAt } from '@server/services/settings/quotation';
import { data, isRouteErrorResponse, Link, useSearchParams } from 'react-router';
import { CreditSimulator } from '~/components/financing/credit-simulator';
import { QuotationTerms } from '~/components/financing/quotation-terms';
import { SimilarAlertFormIsland } from '~/components/forms/similar-alert-form';
import { ArrowLeft } from '~/components/icons';
import { VehicleSaveButtons } from '~/components/saved/save-buttons';
import { BackToListingIsland } from '~/components/vehicle/back-to-listing';
import { carJsonLd, photoUrl } from '~/components/vehicle/car-json-ld';
import { SimilarVehicles } from '~/components/vehicle/similar-vehicles';
import { SoldBanner, SoldSummary, SoldVehicleDetails } from '~/components/vehicle/sold-vehicle';
import { VehicleDescription } from '~/components/vehicle/vehicle-description';
import { VehicleGalleryIsland } from '~/components/vehicle/vehicle-gallery';
import { VehicleSummaryIsland } from '~/components/vehicle/vehicle-summary';
import { VehicleTabsIsland } from '~/components/vehicle/vehicle-tabs';
import { pageMeta } from '~/lib/meta';
import { ServerSlots } from '~/lib/server-markup';
import { useRootData } from '~/root';
import type { Route } from './+types/vehicle-detail';

/** A published vehicle, or a sold one with its 'Vendido' state (ADR 0018); drafts and unknown ids are 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = dbIdFromText(params.id) ?? Number.NaN;
  const { catalogue, config } = context.services;
  const dealership = await catalogue.dealership();
  const now = Date.now();
  const page = await vehiclePageData(catalogue, id, {
    offer: dealership,
    soldPageDays: config.soldPageDays,
    now,
  });
  if (!page) throw data('Vehículo no encontrado', { status: 404 });
  // The quotation's terms of today (ADR 0032); a kept page is at most the page cache's few minutes old.
  return { ...page, quotation: page.sold ? null : await quotationAt(dealership, now) };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as { publicUrl: string; dealership: { name: string } } | undefined;
  const publicUrl = root?.publicUrl ?? '';
  const vehicle = loaderData?.vehicle;
  if (!vehicle) return [{ title: 'Vehículo no encontrado' }, { name: 'robots', content: 'noindex' }];
  const sold = loaderData.sold;
  const photo = vehicle.images[0];
  const facts = `${vehicle.name} ${vehicle.year}, ${vehicle.condition.toLowerCase()}, ${formatMileage(vehicle.mileage)}, ${vehicle.fuelType}, ${vehicle.transmission}.`;
  return [
    ...pageMeta({
      title: `${vehicle.name} ${vehicle.year} | ${sold ? 'Vendido' : formatPrice(vehicle.price)}`,
      description: sold
        ? `${facts} Vendido. Te avisamos si llega uno similar, y mira los vehículos similares de nuestro stock.`
        : `${facts} ${formatPrice(vehicle.price)}. Financiamiento disponible.`,
      path: `/vehicles/${vehicle.id}`,
      publicUrl,
      type: 'product',
      image: photo ? photoUrl(publicUrl, photo) : undefined,
    }),
    // SOLD_PAGE_DAYS after the sale the page leaves the sitemap and search results, but keeps answering.
    ...(sold && !sold.indexed ? [{ name: 'robots', content: 'noindex' }] : []),
    {
      'script:ld+json': carJsonLd(
        vehicle,
        publicUrl,
        root?.dealership.name ?? '',
        sold !== null,
        loaderData.description,
      ),
    },
  ];
}

export default function VehicleDetail({ loaderData }: Route.ComponentProps) {
  if (loaderData.sold) return <SoldVehicle {...loaderData} soldAt={loaderData.sold.soldAt} />;
  return <PublishedVehicle {...loaderData} />;
}

type PageData = Route.ComponentProps['loaderData'];

/** A vehicle on sale: gallery, side card with the ways to buy it, tabs, and similar vehicles below. */
function PublishedVehicle({ vehicle, description, similar, quotation }: PageData) {
  const { dealership, publicUrl, consent } = useRootData();
  const [params] = useSearchParams();
  // Without a simulation in the address, the financing tab opens on the one the side card advertises ("Cuota
  // desde": the lowest credit type's minimum pie and longest term), so the page tells one cuota story.
  const advertised = vehicle.installmentFrom;
  const simulation =
    advertised && !hasSimulatorChoice(params)
      ? { type: advertised.type, term: advertised.term, pie: null, insurances: [] }
      : readSimulatorChoice(params, dealership.financing);
  const lenders = quotation?.lenders ?? { convencional: dealership.legalName, directo: dealership.legalName };
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackToListingIsland />
        {/* ADR 0019: the heart and "Comparar". */}
        <VehicleSaveButtons
          vehicle={{ id: vehicle.id, label: `${vehicle.name} ${vehicle.year}`, price: vehicle.price }}
        />
      </div>
      {/* Phones read gallery, summary, tabs; from 1024 px the summary is a column beside the other two. */}
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:grid-rows-[auto_1fr]">
        <VehicleGalleryIsland images={vehicle.images} title={`${vehicle.name} ${vehicle.year}`} />
        <aside aria-label="Resumen y contacto" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <VehicleSummaryIsland
            vehicle={vehicle}
            whatsapp={dealership.whatsapp}
            salesEmail={dealership.salesEmail}
            publicUrl={publicUrl}
            consent={{ vehiculo: consent.vehiculo, prueba: consent.prueba }}
          />
        </aside>
        <div className="render-near-view min-w-0 space-y-6 [--render-near-view-size:36rem] sm:[--render-near-view-size:22rem] lg:col-start-1 lg:row-start-2">
          <VehicleDescription
            text={description}
            className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
          />
          {/* The simulator's markup: the tabs load its code only when their financing tab opens. */}
          <ServerSlots
            value={{
              simulador: (
                <CreditSimulator
                  settings={dealership.financing}
                  limits={rateLimits(dealership)}
                  lenders={lenders}
                  price={vehicle.price}
                  initial={simulation}
                  addressParams={[['tab', 'financiamiento']]}
                  onRequest={() => {}}
                />
              ),
              cotizacion: quotation ? (
                <QuotationTerms terms={quotation} vehicle={`${vehicle.name} ${vehicle.year}`} />
              ) : null,
            }}
          >
            <VehicleTabsIsland
              vehicle={vehicle}
              downPayment={directCreditDownPaymentText(dealership.financing)}
              directRestriction={dealership.creditEligibility.directo}
              financing={dealership.financing}
              limits={rateLimits(dealership)}
              lenders={lenders}
              simulation={simulation}
              initialTab={hasSimulatorChoice(params) ? 'financiamiento' : params.get('tab')}
              consent={consent.financiamiento}
            />
          </ServerSlots>
        </div>
      </div>
      <SimilarVehicles vehicles={similar} sold={false} />
    </div>
  );
}

/**
 * A sold vehicle (ADR 0018): the 'Vendido' banner, its photos and specifications, no way to buy it, the alert form
 * ("Te avisamos si llega uno similar") and the similar vehicles on sale.
 */
function SoldVehicle({ vehicle, description, similar, soldAt }: PageData & { soldAt: string }) {
  const { dealership, consent } = useRootData();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-8">
      <BackToListingIsland />
      <SoldBanner vehicle={vehicle} soldAt={soldAt} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:grid-rows-[auto_1fr]">
        <VehicleGalleryIsland images={vehicle.images} title={`${vehicle.name} ${vehicle.year}`} />
        <aside
          aria-label="Resumen del vehículo vendido"
          className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <SoldSummary vehicle={vehicle}>
            <SimilarAlertFormIsland
              alert={similarAlert(vehicle, dealership.name)}
              policyVersion={consent.contacto.policyVersion}
            />
          </SoldSummary>
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <SoldVehicleDetails vehicle={vehicle} description={description} />
        </div>
      </div>
      <SimilarVehicles vehicles={similar} sold />
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
