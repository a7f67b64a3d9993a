import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '@db/client.ts';
import { staffUsers } from '@db/schema.ts';
import { verifyPassword } from '@server/services/auth/password.ts';
import { PASSWORD_HAS_USER_INPUTS } from '@server/services/auth/password-strength.ts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ThrowawayPostgres } from '../support/throwaway-postgres.ts';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

/**
 * Where one case's CLI writes: a data directory of its own for the embedded database, or, in the PostgreSQL run, a
 * throwaway database named by DATABASE_URL. The command is the same; each run proves it on its own database
 * instead of repeating the embedded one.
 */
interface Target {
  dataDir: string;
  databaseUrl: string;
}
const throwaways: ThrowawayPostgres[] = [];
async function newTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'automotora-admin-'));
  if (process.env.TEST_DB !== 'postgres') return { dataDir, databaseUrl: '' };
  const throwaway = await ThrowawayPostgres.create('cli');
  throwaways.push(throwaway);
  return { dataDir, databaseUrl: throwaway.url };
}
afterAll(async () => {
  await Promise.all(throwaways.map((t) => t.drop()));
});

function adminCreate({ dataDir, databaseUrl }: Target, args: string[]) {
  return run(tsx, ['scripts/admin-create.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(40), DATABASE_URL: databaseUrl },
  });
}

const openTarget = ({ dataDir, databaseUrl }: Target) =>
  openDatabase({ dataDir, databaseUrl: databaseUrl || undefined });

describe('npm run admin:create', () => {
  it('creates the first admin from flags, with an argon2id hash, and refuses the same e-mail twice', {
    timeout: 180_000,
  }, async () => {
    const target = await newTarget();
    const args = ['--email', 'Jefa@Automotora.cl', '--name', 'Jefa', '--password', 'clave-segura-2026'];
    const { stdout } = await adminCreate(target, args);
    expect(stdout).toContain('Cuenta creada: jefa@automotora.cl (admin)');
    await expect(adminCreate(target, args)).rejects.toMatchObject({
      stderr: expect.stringContaining('Ya existe una cuenta con el correo jefa@automotora.cl.'),
    });

    const database = await openTarget(target);
    try {
      const [user] = await database.db
        .select()
        .from(staffUsers)
        .where(eq(staffUsers.email, 'jefa@automotora.cl'));
      expect(user?.role).toBe('admin');
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword('clave-segura-2026', user?.passwordHash ?? '')).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('refuses a short password with a Spanish message and creates nothing', {
    timeout: 120_000,
  }, async () => {
    const target = await newTarget();
    await expect(adminCreate(target, ['--email', 'a@b.cl', '--password', 'corta'])).rejects.toMatchObject({
      stderr: expect.stringContaining('password: La contraseña debe tener al menos 10 caracteres.'),
    });
  });

  it("refuses a guessable password in Spanish, the dealership's name included, and creates nothing", {
    timeout: 180_000,
  }, async () => {
    const target = await newTarget();
    const run = (password: string) =>
      adminCreate(target, ['--email', 'jefa@automotora.cl', '--name', 'Jefa', '--password', password]);
    await expect(run('password12')).rejects.toMatchObject({
      stderr: expect.stringContaining('password: Es una contraseña muy usada.'),
    });
    // Strong but for the name of the (demo) dealership, read from its settings.
    await expect(run('Cordillera#2026')).rejects.toMatchObject({
      stderr: expect.stringContaining(`password: ${PASSWORD_HAS_USER_INPUTS}`),
    });
    const database = await openTarget(target);
    try {
      expect(await database.db.select().from(staffUsers)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
