// The table of /comparar (ADR 0019): one column per vehicle, one row per fact, which rows differ and which value is
// the best of its row. Pure: the page hands in the vehicles it loaded.
import type { InstallmentFrom } from '@contracts/listing.ts';
import { formatMileage, formatPercent, formatPrice } from './format.ts';

/** What the table needs of a vehicle (a subset of domain/vehicle.ts VehicleView). */
export interface ComparedVehicle {
  id: number;
  price: number;
  installmentFrom: InstallmentFrom | null;
  year: number;
  mileage: number;
  fuelType: string;
  transmission: string;
  engine: string;
  color: string;
  bodyType: string;
  condition: string;
  features: string[];
}

/** Which way a numeric row is better, and the word that marks its best value. */
type Best = { better: 'lower' | 'higher'; label: string };

export interface CompareRow {
  key: string;
  label: string;
  /** One cell per vehicle, in the vehicles' order. */
  cells: string[];
  /** Not every vehicle has the same value. */
  differs: boolean;
  /** Indexes of the cells holding the row's best value (none when the row does not differ or has no best). */
  best: number[];
  /** The word beside a best value ('Menor precio', …). */
  bestLabel?: string;
  /** A feature row: its cells are ✓ or —. */
  feature?: boolean;
  /** The "Cuota desde" row: each cell's cuota, which the page renders with its CAE (AdvertisedCuota). */
  advertised?: Array<InstallmentFrom | null>;
}

export const HAS_FEATURE = '✓';
export const LACKS_FEATURE = '—';

function row(
  key: string,
  label: string,
  values: Array<number | string | null>,
  show: (value: number | string | null, index: number) => string,
  best?: Best,
): CompareRow {
  const cells = values.map(show);
  const differs = new Set(cells).size > 1;
  let bestIndexes: number[] = [];
  if (best && differs) {
    const numbers = values.filter((value): value is number => typeof value === 'number');
    if (numbers.length > 0) {
      const target = best.better === 'lower' ? Math.min(...numbers) : Math.max(...numbers);
      bestIndexes = values.flatMap((value, index) => (value === target ? [index] : []));
    }
  }
  return {
    key,
    label,
    cells,
    differs,
    best: bestIndexes,
    ...(bestIndexes.length > 0 && best ? { bestLabel: best.label } : {}),
  };
}

/**
 * An advertised cuota in one line with its CAE, term and pie (Ley 19.496 art. 17 G: the CAE beside any cuota
 * advertised, in the same type), or the row's blank.
 */
export function advertisedCuota(value: InstallmentFrom | null): string {
  if (!value) return LACKS_FEATURE;
  const credit = value.restriction ? `${value.typeLabel} · ${value.restriction}` : value.typeLabel;
  return `${formatPrice(value.installment)} al mes · CAE ${formatPercent(value.caePercent)} · ${value.term} cuotas · pie ${formatPercent(value.downPaymentPercent, 0)} · ${credit}`;
}

const text = (value: number | string | null) =>
  value === null || value === '' ? LACKS_FEATURE : String(value);

/**
 * The rows, in the page's order: price, financing ("Cuota desde" with its CAE, when any vehicle has one), year, mileage, fuel, transmission,
 * engine, colour, body type, condition, then every feature any of the vehicles has (in the order they first appear)
 * as ✓ or —. A row differs when its cells are not all equal; the best of a differing row is the lowest price, the
 * lowest cuota, the newest year and the lowest mileage (every vehicle that ties for it).
 */
export function compareRows(vehicles: readonly ComparedVehicle[]): CompareRow[] {
  const rows: CompareRow[] = [
    row(
      'precio',
      'Precio',
      vehicles.map((v) => v.price),
      (v) => formatPrice(Number(v)),
      { better: 'lower', label: 'Menor precio' },
    ),
  ];
  if (vehicles.some((v) => v.installmentFrom)) {
    rows.push({
      // The row is "Financiamiento": each cell says "Cuota desde …" itself (AdvertisedCuota), once per vehicle,
      // with its CAE; a row label saying it too made the page read it twice.
      ...row(
        'cuota',
        'Financiamiento',
        vehicles.map((v) => v.installmentFrom?.installment ?? null),
        (_, index) => advertisedCuota(vehicles[index]?.installmentFrom ?? null),
        { better: 'lower', label: 'Menor cuota' },
      ),
      advertised: vehicles.map((v) => v.installmentFrom),
    });
  }
  rows.push(
    row(
      'anio',
      'Año',
      vehicles.map((v) => v.year),
      text,
      { better: 'higher', label: 'Más nuevo' },
    ),
    row(
      'kilometraje',
      'Kilometraje',
      vehicles.map((v) => v.mileage),
      (v) => formatMileage(Number(v)),
      { better: 'lower', label: 'Menos km' },
    ),
    row(
      'combustible',
      'Combustible',
      vehicles.map((v) => v.fuelType),
      text,
    ),
    row(
      'transmision',
      'Transmisión',
      vehicles.map((v) => v.transmission),
      text,
    ),
    row(
      'motor',
      'Motor',
      vehicles.map((v) => v.engine),
      text,
    ),
    row(
      'color',
      'Color',
      vehicles.map((v) => v.color),
      text,
    ),
    row(
      'carroceria',
      'Carrocería',
      vehicles.map((v) => v.bodyType),
      text,
    ),
    row(
      'estado',
      'Estado',
      vehicles.map((v) => v.condition),
      text,
    ),
  );
  const features: string[] = [];
  for (const vehicle of vehicles) {
    for (const feature of vehicle.features) if (!features.includes(feature)) features.push(feature);
  }
  features.forEach((feature, index) => {
    rows.push({
      ...row(
        `caracteristica-${index}`,
        feature,
        vehicles.map((v) => (v.features.includes(feature) ? HAS_FEATURE : LACKS_FEATURE)),
        text,
      ),
      feature: true,
    });
  });
  return rows;
}
