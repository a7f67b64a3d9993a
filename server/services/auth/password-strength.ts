// The one rule for a staff password, wherever it is set (ADR 0027): long enough, not too long, and not guessable by
// zxcvbn-ts with its common and Spanish dictionaries, the person's e-mail and name and the dealership's name counting
// as guessable words. The dictionaries are big: they load on the first check, only in the server's process.
import { plainLower } from '@domain/plain-text.ts';
import type { TranslationKeys, ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import { Refusal } from '../refusal.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password.ts';

/** zxcvbn's score 3: at least 10⁸ guesses, "safely unguessable" against an online attack. */
export const MIN_PASSWORD_SCORE = 3;

/** Who the password is for: their words are the first an attacker tries. */
export interface PasswordOwner {
  email: string;
  name: string;
  /** The dealership's name, as the site shows it (the back office and the CLI always give it). */
  dealership?: string;
}

export const PASSWORD_TOO_SHORT = `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`;
export const PASSWORD_TOO_LONG = `La contraseña admite hasta ${MAX_PASSWORD_LENGTH} caracteres.`;
/** When a weak password matches the person or the dealership, this is the reason given, whatever else it matches. */
export const PASSWORD_HAS_USER_INPUTS =
  'No uses tu correo, tu nombre ni el nombre de la automotora en la contraseña.';
/** The library gives no warning for a common word followed by digits ("chile12345"): this names it. */
const PASSWORD_COMMON_WORD = 'Se basa en una palabra muy común, y eso es fácil de adivinar.';
/** The advice that closes most refusals. */
const ANOTHER_WORD = 'Usa varias palabras poco comunes, por ejemplo una frase que solo tú conozcas.';
/** When nothing more precise applies (a short mix that is still quick to try). */
const PASSWORD_GUESSABLE = 'La contraseña es demasiado fácil de adivinar.';

/**
 * The Spanish texts of @zxcvbn-ts/language-es-es, a few reworded: said to "tú" as the back office does, naming the
 * reason plainly ("Es una de las contraseñas más comunes."), and with a typo fixed.
 */
function spanishTexts(base: TranslationKeys): TranslationKeys {
  return {
    ...base,
    warnings: {
      ...base.warnings,
      straightRow: 'Son teclas seguidas del teclado, y eso es fácil de adivinar.',
      keyPattern: 'Es un dibujo corto sobre el teclado, y eso es fácil de adivinar.',
      simpleRepeat: 'Repite un mismo carácter (como "aaaa"), y eso es fácil de adivinar.',
      extendedRepeat: 'Repite un mismo grupo de caracteres (como "abcabc"), y eso es fácil de adivinar.',
      sequences: 'Es una secuencia (como "abcd" o "1234"), y eso es fácil de adivinar.',
      topTen: 'Es una de las contraseñas más comunes.',
      topHundred: 'Es una de las contraseñas más usadas.',
      common: 'Es una contraseña muy usada.',
      similarToCommon: 'Se parece demasiado a una contraseña muy usada.',
      wordByItself: 'Una palabra sola es fácil de adivinar.',
      userInputs: PASSWORD_HAS_USER_INPUTS,
      pwned: 'Esta contraseña apareció en una filtración de datos en Internet.',
    },
    suggestions: {
      ...base.suggestions,
      repeated: 'Evita palabras y caracteres repetidos.',
      // The library's advice here is a longer keyboard pattern with turns; words are easier to remember.
      longerKeyboardPattern: ANOTHER_WORD,
      anotherWord: ANOTHER_WORD,
      pwned: 'Si usas esta contraseña en otro lugar, cámbiala también allí.',
    },
  };
}

/** How much of a password zxcvbn reads. */
const CHECKED_LENGTH = 64;

let checker: Promise<ZxcvbnFactory> | null = null;

/** Builds the checker once per process, on first use: importing this module loads no dictionary. */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [core, common, spanish] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-es-es'),
    ]);
    return new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...spanish.dictionary },
      graphs: common.adjacencyGraphs,
      translations: spanishTexts(spanish.translations),
      // Each check runs on the event loop, so its cost is bounded (ADR 0027): Levenshtein matching scans every
      // dictionary (100-170 ms a check here); l33t variants and the length make the cost grow fast (4 s for 200
      // random characters with the defaults). The first 64 characters decide: a longer password whose start is strong
      // is strong, one whose start is weak is refused.
      useLevenshteinDistance: false,
      l33tMaxSubstitutions: 10,
      maxLength: CHECKED_LENGTH,
    });
  })();
  checker.catch(() => {
    checker = null;
  });
  return checker;
}

