import { MAX_PASSWORD_LENGTH } from '@server/services/auth/password.ts';
import {
  guessableWords,
  PASSWORD_HAS_USER_INPUTS,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  passwordWeakness,
} from '@server/services/auth/password-strength.ts';
import { describe, expect, it } from 'vitest';

// The one rule for staff passwords (ADR 0027): each refusal names why, in Spanish.

const ana = { email: 'ana.perez@automotora.cl', name: 'Ana Pérez', dealership: 'Automotora Cordillera' };
const someoneElse = { email: 'xq@automotora.cl', name: 'Otra Persona', dealership: 'Automotora Cordillera' };

describe('passwordWeakness', () => {
  it.each([
    ['1234567890', 'Es una de las contraseñas más usadas.'],
    ['aaaaaaaaaa', 'Repite un mismo carácter (como "aaaa"), y eso es fácil de adivinar.'],
    ['password12', 'Es una contraseña muy usada.'],
    ['ana.perez@automotora.cl', PASSWORD_HAS_USER_INPUTS],
    ['mnopqrstuv', 'Es una secuencia (como "abcd" o "1234"), y eso es fácil de adivinar.'],
    ['abcabcabcabc', 'Repite un mismo grupo de caracteres (como "abcabc"), y eso es fácil de adivinar.'],
    ["sdfghjkl;'", 'Son teclas seguidas del teclado, y eso es fácil de adivinar.'],
  ])('refuses %j: %s', async (password, reason) => {
    const answer = await passwordWeakness(password, ana);
    expect(answer?.startsWith(`${reason} `), String(answer)).toBe(true);
  });

  it.each(['contraseña123', 'chile12345', 'Contraseña2024', 'vendedor2026'])(
    'refuses the common Spanish word of %j',
    async (password) => {
      expect(await passwordWeakness(password, someoneElse)).toMatch(
        /^Se basa en una palabra muy común, y eso es fácil de adivinar\. /,
      );
    },
  );

  it("refuses the dealership's name, and a common word even when the dealership is not given", async () => {
    expect(await passwordWeakness('automotora1', ana)).toMatch(new RegExp(`^${PASSWORD_HAS_USER_INPUTS} `));
    expect(await passwordWeakness('cordillera2026', ana)).toMatch(
      new RegExp(`^${PASSWORD_HAS_USER_INPUTS} `),
    );
    expect(await passwordWeakness('automotora1', { email: 'x@y.cl', name: 'Ana' })).toMatch(/^Se basa en/);
  });

  it("refuses a password made of the person's name, accents or not, that another person could use", async () => {
    const xiomara = {
      email: 'xq@automotora.cl',
      name: 'Xiomara Quilodrán',
      dealership: 'Automotora Cordillera',
    };
    expect(await passwordWeakness('xiomaraquilodran', xiomara)).toMatch(
      new RegExp(`^${PASSWORD_HAS_USER_INPUTS} `),
    );
    expect(await passwordWeakness('xiomaraquilodran', someoneElse)).toBeNull();
    // Name, year and a symbol score well on their own: what is left without the name must be strong.
    expect(await passwordWeakness('AnaPerez2026!', ana)).toMatch(new RegExp(`^${PASSWORD_HAS_USER_INPUTS} `));
    expect(await passwordWeakness('AnaPerez2026!', someoneElse)).toBeNull();
    expect(await passwordWeakness('Ana-tortuga violeta come empanadas', ana)).toBeNull();
  });

  it('accepts a passphrase', async () => {
    expect(await passwordWeakness('tortuga violeta come empanadas', ana)).toBeNull();
    expect(await passwordWeakness('caballo-grapa-bateria-lunes', ana)).toBeNull();
  });

  it('keeps the length bounds: at least 10, at most 200 characters', async () => {
    expect(await passwordWeakness('Xq7#pL2!v', ana)).toBe(PASSWORD_TOO_SHORT);
    expect(PASSWORD_TOO_SHORT).toBe('La contraseña debe tener al menos 10 caracteres.');
    expect(await passwordWeakness('palabra-rara '.repeat(16).slice(0, MAX_PASSWORD_LENGTH + 1), ana)).toBe(
      PASSWORD_TOO_LONG,
    );
    expect(PASSWORD_TOO_LONG).toBe('La contraseña admite hasta 200 caracteres.');
  });
});

describe('guessableWords', () => {
  it("holds the e-mail, its local part and pieces, the names' words, with and without accents", () => {
    expect(guessableWords(ana)).toEqual(
      expect.arrayContaining([
        'ana.perez@automotora.cl',
        'ana.perez',
        'ana',
        'perez',
        'pérez',
        'ana pérez',
        'ana perez',
        'automotora cordillera',
        'cordillera',
      ]),
    );
  });
});
