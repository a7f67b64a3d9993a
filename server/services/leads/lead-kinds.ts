import type { Dealership } from '@contracts/dealership.ts';
import type { LeadKind } from '@contracts/lead-options.ts';
import {
  ADVISORY_AREA_OPTIONS,
  AdvisoryLeadSchema,
  CAR_BRAND_OPTIONS,
  CAR_CONDITION_OPTIONS,
  CLIENT_TYPE_OPTIONS,
  ContactLeadSchema,
  FINANCIAL_SITUATION_OPTIONS,
  FINANCING_TYPE_OPTIONS,
  FinancingLeadSchema,
  INCOME_OPTIONS,
  INSURANCE_TYPE_OPTIONS,
  InsuranceLeadSchema,
  SellLeadSchema,
  type SimulationRequest,
  SUBJECT_OPTIONS,
  TERM_OPTIONS,
  TestDriveLeadSchema,
  VehicleLeadSchema,
} from '@contracts/leads.ts';
import type { ConsentPurpose } from '@domain/consent.ts';
import type { z } from 'zod';

export type { LeadKind };

/** The columns every lead has; the kind-specific fields go to `details`. */
export interface LeadFields {
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  vehicleId: number | null;
  details: Record<string, string | number | null>;
  /** The inputs of the credit simulation a financing request was sent from; the server computes its figures. */
  simulationRequest?: SimulationRequest;
  /** A test drive's slot start, as sent (ADR 0020); the service checks it against the opening hours. */
  testDriveAt?: string;
  /**
   * The socio-economic detail fields sent without their express consent (ADR 0031): their values are gone from
   * `details`; only their names are kept. Absent when none was withheld.
   */
  withheldDetails?: string[];
  /** The purposes whose box was ticked (and the kind offers), in a fixed order; absent when none was. */
  consents?: ConsentPurpose[];
  /** The privacy policy version the form's page showed, as sent; absent when not sent. */
  policyVersion?: number;
}

export interface LeadKindDef<S extends z.ZodType = z.ZodType> {
  kind: LeadKind;
  path: string;
  schema: S;
  /** How staff see this kind, e.g. in the e-mail subject. */
  label: string;
  /** Hours within which the dealership promises first contact. */
  promiseHours: number;
  /** The Spanish sentence of the 201 answer. */
  accepted: string;
  /** The field of the payload that names a vehicle of the stock, when any. */
  vehicleField?: string;
  /**
   * Detail fields that reveal the person's socio-economic situation (Ley 19.628 as amended by Ley 21.719, art. 2 g):
   * kept only when the request carries their express consent (art. 16; ADR 0031), else never stored.
   */
  socioeconomic?: readonly string[];
  /**
   * Who a request of this kind may be passed to (art. 15), by name, from the settings in use: the cession box names
   * them. Absent, or an empty list, and the request is never passed on (no box, no consent recorded).
   */
  cessionRecipients?: (dealership: Dealership) => string[];
  toFields(data: z.infer<S>): LeadFields;
}

const define = <S extends z.ZodType>(def: LeadKindDef<S>) => def as unknown as LeadKindDef;

