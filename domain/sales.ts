// The sales report's arithmetic and the rule that a sale goes through its own dialog (issue 31, ADR 0038). Pure: the
// service reads the rows, these functions group them; the import and the stock form share the status rule.
import type { SaleRow, SalesGroup } from '@contracts/admin-sales.ts';
import type { StockStatus } from '@contracts/admin-stock.ts';

/** The name of sales without a request, in the per-source table. */
export const NO_LEAD_SOURCE = 'Sin solicitud';

export const SELL_THROUGH_DIALOG =
  'Para marcarlo como vendido, usa «Registrar venta» en la ficha del vehículo: pide la fecha, el precio final y quién lo vendió.';
export const UNDO_THROUGH_DIALOG =
  'Este vehículo está vendido: para volver a ofrecerlo, usa «Deshacer venta» en su ficha, que deja registro.';

/**
 * Why a change of status may not be saved as a plain field (the form, the list's quick change, the import), or null.
 * Entering or leaving 'vendido' writes or undoes a sale record, which only its own dialog does.
 */
export function saleStatusRule(before: StockStatus | null, after: StockStatus): string | null {
  if (after === 'vendido' && before !== 'vendido') return SELL_THROUGH_DIALOG;
  if (before === 'vendido' && after !== 'vendido') return UNDO_THROUGH_DIALOG;
  return null;
}

/** Whole days from one Chilean day to another ('yyyy-mm-dd'): the same day is 0. */
export function daysBetween(fromDay: string, toDay: string): number {
  const ms = (key: string) => {
    const [y = 0, m = 1, d = 1] = key.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(toDay) - ms(fromDay)) / 86_400_000);
}

const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

/** '2026-03' → 'Marzo 2026'. */
export function monthLabel(key: string): string {
  const [year, month] = key.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** The months from one 'yyyy-mm' to another, both included (at most 120). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while ((y < ty || (y === ty && m <= tm)) && out.length < 120) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m++;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

/** The same 'yyyy-mm' `n` months earlier. */
export function monthsBefore(month: string, n: number): string {
  const [y = 2000, m = 1] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Sums a set of sales into one line. */
export function summarise(clave: string, nombre: string, rows: readonly SaleRow[]): SalesGroup {
  const withDays = rows.filter((r) => r.diasEnStock !== null);
  const withCost = rows.filter((r) => r.margen !== null);
  return {
    clave,
    nombre,
    ventas: rows.length,
    total: rows.reduce((sum, r) => sum + r.precio, 0),
    diasPromedio:
      withDays.length === 0
        ? null
        : Math.round(withDays.reduce((sum, r) => sum + (r.diasEnStock ?? 0), 0) / withDays.length),
    margen: withCost.length === 0 ? null : withCost.reduce((sum, r) => sum + (r.margen ?? 0), 0),
    conCosto: withCost.length,
  };
}

/** Groups the sales by a key; `order` fixes the lines (every month of the period), else most sales first. */
export function groupSales(
  rows: readonly SaleRow[],
  key: (row: SaleRow) => string,
  name: (key: string) => string = (k) => k,
  order?: readonly string[],
): SalesGroup[] {
  const groups = new Map<string, SaleRow[]>();
  for (const k of order ?? []) groups.set(k, []);
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else if (!order) groups.set(k, [row]);
  }
  const lines = [...groups].map(([k, list]) => summarise(k, name(k), list));
  return order
    ? lines
    : lines.sort(
        (a, b) => b.ventas - a.ventas || b.total - a.total || a.nombre.localeCompare(b.nombre, 'es'),
      );
}
