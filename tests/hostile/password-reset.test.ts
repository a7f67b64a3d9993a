// The password-recovery inputs (issue 31) get the treatment of every other form: hostile text, wrong types and
// extra keys answer 200 (the same sentence for any address) or a Spanish 4xx, never a 5xx, and a refusal leaves
// nothing behind: no link, no e-mail, no audit entry, no password or e-mail changed, no session ended.
import type { Db } from '@db/client.ts';
import { auditLog, emailOutbox, passwordResets, rateLimits, sessions, staffUsers } from '@db/schema.ts';
import { verifyPassword } from '@server/services/auth/password.ts';
import { RESET_REQUESTED_MESSAGE } from '@server/services/auth/password-reset.ts';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { expectSpanishRefusal, runs, UNPRINTABLE_LINE } from '../support/hostile-checks.ts';
import { hostileString, hostileValue, NAUGHTY_STRINGS } from '../support/naughty-strings.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInStaff;
let colleague: SignedInStaff;
const db = (): Db => t.database.db;

beforeAll(async () => {
  // The limits are proven by the API tests; here every request must reach validation.
  t = await createTestApp({ PASSWORD_RESET_RATE_LIMIT: '10000' });
  admin = await signedInStaff(t.app, 'admin');
  colleague = await signedInStaff(t.app, 'ventas');
}, 180_000);
afterAll(() => t.close());

async function stored() {
  const n = async (table: typeof passwordResets | typeof emailOutbox | typeof auditLog | typeof sessions) =>
    (await db().select({ n: count() }).from(table))[0]?.n ?? 0;
  const accounts = await db()
    .select({ id: staffUsers.id, email: staffUsers.email, hash: staffUsers.passwordHash })
    .from(staffUsers)
    .orderBy(staffUsers.id);
  return {
    links: await n(passwordResets),
    mails: await n(emailOutbox),
    audit: await n(auditLog),
    sessions: await n(sessions),
    accounts,
  };
}