export const LEAD_KIND_DEFS: LeadKindDef[] = [
  define({
    kind: 'contacto',
    path: '/api/contacto-contacto/',
    schema: ContactLeadSchema,
    label: 'Mensaje de contacto',
    promiseHours: 24,
    accepted: 'Recibimos tu mensaje. Te contactaremos dentro de 24 horas.',
    toFields: (d) => ({
      name: d.name,
      email: d.email,
      phone: d.phone,
      message: d.message,
      vehicleId: null,
      details: { subject: d.subject },
    }),
  }),
  define({
    kind: 'vehiculo',
    path: '/api/contact/',
    schema: VehicleLeadSchema,
    label: 'Consulta por un vehículo',
    promiseHours: 24,
    accepted: 'Recibimos tu consulta por el vehículo. Te contactaremos dentro de 24 horas.',
    vehicleField: 'vehiculo',
    toFields: (d) => ({
      name: d.nombre,
      email: d.correo,
      phone: d.telefono ?? null,
      message: d.mensaje,
      vehicleId: d.vehiculo ?? null,
      details: {},
    }),
  }),
  define({
    kind: 'financiamiento',
    path: '/api/contact-form/',
    schema: FinancingLeadSchema,
    label: 'Solicitud de financiamiento',
    promiseHours: 24,
    accepted: 'Recibimos tu solicitud de financiamiento. Un asesor te contactará dentro de 24 horas.',
    vehicleField: 'vehiculo_id',
    socioeconomic: ['ingresos'],
    cessionRecipients: (dealership) => dealership.partners.map((partner) => partner.name),
    toFields: (d) => ({
      name: d.nombre,
      email: d.correo,
      phone: d.telefono,
      message: d.comentarios ?? null,
      vehicleId: d.vehiculo_id ?? null,
      details: {
        financiamiento: d.financiamiento,
        vehiculo: d.vehiculo,
        pie: d.pie ?? null,
        plazo: d.plazo,
        ingresos: d.ingresos ?? null,
      },
      // Absent rather than undefined: a request without a simulation hashes (Idempotency-Key) as it always did.
      ...(d.simulacion ? { simulationRequest: d.simulacion } : {}),
    }),
  }),
  define({
    kind: 'seguro',
    path: '/api/seguros/',
    schema: InsuranceLeadSchema,
    label: 'Cotización de seguro',
    promiseHours: 24,
    accepted: 'Recibimos tu solicitud de cotización. Te contactaremos dentro de 24 horas.',
    cessionRecipients: (dealership) => [...dealership.privacy.insurers],
    toFields: (d) => ({
      name: d.name,
      email: d.email,
      phone: d.phone,
      message: d.comments,
      vehicleId: null,
      details: {
        vehicle_brand: d.vehicle_brand,
        vehicle_year: d.vehicle_year,
        vehicle_model: d.vehicle_model,
        insurance_type: d.insurance_type,
      },
    }),
  }),
  define({
    kind: 'vendeauto',
    path: '/api/vendeauto/',
    schema: SellLeadSchema,
    label: 'Tasación "Compramos tu auto"',
    promiseHours: 48,
    accepted: 'Recibimos los datos de tu auto. Te contactaremos con una oferta dentro de 48 horas.',
    toFields: (d) => ({
      name: d.name,
      email: d.email,
      phone: d.phone,
      message: d.comments ?? null,
      vehicleId: null,
      details: {
        vehicle_brand: d.vehicle_brand,
        vehicle_year: d.vehicle_year,
        vehicle_model: d.vehicle_model,
        vehicle_km: d.vehicle_km,
        vehicle_color: d.vehicle_color,
        vehicle_condition: d.vehicle_condition,
      },
    }),
  }),
  define({
    kind: 'asesoria',
    path: '/api/asesoria/',
    schema: AdvisoryLeadSchema,
    label: 'Solicitud de asesoría comercial',
    promiseHours: 24,
    accepted: 'Recibimos tu solicitud de asesoría. Te contactaremos dentro de 24 horas.',
    socioeconomic: ['situacion_financiera'],
    toFields: (d) => ({
      name: d.nombre,
      email: d.correo,
      phone: d.telefono,
      message: d.comentarios,
      vehicleId: null,
      details: {
        area_asesoria: d.area_asesoria,
        tipo_cliente: d.tipo_cliente,
        fecha_preferida: d.fecha_preferida,
        situacion_financiera: d.situacion_financiera ?? null,
      },
    }),
  }),
  define({
    kind: 'prueba',
    path: '/api/prueba-de-manejo/',
    schema: TestDriveLeadSchema,
    label: 'Prueba de manejo',
    promiseHours: 24,
    accepted:
      'Agendamos tu prueba de manejo. Te esperamos en la automotora; te contactaremos para confirmarla.',
    vehicleField: 'vehiculo',
    toFields: (d) => ({
      name: d.nombre,
      email: d.correo,
      phone: d.telefono,
      message: null,
      vehicleId: d.vehiculo,
      // The slot in words is added by the service once checked (details.horario).
      details: {},
      testDriveAt: d.horario,
    }),
  }),
];

export const LEAD_KIND_BY_KIND = new Map(LEAD_KIND_DEFS.map((d) => [d.kind, d]));

/** A kind's Spanish name ('Contacto', 'Financiamiento'…), or the stored value when it is no longer known. */
export const kindLabel = (kind: string) => LEAD_KIND_BY_KIND.get(kind as never)?.label ?? kind;

/** Spanish labels of the detail fields and of their enumerated values, for e-mails and the back office. */
export const DETAIL_LABELS: Record<
  string,
  { label: string; options?: readonly { value: string; label: string }[] }
> = {
  subject: { label: 'Asunto', options: SUBJECT_OPTIONS },
  financiamiento: { label: 'Tipo de financiamiento', options: FINANCING_TYPE_OPTIONS },
  vehiculo: { label: 'Valor aproximado del vehículo' },
  pie: { label: 'Pie' },
  plazo: { label: 'Plazo', options: TERM_OPTIONS },
  ingresos: { label: 'Tipo de ingresos', options: INCOME_OPTIONS },
  vehicle_brand: { label: 'Marca', options: CAR_BRAND_OPTIONS },
  vehicle_year: { label: 'Año' },
  vehicle_model: { label: 'Modelo' },
  vehicle_km: { label: 'Kilometraje' },
  vehicle_color: { label: 'Color' },
  vehicle_condition: { label: 'Estado', options: CAR_CONDITION_OPTIONS },
  insurance_type: { label: 'Tipo de seguro', options: INSURANCE_TYPE_OPTIONS },
  area_asesoria: { label: 'Área de asesoría', options: ADVISORY_AREA_OPTIONS },
  tipo_cliente: { label: 'Tipo de cliente', options: CLIENT_TYPE_OPTIONS },
  fecha_preferida: { label: 'Fecha preferida' },
  situacion_financiera: { label: 'Situación financiera', options: FINANCIAL_SITUATION_OPTIONS },
  horario: { label: 'Prueba de manejo' },
};

/** How staff read a socio-economic field sent without its express consent: its value was never kept (ADR 0031). */
export const WITHHELD_DETAIL = 'no guardado (sin consentimiento expreso)';

export function describeDetail(key: string, value: string | number | null): { label: string; value: string } {
  const def = DETAIL_LABELS[key];
  const text = value === null ? '—' : String(value);
  const option = def?.options?.find((o) => o.value === text);
  return { label: def?.label ?? key, value: option?.label ?? text };
}
