// The credit simulation a financing request comes from ('Solicitar este crédito', ADR 0017): only its inputs travel,
// so the server computes every figure again with its own financing settings before the lead is stored. What staff
// read is what the dealership offers, whatever the page showed.
import type { FinancingSettings, RateLimits } from '@contracts/dealership.ts';
import type { SimulationRequest } from '@contracts/leads.ts';
import { type CreditSimulation, simulateCredit } from '@domain/credit.ts';

/** The payload field a refused simulation is reported under. */
export const SIMULATION_FIELD = 'simulacion';

export type LeadSimulationResult = { ok: true; simulation: CreditSimulation } | { ok: false; error: string };

/**
 * The simulation of a request, or why it cannot be made, in Spanish. The price is the published vehicle's when the
 * request names one (the `precio` sent is then ignored), otherwise the `precio` typed on /financing. A rate above the
 * tasa máxima convencional (`limits`, ADR 0042) is refused as the simulator refuses it.
 */
export function leadSimulation(
  settings: FinancingSettings,
  request: SimulationRequest,
  vehiclePrice: number | null,
  limits: RateLimits,
): LeadSimulationResult {
  const price = vehiclePrice ?? request.precio;
  if (price === undefined) return { ok: false, error: 'Indica el precio del vehículo para la simulación.' };
  const result = simulateCredit(
    settings,
    {
      price,
      downPayment: { pesos: request.pie },
      term: request.plazo,
      type: request.tipo,
      insurances: request.seguros,
    },
    limits,
  );
  return result.ok ? result : { ok: false, error: result.error };
}
