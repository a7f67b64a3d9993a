const pesos = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0, useGrouping: 'always' });

/** 12990000 → "$12.990.000" (Chilean pesos, no decimals). */
export function formatPrice(value: number): string {
  return `$${pesos.format(Math.round(value))}`;
}

/** 87000 → "87.000 km". */
export function formatMileage(km: number): string {
  return `${pesos.format(Math.round(km))} km`;
}

/** 7 → "REF-0007". */
export function stockReference(id: number): string {
  return `REF-${String(id).padStart(4, '0')}`;
}

/** 'Transmisión Automática' → 'Automática' (the data keeps the prefix, the pages do not). */
export function displayTransmission(tipo: string): string {
  return tipo.replace(/^Transmisión\s+/i, '');
}
