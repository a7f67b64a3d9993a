import fc from 'fast-check';

// Known-bad values for the hostile input suites, grouped by what they try to break. Written for this project
// (Spanish forms, PostgreSQL, HTML e-mail through SMTP), not taken from a published list.

const long = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

export const NAUGHTY = {
  blank: ['', ' ', '   ', '\t', '\u00A0', '\u3000', '\uFEFF', '\u200B', ' \u2003 ', '\u180E'],
  long: [
    long('a', 101),
    long('ñ', 255),
    long('Camila ', 3001),
    long('x', 4001),
    long('😀', 2000),
    long('9', 64),
    `${long(' ', 500)}Ana${long(' ', 500)}`,
  ],
  emojiAndAstral: [
    '😀',
    'Camila 😀 Rojas',
    '👨‍👩‍👧‍👦',
    '🇨🇱 Chile',
    '👍🏽',
    '𝕬𝖚𝖙𝖔𝖒𝖔𝖙𝖔𝖗𝖆',
    '𠜎𠜱𠝹𠱓',
    '\u{10FFFF}',
    '\u{E0041}\u{E0042}',
    'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫ͆g̻͔ͥo̵̟ͫ',
  ],
  rightToLeft: [
    '\u202Egpj.exe',
    'Ana \u202Eaxor\u202C',
    '\u200FCamila\u200E',
    'مرحبا بالعالم',
    'שלום עולם',
    '\u2066Ana\u2069',
    'abc\u061Cdef',
  ],
  zeroWidth: [
    '\u200B\u200B',
    'Ca\u200Bmila',
    'Ana\u200D',
    '\u2060Jorge',
    'a\u200Cb',
    '\uFEFFRojas',
    '\u034F\u034F',
  ],
  control: [
    'hola\u0000mundo',
    '\u0000',
    'Ana\u0001',
    'bell\u0007',
    'back\bspace',
    '\u001B[31mrojo\u001B[0m',
    'del\u007F',
    'nel\u0085x',
    'csi\u009Bx',
    'form\ffeed',
    'vertical\vtab',
    'tab\tinterno',
  ],
  lineBreaks: ['uno\ndos', 'uno\rdos', 'uno\r\ndos', 'uno\u2028dos', 'uno\u2029dos', '\n\n\n', 'fin\n'],
  loneSurrogates: ['\uD800', '\uDFFF', 'Ana\uD83D', '\uDE00Rojas', 'a\uDBFF\uDBFFb', '\uDC00\uD800'],
  sql: [
    "' OR '1'='1",
    "Robert'); DROP TABLE leads;--",
    '" OR ""="',
    '1; SELECT pg_sleep(5)',
    "\\'; select * from staff_users; --",
    "') UNION SELECT password_hash FROM staff_users --",
    '$$; drop table sessions; $$',
    "E'\\x00'",
    '%_%',
    '\\',
    "O'Higgins",
    '--',
    '/*',
  ],
  htmlAndScript: [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '"><svg onload=alert(1)>',
    "'><iframe src=javascript:alert(1)>",
    'javascript:alert(1)',
    '&lt;b&gt;',
    '&amp;amp;',
    '<!--',
    ']]>',
    '</td></tr></table><h1>Falso</h1>',
    '{{7*7}}',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, not a mistake.
    '${7*7}',
    '<%= 7*7 %>',
    '<a href="https://malo.example">aquí</a>',
    '<style>*{display:none}</style>',
  ],
  headerInjection: [
    'Ana\r\nBcc: victima@example.com',
    '\r\nBcc: x@y.cl',
    'a\nSubject: gratis',
    'Ana\rCc: otro@example.com',
    'ana@example.cl\r\nBcc: x@y.cl',
    'ana@example.cl%0d%0aBcc:x@y.cl',
    '=?utf-8?q?Ana=0D=0ABcc:_x@y.cl?=',
    'Ana\u2028Bcc: x@y.cl',
    'Ana\u0085Bcc: x@y.cl',
    '"Ana" <ana@example.cl>, otro@example.cl',
    'ana@example.cl, victima@example.com',
    'Content-Type: text/html',
    '\r\n\r\n<html>cuerpo</html>',
  ],
  // Text a spreadsheet program runs as a formula when it opens a CSV (OWASP's starts: = + - @ tab CR).
  spreadsheetFormulas: [
    '=1+1',
    '=HYPERLINK("https://malo.example","clic")',
    "=cmd|' /C calc'!A0",
    '+1+1',
    '-2+3',
    '@SUM(A1)',
    '\t=1+1',
    '\r=1+1',
    '\u0001=1+1',
  ],
  normalization: [
    'José',
    'Jose\u0301',
    'ﬁat',
    '\u212Bngström',
    'ＡＢＣ１２３',
    'Straße',
    'İstanbul',
    'ǅemal',
    '\u1100\u1161\u11A8',
    'ℌℍ',
    'Ⅻ',
    'ｔｏｙｏｔａ',
    'TOYOTA',
    'Toyota',
    ' toyota ',
  ],
  numbersAsStrings: [
    '0',
    '-1',
    '1e309',
    'NaN',
    'Infinity',
    '0x10',
    '1.0',
    '00012',
    '٣٤',
    '１２',
    long('9', 30),
    '2147483648',
    '-0',
    '36',
    '36.0',
    ' 36',
    '2019',
    '87.000',
    '1.2.3',
  ],
  formatAndPaths: [
    '%s%s%s%n',
    '{0}',
    '%d',
    '../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    'C:\\Windows\\system32',
    'NUL',
    'con',
    'file:///etc/passwd',
    'https://autos.example.cl/admin',
  ],
  jsKeywords: [
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'null',
    'undefined',
    'true',
    'false',
    '{}',
    '[]',
  ],
} as const satisfies Record<string, readonly string[]>;

