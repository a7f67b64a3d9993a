/**
 * The demo stock: a deterministic, believable Chilean catalogue. Same code, same rows, every time,
 * so screenshots, tests and benchmarks see the same shop. Mostly data (the models, versions and colours of
 * 15 brands), hence its length; the few functions at its end turn it into vehicles.
 */
import { modelYearCode, withCheckDigit } from '@domain/vin.ts';
import type { BodyType } from './car-photo/index.ts';

export interface DemoModel {
  brand: string;
  /** The model without its version (Google's and Meta's catalogs ask for the two apart). */
  model: string;
  /** The version (trim), when the nameplate has one: "GL", "XLT 4x4". */
  version?: string;
  bodyType: BodyType;
  engine: string;
  fuel: 'Bencina' | 'Diésel' | 'Híbrido' | 'Eléctrico';
  transmission: 'Transmisión Automática' | 'Transmisión Manual';
  /** List price of a new unit in the current year, in pesos. */
  newPrice: number;
}

export interface DemoVehicle {
  brand: string;
  model: string;
  version: string | null;
  year: number;
  price: number;
  mileage: number;
  condition: 'Nuevo' | 'Usado';
  transmission: string;
  fuel: string;
  bodyType: BodyType;
  engine: string;
  color: string;
  featured: boolean;
  features: string[];
  photoCount: number;
  photoSeed: number;
  /** A valid VIN (check digit included) whose maker code matches the brand. */
  vin: string;
  /** The dealership's own stock code, as its spreadsheet would have it. */
  externalRef: string;
}

const A = 'Transmisión Automática';
const M = 'Transmisión Manual';

