// A person withdraws one consent, or all of them, from the link in their e-mails (ADR 0031, decision 4; art. 12:
// revocable at any time, by means as easy as giving it, without effect on what was done before). Each withdrawal is a
// 'retira' event for all the person's requests; withdrawing the socio-economic consent also erases those values from
// the requests, and from the stored copies of their staff e-mails, with a note on each request saying why.

import { CONSENT_PURPOSES, type ConsentPurpose } from '@contracts/lead-options.ts';
import type { Db } from '@db/client.ts';
import { consentEvents, emailOutbox, leadNotes, leads } from '@db/schema.ts';
import { formatChileDateTime } from '@domain/chile-time.ts';
import { PURPOSE_TEXTS, WITHDRAW_ALL_BUTTON } from '@domain/consent-withdrawal.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { stopAlertsOf } from '../alerts/manage-alerts.ts';
import { DETAIL_LABELS, LEAD_KIND_DEFS } from '../leads/lead-kinds.ts';
import { consentsInForce } from './consents-in-force.ts';
import { personKey } from './person-link.ts';
import { latestPolicyVersion } from './policy-versions.ts';

/** The socio-economic fields of each kind that has any (art. 2 g), from the lead kinds' own list. */
const SOCIOECONOMIC_FIELDS = new Map(
  LEAD_KIND_DEFS.filter((def) => (def.socioeconomic ?? []).length > 0).map((def) => [
    def.kind,
    def.socioeconomic ?? [],
  ]),
);

export interface WithdrawalResult {
  /** The purposes withdrawn now; empty when none of those asked for was in force. */
  withdrawn: ConsentPurpose[];
  /** Requests whose socio-economic value was erased. */
  erased: number;
}

/** Withdraws `purpose` ('todas': every consent in force), through the e-mail link. */
export async function withdrawConsents(
  db: Db,
  input: { email: string; purpose: ConsentPurpose | 'todas'; now?: Date },
): Promise<WithdrawalResult> {
  const email = personKey(input.email);
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    // One withdrawal at a time per person: a double click writes its events once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`consentimientos:${email}`}))`);
    const inForce = new Set((await consentsInForce(tx, email)).map((grant) => grant.purpose));
    const withdrawn = CONSENT_PURPOSES.filter(
      (purpose) => inForce.has(purpose) && (input.purpose === 'todas' || input.purpose === purpose),
    );
    if (withdrawn.length === 0) return { withdrawn, erased: 0 };
    const policyVersion = (await latestPolicyVersion(tx))?.version ?? null;
    await tx.insert(consentEvents).values(
      withdrawn.map((purpose) => ({
        email,
        leadId: null,
        purpose,
        action: 'retira' as const,
        wording: input.purpose === 'todas' ? WITHDRAW_ALL_BUTTON : PURPOSE_TEXTS[purpose].button,
        policyVersion,
        channel: 'correo',
        createdAt: now,
      })),
    );
    // The e-mail alerts rest on marketing consents (ADR 0039): withdrawing marketing stops them too.
    if (withdrawn.includes('marketing')) await stopAlertsOf(tx, email, now);
    const erased = withdrawn.includes('datos_socioeconomicos') ? await eraseSocioeconomic(tx, email, now) : 0;
    return { withdrawn, erased };
  });
}

/** Sets each request's socio-economic value to null and says so in a note; returns how many requests had one. */
async function eraseSocioeconomic(tx: Db, email: string, now: Date): Promise<number> {
  const rows = await tx
    .select({ id: leads.id, kind: leads.kind, details: leads.details })
    .from(leads)
    .where(and(sql`lower(${leads.email}) = ${email}`, inArray(leads.kind, [...SOCIOECONOMIC_FIELDS.keys()])));
  let erased = 0;
  for (const row of rows) {
    const fields = (SOCIOECONOMIC_FIELDS.get(row.kind) ?? []).filter(
      (field) => row.details[field] !== null && row.details[field] !== undefined,
    );
    if (fields.length === 0) continue;
    await tx
      .update(leads)
      .set({ details: { ...row.details, ...Object.fromEntries(fields.map((field) => [field, null])) } })
      .where(eq(leads.id, row.id));
    for (const field of fields) {
      const label = DETAIL_LABELS[field]?.label ?? field;
      await tx.insert(leadNotes).values({
        leadId: row.id,
        authorId: null,
        body: `Se borró «${label}» de esta solicitud: la persona retiró su autorización para guardar su situación socioeconómica el ${formatChileDateTime(now)} (Ley 19.628, art. 12).`,
        createdAt: now,
      });
      await scrubStaffEmails(tx, row.id, label);
    }
    erased += 1;
  }
  return erased;
}

const WITHDRAWN_VALUE = 'retirado por la persona';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The stored copies of the request's e-mails lose the value too (what was delivered is in the mailboxes). */
async function scrubStaffEmails(tx: Db, leadId: number, label: string): Promise<void> {
  const line = new RegExp(`^(${escapeRegExp(label)}: ).*$`, 'm');
  const cell = new RegExp(`(<th[^>]*>${escapeRegExp(label)}</th><td[^>]*>)[^<]*(</td>)`);
  const mails = await tx
    .select({ id: emailOutbox.id, text: emailOutbox.textBody, html: emailOutbox.htmlBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.leadId, leadId));
  for (const mail of mails) {
    const text = mail.text.replace(line, `$1${WITHDRAWN_VALUE}`);
    const html = mail.html?.replace(cell, `$1${WITHDRAWN_VALUE}$2`) ?? null;
    if (text !== mail.text || html !== mail.html)
      await tx.update(emailOutbox).set({ textBody: text, htmlBody: html }).where(eq(emailOutbox.id, mail.id));
  }
}