/**
 * The words of the owner an attacker tries first: the whole e-mail, its local part and its pieces, the name and the
 * dealership's name and their words, each also without accents ("Pérez" is typed "perez").
 */
export function guessableWords(owner: PasswordOwner): string[] {
  const email = owner.email.trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  const words = [
    email,
    local,
    ...local.split(/[^\p{L}\p{N}]+/u),
    owner.name,
    ...owner.name.split(/\s+/u),
    owner.dealership ?? '',
    ...(owner.dealership ?? '').split(/\s+/u),
  ];
  const lower = words.map((word) => word.trim().toLowerCase()).filter((word) => word.length >= 3);
  return [...new Set([...lower, ...lower.map(plainLower)])];
}

/** The parts of the password zxcvbn found among the owner's words. */
function personalMatches(result: ZxcvbnResult) {
  return result.sequence.filter(
    (match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs',
  );
}

/**
 * The password's words are never repeated in the answer (answers may be logged): the reason names the kind of
 * weakness. The person's own words come first, then the library's warning, then a common word.
 */
function reasonOf(result: ZxcvbnResult): string {
  if (personalMatches(result).length > 0) return `${PASSWORD_HAS_USER_INPUTS} ${ANOTHER_WORD}`;
  const common = result.sequence.some((match) => match.pattern === 'dictionary');
  const reason = result.feedback.warning ?? (common ? PASSWORD_COMMON_WORD : PASSWORD_GUESSABLE);
  // The library puts its general advice first; a suggestion about this password (capitals, l33t, years) follows.
  const advice = result.feedback.suggestions.at(-1) ?? ANOTHER_WORD;
  return `${reason} ${advice}`;
}

/**
 * Why `password` may not be the owner's, as Spanish sentences for the form, or null when it may. Every place that
 * sets a staff password asks this (the back office, "Mi cuenta", `npm run admin:create`).
 */
export async function passwordWeakness(password: string, owner: PasswordOwner): Promise<string | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_TOO_LONG;
  const zxcvbn = await loadChecker();
  const words = guessableWords(owner);
  const result = zxcvbn.check(password, words);
  if (result.score < MIN_PASSWORD_SCORE) return reasonOf(result);
  // Name + year + symbol ("AnaPerez2026!") scores well, yet it is the first thing tried against Ana: what is left
  // once the owner's words are taken out must be strong on its own.
  const personal = personalMatches(result);
  if (personal.length === 0) return null;
  const rest = personal.reduceRight(
    (text, match) => text.slice(0, match.i) + text.slice(match.j + 1),
    password,
  );
  return zxcvbn.check(rest, words).score < MIN_PASSWORD_SCORE
    ? `${PASSWORD_HAS_USER_INPUTS} ${ANOTHER_WORD}`
    : null;
}

/** Refuses a weak password the way a form's field is refused: 400, the sentence beside `field`. */
export async function refuseWeakPassword(
  password: string,
  owner: PasswordOwner,
  field: string,
): Promise<void> {
  const weakness = await passwordWeakness(password, owner);
  if (weakness) throw new Refusal('invalid', 'Revisa los datos del formulario.', { [field]: weakness });
}