export const DEMO_MODELS: DemoModel[] = [
  {
    brand: 'Toyota',
    model: 'Yaris Sedán',
    bodyType: 'Sedán',
    engine: '1.5 16V',
    fuel: 'Bencina',
    transmission: M,
    newPrice: 13_990_000,
  },
  {
    brand: 'Toyota',
    model: 'Corolla Cross',
    version: 'Hybrid',
    bodyType: 'SUV',
    engine: '1.8 Híbrido',
    fuel: 'Híbrido',
    transmission: A,
    newPrice: 27_990_000,
  },
  {
    brand: 'Toyota',
    model: 'Hilux',
    version: 'SRV 4x4',
    bodyType: 'Camioneta',
    engine: '2.4 Turbodiésel',
    fuel: 'Diésel',
    transmission: M,
    newPrice: 31_990_000,
  },
  {
    brand: 'Toyota',
    model: 'RAV4',
    version: 'Hybrid',
    bodyType: 'SUV',
    engine: '2.5 Híbrido',
    fuel: 'Híbrido',
    transmission: A,
    newPrice: 35_990_000,
  },
  {
    brand: 'Chevrolet',
    model: 'Onix',
    version: 'LT',
    bodyType: 'Hatchback',
    engine: '1.0 Turbo',
    fuel: 'Bencina',
    transmission: M,
    newPrice: 12_490_000,
  },
  {
    brand: 'Chevrolet',
    model: 'Tracker',
    version: 'Premier',
    bodyType: 'SUV',
    engine: '1.2 Turbo',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 19_990_000,
  },
  {
    brand: 'Chevrolet',
    model: 'Colorado',
    version: 'LTZ 4x4',
    bodyType: 'Camioneta',
    engine: '2.8 Turbodiésel',
    fuel: 'Diésel',
    transmission: A,
    newPrice: 34_990_000,
  },
  {
    brand: 'Hyundai',
    model: 'Accent',
    version: 'GL',
    bodyType: 'Sedán',
    engine: '1.6 MPI',
    fuel: 'Bencina',
    transmission: M,
    newPrice: 13_490_000,
  },
  {
    brand: 'Hyundai',
    model: 'Creta',
    version: 'Style',
    bodyType: 'SUV',
    engine: '1.5 MPI',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 18_990_000,
  },
  {
    brand: 'Hyundai',
    model: 'Tucson',
    version: 'GLS',
    bodyType: 'SUV',
    engine: '2.0 MPI',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 26_990_000,
  },
  {
    brand: 'Hyundai',
    model: 'H-1',
    version: 'Van',
    bodyType: 'Furgón',
    engine: '2.5 CRDi',
    fuel: 'Diésel',
    transmission: M,
    newPrice: 27_490_000,
  },
  {
    brand: 'Kia',
    model: 'Morning',
    version: 'EX',
    bodyType: 'Hatchback',
    engine: '1.2',
    fuel: 'Bencina',
    transmission: M,
    newPrice: 9_990_000,
  },
  {
    brand: 'Kia',
    model: 'Soluto',
    version: 'LX',
    bodyType: 'Sedán',
    engine: '1.4',
    fuel: 'Bencina',
    transmission: M,
    newPrice: 11_490_000,
  },
  {
    brand: 'Kia',
    model: 'Sportage',
    version: 'EX',
    bodyType: 'SUV',
    engine: '2.0',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 25_990_000,
  },
  {
    brand: 'Kia',
    model: 'Niro',
    version: 'EV',
    bodyType: 'SUV',
    engine: 'Eléctrico 150 kW',
    fuel: 'Eléctrico',
    transmission: A,
    newPrice: 39_990_000,
  },
  {
    brand: 'Nissan',
    model: 'Versa',
    version: 'Advance',
    bodyType: 'Sedán',
    engine: '1.6',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 15_490_000,
  },
  {
    brand: 'Nissan',
    model: 'Kicks',
    version: 'Exclusive',
    bodyType: 'SUV',
    engine: '1.6',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 19_490_000,
  },
  {
    brand: 'Nissan',
    model: 'Navara',
    version: 'LE 4x4',
    bodyType: 'Camioneta',
    engine: '2.3 Biturbo Diésel',
    fuel: 'Diésel',
    transmission: A,
    newPrice: 33_990_000,
  },
  {
    brand: 'Suzuki',
    model: 'Swift',
    version: 'GLX',
    bodyType: 'Hatchback',
    engine: '1.2 Dualjet',
    fuel: 'Bencina',
    transmission: M,
    newPrice: 11_990_000,
  },
  {
    brand: 'Suzuki',
    model: 'Vitara',
    version: 'GLX',
    bodyType: 'SUV',
    engine: '1.4 Boosterjet',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 20_990_000,
  },
  {
    brand: 'Mazda',
    model: '3',
    version: 'Sport',
    bodyType: 'Hatchback',
    engine: '2.0 Skyactiv-G',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 21_990_000,
  },
  {
    brand: 'Mazda',
    model: 'CX-5',
    version: 'GT',
    bodyType: 'SUV',
    engine: '2.5 Skyactiv-G',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 32_990_000,
  },
  {
    brand: 'Mazda',
    model: 'BT-50',
    version: '4x4',
    bodyType: 'Camioneta',
    engine: '3.0 Turbodiésel',
    fuel: 'Diésel',
    transmission: M,
    newPrice: 30_990_000,
  },
  {
    brand: 'Peugeot',
    model: '208',
    version: 'Active',
    bodyType: 'Hatchback',
    engine: '1.2 PureTech',
    fuel: 'Bencina',
    transmission: M,
    newPrice: 13_990_000,
  },
  {
    brand: 'Peugeot',
    model: '3008',
    version: 'GT',
    bodyType: 'SUV',
    engine: '1.6 THP',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 31_990_000,
  },
  {
    brand: 'Peugeot',
    model: 'Partner',
    version: 'Furgón',
    bodyType: 'Furgón',
    engine: '1.6 HDi',
    fuel: 'Diésel',
    transmission: M,
    newPrice: 17_490_000,
  },
  {
    brand: 'Ford',
    model: 'Ranger',
    version: 'XLT 4x4',
    bodyType: 'Camioneta',
    engine: '2.0 Biturbo Diésel',
    fuel: 'Diésel',
    transmission: A,
    newPrice: 38_990_000,
  },
  {
    brand: 'Ford',
    model: 'Territory',
    version: 'Titanium',
    bodyType: 'SUV',
    engine: '1.5 EcoBoost',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 24_990_000,
  },
  {
    brand: 'Ford',
    model: 'Transit',
    version: 'Van',
    bodyType: 'Furgón',
    engine: '2.2 TDCi',
    fuel: 'Diésel',
    transmission: M,
    newPrice: 29_990_000,
  },
  {
    brand: 'Mitsubishi',
    model: 'L200',
    version: 'Katana 4x4',
    bodyType: 'Camioneta',
    engine: '2.4 MIVEC Diésel',
    fuel: 'Diésel',
    transmission: M,
    newPrice: 26_990_000,
  },
  {
    brand: 'Mitsubishi',
    model: 'Outlander',
    bodyType: 'SUV',
    engine: '2.5 MIVEC',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 29_990_000,
  },
  {
    brand: 'Volkswagen',
    model: 'Virtus',
    version: 'Highline',
    bodyType: 'Sedán',
    engine: '1.0 TSI',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 18_990_000,
  },
  {
    brand: 'Volkswagen',
    model: 'T-Cross',
    version: 'Comfortline',
    bodyType: 'SUV',
    engine: '1.0 TSI',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 20_990_000,
  },
  {
    brand: 'MG',
    model: 'ZS',
    version: 'Comfort',
    bodyType: 'SUV',
    engine: '1.5 VTi',
    fuel: 'Bencina',
    transmission: M,
    newPrice: 14_990_000,
  },
  {
    brand: 'MG',
    model: '4 Electric',
    bodyType: 'Hatchback',
    engine: 'Eléctrico 125 kW',
    fuel: 'Eléctrico',
    transmission: A,
    newPrice: 29_990_000,
  },
  {
    brand: 'Subaru',
    model: 'Outback',
    version: 'Limited',
    bodyType: 'Station Wagon',
    engine: '2.5 Bóxer',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 39_990_000,
  },
  {
    brand: 'Subaru',
    model: 'BRZ',
    bodyType: 'Coupé',
    engine: '2.4 Bóxer',
    fuel: 'Bencina',
    transmission: M,
    newPrice: 34_990_000,
  },
  {
    brand: 'BYD',
    model: 'Song Plus',
    version: 'DM-i',
    bodyType: 'SUV',
    engine: '1.5 Híbrido enchufable',
    fuel: 'Híbrido',
    transmission: A,
    newPrice: 31_990_000,
  },
  {
    brand: 'Renault',
    model: 'Kangoo',
    version: 'Furgón',
    bodyType: 'Furgón',
    engine: '1.6 16V',
    fuel: 'Bencina',
    transmission: M,
    newPrice: 15_990_000,
  },
  {
    brand: 'Renault',
    model: 'Duster',
    version: 'Intens',
    bodyType: 'SUV',
    engine: '1.3 Turbo',
    fuel: 'Bencina',
    transmission: A,
    newPrice: 19_990_000,
  },
];

