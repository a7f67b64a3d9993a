// `npm run admin:create`: creates a staff account (the first admin, typically).
//   npm run admin:create                                   asks for e-mail, name and password
//   npm run admin:create -- --email a@b.cl --name "Ana" --password '…' [--role ventas]
// The password follows the back office's rule: at least 10 characters, and not guessable (ADR 0027).
// Stop the server first when using the embedded database (PGlite is single-process).
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { openDatabase } from '@db/client.ts';
import { ConfigError, loadConfig } from '@server/config/env.ts';
import {
  createStaffUser,
  NewStaffUserSchema,
  StaffUserExistsError,
} from '@server/services/auth/create-staff-user.ts';
import { Refusal } from '@server/services/refusal.ts';
import { loadCurrentSettings } from '@server/services/settings/site-settings.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'admin' },
  },
});

async function ask(): Promise<Record<string, string | undefined>> {
  if (values.email && values.password) return values;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  try {
    const email = values.email ?? (await rl.question('Correo: '));
    const name = values.name ?? (await rl.question('Nombre: '));
    const password =
      values.password ?? (await rl.question('Contraseña (mínimo 10 caracteres, difícil de adivinar): '));
    return { ...values, email, name, password };
  } finally {
    rl.close();
  }
}

try {
  const answers = await ask();
  const parsed = NewStaffUserSchema.safeParse({
    ...answers,
    name: answers.name || answers.email?.split('@')[0],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${String(issue.path[0])}: ${issue.message}`);
    process.exit(1);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { data: dealership } = await loadCurrentSettings(database.db, config.dealership);
    const user = await createStaffUser(database.db, parsed.data, dealership.name);
    console.info(
      `Cuenta creada: ${user.email} (${parsed.data.role}). Inicia sesión en ${config.publicUrl}/admin`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof Refusal) {
    for (const [field, message] of Object.entries(error.campos ?? { _: error.message }))
      console.error(field === '_' ? message : `${field}: ${message}`);
    process.exit(1);
  }
  if (error instanceof ConfigError || error instanceof StaffUserExistsError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
