import type { StaffMember } from '@contracts/admin-staff.ts';
import type { Db } from '@db/client.ts';
import { emailOutbox, leads, staffUsers } from '@db/schema.ts';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../audit.ts';
import {
  insertStaffUser,
  NewStaffUserSchema,
  newStaffPasswordHash,
  StaffUserExistsError,
} from '../auth/create-staff-user.ts';
import { hashPassword, MAX_PASSWORD_LENGTH, verifyPassword } from '../auth/password.ts';
import { revokeResetLinks } from '../auth/password-reset.ts';
import { PASSWORD_TOO_LONG, refuseWeakPassword } from '../auth/password-strength.ts';
import { type Actor, destroyUserSessions, type SessionUser } from '../auth/sessions.ts';
import { OWNER_AUDIT_ACTION } from '../leads/lead-assignment.ts';
import { kindLabel } from '../leads/lead-kinds.ts';
import { Refusal } from '../refusal.ts';
import { LEAD_AUDIT_ENTITY } from './leads.ts';

/** PATCH /admin/api/usuarios/:id: any of the four, with the same rules as creation. */
export const StaffUpdateSchema = z
  .strictObject(
    {
      email: z
        .string({ error: 'Ingresa un correo válido.' })
        .max(254, { error: 'El correo admite hasta 254 caracteres.' })
        .pipe(NewStaffUserSchema.shape.email)
        .optional(),
      name: NewStaffUserSchema.shape.name.optional(),
      role: NewStaffUserSchema.shape.role.optional(),
      active: z.boolean({ error: 'Indica si la cuenta queda activa (true o false).' }).optional(),
      /** On deactivation: who gets the account's open requests (issue 31); absent, they stay with it, marked. */
      traspasarA: z
        .number({ error: 'Elige a quién pasar las solicitudes abiertas.' })
        .int({ error: 'Elige a quién pasar las solicitudes abiertas.' })
        .positive({ error: 'Elige a quién pasar las solicitudes abiertas.' })
        .max(2_147_483_647, { error: 'Elige a quién pasar las solicitudes abiertas.' })
        .optional(),
    },
    { error: 'Solo se puede cambiar el correo, el nombre, el rol o si la cuenta está activa.' },
  )
  .refine((change) => Object.keys(change).length > 0, { error: 'Indica qué cambiar de la cuenta.' })
  .refine((change) => change.traspasarA === undefined || change.active === false, {
    error: 'Las solicitudes abiertas se pasan a otra persona solo al desactivar la cuenta.',
    path: ['traspasarA'],
  });
export type StaffUpdate = z.infer<typeof StaffUpdateSchema>;

/** PUT /admin/api/cuenta/clave: the new password follows the rules of a new account's (and is not guessable). */
export const PasswordChangeSchema = z.object({
  actual: z
    .string({ error: 'Ingresa tu contraseña actual.' })
    .min(1, { error: 'Ingresa tu contraseña actual.' })
    .max(MAX_PASSWORD_LENGTH, { error: PASSWORD_TOO_LONG }),
  nueva: NewStaffUserSchema.shape.password,
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

type StaffRow = typeof staffUsers.$inferSelect;

function toMember(row: StaffRow, open = 0): StaffMember {
  return {
    abiertas: open,
    id: row.id,
    nombre: row.name,
    email: row.email,
    rol: row.role,
    activo: row.active,
    ultimoIngreso: row.lastSignInAt?.toISOString() ?? null,
    creado: row.createdAt.toISOString(),
  };
}

/** A request still to be worked on: what a deactivated account hands over. */
const OPEN_STATUSES: Array<'nuevo' | 'contactado'> = ['nuevo', 'contactado'];

/** Active accounts first, then by name. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const [rows, open] = await Promise.all([
    db.select().from(staffUsers).orderBy(desc(staffUsers.active), asc(staffUsers.name), asc(staffUsers.id)),
    db
      .select({ ownerId: leads.ownerId, n: count() })
      .from(leads)
      .where(inArray(leads.status, OPEN_STATUSES))
      .groupBy(leads.ownerId),
  ]);
  const openOf = new Map(open.map((row) => [row.ownerId, Number(row.n)]));
  return rows.map((row) => toMember(row, openOf.get(row.id) ?? 0));
}

/** `dealership`: the dealership's name, which the password must not lean on. */
export async function createStaffAccount(
  db: Db,
  actor: Actor,
  input: z.infer<typeof NewStaffUserSchema>,
  dealership: string,
): Promise<StaffMember> {
  // Checked and hashed before the transaction: the first check loads the dictionaries, and neither needs the lock.
  const passwordHash = await newStaffPasswordHash(input, dealership);
  try {
    return await db.transaction(async (tx) => {
      const { id } = await insertStaffUser(tx, input, passwordHash);
      await recordAudit(tx, {
        actor,
        action: 'usuario_creado',
        entity: 'usuario',
        entityId: id,
        details: { usuario: input.email, nombre: input.name, rol: input.role },
      });
      const [row] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id));
      if (!row) throw new Error('staff row vanished after insert');
      return toMember(row);
    });
  } catch (error) {
    if (error instanceof StaffUserExistsError) {
      throw new Refusal('conflict', 'Ya existe una cuenta con ese correo.', {
        email: 'Ya existe una cuenta con este correo.',
      });
    }
    throw error;
  }
}

