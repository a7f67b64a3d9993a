import { ArrowLeft } from 'lucide-react';
import { data, Link } from 'react-router';
import { PhotoPlaceholder } from '~/components/photo-placeholder';
import { ResponsiveImage } from '~/components/responsive-image';
import { formatMileage, formatPrice, stockReference } from '~/lib/format';
import { largestWidth, mediaPath } from '~/lib/media';
import { pageMeta } from '~/lib/meta';
import { toVehicleView } from '~/lib/vehicle-view.server';
import type { Route } from './+types/vehicle-detail';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : Number.NaN;
  const record = (await context.services.catalogue.snapshot()).byId.get(id);
  if (!record) throw data('Vehículo no encontrado', { status: 404 });
  return { vehicle: toVehicleView(record) };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const publicUrl = (matches[0]?.loaderData as { publicUrl: string } | undefined)?.publicUrl ?? '';
  const vehicle = loaderData?.vehicle;
  if (!vehicle) return [{ title: 'Vehículo no encontrado' }, { name: 'robots', content: 'noindex' }];
  const photo = vehicle.images[0];
  return pageMeta({
    title: `${vehicle.name} ${vehicle.year} | ${formatPrice(vehicle.price)}`,
    description: `${vehicle.name} ${vehicle.year}, ${vehicle.condition.toLowerCase()}, ${formatMileage(vehicle.mileage)}, ${vehicle.fuelType}, ${vehicle.transmission}. ${formatPrice(vehicle.price)}. Financiamiento disponible.`,
    path: `/vehicles/${vehicle.id}`,
    publicUrl,
    type: 'product',
    image: photo
      ? `${publicUrl}${mediaPath(photo.hash, Math.min(1280, largestWidth(photo)), 'jpeg')}`
      : undefined,
  });
}

export default function VehicleDetail({ loaderData }: Route.ComponentProps) {
  const { vehicle } = loaderData;
  const main = vehicle.images[0];
  const specs: Array<[string, string]> = [
    ['Marca', vehicle.brand],
    ['Modelo', vehicle.model],
    ['Año', String(vehicle.year)],
    ['Kilometraje', formatMileage(vehicle.mileage)],
    ['Combustible', vehicle.fuelType],
    ['Transmisión', vehicle.transmission],
    ['Motor', vehicle.engine],
    ['Color', vehicle.color],
    ['Tipo', vehicle.bodyType],
    ['Condición', vehicle.condition],
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link
        to="/vehicles"
        className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Volver a vehículos
      </Link>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_380px]">
        <div className="aspect-[3/2] overflow-hidden rounded-2xl bg-slate-200">
          {main ? (
            <ResponsiveImage
              image={main}
              alt={`${vehicle.name} ${vehicle.year}`}
              sizes="(min-width: 1280px) 836px, (min-width: 1024px) 65vw, 100vw"
              priority
              className="h-full w-full object-cover"
            />
          ) : (
            <PhotoPlaceholder />
          )}
        </div>
        <aside className="h-fit rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-500 text-sm">{stockReference(vehicle.id)}</p>
          <h1 className="mt-1 font-bold text-2xl text-slate-900">{vehicle.name}</h1>
          <p className="text-slate-600">
            {vehicle.year} · {vehicle.condition}
          </p>
          <p className="mt-4 font-bold text-3xl text-brand-700">{formatPrice(vehicle.price)}</p>
          <p className="mt-2 text-slate-500 text-sm">Santiago, Chile</p>
        </aside>
      </div>
      <section className="mt-10" aria-labelledby="especificaciones">
        <h2 id="especificaciones" className="font-semibold text-xl text-slate-900">
          Especificaciones
        </h2>
        <dl className="mt-4 grid gap-x-8 gap-y-3 sm:grid-cols-2">
          {specs.map(([label, value]) => (
            <div key={label} className="flex justify-between border-slate-200 border-b py-2">
              <dt className="text-slate-500">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
