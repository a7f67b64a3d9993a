// A refused input is the client's mistake, not the server's: it answers in Spanish and writes no error or warning
// line to the log, which staff watch for real failures.

import { Writable } from 'node:stream';
import { STOCK_SHEET_LIMITS } from '@contracts/admin-stock-sheet.ts';
import type { Database } from '@db/client.ts';
import { buildApp } from '@server/app.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../support/csrf-client.ts';
import { type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { testConfig } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';

const lines: Array<{ level: number; msg?: string; err?: { type?: string; message?: string } }> = [];
let app: FastifyInstance;
let database: Database;
let admin: SignedInStaff;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig(), database, pages: false, logger: { stream } });
  await app.ready();
  admin = await signedInStaff(app, 'admin');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Log lines at warning level or above (pino: 40 warn, 50 error, 60 fatal) written while `send` ran. */
async function loudLinesOf(send: () => Promise<{ statusCode: number }>): Promise<[number, string[]]> {
  const from = lines.length;
  const { statusCode } = await send();
  await new Promise((resolve) => setImmediate(resolve));
  const loud = lines.slice(from).filter((line) => line.level >= 40);
  return [statusCode, loud.map((line) => `${line.msg} ${line.err?.type ?? ''} ${line.err?.message ?? ''}`)];
}

describe('refused stock-sheet uploads', () => {
  const sheet = (
    data: Buffer,
    extra: Array<{ field?: string; filename: string; contentType: string; data: Buffer }> = [],
  ) =>
    multipartBody({}, [
      { field: STOCK_SHEET_LIMITS.field, filename: 'stock.csv', contentType: 'text/csv', data },
      ...extra,
    ]);
  const cases: Array<[string, () => { payload: Buffer | string; contentType: string }, number]> = [
    ['JSON instead of a file', () => ({ payload: '{"a":1}', contentType: 'application/json' }), 415],
    ['plain text instead of a file', () => ({ payload: 'marca;modelo', contentType: 'text/plain' }), 415],
    ['a file over 5 MB', () => sheet(Buffer.alloc(5 * 1024 * 1024 + 10, 0x41)), 413],
    [
      'two files',
      () =>
        sheet(Buffer.from('a'), [
          {
            field: STOCK_SHEET_LIMITS.field,
            filename: 'b.csv',
            contentType: 'text/csv',
            data: Buffer.from('b'),
          },
        ]),
      400,
    ],
    ['no file at all', () => multipartBody({ crearMarcas: '1' }, []), 400],
    [
      'a body cut short',
      () => ({
        payload: `--x\r\nContent-Disposition: form-data; name="${STOCK_SHEET_LIMITS.field}"`,
        contentType: 'multipart/form-data; boundary=x',
      }),
      400,
    ],
  ];

  for (const url of ['/admin/api/planilla-stock/vista-previa', '/admin/api/planilla-stock/importar']) {
    it.each(cases)(`${url}: %s is refused without an error in the log`, async (_name, body, status) => {
      const { payload, contentType } = body();
      const [statusCode, loud] = await loudLinesOf(() =>
        app.inject({
          method: 'POST',
          url,
          payload,
          headers: { ...admin.headers, 'content-type': contentType },
        }),
      );
      expect(statusCode).toBe(status);
      expect(loud).toEqual([]);
    });
  }
});