/**
 * Changes the e-mail of (unique), renames, changes the role of, deactivates or reactivates an account, one audit row per kind of change, all in one
 * transaction. Deactivation ends the account's sessions at once. Nobody can lock themself out, and the back office
 * always keeps one active admin: the active admins are locked first, so two admins demoting each other at the same
 * moment cannot both succeed.
 */
export async function updateStaffAccount(
  db: Db,
  actor: Actor & { name?: string },
  id: number,
  change: StaffUpdate,
  publicUrl?: string,
  dealership?: string,
): Promise<StaffMember> {
  try {
    return await applyStaffUpdate(db, actor, id, change, publicUrl, dealership);
  } catch (error) {
    // Two admins giving two accounts the same address at the same moment: the unique index refuses the second.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

const emailTaken = () =>
  new Refusal('conflict', 'Ya existe una cuenta con ese correo.', {
    email: 'Ya existe otra cuenta con este correo.',
  });

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error || (typeof cause === 'object' && cause !== null); ) {
    if ((cause as { code?: unknown }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

async function applyStaffUpdate(
  db: Db,
  actor: Actor & { name?: string },
  id: number,
  change: StaffUpdate,
  publicUrl?: string,
  dealership = 'la automotora',
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const activeAdmins = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.active, true)))
      .for('update');
    const [before] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
    if (!before) throw new Refusal('not_found', 'La cuenta no existe.');

    const email = change.email ?? before.email;
    const name = change.name ?? before.name;
    const role = change.role ?? before.role;
    const active = change.active ?? before.active;
    const losesAdmin = before.role === 'admin' && before.active && (role !== 'admin' || !active);
    if (id === actor.id && !active) throw new Refusal('conflict', 'No puedes desactivar tu propia cuenta.');
    if (id === actor.id && role !== before.role) {
      throw new Refusal('conflict', 'No puedes cambiar tu propio rol. Pídeselo a otro administrador.');
    }
    if (losesAdmin && activeAdmins.length <= 1) {
      throw new Refusal(
        'conflict',
        'Debe quedar al menos un administrador activo. Crea o reactiva otro administrador primero.',
      );
    }
    if (email !== before.email) {
      const [taken] = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(eq(staffUsers.email, email), ne(staffUsers.id, id)));
      if (taken) throw emailTaken();
    }
    if (email === before.email && name === before.name && role === before.role && active === before.active) {
      if (change.traspasarA !== undefined)
        throw new Refusal(
          'conflict',
          'La cuenta ya está desactivada: pasa sus solicitudes desde cada solicitud.',
        );
      return toMember(before);
    }

    const [after] = await tx
      .update(staffUsers)
      .set({ email, name, role, active, updatedAt: new Date() })
      .where(eq(staffUsers.id, id))
      .returning();
    if (!after) throw new Error('staff row vanished during update');

    const audit = (action: string, details: Record<string, unknown>) =>
      recordAudit(tx, {
        actor,
        action,
        entity: 'usuario',
        entityId: id,
        details: { usuario: after.email, ...details },
      });
    if (email !== before.email) {
      // A link sent to the old address must not open the account any more.
      await revokeResetLinks(tx, id);
      await audit('correo_cambiado', { cambios: { correo: { antes: before.email, despues: email } } });
      // The old address is told (issue 31): if the change was not expected, its holder learns it at once.
      const mail = emailChangedMail({ user: before, email, by: actor.name ?? actor.email, dealership });
      await tx.insert(emailOutbox).values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text });
    }
    if (name !== before.name)
      await audit('usuario_editado', { cambios: { nombre: { antes: before.name, despues: name } } });
    if (role !== before.role)
      await audit('rol_cambiado', { cambios: { rol: { antes: before.role, despues: role } } });
    let handedOver = 0;
    if (active !== before.active) {
      const sessionsEnded = active ? 0 : await destroyUserSessions(tx, id);
      if (!active && change.traspasarA !== undefined)
        handedOver = await handOver(tx, { actor, from: after, to: change.traspasarA, publicUrl });
      if (active) {
        // Issue 31: the colleague learns they can sign in again, and how if the password is forgotten.
        const mail = reactivatedMail({ user: after, by: actor.name ?? actor.email, dealership, publicUrl });
        await tx
          .insert(emailOutbox)
          .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text });
      }
      await audit(
        active ? 'usuario_reactivado' : 'usuario_desactivado',
        active
          ? {}
          : {
              sesionesCerradas: sessionsEnded,
              ...(change.traspasarA ? { solicitudesTraspasadas: handedOver } : {}),
            },
      );
    }
    return toMember(after);
  });
}

