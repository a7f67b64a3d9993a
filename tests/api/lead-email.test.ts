import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emailOutbox } from '@db/schema.ts';
import { simulateCredit } from '@domain/credit.ts';
import { formatPercent, formatPrice } from '@domain/format.ts';
import { createMailTransport } from '@server/services/email/mail-transport.ts';
import { OutboxRelay } from '@server/services/email/outbox-relay.ts';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { csrfHeaders, multipartBody } from '../support/csrf-client.ts';
import { makeJpeg } from '../support/factories.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { freePort, type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ LEAD_RATE_LIMIT: '1000', ...env });
  cleanups.push(() => t.close());
  return t;
}

async function sink(port?: number): Promise<SmtpSink> {
  const s = await startSmtpSink(port);
  cleanups.push(() => s.close());
  return s;
}

async function sendLead(t: TestApp, url: string, payload: object) {
  const headers = await csrfHeaders(t.app);
  const response = await t.app.inject({ method: 'POST', url, payload, headers });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: number }).id;
}

describe('staff e-mail through SMTP', () => {
  it('sends every field in Spanish to the sales mailbox, with Reply-To the visitor', async () => {
    const smtp = await sink();
    const t = await appWith({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    // With the express consent the income type is kept and mailed (ADR 0031; without it, tests/api/lead-consents).
    const id = await sendLead(t, '/api/contact-form/', {
      ...VALID_PAYLOADS['/api/contact-form/'],
      consentimiento_datos_socioeconomicos: true,
    });
    // The staff e-mail, and the visitor's receipt of the consent (ADR 0031).
    expect(await t.app.services.outbox.deliverDue()).toBe(2);

    const mail = smtp.messages.find((m) => m.replyTo?.text === 'valentina.soto@example.cl');
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(t.config.dealership.salesEmail);
    expect(mail?.replyTo?.text).toBe('valentina.soto@example.cl');
    expect(mail?.subject).toBe('Solicitud de financiamiento: Valentina Soto');
    expect(mail?.messageId).toBe(`<outbox-${id}@autos.example.cl>`);
    for (const line of [
      'Tipo de financiamiento: Crédito Directo',
      'Valor aproximado del vehículo: $15.000.000',
      'Plazo: 36 meses',
      'Tipo de ingresos: Dependiente',
      'Teléfono: +56 9 6555 4444',
      'dentro de 24 horas',
      'Tengo contrato indefinido hace 3 años.',
    ]) {
      expect(mail?.text).toContain(line);
    }
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
    expect(row?.status).toBe('sent');
  });

  it('adds the credit simulation the request came from, as the server computed it', async () => {
    const smtp = await sink();
    const t = await appWith({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const inputs = {
      precio: 15_000_000,
      pie: 4_000_000,
      plazo: 48,
      tipo: 'convencional',
      seguros: ['desgravamen'],
    };
    await sendLead(t, '/api/contact-form/', { ...VALID_PAYLOADS['/api/contact-form/'], simulacion: inputs });
    await t.app.services.outbox.deliverDue();
    const result = simulateCredit(
      t.config.dealership.financing,
      {
        price: inputs.precio,
        downPayment: { pesos: inputs.pie },
        term: inputs.plazo,
        type: inputs.tipo,
        insurances: inputs.seguros,
      },
      t.config.dealership,
    );
    if (!result.ok) throw new Error(result.error);
    const { simulation } = result;

    const [mail] = smtp.messages;
    for (const line of [
      'Simulación de crédito:',
      'Tipo de crédito: Crédito convencional',
      'Precio del vehículo: $15.000.000',
      `Valor cuota: ${formatPrice(simulation.installment)}`,
      `Número de cuotas: 48`,
      `Seguro de desgravamen: ${formatPrice(simulation.insurances[0]?.amount ?? -1)}`,
      `Carga anual equivalente (CAE): ${formatPercent(simulation.caePercent)}`,
    ]) {
      expect(mail?.text).toContain(line);
    }
    expect(mail?.text).toMatch(/Carga anual equivalente \(CAE\): \d{1,2},\d{2}%/);
    expect(mail?.html || '').toContain('<h2 style="font-size:16px">Simulación de crédito</h2>');
    expect(mail?.html || '').toContain(formatPrice(simulation.installment));
  });

  it('cannot be made to add a header by the visitor text', async () => {
    const smtp = await sink();
    const t = await appWith({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    await sendLead(t, '/api/contacto-contacto/', {
      ...VALID_PAYLOADS['/api/contacto-contacto/'],
      message: 'Hola\r\nBcc: victima@example.com\r\nSubject: gratis\r\n\r\n<script>alert(1)</script>',
    });
    await t.app.services.outbox.deliverDue();
    const [mail] = smtp.messages;
    expect(mail?.bcc).toBeUndefined();
    expect(mail?.subject).toBe('Mensaje de contacto: Camila Rojas');
    expect(mail?.headers.get('bcc')).toBeUndefined();
    expect(mail?.text).toContain('Bcc: victima@example.com');
    expect(mail?.html || '').not.toContain('<script>');
    expect(mail?.html || '').toContain('&#60;script&#62;');
  });

  it('attaches the appraisal photos and promises 48 hours', async () => {
    const smtp = await sink();
    const t = await appWith({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const headers = await csrfHeaders(t.app);
    const jpeg = await makeJpeg(900, 600);
    const { payload, contentType } = multipartBody(
      VALID_PAYLOADS['/api/vendeauto/'] as Record<string, string>,
      [
        { filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
        { filename: 'b.jpg', contentType: 'image/jpeg', data: await makeJpeg(600, 400, '#118844') },
      ],
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vendeauto/',
      payload,
      headers: { ...headers, 'content-type': contentType },
    });
    expect(response.statusCode).toBe(201);
    await t.app.services.outbox.deliverDue();
    const [mail] = smtp.messages;
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['foto-1.jpg', 'image/jpeg'],
      ['foto-2.jpg', 'image/jpeg'],
    ]);
    expect(mail?.text).toContain('dentro de 48 horas');
  });

  it('keeps accepting leads while SMTP is down and delivers every mail after it recovers', async () => {
    const port = await freePort();
    const t = await appWith({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const relay = new OutboxRelay(
      t.database.db,
      createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '' }),
      {
        from: 'sitio@example.cl',
        domain: 'example.cl',
        retryBaseMs: 20,
        maxAttempts: 100,
      },
    );
    for (let i = 0; i < 3; i++) await sendLead(t, '/api/seguros/', VALID_PAYLOADS['/api/seguros/']);

    expect(await relay.deliverDue()).toBe(0);
    const pending = await t.database.db.select().from(emailOutbox);
    expect(pending.every((row) => row.status === 'pending' && row.attempts === 1 && row.lastError)).toBe(
      true,
    );

    const smtp = await sink(port);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await relay.deliverDue()).toBe(3);
    expect(smtp.messages).toHaveLength(3);
    const rows = await t.database.db.select().from(emailOutbox);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });
});

describe('staff e-mail without SMTP_URL', () => {
  it('writes each message as an .eml file in DATA_DIR/outbox', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'automotora-eml-'));
    const t = await appWith({ DATA_DIR: dataDir });
    const id = await sendLead(t, '/api/asesoria/', VALID_PAYLOADS['/api/asesoria/']);
    await t.app.services.outbox.deliverDue();
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toEqual([`outbox-${id}@autos.example.cl.eml`]);
    const mail = await simpleParser(readFileSync(path.join(dataDir, 'outbox', files[0] ?? '')));
    expect(mail.subject).toBe('Solicitud de asesoría comercial: Ignacio Pérez');
    expect(mail.text).toContain('Área de asesoría: Planificación financiera');
  });
});
