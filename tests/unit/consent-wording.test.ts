// The sentences of the consent boxes (ADR 0031): one function for the form and the server, naming the dealership and
// every partner of a cession, given to the page as text; a form without partners to name has no cession box, and a
// request from it records none.
import { consentWording, spanishList } from '@domain/consent.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import {
  applyConsents,
  formConsentContext,
  kindConsentWording,
  offeredPurposes,
} from '@server/services/leads/lead-consents.ts';
import { LEAD_KIND_BY_KIND, type LeadKindDef } from '@server/services/leads/lead-kinds.ts';
import { describe, expect, it } from 'vitest';

const kind = (name: string) => LEAD_KIND_BY_KIND.get(name as never) as LeadKindDef;
const noInsurers = { ...defaultDealership, privacy: { ...defaultDealership.privacy, insurers: [] } };

describe('spanishList', () => {
  it('joins names the Spanish way, the same in every engine', () => {
    expect(spanishList([])).toBe('');
    expect(spanishList(['Banco Uno'])).toBe('Banco Uno');
    expect(spanishList(['A', 'B'])).toBe('A y B');
    expect(spanishList(['A', 'B', 'Itaú'])).toBe('A, B y Itaú');
  });
});

describe('consentWording', () => {
  it('names the dealership in every sentence, and each lender in the financing cession', () => {
    const lenders = defaultDealership.partners.map((partner) => partner.name);
    const cession = consentWording('financiamiento', 'cesion', {
      dealership: 'Autos del Sur',
      recipients: lenders,
    });
    expect(cession).toMatch(/^Autorizo a Autos del Sur a enviar mi solicitud/);
    for (const lender of lenders) expect(cession).toContain(lender);
    expect(consentWording('contacto', 'marketing', { dealership: 'Autos del Sur' })).toContain(
      'Autos del Sur',
    );
    expect(consentWording('financiamiento', 'datos_socioeconomicos', { dealership: 'X' })).toContain(
      'tipo de ingresos',
    );
    expect(consentWording('asesoria', 'datos_socioeconomicos', { dealership: 'X' })).toContain(
      'situación financiera',
    );
  });

  it('has no sentence for a box a form does not have', () => {
    expect(consentWording('contacto', 'cesion', { dealership: 'X', recipients: ['Y'] })).toBeNull();
    expect(consentWording('seguro', 'cesion', { dealership: 'X', recipients: [] })).toBeNull();
    expect(consentWording('seguro', 'datos_socioeconomicos', { dealership: 'X' })).toBeNull();
  });
});

describe('the lead kinds’ consents', () => {
  it('offers a cession only while the settings name someone to pass the request to', () => {
    expect(offeredPurposes(kind('seguro'), defaultDealership)).toEqual(['cesion', 'marketing']);
    expect(offeredPurposes(kind('seguro'), noInsurers)).toEqual(['marketing']);
    expect(offeredPurposes(kind('financiamiento'), defaultDealership)).toEqual([
      'datos_socioeconomicos',
      'cesion',
      'marketing',
    ]);
    expect(offeredPurposes(kind('asesoria'), defaultDealership)).toEqual([
      'datos_socioeconomicos',
      'marketing',
    ]);
    expect(offeredPurposes(kind('contacto'), defaultDealership)).toEqual(['marketing']);
  });

  it('records no cession a form could not have shown, and the pages are told whom each form names', () => {
    const def = kind('seguro');
    const fields = def.toFields({} as never);
    expect(applyConsents(def, { consentimiento_cesion: true }, fields, noInsurers).consents).toBeUndefined();
    expect(applyConsents(def, { consentimiento_cesion: true }, fields, defaultDealership).consents).toEqual([
      'cesion',
    ]);
    const context = formConsentContext(noInsurers, 3);
    expect(Object.keys(context.seguro.boxes)).toEqual(['marketing']);
    expect(Object.keys(context.financiamiento.boxes)).toEqual([
      'datos_socioeconomicos',
      'cesion',
      'marketing',
    ]);
    // The page's sentence is the one the server records for the same settings.
    expect(context.financiamiento.boxes.cesion).toBe(
      kindConsentWording(kind('financiamiento'), 'cesion', noInsurers),
    );
    for (const lender of defaultDealership.partners)
      expect(context.financiamiento.boxes.cesion).toContain(lender.name);
    expect(context.contacto).toEqual({
      purpose: 'Usaremos estos datos para responder tu mensaje.',
      boxes: { marketing: expect.stringContaining(defaultDealership.name) },
      policyVersion: 3,
    });
  });

  it('leaves a request without boxes or socio-economic values as it was (same fields, same key hash)', () => {
    const def = kind('contacto');
    const fields = def.toFields({
      name: 'Ana',
      email: 'a@b.cl',
      phone: '+56 9 1234 5678',
      subject: 'otro',
      message: 'Hola',
    } as never);
    expect(applyConsents(def, { politica_version: 2 }, fields, defaultDealership)).toEqual(fields);
  });
});
