import { ThrowawayPostgres, withClient } from '../../tests/support/throwaway-postgres.ts';

export interface StoredLead {
  /** Ids of the lead rows that carry the marker: more than one is a duplicate. */
  ids: Set<string>;
  /** Status of each outbox row of those leads ('missing' when a lead has none). */
  outbox: string[];
}

/** The fault suite's database on the machine's shared PostgreSQL, with the queries its report needs. */
export class ThrowawayDb extends ThrowawayPostgres {
  /** Every stored lead that carries a marker, with its outbox rows. Read directly, never through the proxy. */
  async leadsByMarker(marker: RegExp): Promise<Map<string, StoredLead>> {
    const { rows } = await withClient(this.url, (client) =>
      client.query<{ id: string; message: string | null; status: string | null }>(
        'select l.id, l.message, o.status from leads l left join email_outbox o on o.lead_id = l.id',
      ),
    );
    const byMarker = new Map<string, StoredLead>();
    for (const row of rows) {
      const found = row.message?.match(marker)?.[0];
      if (!found) continue;
      const entry = byMarker.get(found) ?? { ids: new Set(), outbox: [] };
      entry.ids.add(row.id);
      entry.outbox.push(row.status ?? 'missing');
      byMarker.set(found, entry);
    }
    return byMarker;
  }

  /** The relay's own schedule: unsent messages, the most attempts any has used, when the last one is due. */
  async outboxSchedule(): Promise<{ pending: number; attempts: number; lastDue: number | null }> {
    const { rows } = await withClient(this.url, (client) =>
      client.query<{ pending: string; attempts: number | null; last_due: Date | null }>(
        `select count(*) as pending, max(attempts) as attempts, max(next_attempt_at) as last_due
           from email_outbox where status = 'pending'`,
      ),
    );
    const row = rows[0];
    return {
      pending: Number(row?.pending ?? 0),
      attempts: row?.attempts ?? 0,
      lastDue: row?.last_due ? row.last_due.getTime() : null,
    };
  }
}
