import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Dealership, parseStoredDealership, withOpeningSchedule } from '@contracts/dealership.ts';
import { zodSpanish } from '@contracts/zod-spanish.ts';
import { z } from 'zod';
import { defaultDealership } from './default-dealership.ts';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'debe empezar con postgres:// o postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'debe empezar con smtp:// o smtps://')
    .optional(),
  PUBLIC_URL: z.url('debe ser una URL absoluta, por ejemplo https://www.automotora.cl').optional(),
  SESSION_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  LEAD_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * Failed sign-ins an account (and, separately, each browser that signed in to it before) may have before each next
   * attempt waits 1 s, 2 s, 4 s... up to 5 minutes; a client address may have twice as many (ADR 0028).
   */
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * Requests one client address may make per hour on "¿Olvidaste tu contraseña?" (and attempts at setting a new
   * password from a link); one account receives at most 3 links an hour, whoever asks (issue 31).
   */
  PASSWORD_RESET_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Requests one client may make on the rights page (/derechos) per hour (ADR 0031 decision 6). */
  RIGHTS_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  /**
   * Seconds a person's first new match waits for others before their e-mail of alerts is written, so the changes
   * staff make together arrive in one e-mail (ADR 0039); at most one such e-mail per person and day anyway.
   */
  ALERT_GATHER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
  /** Seconds between two runs of the alerts' matching and writing (ADR 0039). */
  ALERTS_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Path of a JSON file whose fields override the demo dealership identity. */
  DEALERSHIP_FILE: z.string().min(1).optional(),
  /** Number of reverse proxies in front of the app whose X-Forwarded-For is trusted. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Bearer token that opens /metrics; without it the endpoint does not exist. */
  METRICS_TOKEN: z.string().min(24, 'debe tener al menos 24 caracteres').optional(),
  /** Days a sold vehicle's page stays in /sitemap.xml and open to indexing; after them it is `noindex` (ADR 0018). */
  SOLD_PAGE_DAYS: z.coerce
    .number({ error: 'debe ser un número de días' })
    .int('debe ser un número entero de días')
    .min(0, 'no puede ser negativo')
    .max(3650, 'a lo más 3650 días')
    .default(30),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  publicUrl: string;
  sessionSecret: string;
  leadRateLimit: number;
  signInRateLimit: number;
  /** PASSWORD_RESET_RATE_LIMIT. */
  passwordResetRateLimit: number;
  rightsRateLimit: number;
  /** ALERT_GATHER_SECONDS and ALERTS_EVERY_SECONDS, in milliseconds. */
  alertGatherMs: number;
  alertsEveryMs: number;
  trustProxy: number;
  metricsToken: string | undefined;
  /** SOLD_PAGE_DAYS. */
  soldPageDays: number;
  dealership: Dealership;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** zod's Spanish messages, with the limits of a number said plainly (zod would write "recibido NaN", "<=10000"). */
const envSpanish: typeof zodSpanish = (issue) => {
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'debe ser un número';
  if (issue.code === 'invalid_type' && issue.expected === 'int') return 'debe ser un número entero';
  if (issue.code === 'too_big' && issue.origin === 'number') return `puede ser a lo más ${issue.maximum}`;
  if (issue.code === 'too_small' && issue.origin === 'number') return `debe ser al menos ${issue.minimum}`;
  return zodSpanish(issue);
};

function describeIssues(prefix: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => `${prefix}${issue.path.join('.') || '(raíz)'}: ${issue.message}`)
    .join('\n');
}

/** Reads and validates the whole configuration; a wrong value throws a ConfigError naming the setting. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  // Staff read these at start-up: every message in Spanish, zod's own ones included.
  const parsed = EnvSchema.safeParse(cleaned, { error: envSpanish });
  if (!parsed.success) throw new ConfigError(`Configuración inválida:\n${describeIssues('', parsed.error)}`);
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    sessionSecret: env.SESSION_SECRET ?? persistentSecret(dataDir),
    leadRateLimit: env.LEAD_RATE_LIMIT,
    signInRateLimit: env.SIGNIN_RATE_LIMIT,
    passwordResetRateLimit: env.PASSWORD_RESET_RATE_LIMIT,
    rightsRateLimit: env.RIGHTS_RATE_LIMIT,
    alertGatherMs: env.ALERT_GATHER_SECONDS * 1000,
    alertsEveryMs: env.ALERTS_EVERY_SECONDS * 1000,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    soldPageDays: env.SOLD_PAGE_DAYS,
    dealership: loadDealership(env.DEALERSHIP_FILE),
  };
}

function loadDealership(file: string | undefined): Dealership {
  if (!file) return defaultDealership;
  let overrides: unknown;
  try {
    overrides = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`DEALERSHIP_FILE: no se pudo leer ${file} como JSON (${(error as Error).message})`);
  }
  // A field the settings no longer have (a file written for an older release) is dropped, as in a stored version.
  const parsed = parseStoredDealership(
    { ...defaultDealership, ...(withOpeningSchedule(overrides) as object) },
    { error: zodSpanish },
  );
  if (!parsed.success) {
    throw new ConfigError(`Configuración inválida:\n${describeIssues('DEALERSHIP_FILE → ', parsed.error)}`);
  }
  return parsed.data;
}

/** Without SESSION_SECRET, one random secret is kept in the data directory so restarts keep sessions valid. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