/** To the address an account had: it is no longer the account's, and who changed it. */
export function emailChangedMail(input: {
  user: { name: string; email: string };
  email: string;
  by: string;
  dealership: string;
}) {
  return {
    to: input.user.email,
    subject: `Cambió el correo de tu cuenta del panel de ${input.dealership}`,
    text: [
      `Hola, ${input.user.name}:`,
      '',
      `${input.by} cambió el correo con que ingresas al panel de ${input.dealership}. Desde ahora es ${input.email}: este correo (${input.user.email}) ya no abre la cuenta ni recibe sus avisos ni sus enlaces para cambiar la contraseña.`,
      '',
      `Si no lo esperabas, avísale de inmediato a un administrador de ${input.dealership}.`,
      '',
      `Equipo de ${input.dealership}`,
    ].join('\n'),
  };
}

/** To a reactivated account: it can sign in again, with the same password or a new one. */
export function reactivatedMail(input: {
  user: { name: string; email: string };
  by: string;
  dealership: string;
  publicUrl?: string;
}) {
  const base = input.publicUrl?.replace(/\/$/, '');
  return {
    to: input.user.email,
    subject: `Tu cuenta del panel de ${input.dealership} está activa de nuevo`,
    text: [
      `Hola, ${input.user.name}:`,
      '',
      `${input.by} reactivó tu cuenta del panel de ${input.dealership} (${input.user.email}). Puedes ingresar con tu contraseña de siempre${base ? ` en ${base}/admin/ingresar` : ''}.`,
      '',
      `Si no la recuerdas, pide un enlace para crear una nueva en «¿Olvidaste tu contraseña?»${base ? ` (${base}/admin/clave-olvidada)` : ''}.`,
      '',
      `Equipo de ${input.dealership}`,
    ].join('\n'),
  };
}

/**
 * Changes the signed-in user's own password after checking the current one. Every other session of the user ends
 * (a thief who knew the old password is signed out); the session of this request, `currentToken`, stays. The new
 * password must not be guessable from the user's e-mail and name or the dealership's name.
 */
export async function changeOwnPassword(
  db: Db,
  user: Pick<SessionUser, 'id' | 'email' | 'name'>,
  currentToken: string | undefined,
  input: PasswordChange,
  dealership: string,
): Promise<{ otherSessionsEnded: number }> {
  const [row] = await db
    .select({ passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(eq(staffUsers.id, user.id));
  if (!row || !(await verifyPassword(input.actual, row.passwordHash))) {
    throw new Refusal('invalid', 'Revisa los datos del formulario.', {
      actual: 'La contraseña actual no es correcta.',
    });
  }
  if (input.nueva === input.actual) {
    throw new Refusal('invalid', 'Revisa los datos del formulario.', {
      nueva: 'La nueva contraseña debe ser distinta de la actual.',
    });
  }
  await refuseWeakPassword(input.nueva, { email: user.email, name: user.name, dealership }, 'nueva');
  const passwordHash = await hashPassword(input.nueva);
  return db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(staffUsers.id, user.id));
    const otherSessionsEnded = await destroyUserSessions(tx, user.id, currentToken);
    await recordAudit(tx, {
      actor: user,
      action: 'clave_cambiada',
      entity: 'usuario',
      entityId: user.id,
      details: { usuario: user.email, sesionesCerradas: otherSessionsEnded },
    });
    return { otherSessionsEnded };
  });
}

