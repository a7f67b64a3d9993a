// Every table's key is a PostgreSQL `integer`: a bigger number reaching a query is a database error, not a miss.

/** The largest key PostgreSQL's `integer` holds. */
export const MAX_DB_ID = 2_147_483_647;

/** A key written as text (a path segment, a query parameter, a piece of a list): 1 to MAX_DB_ID, no sign, no zeros in front. */
export function dbIdFromText(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_DB_ID ? id : null;
}
