import { signInWaitText, waitInWords } from '@domain/sign-in-wait.ts';
import { describe, expect, it } from 'vitest';
import { refusalSentence } from '~/lib/admin/api-client.ts';

describe('waitInWords', () => {
  it.each([
    [0, '1 segundo'],
    [0.2, '1 segundo'],
    [1, '1 segundo'],
    [2, '2 segundos'],
    [59, '59 segundos'],
    [60, '1 minuto'],
    [61, '2 minutos'],
    [256, '5 minutos'],
    [300, '5 minutos'],
  ])('%s s → %s, never less than the wait', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });
});

describe('the sign-in page’s refusal sentence', () => {
  it('is the server’s own sentence when there is one, with the wait in words', () => {
    const body = { error: signInWaitText(8) };
    expect(refusalSentence(429, body, '8')).toBe(
      'Demasiados intentos fallidos de inicio de sesión. Espera 8 segundos y vuelve a intentarlo.',
    );
    expect(refusalSentence(401, { error: 'Correo o contraseña incorrectos.' }, null)).toBe(
      'Correo o contraseña incorrectos.',
    );
  });

  it('reads Retry-After for a 429 without a sentence (seconds or an HTTP date), never an «Error 429»', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(refusalSentence(429, null, '120', now)).toBe(
      'Demasiados intentos. Espera 2 minutos y vuelve a intentarlo.',
    );
    expect(refusalSentence(429, 'Too Many Requests', 'Fri, 27 Nov 2026 12:00:30 GMT', now)).toBe(
      'Demasiados intentos. Espera 30 segundos y vuelve a intentarlo.',
    );
    for (const header of [null, '', 'pronto', '-5'])
      expect(refusalSentence(429, { error: '' }, header, now)).toBe(
        'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
      );
    expect(refusalSentence(500, null, null)).toBe('Error 500');
  });
});
