import { type CreditSimulation, lowestInstallment } from '@domain/credit.ts';
import type { APIRequestContext } from '@playwright/test';
import { defaultDealership } from '@server/config/default-dealership.ts';

// The e2e servers run with the demo dealership, so its financing settings are these.
export const demoFinancing = defaultDealership.financing;

/** A published vehicle dear enough for every credit type at every pie the tests choose. */
export async function vehicleToFinance(request: APIRequestContext): Promise<{ id: number; price: number }> {
  const list = (await (await request.get('/api/vehiculos-resumen/')).json()) as Array<{
    id: number;
    precio: string;
  }>;
  const found = list.find((v) => Number.parseInt(v.precio, 10) >= 8_000_000);
  if (!found) throw new Error('no vehicle of at least $8.000.000 in the demo stock');
  return { id: found.id, price: Number.parseInt(found.precio, 10) };
}

/** The "Cuota desde" a vehicle at `price` advertises: the cheapest credit type at its minimum pie, the longest term. */
export function advertisedCuota(price: number): CreditSimulation {
  const lowest = lowestInstallment(
    demoFinancing,
    price,
    defaultDealership.creditEligibility,
    defaultDealership,
  );
  if (!lowest) throw new Error(`no credit for a vehicle at $${price}`);
  return lowest;
}
