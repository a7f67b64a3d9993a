import fc from 'fast-check';

// Chilean phones as people type them, with the E.164 number each must be read as (ADR 0041): for the unit and the
// hostile-input properties.

/** A Chilean number without its country code: a mobile, a landline of Santiago or of another area, a 600 or 800 line. */
const chileanNumber = fc.oneof(
  fc.stringMatching(/^9\d{8}$/),
  fc.stringMatching(/^2\d{8}$/),
  fc.stringMatching(/^[3-7]\d{8}$/),
  fc.stringMatching(/^600\d{7}$/),
  fc.stringMatching(/^800\d{6}$/),
);

/** Anything people put between digits: nothing, spaces, dashes, dots, a no-break space. */
const separator = fc.constantFrom('', '', ' ', '-', '.', ' - ', '\u00a0', '/');

/** The digits written with separators between any of them. */
function spaced(digits: string, gaps: string[]): string {
  return [...digits]
    .map((digit, index) => (index === 0 ? digit : `${gaps[index % gaps.length]}${digit}`))
    .join('');
}

/** The ways a Chilean number is written: bare, with +56, 56, 0056, the trunk zero, the first digits in brackets. */
export const typedChilean = fc
  .record({
    number: chileanNumber,
    prefix: fc.constantFrom('', '+56 ', '+56', '56', '0056 ', '+56 ', '0'),
    gaps: fc.array(separator, { minLength: 1, maxLength: 4 }),
    brackets: fc.boolean(),
  })
  .map(({ number, prefix, gaps, brackets }) => {
    const head = number.startsWith('9') || number.startsWith('2') ? 1 : number.startsWith('600') ? 3 : 2;
    const body = spaced(number.slice(head), gaps);
    const first = brackets ? `(${number.slice(0, head)}) ` : `${number.slice(0, head)} `;
    // The trunk zero belongs to national numbers only.
    const lead = prefix === '0' && !/^[29]/.test(number) ? '' : prefix;
    return { typed: `${lead}${first}${body}`, e164: `+56${number}` };
  })
  .filter(({ typed }) => typed.length <= 30);
