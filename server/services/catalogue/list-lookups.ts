import type { BodyType, Brand, Fuel, Transmission } from '@contracts/vehicle.ts';
import type { Db } from '@db/client.ts';
import { bodyTypes, brands, fuels, transmissions } from '@db/schema.ts';
import { asc } from 'drizzle-orm';

export interface Lookups {
  brands: Brand[];
  bodyTypes: BodyType[];
  fuels: Fuel[];
  transmissions: Transmission[];
}

/** The four lookup lists of the filter panel, alphabetical. */
export async function listLookups(db: Db): Promise<Lookups> {
  const [brandRows, bodyTypeRows, fuelRows, transmissionRows] = await Promise.all([
    db.select().from(brands).orderBy(asc(brands.nombre)),
    db.select().from(bodyTypes).orderBy(asc(bodyTypes.nombre)),
    db.select().from(fuels).orderBy(asc(fuels.tipo)),
    db.select().from(transmissions).orderBy(asc(transmissions.tipo)),
  ]);
  return { brands: brandRows, bodyTypes: bodyTypeRows, fuels: fuelRows, transmissions: transmissionRows };
}
