import type { Outcome } from './lead-client.ts';
import type { StoredLead } from './throwaway-db.ts';

/** What one scenario did to the leads it sent; the checks every scenario shares are computed here. */
export interface ScenarioResult {
  name: string;
  outcomes: Outcome[];
  requests: number;
  /** Scenario-specific failures (a 500, a slow answer, ...): any of them fails the run. */
  failures: string[];
  /** Scenario-specific figures, printed under the table. */
  notes: string[];
  /** When every e-mail of its stored leads must have been delivered (from the relay's timing), and why. */
  mailDueBy: number;
  mailBound: string;
}

export interface Counts {
  sent: number;
  requests: number;
  acknowledged: number;
  stored: number;
  duplicates: number;
  lost: number;
  gaveUp: number;
  mailsDelivered: number;
  mailsMissing: number;
  mailDuplicates: number;
}

/** `stored`: lead rows per marker; `mails`: messages per marker in the SMTP server. */
export function countScenario(
  result: ScenarioResult,
  stored: Map<string, StoredLead>,
  mails: Map<string, number>,
): Counts {
  const mine = result.outcomes.map((o) => o.lead.marker);
  const storedMine = mine.filter((m) => stored.has(m));
  return {
    sent: mine.length,
    requests: result.requests,
    acknowledged: result.outcomes.filter((o) => o.acknowledged).length,
    stored: storedMine.length,
    duplicates: storedMine.reduce((sum, m) => sum + (stored.get(m)?.ids.size ?? 1) - 1, 0),
    lost: result.outcomes.filter((o) => o.acknowledged && !stored.has(o.lead.marker)).length,
    gaveUp: result.outcomes.filter((o) => !o.acknowledged).length,
    mailsDelivered: storedMine.filter((m) => (mails.get(m) ?? 0) > 0).length,
    mailsMissing: storedMine.filter((m) => (mails.get(m) ?? 0) === 0).length,
    mailDuplicates: storedMine.reduce((sum, m) => sum + Math.max(0, (mails.get(m) ?? 0) - 1), 0),
  };
}

/** The reasons a scenario fails; duplicate mails are reported but allowed (delivery is at least once). */
export function failuresOf(counts: Counts, result: ScenarioResult): string[] {
  const failures = [...result.failures];
  if (counts.lost > 0) failures.push(`${counts.lost} acknowledged lead(s) not in the database (false 201)`);
  if (counts.duplicates > 0) failures.push(`${counts.duplicates} duplicated lead row(s)`);
  if (counts.gaveUp > 0) failures.push(`${counts.gaveUp} lead(s) never acknowledged`);
  if (counts.mailsMissing > 0) failures.push(`${counts.mailsMissing} stored lead(s) without their e-mail`);
  return failures;
}

const COLUMNS: Array<[string, keyof Counts]> = [
  ['sent', 'sent'],
  ['requests', 'requests'],
  ['201', 'acknowledged'],
  ['stored', 'stored'],
  ['dup', 'duplicates'],
  ['lost', 'lost'],
  ['gave up', 'gaveUp'],
  ['mails', 'mailsDelivered'],
  ['missing', 'mailsMissing'],
  ['dup mails', 'mailDuplicates'],
];

export function printTable(rows: Array<{ name: string; counts: Counts; failures: string[] }>): void {
  const nameWidth = Math.max(8, ...rows.map((r) => r.name.length));
  const header = ['scenario'.padEnd(nameWidth), ...COLUMNS.map(([h]) => h.padStart(9)), '  result'];
  console.info(`\n${header.join(' ')}`);
  for (const row of rows) {
    const cells = COLUMNS.map(([, key]) => String(row.counts[key]).padStart(9));
    console.info([row.name.padEnd(nameWidth), ...cells, row.failures.length ? '  FAIL' : '  ok'].join(' '));
  }
}
