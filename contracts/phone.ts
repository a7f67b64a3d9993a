// Phone numbers as people in Chile type them, stored as E.164 (ADR 0041). Every form that takes a phone, public or
// back office, reads it with `normalizePhone`; pages show the stored number with `formatPhone`. No package: Chile's
// plan is small (every number has nine digits since 2016) and this module is loaded by the public forms' islands.

/** Typed characters a phone may hold besides digits: spaces, dashes, dots, slashes, parentheses and a leading +. */
const TYPED = /^\+?[\d \u00a0().\-/]+$/;
/** The most a typed phone may be, with its spaces and punctuation. */
export const PHONE_MAX_TYPED = 30;

/**
 * A Chilean number without its country code: mobiles (9), Santiago (2), the other areas (32 to 75: a first digit from
 * 3 to 7, nine digits in all), and the 600 (ten digits) and 800 (nine) company lines.
 */
const CHILEAN = /^(?:[2-79]\d{8}|600\d{7}|800\d{6})$/;

/** The sentence of a phone that cannot be read. */
export const PHONE_ERROR =
  'Ingresa un teléfono chileno, como 9 1234 5678 o 2 2345 6789, o uno de otro país con + y su código.';

/** Eight digits: a mobile typed without its 9, or a landline without its area code (Chile dials nine since 2016). */
export const PHONE_SHORT_ERROR =
  'Faltan dígitos: los celulares llevan un 9 al comienzo (9 1234 5678) y los fijos su código de área (2 2345 6789).';

/** Parentheses in pairs, none inside another: "(2) 2345 6789", "+56 (9) 1234-5678". */
function parenthesesPaired(typed: string): boolean {
  let open = false;
  for (const char of typed) {
    if (char === '(') {
      if (open) return false;
      open = true;
    } else if (char === ')') {
      if (!open) return false;
      open = false;
    }
  }
  return !open;
}

/**
 * The number in E.164 ('+56912345678'), or null when it is not a phone. Accepts what people in Chile type: '9 1234
 * 5678', '+56 9 1234 5678', '56912345678', '(2) 2345-6789', '22 345 6789', the old trunk zero ('09 8123 4567',
 * '032 212 3456'), '0056 …'; and a number of another country written with + (or 00) and its code, 8 to 15 digits.
 */
export function normalizePhone(typed: string): string | null {
  const text = typed.trim();
  if (text.length === 0 || text.length > PHONE_MAX_TYPED || !TYPED.test(text) || !parenthesesPaired(text))
    return null;
  const digits = text.replace(/\D/g, '');
  const international = text.startsWith('+') || digits.startsWith('00');
  if (international) {
    const full = text.startsWith('+') ? digits : digits.slice(2);
    if (full.startsWith('56')) {
      const national = full.slice(2);
      return CHILEAN.test(national) ? `+56${national}` : null;
    }
    return /^[1-9]\d{7,14}$/.test(full) ? `+${full}` : null;
  }
  // Without +: the country code typed bare ('56 9 …'), or the trunk zero of old ('09 …', '032 …'), is dropped.
  const national = [digits, digits.slice(2), digits.slice(1)].find(
    (candidate, index) =>
      (index === 0 || digits.startsWith(index === 1 ? '56' : '0')) && CHILEAN.test(candidate),
  );
  return national === undefined ? null : `+56${national}`;
}

/** Why a typed phone is refused: the sentence to show beside the field (null when it is a phone). */
export function phoneProblem(typed: string): string | null {
  if (normalizePhone(typed) !== null) return null;
  const text = typed.trim();
  return TYPED.test(text) && !text.startsWith('+') && text.replace(/\D/g, '').length === 8
    ? PHONE_SHORT_ERROR
    : PHONE_ERROR;
}

/**
 * A stored number as people read it: '+56 9 1234 5678', '+56 2 2345 6789', '+56 32 212 3456', '+56 600 123 4567';
 * another country's as stored. Anything that is not E.164 (a request kept from before ADR 0041) is shown as typed.
 */
export function formatPhone(stored: string): string {
  const chilean = /^\+56(\d+)$/.exec(stored)?.[1];
  if (chilean === undefined || !CHILEAN.test(chilean)) return stored;
  if (/^[29]/.test(chilean)) return `+56 ${chilean[0]} ${chilean.slice(1, 5)} ${chilean.slice(5)}`;
  if (/^[68]00/.test(chilean)) return `+56 ${chilean.slice(0, 3)} ${chilean.slice(3, 6)} ${chilean.slice(6)}`;
  return `+56 ${chilean.slice(0, 2)} ${chilean.slice(2, 5)} ${chilean.slice(5)}`;
}