let sent = 0;
async function post(url: string, payload: unknown) {
  const csrf = await csrfHeaders(t.app);
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.9.${Math.floor(++sent / 250)}.${sent % 250}`,
    headers: { ...csrf, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

/** Addresses that look like one: a hostile part before or after the @. */
const hostileAddress = fc.oneof(
  hostileValue(),
  hostileString({ maxLength: 80 }).map((local) => `${local}@automotora.cl`),
  hostileString({ maxLength: 80 }).map((domain) => `ana@${domain}`),
);

describe('POST /admin/api/clave/olvidada', () => {
  it('answers any address of no account with the one sentence or a Spanish refusal, storing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostileAddress, async (email) => {
        const before = await stored();
        const response = await post('/admin/api/clave/olvidada', { email });
        if (response.statusCode === 200)
          expect(response.json()).toEqual({ mensaje: RESET_REQUESTED_MESSAGE });
        else expectSpanishRefusal(response);
        expect(await stored()).toEqual(before);
      }),
      { numRuns: runs(80) },
    );
  });

  it('refuses wrong bodies in Spanish', async () => {
    for (const payload of [
      null,
      [],
      'ana@automotora.cl',
      { correo: colleague.email },
      { email: [colleague.email] },
    ]) {
      const before = await stored();
      expectSpanishRefusal(await post('/admin/api/clave/olvidada', payload));
      expect(await stored()).toEqual(before);
    }
  });
});

describe('POST /admin/api/clave/nueva', () => {
  it('refuses hostile links and passwords in Spanish, changing no password and ending no session', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileValue(), fc.constant('A'.repeat(43))),
        fc.oneof(hostileValue(), fc.constant('tortuga violeta cruza el puente')),
        async (token, nueva) => {
          const before = await stored();
          const response = await post('/admin/api/clave/nueva', { t: token, nueva });
          expect([400, 410]).toContain(response.statusCode);
          expectSpanishRefusal(response);
          expect(await stored()).toEqual(before);
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('stores a hostile password only as a hash, or refuses it in Spanish beside its field with the link unspent', async () => {
    /** A fresh link for the colleague, as an admin sends it; its token read from the queued e-mail. */
    const freshLink = async () => {
      // An hour passes: the account's limit of links an hour is not the point here.
      await db().delete(rateLimits);
      const response = await callAs(
        t.app,
        'POST',
        `/admin/api/usuarios/${colleague.id}/enlace-clave`,
        admin,
        {},
      );
      expect(response.statusCode, response.body).toBe(200);
      const mails = await db()
        .select({ text: emailOutbox.textBody })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, colleague.email))
        .orderBy(emailOutbox.id);
      const last = mails.at(-1)?.text ?? '';
      return /clave-nueva\?t=([\w-]{43})/.exec(last)?.[1] ?? '';
    };
    let token = await freshLink();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileString({ maxLength: 220 }),
          fc.constantFrom(...NAUGHTY_STRINGS).map((bad) => `tortuga violeta ${bad} puente`),
        ),
        async (nueva) => {
          const before = await stored();
          const response = await post('/admin/api/clave/nueva', { t: token, nueva });
          if (response.statusCode !== 200) {
            expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
            expect(Object.keys(expectSpanishRefusal(response).campos ?? {})).toEqual(['nueva']);
            expect(await stored()).toEqual(before);
            return;
          }
          const [row] = await db().select().from(staffUsers).where(eq(staffUsers.id, colleague.id));
          expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
          expect(row?.passwordHash).not.toContain(nueva);
          expect(await verifyPassword(nueva, row?.passwordHash ?? '')).toBe(true);
          token = await freshLink();
        },
      ),
      // Each accepted password is hashed: a few runs are enough.
      { numRuns: runs(20) },
    );
  });
});

describe('PATCH /admin/api/usuarios/:id (e-mail)', () => {
  it('stores a valid address trimmed and in lower case, or refuses it in Spanish beside its field', async () => {
    await fc.assert(
      fc.asyncProperty(hostileAddress, async (email) => {
        const before = await stored();
        const response = await callAs(t.app, 'PATCH', `/admin/api/usuarios/${colleague.id}`, admin, {
          email,
        });
        if (response.statusCode !== 200) {
          const refusal = expectSpanishRefusal(response);
          if (response.statusCode === 400 && typeof email === 'string')
            expect(Object.keys(refusal.campos ?? {})).toEqual(['email']);
          expect(await stored()).toEqual(before);
          return;
        }
        expect(typeof email).toBe('string');
        const [row] = await db().select().from(staffUsers).where(eq(staffUsers.id, colleague.id));
        expect(row?.email).toBe((email as string).trim().toLowerCase());
        expect(row?.email).not.toMatch(UNPRINTABLE_LINE);
      }),
      { numRuns: runs(60) },
    );
  });
});

describe('PATCH /admin/api/usuarios/:id (deactivation with a handover)', () => {
  it('refuses any heir but an active other account in Spanish, leaving the account active', async () => {
    const leaving = await signedInStaff(t.app, 'ventas');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileValue(), fc.constantFrom(0, -1, 1.5, 2 ** 31, leaving.id)),
        async (traspasarA) => {
          // JSON drops an undefined: that body is a plain deactivation, not the point here.
          fc.pre(traspasarA !== undefined && traspasarA !== admin.id && traspasarA !== colleague.id);
          const before = await stored();
          const response = await callAs(t.app, 'PATCH', `/admin/api/usuarios/${leaving.id}`, admin, {
            active: false,
            traspasarA,
          });
          expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
          expectSpanishRefusal(response);
          expect(await stored()).toEqual(before);
          const [still] = await db().select().from(staffUsers).where(eq(staffUsers.id, leaving.id));
          expect(still?.active).toBe(true);
        },
      ),
      { numRuns: runs(60) },
    );
  });
});