export type NaughtyCategory = keyof typeof NAUGHTY;
export const NAUGHTY_STRINGS: readonly string[] = Object.values(NAUGHTY).flat();

/** Values of the wrong JSON type where a string is expected. */
export const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  36,
  1.5,
  1e308,
  2019,
  [],
  ['Ana'],
  [null],
  {},
  { nombre: 'Ana' },
  { $gt: '' },
  { toString: 'x' },
  JSON.parse('{"__proto__": {"admin": true}}'),
  JSON.parse('{"constructor": {"prototype": {"admin": true}}}'),
  [[[[[]]]]],
];

/** Single characters worth trying anywhere: controls, separators, surrogates, invisibles. */
const dangerousChar = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
    fc.constantFrom(0x2028, 0x2029, 0x200b, 0x200d, 0x202e, 0x2066, 0xfeff, 0x00a0, 0x3000, 0x0301),
    fc.constantFrom(0x3c, 0x3e, 0x26, 0x22, 0x27, 0x5c, 0x60, 0x24, 0x25, 0x3b),
  )
  .map((code) => String.fromCharCode(code));

/** Plausible Spanish words, so a mix often passes validation and exercises storage and e-mail. */
const plausible = fc.constantFrom(
  'Camila',
  'Rojas',
  'Muñoz',
  'Peñalolén',
  '¿Está disponible?',
  'Hola',
  '2019',
  'Yaris',
  'ana@example.cl',
  '+56 9 8123 4567',
);

/**
 * A generated hostile string: a known-bad value, arbitrary code points, dangerous characters mixed into
 * plausible text, or a very long run. Lone surrogates and controls are included on purpose.
 */
export function hostileString(options: { maxLength?: number } = {}): fc.Arbitrary<string> {
  const maxLength = options.maxLength ?? 200;
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NAUGHTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
    // A plausible start followed by a known-bad value: long enough for every minimum, so it reaches storage.
    {
      weight: 3,
      arbitrary: fc
        .tuple(plausible, fc.constantFrom(...NAUGHTY_STRINGS))
        .map(([start, bad]) => `${start} ${bad}`),
    },
    {
      weight: 4,
      arbitrary: fc
        .array(fc.oneof(plausible, dangerousChar, fc.constantFrom(...NAUGHTY_STRINGS), fc.constant(' ')), {
          minLength: 1,
          maxLength: 6,
        })
        .map((parts) => parts.join('')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('a', 'ñ', '😀', ' ', '<', '\u200B'), fc.integer({ min: 90, max: 5000 }))
        .map(([unit, length]) => long(unit, length)),
    },
  );
}

/** Anything a JSON body can carry in place of a string: hostile strings, wrong types, nested JSON. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: hostileString() },
    { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}
