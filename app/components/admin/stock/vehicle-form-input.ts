// What the vehicle form reads: its fields as the API expects them, and the typed price and mileage for the live
// preview. Pure, so it is unit-tested without a page.

/** Lookup rows as a select's options, by id. */
export const options = (items: { id: number; nombre: string }[], label = (n: string) => n) =>
  items.map((item) => ({ value: String(item.id), label: label(item.nombre) }));

export function readForm(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    marca: text('marca'),
    modelo: text('modelo'),
    version: text('version'),
    año: text('año'),
    precio: text('precio'),
    kilometraje: text('kilometraje'),
    condicion: text('condicion'),
    transmision: text('transmision'),
    combustible: text('combustible'),
    tipo: text('tipo'),
    motor: text('motor'),
    color: text('color'),
    caracteristicas: data.getAll('caracteristicas').map(String),
    destacado: data.get('destacado') === 'on',
    estado: text('estado') || undefined,
    vin: text('vin'),
    referencia: text('referencia'),
    patente: text('patente'),
    puertas: text('puertas'),
    duenosAnteriores: text('duenosAnteriores'),
    descripcion: text('descripcion'),
  };
}

/** "12.990.000" or "12990000" as a number, for the live preview; null when not a whole number yet. */
export function typedNumber(value: string): number | null {
  const digits = value.trim().replace(/^\$\s*/, '');
  if (/^\d{1,3}(\.\d{3})+$/.test(digits)) return Number(digits.replaceAll('.', ''));
  return /^\d+$/.test(digits) ? Number(digits) : null;
}
