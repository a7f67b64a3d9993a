import { isPrintableLine } from '@contracts/text-field.ts';
import type { Db } from '@db/client.ts';
import { staffUsers } from '@db/schema.ts';
import { z } from 'zod';
import { hashPassword, MIN_PASSWORD_LENGTH } from './password.ts';

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
  password: z
    .string({ error: 'Ingresa una contraseña.' })
    .min(MIN_PASSWORD_LENGTH, {
      error: `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`,
    })
    .max(200, { error: 'La contraseña admite hasta 200 caracteres.' }),
  role: z.enum(['admin', 'ventas'], { error: 'El rol debe ser admin o ventas.' }),
});
export type NewStaffUser = z.infer<typeof NewStaffUserSchema>;

export class StaffUserExistsError extends Error {
  override name = 'StaffUserExistsError';
}

export async function createStaffUser(db: Db, input: NewStaffUser): Promise<{ id: number; email: string }> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(staffUsers)
    .values({ email: input.email, name: input.name, role: input.role, passwordHash })
    .onConflictDoNothing({ target: staffUsers.email })
    .returning({ id: staffUsers.id, email: staffUsers.email });
  if (!row) throw new StaffUserExistsError(`Ya existe una cuenta con el correo ${input.email}.`);
  return row;
}
