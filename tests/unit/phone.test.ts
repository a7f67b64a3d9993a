import {
  formatPhone,
  normalizePhone,
  PHONE_ERROR,
  PHONE_SHORT_ERROR,
  phoneProblem,
} from '@contracts/phone.ts';
import { phoneText } from '@contracts/text-field.ts';
import { telHref, whatsappHref } from '@domain/phone.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileString } from '../support/naughty-strings.ts';
import { typedChilean } from '../support/phone-arbitraries.ts';

// Phones as people in Chile type them (ADR 0041): read into E.164, shown back readable, anything else refused.

describe('normalizePhone', () => {
  it.each([
    ['9 1234 5678', '+56912345678'],
    ['912345678', '+56912345678'],
    ['+56 9 1234 5678', '+56912345678'],
    ['+56912345678', '+56912345678'],
    ['56 9 1234 5678', '+56912345678'],
    ['0056 9 1234 5678', '+56912345678'],
    ['+56 (9) 1234-5678', '+56912345678'],
    ['9-1234-5678', '+56912345678'],
    ['9.1234.5678', '+56912345678'],
    ['09 1234 5678', '+56912345678'],
    ['  9 1234 5678  ', '+56912345678'],
    ['2 2345 6789', '+56223456789'],
    ['(2) 2345 6789', '+56223456789'],
    ['22 345 6789', '+56223456789'],
    ['02-2345-6789', '+56223456789'],
    ['+56 2 2345 6789', '+56223456789'],
    ['32 212 3456', '+56322123456'],
    ['(41) 221 3456', '+56412213456'],
    ['600 600 2222', '+566006002222'],
    ['800 123 456', '+56800123456'],
    ['+54 9 11 2345 6789', '+5491123456789'],
    ['+1 (415) 555-2671', '+14155552671'],
    ['0054 11 2345 6789', '+541123456789'],
  ])('reads %j as %s', (typed, e164) => {
    expect(normalizePhone(typed)).toBe(e164);
  });

  it.each([
    ['', 'empty'],
    ['1234 5678', 'eight digits: no 9 nor area code'],
    ['8123 4567', 'an old mobile without its 9'],
    ['12', 'too short'],
    ['1 2345 6789', 'no Chilean number starts with 1'],
    ['0 2345 6789', 'nor with 0 after the trunk zero'],
    ['9 1234 56789', 'ten digits'],
    ['+56 9 1234 567', 'a mobile one digit short'],
    ['+56 1 2345 6789', 'no area 1'],
    ['+0 123 4567 89', 'no country code 0'],
    ['+1 234', 'too short for any country'],
    ['+1234567890123456', 'over fifteen digits'],
    ['9 1234 5678 anexo 2', 'letters'],
    ['9 1234 5678\n', 'a line break is trimmed away, but inside…'],
    ['9 1234\n5678', 'a line break inside'],
    ['9 1234 5678 +', 'a plus inside'],
    ['((9) 1234 5678)', 'nested parentheses'],
    ['(9 1234 5678', 'an unclosed parenthesis'],
    ['9) 1234 5678(', 'parentheses the wrong way round'],
    ['９ １２３４ ５６７８', 'full-width digits'],
    ['9 1234 5678 9 1234 5678 9 1234', 'too long'],
    ['tel:+56912345678', 'a link'],
  ])('refuses %j (%s)', (typed) => {
    if (typed === '9 1234 5678\n') expect(normalizePhone(typed)).toBe('+56912345678');
    else expect(normalizePhone(typed)).toBeNull();
  });

  it('says what is missing when eight digits are typed, and what to type otherwise', () => {
    expect(phoneProblem('8123 4567')).toBe(PHONE_SHORT_ERROR);
    expect(phoneProblem('+56 8123 4567')).toBe(PHONE_ERROR);
    expect(phoneProblem('hola')).toBe(PHONE_ERROR);
    expect(phoneProblem('9 8123 4567')).toBeNull();
  });
});

describe('formatPhone', () => {
  it.each([
    ['+56912345678', '+56 9 1234 5678'],
    ['+56223456789', '+56 2 2345 6789'],
    ['+56322123456', '+56 32 212 3456'],
    ['+566006002222', '+56 600 600 2222'],
    ['+56800123456', '+56 800 123 456'],
    ['+14155552671', '+14155552671'],
    ['9 8123 4567 (escrito antes)', '9 8123 4567 (escrito antes)'],
  ])('shows %s as %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });
});

describe('phoneText (the field of every form)', () => {
  it('gives the E.164 number, or the Spanish sentence and nothing else', () => {
    const field = phoneText('tu teléfono');
    expect(field.parse(' (2) 2345-6789 ')).toBe('+56223456789');
    const refused = field.safeParse('9 1234');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([PHONE_ERROR]);
    expect(field.safeParse('').error?.issues[0]?.message).toBe('Ingresa tu teléfono.');
  });
});

// ------------------------------------------------------------------ properties

describe('properties (hostile input)', () => {
  it('any way a Chilean number is typed is read as that number', () => {
    fc.assert(
      fc.property(typedChilean, ({ typed, e164 }) => {
        expect(normalizePhone(typed)).toBe(e164);
      }),
    );
  });

  it('whatever is typed, the answer is null or an E.164 number whose digits were all typed', () => {
    fc.assert(
      fc.property(fc.oneof(hostileString(), fc.stringMatching(/^[+\d\s().\-/]{0,32}$/)), (typed) => {
        const e164 = normalizePhone(typed);
        if (e164 === null) {
          expect(phoneProblem(typed)).toMatch(/^(Ingresa|Faltan)/);
          return;
        }
        expect(e164).toMatch(/^\+[1-9]\d{7,14}$/);
        if (e164.startsWith('+56')) expect(e164).toMatch(/^\+56(?:[2-79]\d{8}|600\d{7}|800\d{6})$/);
        // No digit is invented: the number's digits end the typed ones (a prefix of +56, 00 or 0 aside).
        const typedDigits = typed.replace(/\D/g, '');
        expect(`56${typedDigits}`.endsWith(e164.slice(1)) || typedDigits.endsWith(e164.slice(1))).toBe(true);
        expect(e164.slice(-8)).toBe(typedDigits.slice(-8));
      }),
    );
  });

  it('reading is idempotent, and a number shown is read back as itself', () => {
    fc.assert(
      fc.property(typedChilean, ({ typed }) => {
        const e164 = normalizePhone(typed) as string;
        expect(normalizePhone(e164)).toBe(e164);
        expect(normalizePhone(formatPhone(e164))).toBe(e164);
      }),
    );
  });

  it('a stored number calls and writes to the same number', () => {
    fc.assert(
      fc.property(typedChilean, ({ typed }) => {
        const e164 = normalizePhone(typed) as string;
        expect(telHref(e164)).toBe(`tel:${e164}`);
        const whatsapp = whatsappHref(e164, 'Hola');
        expect(whatsapp === null).toBe(!e164.startsWith('+569'));
      }),
    );
  });
});
