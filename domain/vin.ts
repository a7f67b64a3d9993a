// The vehicle identification number of ISO 3779: its check digit (position 9, the North American rule) and the
// model-year code of position 10. Used to give the demo stock valid VINs; the form accepts VINs without a correct
// check digit, as cars built for other markets carry (contracts/admin-stock.ts).

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;
/** Letters as numbers for the check digit; I, O and Q never appear in a VIN. */
const LETTER_VALUE: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

/** The check digit ('0'–'9' or 'X') of a 17-character VIN, whatever its position 9 holds; null if not a VIN. */
export function vinCheckDigit(vin: string): string | null {
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const char = vin.charAt(i);
    const value = /\d/.test(char) ? Number(char) : (LETTER_VALUE[char] ?? 0);
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

export function hasValidCheckDigit(vin: string): boolean {
  const digit = vinCheckDigit(vin);
  return digit !== null && vin.charAt(8) === digit;
}

/** Position 10 codes repeat every 30 years: letters without I, O, Q, U, Z, then the digits 1–9. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** The model-year code of a year (1980 and 2010 are 'A'). */
export function modelYearCode(year: number): string {
  const index = (((year - 1980) % 30) + 30) % 30;
  return YEAR_CODES.charAt(index);
}

/** Puts the right check digit at position 9 of a 17-character VIN. */
export function withCheckDigit(vin: string): string {
  const digit = vinCheckDigit(vin);
  if (digit === null) throw new Error('not a VIN');
  return `${vin.slice(0, 8)}${digit}${vin.slice(9)}`;
}