export const DEMO_COLORS = [
  'Blanco',
  'Gris Plata',
  'Negro',
  'Gris Oscuro',
  'Rojo',
  'Azul',
  'Blanco',
  'Gris Plata',
  'Celeste',
  'Burdeo',
  'Verde',
  'Beige',
  'Naranjo',
];

const COMMON_FEATURES = [
  'Aire acondicionado',
  'Dirección asistida',
  'Cierre centralizado',
  'Alzavidrios eléctricos',
  'Bluetooth',
  'Frenos ABS',
  'Airbags frontales y laterales',
  'Control de estabilidad (ESP)',
  'Anclajes Isofix',
];
const COMFORT_FEATURES = [
  'Apple CarPlay y Android Auto',
  'Cámara de retroceso',
  'Sensores de estacionamiento',
  'Control crucero',
  'Llantas de aleación',
  'Climatizador automático',
  'Luces LED',
  'Pantalla táctil de 8"',
  'Carga inalámbrica',
  'Asientos de cuero',
  'Sunroof',
  'Encendido por botón',
];
const BODY_FEATURES: Partial<Record<BodyType, string[]>> = {
  Camioneta: ['Tracción 4x4', 'Cubre pick-up', 'Barra antivuelco', 'Gancho de arrastre'],
  SUV: ['Barras de techo', 'Portalón eléctrico'],
  Furgón: ['Puerta lateral corrediza', 'Piso de carga reforzado'],
  'Station Wagon': ['Tracción integral', 'Barras de techo'],
};