/** PUT /admin/api/cuenta/avisos: the member's own choice of e-mails about leads (issue 21). */
export const LeadEmailsSchema = z.strictObject(
  {
    correoSolicitudes: z.boolean({
      error: 'Indica si quieres recibir los avisos de solicitudes por correo (true o false).',
    }),
  },
  { error: 'Solo se puede cambiar si recibes los avisos de solicitudes por correo.' },
);

export async function readLeadEmails(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ leadEmails: staffUsers.leadEmails })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  return row?.leadEmails ?? false;
}

/** Switches the member's own lead e-mails on or off, recorded in the audit trail when it changes. */
export async function setLeadEmails(db: Db, actor: Actor, on: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ leadEmails: staffUsers.leadEmails, email: staffUsers.email })
      .from(staffUsers)
      .where(eq(staffUsers.id, actor.id))
      .for('update');
    if (!before) throw new Refusal('not_found', 'La cuenta no existe.');
    if (before.leadEmails === on) return on;
    await tx
      .update(staffUsers)
      .set({ leadEmails: on, updatedAt: new Date() })
      .where(eq(staffUsers.id, actor.id));
    await recordAudit(tx, {
      actor,
      action: 'avisos_cambiados',
      entity: 'usuario',
      entityId: actor.id,
      details: { usuario: before.email, correoSolicitudes: on },
    });
    return on;
  });
}

/**
 * Gives every open request of a deactivated account to `to` (issue 31), each recorded like a reassignment, and tells
 * the new owner in one e-mail when they want lead e-mails. The e-mail names no customer: it belongs to no single
 * request, so erasing a person's data (ADR 0031) would not reach it. Returns how many were handed over.
 */
async function handOver(
  tx: Db,
  input: { actor: Actor & { name?: string }; from: StaffRow; to: number; publicUrl?: string },
): Promise<number> {
  const refuse = (text: string) => new Refusal('invalid', text, { traspasarA: text });
  const [target] = await tx.select().from(staffUsers).where(eq(staffUsers.id, input.to));
  if (!target) throw refuse('Esa cuenta no existe. Elige una persona de la lista.');
  if (target.id === input.from.id) throw refuse('Elige a otra persona: esta cuenta se desactiva.');
  if (!target.active) throw refuse(`La cuenta de ${target.name} está desactivada: elige a otra persona.`);
  const moved = await tx
    .update(leads)
    .set({ ownerId: target.id })
    .where(and(eq(leads.ownerId, input.from.id), inArray(leads.status, OPEN_STATUSES)))
    .returning({ id: leads.id, kind: leads.kind });
  for (const lead of moved)
    await recordAudit(tx, {
      actor: input.actor,
      action: OWNER_AUDIT_ACTION,
      entity: LEAD_AUDIT_ENTITY,
      entityId: lead.id,
      details: {
        de: { id: input.from.id, nombre: input.from.name },
        a: { id: target.id, nombre: target.name },
        traspaso: true,
      },
    });
  if (moved.length > 0 && target.leadEmails && target.id !== input.actor.id && input.publicUrl) {
    const list = moved
      .slice(0, 50)
      .map(
        (lead) => `- #${lead.id} ${kindLabel(lead.kind)}: ${input.publicUrl}/admin/solicitudes/${lead.id}`,
      );
    await tx.insert(emailOutbox).values({
      toAddress: target.email,
      subject: `Te asignaron ${moved.length === 1 ? '1 solicitud' : `${moved.length} solicitudes`} de ${input.from.name}`,
      textBody: [
        `${target.name}, ${input.actor.name ?? input.actor.email} desactivó la cuenta de ${input.from.name} y te pasó sus solicitudes abiertas:`,
        '',
        ...list,
        ...(moved.length > 50 ? [`… y ${moved.length - 50} más: míralas en «Mis solicitudes».`] : []),
        '',
        'Puedes dejar de recibir estos avisos en «Mi cuenta».',
      ].join('\n'),
    });
  }
  return moved.length;
}
