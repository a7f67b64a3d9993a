import { emailOutbox, leads } from '@db/schema.ts';
import { LEAD_KIND_BY_KIND } from '@server/services/leads/lead-kinds.ts';
import type { LeadSubmission } from '@server/services/leads/submit-lead.ts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The lead service without HTTP: what it returns for each case the handler maps to a status.
let t: TestApp;
const def = LEAD_KIND_BY_KIND.get('contacto');

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '3' });
});

afterAll(async () => {
  await t?.close();
});

function submission(fields: Record<string, unknown>, extra: Partial<LeadSubmission> = {}): LeadSubmission {
  if (!def) throw new Error('contacto kind missing');
  return { def, fields, files: [], idempotencyKey: null, client: 'cliente-a', sourcePage: null, ...extra };
}

const stored = async () => {
  const [lead] = await t.app.services.db.select({ n: count() }).from(leads);
  const [mail] = await t.app.services.db.select({ n: count() }).from(emailOutbox);
  return { leads: lead?.n, mails: mail?.n };
};

describe('lead service', () => {
  const valid = VALID_PAYLOADS['/api/contacto-contacto/'];

  it('refuses invalid fields with Spanish sentences and stores nothing', async () => {
    const result = await t.app.services.leads.submit(submission({ ...valid, email: 'no-es-correo' }));
    expect(result.outcome).toBe('refused');
    if (result.outcome !== 'refused') return;
    expect(result.refusal.kind).toBe('invalid');
    expect(result.refusal.message).toBe('Revisa los datos del formulario.');
    expect(Object.keys(result.refusal.campos ?? {})).toEqual(['email']);
    expect(await stored()).toEqual({ leads: 0, mails: 0 });
  });

  it('answers a filled honeypot as accepted and keeps nothing', async () => {
    const result = await t.app.services.leads.submit(
      submission({ ...valid, sitio_web: 'http://spam.example' }),
    );
    expect(result.outcome).toBe('accepted');
    expect(await stored()).toEqual({ leads: 0, mails: 0 });
  });

  it('stores one lead with its e-mail per key, and refuses the key with another body', async () => {
    const first = await t.app.services.leads.submit(
      submission(valid, { idempotencyKey: 'clave-servicio-1' }),
    );
    const retry = await t.app.services.leads.submit(
      submission(valid, { idempotencyKey: 'clave-servicio-1' }),
    );
    expect(first.outcome).toBe('accepted');
    expect(retry).toEqual(first);
    expect(await stored()).toEqual({ leads: 1, mails: 1 });
    const other = await t.app.services.leads.submit(
      submission({ ...valid, message: 'Otro mensaje distinto' }, { idempotencyKey: 'clave-servicio-1' }),
    );
    expect(other).toEqual({ outcome: 'key_reused' });
  });

  it('limits each client, and says when to come back', async () => {
    const outcomes = [];
    for (let i = 0; i < 3; i++)
      outcomes.push((await t.app.services.leads.submit(submission(valid, { client: 'cliente-b' }))).outcome);
    const limited = await t.app.services.leads.submit(submission(valid, { client: 'cliente-b' }));
    expect(outcomes).toEqual(['accepted', 'accepted', 'accepted']);
    expect(limited.outcome).toBe('rate_limited');
    if (limited.outcome === 'rate_limited') expect(limited.retryAfter).toBeGreaterThan(0);
  });
});
