// The register of cessions (art. 15; ADR 0031, decision 8), newest first, filtered by Chilean days and recipient,
// for the admins' page and its CSV (the format of every CSV of the product: BOM, ';', es-CL dates, csvSafe cells).
import {
  CESSION_PAGE_SIZE,
  type CessionEntry,
  type CessionQuery,
  CessionQuerySchema,
  type CessionRegister,
} from '@contracts/admin-registers.ts';
import type { Db } from '@db/client.ts';
import { consentEvents, leadCessions, leads, staffUsers } from '@db/schema.ts';
import { chileDayStart, formatChileDateTime, nextDayKey } from '@domain/chile-time.ts';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { CSV_BOM, csvLine } from '../admin/leads-csv.ts';
import { kindLabel } from '../leads/lead-kinds.ts';

/** The query string as the page's filter form sends it: an untouched field arrives empty. */
export function parseCessionQuery(raw: unknown) {
  const entries = Object.entries(raw && typeof raw === 'object' ? raw : {}).filter(
    ([, value]) => !(typeof value === 'string' && value.trim() === ''),
  );
  return CessionQuerySchema.safeParse(Object.fromEntries(entries));
}

function whereOf(query: CessionQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.desde) conditions.push(gte(leadCessions.createdAt, chileDayStart(query.desde)));
  if (query.hasta) conditions.push(lt(leadCessions.createdAt, chileDayStart(nextDayKey(query.hasta))));
  if (query.destinatario) conditions.push(eq(leadCessions.recipient, query.destinatario));
  return conditions.length ? and(...conditions) : undefined;
}

function select(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: leadCessions.id,
      createdAt: leadCessions.createdAt,
      leadId: leadCessions.leadId,
      kind: leads.kind,
      recipient: leadCessions.recipient,
      categories: leadCessions.categories,
      consentId: consentEvents.id,
      consentAt: consentEvents.createdAt,
      consentVersion: consentEvents.policyVersion,
      staffName: staffUsers.name,
    })
    .from(leadCessions)
    .leftJoin(leads, eq(leads.id, leadCessions.leadId))
    .leftJoin(consentEvents, eq(consentEvents.id, leadCessions.consentEventId))
    .leftJoin(staffUsers, eq(staffUsers.id, leadCessions.staffId))
    .where(where)
    .orderBy(desc(leadCessions.createdAt), desc(leadCessions.id));
}

type Row = Awaited<ReturnType<typeof select>>[number];

const toEntry = (row: Row): CessionEntry => ({
  id: row.id,
  fecha: row.createdAt.toISOString(),
  solicitud: row.leadId !== null && row.kind ? { id: row.leadId, tipo: kindLabel(row.kind) } : null,
  destinatario: row.recipient,
  categorias: row.categories,
  consentimiento:
    row.consentId !== null && row.consentAt
      ? { id: row.consentId, fecha: row.consentAt.toISOString(), version: row.consentVersion }
      : null,
  por: row.staffName,
});

export async function listCessions(db: Db, query: CessionQuery): Promise<CessionRegister> {
  const where = whereOf(query);
  const [totalRow] = await db.select({ n: count() }).from(leadCessions).where(where);
  const total = totalRow?.n ?? 0;
  const paginas = Math.max(1, Math.ceil(total / CESSION_PAGE_SIZE));
  const pagina = Math.min(query.pagina, paginas);
  const rows = await select(db, where)
    .limit(CESSION_PAGE_SIZE)
    .offset((pagina - 1) * CESSION_PAGE_SIZE);
  const recipients = await db
    .selectDistinct({ recipient: leadCessions.recipient })
    .from(leadCessions)
    .orderBy(asc(leadCessions.recipient));
  return {
    cesiones: rows.map(toEntry),
    total,
    pagina,
    paginas,
    destinatarios: recipients.map((row) => row.recipient),
  };
}

const COLUMNS = [
  'Fecha',
  'N° de solicitud',
  'Tipo de solicitud',
  'Destinatario',
  'Categorías de datos',
  'Consentimiento',
  'Registrada por',
];

/** The whole register that matches the filters, as a CSV file. */
export async function cessionsCsv(db: Db, query: CessionQuery): Promise<string> {
  const rows = (await select(db, whereOf(query))).map(toEntry);
  return (
    CSV_BOM +
    csvLine(COLUMNS) +
    rows
      .map((entry) =>
        csvLine([
          formatChileDateTime(entry.fecha),
          entry.solicitud?.id ?? 'eliminada',
          entry.solicitud?.tipo ?? null,
          entry.destinatario,
          entry.categorias.join(' | '),
          entry.consentimiento
            ? `N° ${entry.consentimiento.id}, dado el ${formatChileDateTime(entry.consentimiento.fecha)}${entry.consentimiento.version ? `, política v${entry.consentimiento.version}` : ''}`
            : null,
          entry.por,
        ]),
      )
      .join('')
  );
}
