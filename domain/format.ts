/**
 * A whole number with its thousands grouped by dots, as es-CL writes it (12990000 → "12.990.000"). Written out
 * rather than with `Intl.NumberFormat`: a browser's first Intl formatter loads its locale data, about 30 ms of a
 * phone's main thread while the page starts.
 */
function groupThousands(value: number): string {
  const whole = Math.round(value);
  const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, '.');
  return whole < 0 ? `-${grouped}` : grouped;
}

/** 12990000 → "$12.990.000" (Chilean pesos, no decimals). */
export function formatPrice(value: number): string {
  return `$${groupThousands(value)}`;
}

/** 87000 → "87.000 km". */
export function formatMileage(km: number): string {
  return `${groupThousands(km)} km`;
}

/** 7 → "REF-0007". */
export function stockReference(id: number): string {
  return `REF-${String(id).padStart(4, '0')}`;
}

/**
 * The model as the site shows it: the model and its version ("Accent" and "GL" are "Accent GL"). The same rule as the
 * database's generated `vehicles.model` (db/schema.ts), for text built from a form's input before it is stored.
 */
export function modelWithVersion(model: string, version: string | null | undefined): string {
  return version ? `${model} ${version}` : model;
}

/** 'Transmisión Automática' → 'Automática' (the data keeps the prefix, the pages do not). */
export function displayTransmission(tipo: string): string {
  return tipo.replace(/^Transmisión\s+/i, '');
}

/** 19.9 → "19,90%": a percentage with two decimals and a decimal comma, as es-CL writes it (CAE, rates). */
export function formatPercent(value: number, decimals = 2): string {
  const fixed = value.toFixed(decimals);
  // −0,00% reads as a negative rate: a value that rounds to zero is written as zero.
  const shown = Number(fixed) === 0 ? (0).toFixed(decimals) : fixed;
  return `${shown.replace('.', ',')}%`;
}
