import type { CreditOffer } from '@contracts/dealership.ts';
// The listing's data for one query, for the page's loader and for the listing island's requests
// (app/routes/vehicles-json.ts), which must agree to the byte: the island replaces the page's results with them.
import type { FilterOptions, ListingData } from '@contracts/listing.ts';
import { displayTransmission } from '@domain/format.ts';
import { type ListingQuery, parseListingQuery, serializeListingQuery } from '@domain/listing-query.ts';
import type { VehicleRecord } from '@domain/vehicle.ts';
import { installmentFrom, toCardView, toVehicleView } from '@domain/vehicle.ts';
import {
  type FilterableVehicle,
  filterVehicles,
  modelOptions,
  paginate,
  sortVehicles,
} from '@domain/vehicle-filter.ts';
import type { CatalogueSnapshot } from './catalogue.ts';

type Indexed = FilterableVehicle & { record: VehicleRecord };

// Built once per catalogue snapshot: the matcher caches its folded text on these same objects.
const indexes = new WeakMap<CatalogueSnapshot, Indexed[]>();

function indexed(snapshot: CatalogueSnapshot): Indexed[] {
  let list = indexes.get(snapshot);
  if (!list) {
    list = snapshot.vehicles.map((record) => ({
      record,
      name: `${record.brand.nombre} ${record.model}`,
      model: record.model,
      bodyType: record.bodyType.nombre,
      transmission: record.transmission.tipo,
      fuelType: record.fuel.tipo,
      condition: record.condition,
      price: record.price,
      year: record.year,
    }));
    indexes.set(snapshot, list);
  }
  return list;
}

// The advertised cuota of every vehicle, for the cuota máxima filter (issue 30 item 6): computed once per catalogue
// snapshot and settings (both change together, ADR 0025), on the first query that asks for it, by the same function
// the cards show (so a card never shows a cuota above the bound it was found with). Vehicles of one price share it.
const withCuotas = new WeakMap<CatalogueSnapshot, CreditOffer>();

function computeCuotas(snapshot: CatalogueSnapshot, list: Indexed[], offer: CreditOffer): void {
  if (withCuotas.get(snapshot) === offer) return;
  const byPrice = new Map<number, number | null>();
  for (const vehicle of list) {
    let cuota = byPrice.get(vehicle.price);
    if (cuota === undefined) {
      cuota = installmentFrom(offer, vehicle.price)?.installment ?? null;
      byPrice.set(vehicle.price, cuota);
    }
    vehicle.cuota = cuota;
  }
  withCuotas.set(snapshot, offer);
}

/** Lookup values plus any chosen value missing from them, so every ticked box can be unticked. */
const withChosen = (values: string[], chosen: string[]) => [...new Set([...values, ...chosen])];

/**
 * Everything the page needs, and nothing more: the visible page of cards, the counts and the option
 * lists. The stock itself never travels to the browser, so the page weighs the same at any stock size.
 */
export function listingData(
  snapshot: CatalogueSnapshot,
  query: ListingQuery,
  offer: CreditOffer,
): ListingData {
  const all = indexed(snapshot);
  const { lookups } = snapshot;
  // The URL carries transmissions as displayed; the rule compares stored values (prefix included).
  const transmissions = query.transmissions.map(
    (shown) => lookups.transmissions.find((t) => displayTransmission(t.tipo) === shown)?.tipo ?? shown,
  );
  if (query.cuotaMax !== null) computeCuotas(snapshot, all, offer);
  const matches = sortVehicles(filterVehicles(all, { ...query, transmissions }), query.sort);
  const { items, ...page } = paginate(matches, query.page);
  const options: FilterOptions = {
    brands: withChosen(
      lookups.brands.map((b) => b.nombre),
      query.brands,
    ),
    models: modelOptions(all, query.brands, query.models),
    bodyTypes: withChosen(
      lookups.bodyTypes.map((b) => b.nombre),
      query.bodyTypes,
    ),
    transmissions: withChosen(
      lookups.transmissions.map((t) => displayTransmission(t.tipo)),
      query.transmissions,
    ),
    fuels: withChosen(
      lookups.fuels.map((f) => f.tipo),
      query.fuelTypes,
    ),
  };
  return {
    ...page,
    vehicles: items.map((v) => toCardView(toVehicleView(v.record, offer))),
    options,
    stockCount: all.length,
  };
}

/**
 * The listing an address asks for, and its canonical query string (without "?"): a submitted no-JS form, a stray
 * parameter or a page past the end has another one, and the page redirects there.
 */
export function resolveListing(snapshot: CatalogueSnapshot, params: URLSearchParams, offer: CreditOffer) {
  const query = parseListingQuery(params);
  const data = listingData(snapshot, query, offer);
  return { data, search: serializeListingQuery({ ...query, page: data.page }) };
}
