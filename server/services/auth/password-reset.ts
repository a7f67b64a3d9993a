// Password recovery for the back office (issue 31): "¿Olvidaste tu contraseña?" on the sign-in page, or an admin's
// "Enviar enlace para cambiar contraseña". A single-use link that expires goes to the account's address; only a hash
// of its token is kept. The forgotten-password answer is the same, with the same steps up to the last insert, for a
// known address, an unknown one and a deactivated account, which gets no link.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@db/client.ts';
import { emailOutbox, passwordResets, staffUsers } from '@db/schema.ts';
import { formatChileLongDateTime } from '@domain/chile-time.ts';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import { hitRateLimit } from '../rate-limit.ts';
import { Refusal } from '../refusal.ts';
import { hashPassword } from './password.ts';
import { refuseWeakPassword } from './password-strength.ts';
import { type Actor, destroyUserSessions } from './sessions.ts';

/** How long a link works. */
export const RESET_LINK_MS = 60 * 60 * 1000;
export const RESET_LINK_MINUTES = RESET_LINK_MS / 60_000;
const HOUR_MS = 3_600_000;
/** Links one account may receive per hour, whoever asks: nobody floods a colleague's mailbox through us. */
export const RESET_ADDRESS_LIMIT = 3;

/** The answer to every well-formed forgotten-password request, whoever the address belongs to. */
export const RESET_REQUESTED_MESSAGE =
  'Si ese correo corresponde a una cuenta activa del panel, te enviamos un enlace para crear una nueva ' +
  `contraseña. Revisa tu bandeja de entrada (y la carpeta de spam): el enlace vence en ${RESET_LINK_MINUTES} minutos y sirve una sola vez.`;
export const RESET_LINK_INVALID =
  'El enlace para cambiar la contraseña no es válido, ya se usó o venció. Pide uno nuevo.';
export const RESET_DONE_MESSAGE =
  'Tu contraseña se cambió y se cerraron todas tus sesiones abiertas. Ingresa con la nueva contraseña.';

/** Too many requests from one client address: answered 429 with how long to wait. */
export class PasswordResetRateLimited extends Error {
  constructor(readonly retryAfter: number) {
    super('Hiciste demasiadas solicitudes seguidas. Espera un momento e inténtalo nuevamente.');
    this.name = 'PasswordResetRateLimited';
  }
}

/** A link's token: 32 random bytes in base64url (43 characters). */
export function newResetToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(`clave|${token}`).digest('hex');
}

export interface ResetMail {
  to: string;
  subject: string;
  text: string;
}

/** The e-mail with the link; `sentBy` names the admin who sent it, when one did. */
export function resetMail(input: {
  user: { name: string; email: string };
  link: string;
  expiresAt: Date;
  dealership: string;
  sentBy?: string | null;
}): ResetMail {
  const why = input.sentBy
    ? `${input.sentBy}, administrador del panel de ${input.dealership}, te envió este enlace para que crees una nueva contraseña para tu cuenta (${input.user.email}).`
    : `Alguien pidió cambiar la contraseña de tu cuenta del panel de ${input.dealership} (${input.user.email}) con «¿Olvidaste tu contraseña?».`;
  return {
    to: input.user.email,
    subject: `Crea una nueva contraseña para el panel de ${input.dealership}`,
    text: [
      `Hola, ${input.user.name}:`,
      '',
      why,
      '',
      'Para elegir la nueva contraseña, abre este enlace:',
      input.link,
      '',
      `El enlace sirve una sola vez y vence el ${formatChileLongDateTime(input.expiresAt)} (hora de Chile). Al cambiar la contraseña se cierran todas tus sesiones abiertas.`,
      '',
      'Si no lo pediste, ignora este correo: tu contraseña actual sigue funcionando mientras no uses el enlace. Si recibes varios sin haberlos pedido, cuéntale al administrador del sitio.',
      '',
      `Equipo de ${input.dealership}`,
    ].join('\n'),
  };
}

/** The notice after a change through a link: if it was not the holder, they learn it at once. */
export function resetDoneMail(input: {
  user: { name: string; email: string };
  dealership: string;
}): ResetMail {
  return {
    to: input.user.email,
    subject: `Se cambió la contraseña de tu cuenta del panel de ${input.dealership}`,
    text: [
      `Hola, ${input.user.name}:`,
      '',
      `La contraseña de tu cuenta del panel de ${input.dealership} (${input.user.email}) se cambió con un enlace enviado a este correo. Todas tus sesiones abiertas se cerraron.`,
      '',
      'Si no fuiste tú, avísale de inmediato al administrador del sitio.',
      '',
      `Equipo de ${input.dealership}`,
    ].join('\n'),
  };
}

export interface ResetContext {
  now?: Date;
  publicUrl: string;
  dealership: string;
}

type StaffRow = typeof staffUsers.$inferSelect;

/**
 * Stores a new link for `user` (the earlier unused ones stop working) and queues its e-mail, in `tx`. Old links of
 * every account that can no longer be used are deleted on the way.
 */
async function storeLink(
  tx: Db,
  user: Pick<StaffRow, 'id' | 'email' | 'name'>,
  context: ResetContext & { sentBy?: Actor & { name: string } },
): Promise<void> {
  const now = context.now ?? new Date();
  const { token, hash } = newResetToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_MS);
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
  await tx.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hash,
    requestedBy: context.sentBy?.id ?? null,
    createdAt: now,
    expiresAt,
  });
  const mail = resetMail({
    user,
    link: `${context.publicUrl}/admin/clave-nueva?t=${token}`,
    expiresAt,
    dealership: context.dealership,
    sentBy: context.sentBy?.name ?? null,
  });
  await tx.insert(emailOutbox).values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text });
}