/** mulberry32: a tiny seeded generator; the demo must be identical on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * World manufacturer identifiers (VIN positions 1–3) of a factory that builds each demo brand's cars for South
 * America; the rest of the VIN is drawn from the vehicle's index, so the demo's other values do not move.
 */
const BRAND_WMI: Record<string, string> = {
  Toyota: 'JTD',
  Chevrolet: 'KL1',
  Ford: 'MNB',
  Hyundai: 'KMH',
  Kia: 'KNA',
  MG: 'LSJ',
  Mazda: 'JM1',
  Mitsubishi: 'JA4',
  Nissan: 'JN1',
  Peugeot: 'VF3',
  Renault: 'VF1',
  Subaru: 'JF1',
  Suzuki: 'MA3',
  Volkswagen: 'WVW',
  BYD: 'LGX',
};
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

function demoVin(brand: string, year: number, index: number): string {
  const random = prng(7_919 * (index + 1));
  const draw = (n: number, chars = VIN_CHARS) =>
    Array.from({ length: n }, () => chars.charAt(Math.floor(random() * chars.length))).join('');
  const wmi = BRAND_WMI[brand] ?? '9BW';
  // Descriptor (4–8), check digit placeholder (9), model year (10), plant (11), serial number (12–17): six digits
  // whatever the index (the load bench seeds 10,000 vehicles).
  const serial = String((100_000 + index * 7_321 + Math.floor(random() * 7_000)) % 1_000_000).padStart(
    6,
    '0',
  );
  return withCheckDigit(`${wmi}${draw(5)}0${modelYearCode(year)}${draw(1)}${serial}`);
}

/** Chilean sticker prices end in 990.000 or 490.000. */
function storePrice(pesos: number): number {
  const millions = Math.max(5, Math.min(59, Math.floor(pesos / 1_000_000)));
  return millions * 1_000_000 + (pesos % 1_000_000 >= 500_000 ? 990_000 : 490_000);
}

function pick<T>(random: () => number, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

export function buildDemoVehicles(count = 64, currentYear = 2026): DemoVehicle[] {
  const random = prng(20_261_122);
  const vehicles: DemoVehicle[] = [];
  for (let i = 0; i < count; i++) {
    // Stepping by 7 visits every model; the second lap is shifted by one so featured cars differ.
    const model = DEMO_MODELS[(i * 7 + Math.floor(i / DEMO_MODELS.length)) % DEMO_MODELS.length];
    if (!model) throw new Error('no demo models');
    const isNew = random() < 0.3;
    const age = isNew ? Math.floor(random() * 2) : 1 + Math.floor(random() * (currentYear - 2012));
    const year = currentYear - age;
    const yearlyKm = 9_000 + Math.floor(random() * 9_000);
    const mileage = isNew
      ? Math.floor(random() * 3) * 5
      : Math.round((age * yearlyKm + random() * 4_000) / 100) * 100;
    // Used cars lose about 11% a year, with a little spread between units.
    const value = model.newPrice * 0.89 ** age * (0.93 + random() * 0.14);
    const extra = [...COMFORT_FEATURES, ...(BODY_FEATURES[model.bodyType] ?? [])];
    const featureCount = 5 + Math.floor(random() * 6);
    const chosen = new Set<string>();
    while (chosen.size < featureCount) {
      chosen.add(
        chosen.size < 3
          ? pick(random, COMMON_FEATURES)
          : pick(random, random() < 0.4 ? COMMON_FEATURES : extra),
      );
    }
    vehicles.push({
      brand: model.brand,
      model: model.model,
      version: model.version ?? null,
      year,
      price: storePrice(value),
      mileage,
      condition: isNew ? 'Nuevo' : 'Usado',
      transmission: model.transmission,
      fuel: model.fuel,
      bodyType: model.bodyType,
      engine: model.engine,
      color: pick(random, DEMO_COLORS),
      featured: i % 8 === 3,
      features: [...chosen],
      photoCount: 3 + Math.floor(random() * 6),
      photoSeed: 1_000 + i * 37,
      vin: demoVin(model.brand, year, i),
      externalRef: `STK-${String(year).slice(2)}${String(101 + i * 7).padStart(4, '0')}`,
    });
  }
  return vehicles;
}
