import { isPrintableLine } from '@contracts/text-field.ts';
import type { Db } from '@db/client.ts';
import { staffUsers } from '@db/schema.ts';
import { z } from 'zod';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password.ts';
import { PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT, refuseWeakPassword } from './password-strength.ts';

export const NewStaffUserSchema = z.object({
  email: z
    .string({ error: 'Ingresa un correo válido.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Ingresa un correo válido.' })),
  // A name is stored and shown as typed: no control characters, line breaks or broken UTF-16 (PostgreSQL refuses NUL).
  name: z
    .string({ error: 'Ingresa el nombre (al menos 2 caracteres).' })
    .trim()
    .min(2, { error: 'Ingresa el nombre (al menos 2 caracteres).' })
    .max(100, { error: 'El nombre admite hasta 100 caracteres.' })
    .refine(isPrintableLine, { error: 'El nombre contiene caracteres no válidos.' }),
  // The length here; whether it is guessable needs the owner's words and the dictionaries: `newStaffPasswordHash`.
  password: z
    .string({ error: 'Ingresa una contraseña.' })
    .min(MIN_PASSWORD_LENGTH, { error: PASSWORD_TOO_SHORT })
    .max(MAX_PASSWORD_LENGTH, { error: PASSWORD_TOO_LONG }),
  role: z.enum(['admin', 'ventas'], { error: 'El rol debe ser admin o ventas.' }),
});
export type NewStaffUser = z.infer<typeof NewStaffUserSchema>;

export class StaffUserExistsError extends Error {
  override name = 'StaffUserExistsError';
}

/**
 * The hash of a new account's password, once it passes the strength rule (a `Refusal` on `password` otherwise).
 * `dealership` is the dealership's name, a guessable word too.
 */
export async function newStaffPasswordHash(input: NewStaffUser, dealership?: string): Promise<string> {
  await refuseWeakPassword(input.password, { email: input.email, name: input.name, dealership }, 'password');
  return hashPassword(input.password);
}

/** Stores the account with a hash from `newStaffPasswordHash`; refuses an e-mail already taken. */
export async function insertStaffUser(
  db: Db,
  input: NewStaffUser,
  passwordHash: string,
): Promise<{ id: number; email: string }> {
  const [row] = await db
    .insert(staffUsers)
    .values({ email: input.email, name: input.name, role: input.role, passwordHash })
    .onConflictDoNothing({ target: staffUsers.email })
    .returning({ id: staffUsers.id, email: staffUsers.email });
  if (!row) throw new StaffUserExistsError(`Ya existe una cuenta con el correo ${input.email}.`);
  return row;
}

/** Checks the password, hashes it and stores the account (the CLI, the seeds). */
export async function createStaffUser(
  db: Db,
  input: NewStaffUser,
  dealership?: string,
): Promise<{ id: number; email: string }> {
  return insertStaffUser(db, input, await newStaffPasswordHash(input, dealership));
}
