// The answer to an access or portability request: the staff export (JSON, and the same as CSV) behind the link the
// person was e-mailed, valid for a week, for that person's address only. Each download is a step of the request.
import type { ReadablePersonalData } from '@contracts/admin-staff.ts';
import type { Db } from '@db/client.ts';
import { rightsRequests } from '@db/schema.ts';
import { and, eq, gt } from 'drizzle-orm';
import { exportPersonalData } from '../admin/personal-data.ts';
import { personalDataCsv } from '../admin/personal-data-csv.ts';
import { readablePersonalData } from '../admin/personal-data-readable.ts';
import { recordRightsEvent } from './rights-events.ts';
import { hashRightsToken } from './rights-tokens.ts';

export type ExportFormat = 'json' | 'csv';

/** The request a download link belongs to, while it is valid. */
export async function openRightsExport(
  db: Db,
  token: string,
  now: Date,
): Promise<{ id: number; email: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ id: rightsRequests.id, email: rightsRequests.email, expiresAt: rightsRequests.exportExpiresAt })
    .from(rightsRequests)
    .where(
      and(
        eq(rightsRequests.exportTokenHash, hashRightsToken(token)),
        gt(rightsRequests.exportExpiresAt, now),
      ),
    );
  return row?.expiresAt ? { id: row.id, email: row.email, expiresAt: row.expiresAt } : null;
}

/** The file for a valid link (null otherwise), recorded as a download by the person. */
export async function downloadRightsExport(
  db: Db,
  token: string,
  format: ExportFormat,
  context: { now: Date; controller: string },
): Promise<{ body: string; fileName: string } | null> {
  const request = await openRightsExport(db, token, context.now);
  if (!request) return null;
  const document = await exportPersonalData(db, null, request.email, context.controller);
  await recordRightsEvent(db, { requestId: request.id, action: 'descargada', details: { formato: format } });
  const day = document.generado.slice(0, 10);
  return format === 'json'
    ? { body: JSON.stringify(document, null, 2), fileName: `datos-personales-${day}.json` }
    : { body: personalDataCsv(document), fileName: `datos-personales-${day}.csv` };
}

/**
 * The same data as a page to read and print (ADR 0041), for a valid link (null otherwise), recorded as a download by
 * the person like the files.
 */
export async function viewRightsExport(
  db: Db,
  token: string,
  context: { now: Date; controller: string },
): Promise<ReadablePersonalData | null> {
  const request = await openRightsExport(db, token, context.now);
  if (!request) return null;
  const document = await exportPersonalData(db, null, request.email, context.controller);
  await recordRightsEvent(db, {
    requestId: request.id,
    action: 'descargada',
    details: { formato: 'página' },
  });
  return readablePersonalData(document);
}
