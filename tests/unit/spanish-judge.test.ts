import { STATUS_CODES } from 'node:http';
import { zodSpanish } from '@contracts/zod-spanish.ts';
import fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { leaksInternals, readsAsSpanish } from '../support/hostile-checks.ts';
import { productMessages } from '../support/product-messages.ts';

// The judge the hostile suites use ("is this refusal Spanish?") against the product's own sentences, read from its
// source, and against the English defaults it must catch. Before, a word list guessed from common words took
// "deben ser seis instituciones" for English: which refusal a property drew decided whether `npm test` passed.

/** One value that breaks each kind of zod check: every default message zod can write for this product's schemas. */
const BROKEN = z.object({
  text: z.string(),
  short: z.string().min(2),
  long: z.string().max(2),
  exact: z.array(z.number()).length(2),
  many: z.array(z.number()).max(1),
  few: z.array(z.number()).min(2),
  big: z.number().max(10_000),
  small: z.number().min(1),
  whole: z.number().int(),
  coerced: z.coerce.number(),
  choice: z.enum(['nuevo', 'usado']),
  literal: z.literal('x'),
  email: z.email(),
  url: z.url(),
  date: z.iso.date(),
  pattern: z.string().regex(/^\d+$/),
  uuid: z.uuid(),
  strict: z.strictObject({}),
  union: z.union([z.string(), z.number()]),
  custom: z.string().refine(() => false),
  multiple: z.number().multipleOf(5),
  record: z.record(z.string(), z.number()),
});
const BROKEN_VALUE = {
  text: 1,
  short: 'a',
  long: 'abc',
  exact: [1],
  many: [1, 2],
  few: [1],
  big: 99_999,
  small: 0,
  whole: 1.5,
  coerced: 'abc',
  choice: 'x',
  literal: 'y',
  email: 'no',
  url: 'no',
  date: 'no',
  pattern: 'a',
  uuid: 'no',
  strict: { extra: 1 },
  union: true,
  custom: 'a',
  multiple: 3,
  record: { a: 'b' },
};

function zodMessages(params?: { error: typeof zodSpanish }): string[] {
  const result = BROKEN.safeParse(BROKEN_VALUE, params);
  if (result.success) throw new Error('the broken values passed');
  return result.error.issues.map((issue) => issue.message);
}

/** Fastify's own messages (its error codes), `%s` left where an argument goes. */
function fastifyMessages(): string[] {
  return Object.values(fastify.errorCodes).flatMap((Code) => {
    const message = new (Code as new () => Error)().message;
    return (message.match(/\p{L}{2,}/gu) ?? []).length >= 2 ? [message] : [];
  });
}

describe('readsAsSpanish', () => {
  const messages = productMessages(process.cwd());

  it('finds the product’s sentences in its source', () => {
    // A floor, so a collector that stopped finding them does not pass by judging nothing.
    expect(messages.length).toBeGreaterThan(300);
    const texts = messages.map((message) => message.text);
    for (const known of [
      'deben ser seis instituciones',
      'Recurso no encontrado.',
      'La solicitud no es válida.',
      'X admite hasta X caracteres.',
      'Este campo no existe en la configuración.',
    ])
      expect(texts).toContain(known);
  });

  it('takes every sentence the product can say for Spanish, with nothing internal in it', () => {
    const refused = messages.filter((message) => !readsAsSpanish(message.text));
    expect(refused.map((message) => `${message.where} ${message.text}`)).toEqual([]);
    const leaking = messages.filter((message) => leaksInternals(message.text));
    expect(leaking.map((message) => `${message.where} ${message.text}`)).toEqual([]);
  });

  it('takes every message zod writes in Spanish (the settings and the config use them) for Spanish', () => {
    const spanish = zodMessages({ error: zodSpanish });
    expect(spanish.length).toBeGreaterThan(15);
    expect(spanish.filter((text) => !readsAsSpanish(text))).toEqual([]);
  });

  it('refuses the English defaults of zod, Fastify and HTTP', () => {
    const english = [
      ...zodMessages(),
      ...fastifyMessages(),
      ...Object.entries(STATUS_CODES).flatMap(([code, text]) => (Number(code) >= 400 && text ? [text] : [])),
      'Too big: expected number to be <=10000',
      'LEAD_RATE_LIMIT: Too big: expected number to be <=10000',
      'Invalid input',
      'Required',
      'Unexpected token } in JSON at position 1',
      'Route GET:/api/x not found',
    ];
    expect(english.length).toBeGreaterThan(100);
    expect(english.filter((text) => readsAsSpanish(text))).toEqual([]);
  });

  it('judges the product’s words, not what it quotes back from the sender', () => {
    expect(readsAsSpanish('La marca «The Best Cars» no existe.')).toBe(true);
    expect(leaksInternals('El enlace «undefined» no está permitido en el texto de los términos.')).toBe(
      false,
    );
    expect(readsAsSpanish('Invalid value «la casa de los autos»')).toBe(false);
  });
});
