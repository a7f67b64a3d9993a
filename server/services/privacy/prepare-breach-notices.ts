// "Preparar avisos" (art. 14 sexies: the people affected are told, in clear and simple language, what happened,
// which data, the possible consequences and the measures taken): one notice per person and incident in the outbox.
// breach_notices' unique index on (incident, person) is what makes it once: a second click, or the same click on
// another instance, inserts nothing for a person already there and so queues no second e-mail.
import {
  AFFECTED_KINDS,
  type AffectedQuery,
  BREACH_CATEGORIES,
  type BreachCategory,
} from '@contracts/admin-registers.ts';
import type { Dealership } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import { breachNotices, emailOutbox, securityBreaches } from '@db/schema.ts';
import { formatChileLongDateTime } from '@domain/chile-time.ts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { Actor } from '../auth/sessions.ts';
import { escapeHtml } from '../email/escape-html.ts';
import { kindLabel } from '../leads/lead-kinds.ts';
import { Refusal } from '../refusal.ts';
import { type AffectedPerson, affectedPeople } from './affected-people.ts';
import { withPrivacyFooter } from './privacy-footer.ts';

type Breach = typeof securityBreaches.$inferSelect;

export interface NoticeContext {
  dealership: Pick<Dealership, 'name' | 'legalName' | 'email' | 'phones'>;
  publicUrl: string;
  secret: string;
}

/** The notice to one person, in plain Spanish. */
export function breachNotice(breach: Breach, person: AffectedPerson, context: NoticeContext) {
  const { dealership } = context;
  const phone = dealership.phones[0]?.display;
  const sections: Array<[string, string]> = [
    ['Qué ocurrió', breach.summary],
    [
      'Cuándo',
      // The long dates end in 'a. m.' or 'p. m.': '(hora de Chile)' closes the sentence instead of a second period.
      `Ocurrió el ${formatChileLongDateTime(breach.occurredAt)} y lo detectamos el ${formatChileLongDateTime(breach.detectedAt)} (hora de Chile).`,
    ],
    [
      'Qué datos tuyos pueden estar afectados',
      breach.categories.map((key) => BREACH_CATEGORIES[key as BreachCategory]?.label ?? key).join('; '),
    ],
    ['Qué consecuencias puede tener para ti', breach.consequences],
    ['Qué hicimos', breach.measures],
  ];
  if (breach.agencyNotifiedAt)
    sections.push([
      'Aviso a la autoridad',
      `Informamos este incidente a la Agencia de Protección de Datos Personales el ${formatChileLongDateTime(breach.agencyNotifiedAt)} (hora de Chile).`,
    ]);
  const opening = `Hola ${person.name}: te escribimos porque un incidente de seguridad afectó datos personales que entregaste a ${dealership.name} en nuestro sitio web. La ley nos pide avisarte y queremos que sepas exactamente qué pasó.`;
  const contact = `Si tienes preguntas, escríbenos a ${dealership.email}${phone ? ` o llámanos al ${phone}` : ''}.`;
  const text = [
    opening,
    ...sections.flatMap(([title, body]) => ['', `${title}:`, body]),
    '',
    contact,
    '',
    dealership.legalName,
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1e293b">
<p>${escapeHtml(opening)}</p>
${sections.map(([title, body]) => `<h2 style="font-size:16px;margin-bottom:4px">${escapeHtml(title)}</h2><p style="white-space:pre-wrap;margin-top:0">${escapeHtml(body)}</p>`).join('\n')}
<p>${escapeHtml(contact)}</p>
<p>${escapeHtml(dealership.legalName)}</p>
</body></html>`;
  const mail = withPrivacyFooter(
    { text, html },
    { publicUrl: context.publicUrl, secret: context.secret, email: person.email },
  );
  return { subject: `Aviso sobre la seguridad de tus datos en ${dealership.name}`, ...mail };
}

export interface PreparedNotices {
  /** People found by the query. */
  personas: number;
  /** Notices queued now. */
  nuevos: number;
  /** People who already had this incident's notice. */
  yaAvisadas: number;
  mensaje: string;
}

const BATCH = 200;

export async function prepareBreachNotices(
  db: Db,
  input: { breachId: number; query: AffectedQuery; actor: Actor; context: NoticeContext },
): Promise<PreparedNotices> {
  const { breachId, query, actor, context } = input;
  return db.transaction(async (tx) => {
    const [breach] = await tx.select().from(securityBreaches).where(eq(securityBreaches.id, breachId));
    if (!breach) throw new Refusal('not_found', 'Vulneración no encontrada.');
    const people = await affectedPeople(tx, query);
    let nuevos = 0;
    for (let start = 0; start < people.length; start += BATCH) {
      const batch = people.slice(start, start + BATCH);
      const claimed = await tx
        .insert(breachNotices)
        .values(batch.map((person) => ({ breachId, emailHash: person.hash, createdBy: actor.id })))
        .onConflictDoNothing()
        .returning({ id: breachNotices.id, hash: breachNotices.emailHash });
      for (const notice of claimed) {
        const person = batch.find((candidate) => candidate.hash === notice.hash);
        if (!person) continue;
        const mail = breachNotice(breach, person, context);
        const [queued] = await tx
          .insert(emailOutbox)
          .values({
            toAddress: person.email,
            subject: mail.subject,
            textBody: mail.text,
            htmlBody: mail.html,
          })
          .returning({ id: emailOutbox.id });
        await tx
          .update(breachNotices)
          .set({ outboxId: queued?.id ?? null })
          .where(eq(breachNotices.id, notice.id));
      }
      nuevos += claimed.length;
    }
    const tipos = AFFECTED_KINDS.filter((kind) => query.tipos.includes(kind));
    await recordAudit(tx, {
      actor,
      action: 'avisos_preparados',
      entity: 'vulneracion',
      entityId: breachId,
      details: {
        desde: query.desde,
        hasta: query.hasta,
        tipos,
        tiposEtiquetas: tipos.map(kindLabel).join(', '),
        personas: people.length,
        nuevos,
      },
    });
    const yaAvisadas = people.length - nuevos;
    const mensaje =
      nuevos === 0
        ? 'No se preparó ningún aviso nuevo: esas personas ya tenían el suyo o la búsqueda no encontró a nadie.'
        : nuevos === 1
          ? 'Se preparó 1 aviso; saldrá por correo en los próximos minutos.'
          : `Se prepararon ${nuevos} avisos; saldrán por correo en los próximos minutos.`;
    return { personas: people.length, nuevos, yaAvisadas, mensaje };
  });
}
