import { simulateCredit } from '@domain/credit.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import {
  EXPORT_FORMAT,
  type PersonalDataRows,
  toPersonalDataExport,
} from '@server/services/admin/personal-data-export.ts';
import { describe, expect, it } from 'vitest';

const at = (iso: string) => new Date(iso);
type LeadRow = PersonalDataRows['leads'][number]['lead'];

function lead(id: number, extra: Partial<LeadRow> = {}): LeadRow {
  return {
    id,
    kind: 'contacto',
    status: 'contactado',
    name: 'Camila Rojas',
    email: 'camila@example.cl',
    phone: '+56 9 8123 4567',
    message: 'Hola',
    details: { subject: 'compra' },
    simulation: null,
    vehicleId: null,
    sourcePage: '/contact',
    landingPage: null,
    referrerHost: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    ipHash: 'abc123',
    createdAt: at('2026-03-01T12:00:00Z'),
    dueAt: at('2026-03-02T12:00:00Z'),
    firstContactAt: at('2026-03-01T15:00:00Z'),
    statusChangedAt: at('2026-03-01T15:00:00Z'),
    ...extra,
  } as LeadRow;
}

describe('the personal-data export', () => {
  const counts = { solicitudes: 2, fotos: 1, notas: 1, correos: 0, registrosIdempotencia: 0 };
  const rows: PersonalDataRows = {
    leads: [
      { lead: lead(1), vehicleBrand: null, vehicleModel: null, vehicleYear: null },
      {
        lead: lead(2, {
          kind: 'vendeauto',
          vehicleId: 7,
          landingPage: '/sell-your-car?utm_source=facebook',
          referrerHost: 'l.facebook.com',
          utmSource: 'facebook',
          utmMedium: 'cpc',
          utmCampaign: 'verano',
        }),
        vehicleBrand: 'Kia',
        vehicleModel: 'Rio',
        vehicleYear: 2019,
      },
    ],
    photos: [{ leadId: 2, position: 0, format: 'jpeg', width: 4, height: 3, data: Buffer.from([1, 2, 3]) }],
    notes: [{ leadId: 1, body: 'Llamar en la tarde', createdAt: at('2026-03-01T13:00:00Z'), author: 'Ana' }],
    history: [
      {
        entityId: '1',
        action: 'estado_solicitud',
        details: { actorEmail: 'ana@automotora.cl', de: 'nuevo', a: 'contactado' },
        createdAt: at('2026-03-01T15:00:00Z'),
        author: 'Ana',
      },
    ],
    mails: [],
    replays: [],
  };
  const document = toPersonalDataExport(
    {
      controller: 'Automotora Cordillera SpA',
      email: 'camila@example.cl',
      counts,
      now: at('2026-04-01T00:00:00Z'),
    },
    rows,
  );

  it('includes where the visit that sent each request began', () => {
    expect(document.solicitudes[1]?.origen).toEqual({
      fuente: 'facebook',
      medio: 'cpc',
      campana: 'verano',
      paginaLlegada: '/sell-your-car?utm_source=facebook',
      sitioReferencia: 'l.facebook.com',
    });
    expect(document.solicitudes[0]?.origen).toEqual({
      fuente: null,
      medio: null,
      campana: null,
      paginaLlegada: null,
      sitioReferencia: null,
    });
  });

  it('names its format, the controller, the address and when it was made', () => {
    expect(document).toMatchObject({
      formato: EXPORT_FORMAT,
      responsable: 'Automotora Cordillera SpA',
      correo: 'camila@example.cl',
      generado: '2026-04-01T00:00:00.000Z',
      resumen: counts,
    });
  });

  it('gives each lead its own photos, notes and history, and only its own', () => {
    const [first, second] = document.solicitudes;
    expect(first?.notas).toEqual([
      { fecha: '2026-03-01T13:00:00.000Z', autor: 'Ana', texto: 'Llamar en la tarde' },
    ]);
    expect(first?.fotos).toEqual([]);
    expect(second?.notas).toEqual([]);
    expect(second?.fotos).toEqual([
      { posicion: 0, formato: 'jpeg', ancho: 4, alto: 3, datos: 'data:image/jpeg;base64,AQID' },
    ]);
    expect(second?.historial).toEqual([]);
  });

  it('labels kinds and actions in Spanish, names the vehicle, and leaves out staff e-mail addresses', () => {
    const [first, second] = document.solicitudes;
    expect(second?.tipoEtiqueta).not.toBe('vendeauto');
    expect(second?.vehiculo).toEqual({ id: 7, descripcion: 'Kia Rio 2019' });
    expect(first?.vehiculo).toBeNull();
    expect(first?.historial).toHaveLength(1);
    expect(first?.historial[0]?.detalles).toEqual({ de: 'nuevo', a: 'contactado' });
    expect(first?.historial[0]?.accion).not.toBe('estado_solicitud');
    expect(JSON.stringify(document)).not.toContain('ana@automotora.cl');
  });

  it('carries the credit simulation a financing request was sent from, and null for the others', () => {
    const result = simulateCredit(
      defaultDealership.financing,
      {
        price: 15_000_000,
        downPayment: { pesos: 4_000_000 },
        term: 36,
        type: 'convencional',
      },
      defaultDealership,
    );
    if (!result.ok) throw new Error(result.error);
    const withSimulation = toPersonalDataExport(
      { controller: 'Automotora Cordillera SpA', email: 'camila@example.cl', counts },
      {
        ...rows,
        leads: [
          ...rows.leads,
          {
            lead: lead(3, { kind: 'financiamiento', simulation: result.simulation }),
            vehicleBrand: null,
            vehicleModel: null,
            vehicleYear: null,
          },
        ],
      },
    );
    expect(withSimulation.solicitudes.map((s) => s.simulacion)).toEqual([null, null, result.simulation]);
  });
});
