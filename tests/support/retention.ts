// Helpers of the retention tests (ADR 0031, decision 7): requests sent through the public API as a person would,
// the job's clock moved by whole months, and the whole database read as text to look for a person's traces.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@db/client.ts';
import { monthsBefore } from '@domain/retention.ts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { csrfHeaders, multipartBody } from './csrf-client.ts';
import { VALID_PAYLOADS } from './lead-payloads.ts';

/** `at` plus whole calendar months (the job's own month arithmetic, run backwards). */
export const monthsAfter = (at: Date, months: number) => monthsBefore(at, -months);

/** What a request sends besides the form, for the attribution columns and the source page to be filled. */
const VISIT = {
  landing_page: '/vehicles?utm_source=boletin-otono&utm_medium=correo',
  referrer: 'https://www.buscador-ejemplo.cl/',
  utm_source: 'boletin-otono',
  utm_medium: 'correo',
  utm_campaign: 'liquidacion-marzo',
};

/** A JSON request of `path` with `fields` over the valid payload; returns the lead's id and the 201 body. */
export async function sendLead(
  app: FastifyInstance,
  leadPath: keyof typeof VALID_PAYLOADS | '/api/prueba-de-manejo/',
  fields: Record<string, unknown>,
  key?: string,
): Promise<{ id: number; body: Record<string, unknown> }> {
  const base = leadPath in VALID_PAYLOADS ? VALID_PAYLOADS[leadPath as keyof typeof VALID_PAYLOADS] : {};
  const response = await app.inject({
    method: 'POST',
    url: leadPath,
    payload: { ...base, ...VISIT, ...fields },
    headers: {
      ...(await csrfHeaders(app)),
      referer: 'https://autos.example.cl/contact',
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as Record<string, unknown>;
  return { id: Number(body.id), body };
}

/** An appraisal with its photos, as the 'Vende tu auto' form sends it. */
export async function sendAppraisal(
  app: FastifyInstance,
  fields: Record<string, string>,
  photos: Buffer[],
): Promise<number> {
  const { payload, contentType } = multipartBody(
    { ...(VALID_PAYLOADS['/api/vendeauto/'] as Record<string, string>), ...VISIT, ...fields },
    photos.map((data, i) => ({ filename: `foto-${i}.jpg`, contentType: 'image/jpeg', data })),
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/vendeauto/',
    payload,
    headers: {
      ...(await csrfHeaders(app)),
      'content-type': contentType,
      referer: 'https://autos.example.cl/sell-your-car',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return Number((response.json() as { id: number }).id);
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Every row of every table, as text, one line per row (consent events of `keepPurpose` left out: a marketing
 * consent is the person's own and stays). Lower-cased, so a search finds an address whatever its case.
 */
export async function databaseText(db: Db, keepPurpose = 'marketing'): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const lines: string[] = [];
  for (const { name } of tables) {
    const where = name === 'consent_events' ? sql` where t.purpose <> ${keepPurpose}` : sql``;
    const rows = rowsOf<{ line: string }>(
      await db.execute(sql`select t::text as line from ${sql.identifier(name)} t${where} order by 1`),
    );
    for (const row of rows) lines.push(`${name}: ${row.line}`);
  }
  return lines.join('\n').toLowerCase();
}

/** The lines of `text` that mention any of `needles` (case-insensitive). */
export function tracesOf(text: string, needles: string[]): string[] {
  const lower = needles.map((needle) => needle.toLowerCase());
  return text.split('\n').filter((line) => lower.some((needle) => line.includes(needle)));
}

/** The .eml files in an outbox folder, by name, with their bytes. */
export function emlFiles(dir: string): Array<{ name: string; text: string }> {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {}
  return names.sort().map((name) => ({ name, text: readFileSync(path.join(dir, name), 'latin1') }));
}