/** Links that can never be used again (expired a day ago, or used): nothing is kept for longer. */
async function pruneLinks(tx: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
  await tx
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, dayAgo), lt(passwordResets.usedAt, dayAgo)));
}

/**
 * "¿Olvidaste tu contraseña?": counts the request against the client's limit (throws `PasswordResetRateLimited`)
 * and the address's (silently), then, for an active account only, stores a link and queues its e-mail. Every
 * address takes the same steps (the account lookup, both limits, one transaction that prunes old links); only the
 * active account's transaction adds the link and the e-mail. Says whether an e-mail was queued (for the caller to
 * wake the outbox); never anything the caller could show.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  context: ResetContext & { client: string; clientLimit: number },
): Promise<boolean> {
  const now = context.now ?? new Date();
  const at = now.getTime();
  const byClient = await hitRateLimit(
    db,
    `clave-olvidada:${context.client}`,
    context.clientLimit,
    HOUR_MS,
    at,
  );
  if (!byClient.allowed) throw new PasswordResetRateLimited(byClient.retryAfter);
  const addressKey = `clave-olvidada-correo:${createHash('sha256').update(email).digest('hex')}`;
  const byAddress = await hitRateLimit(db, addressKey, RESET_ADDRESS_LIMIT, HOUR_MS, at);
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
  const sends = Boolean(user?.active && byAddress.allowed);
  await db.transaction(async (tx) => {
    await pruneLinks(tx, now);
    if (sends && user) {
      await storeLink(tx, user, context);
      await recordAudit(tx, {
        actor: null,
        action: 'enlace_clave_pedido',
        entity: 'usuario',
        entityId: user.id,
        details: { usuario: user.email },
      });
    }
  });
  return sends;
}

/**
 * An admin's "Enviar enlace para cambiar contraseña": the colleague (or the admin themself) gets a link. A
 * deactivated account gets none (reactivate it first); over the address's hourly limit, the admin is told so.
 */
export async function sendPasswordResetLink(
  db: Db,
  actor: Actor & { name: string },
  userId: number,
  context: ResetContext,
): Promise<{ email: string; name: string }> {
  const now = context.now ?? new Date();
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, userId));
  if (!user) throw new Refusal('not_found', 'La cuenta no existe.');
  if (!user.active) {
    throw new Refusal(
      'conflict',
      'La cuenta está desactivada: no recibe enlaces. Reactívala primero si debe volver a ingresar.',
    );
  }
  const addressKey = `clave-olvidada-correo:${createHash('sha256').update(user.email).digest('hex')}`;
  const byAddress = await hitRateLimit(db, addressKey, RESET_ADDRESS_LIMIT, HOUR_MS, now.getTime());
  if (!byAddress.allowed) {
    throw new Refusal(
      'conflict',
      `Esa cuenta ya recibió ${RESET_ADDRESS_LIMIT} enlaces en la última hora. Pídele que revise su correo (también la carpeta de spam) o inténtalo más tarde.`,
    );
  }
  await db.transaction(async (tx) => {
    await pruneLinks(tx, now);
    await storeLink(tx, user, { ...context, sentBy: actor });
    await recordAudit(tx, {
      actor,
      action: 'enlace_clave_enviado',
      entity: 'usuario',
      entityId: user.id,
      details: { usuario: user.email },
    });
  });
  return { email: user.email, name: user.name };
}

/** The account a link opens, while it can still be used; null otherwise (unknown, used, expired, deactivated). */
export async function readResetLink(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ id: number; email: string; name: string } | null> {
  const [row] = await db
    .select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, active: staffUsers.active })
    .from(passwordResets)
    .innerJoin(staffUsers, eq(staffUsers.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashResetToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    );
  if (!row?.active) return null;
  return { id: row.id, email: row.email, name: row.name };
}

/**
 * Sets the password a link was sent for: the link must still be usable, the password passes the one rule of every
 * staff password (ADR 0027). The link is spent in the same transaction that changes the password, every session of
 * the account ends (remembered browsers too: their cookie is bound to the password hash), and the holder is told.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  context: { now?: Date; dealership: string },
): Promise<{ sessionsEnded: number }> {
  const now = context.now ?? new Date();
  const user = await readResetLink(db, token, now);
  if (!user) throw new Refusal('gone', RESET_LINK_INVALID);
  await refuseWeakPassword(password, { ...user, dealership: context.dealership }, 'nueva');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Spent only if nobody spent it meanwhile: of two uses at once, one wins.
    const spent = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashResetToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ id: passwordResets.id });
    if (spent.length === 0) throw new Refusal('gone', RESET_LINK_INVALID);
    // Any other link of the account stops working too.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    const [changed] = await tx
      .update(staffUsers)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(staffUsers.id, user.id), eq(staffUsers.active, true)))
      .returning({ id: staffUsers.id });
    if (!changed) throw new Refusal('gone', RESET_LINK_INVALID);
    const sessionsEnded = await destroyUserSessions(tx, user.id);
    await recordAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: 'clave_restablecida',
      entity: 'usuario',
      entityId: user.id,
      details: { usuario: user.email, sesionesCerradas: sessionsEnded },
    });
    const mail = resetDoneMail({ user, dealership: context.dealership });
    await tx.insert(emailOutbox).values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text });
    return { sessionsEnded };
  });
}

/** Ends every unused link of an account (its e-mail changed: a link sent to the old address must not work). */
export async function revokeResetLinks(tx: Db, userId: number, now = new Date()): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
