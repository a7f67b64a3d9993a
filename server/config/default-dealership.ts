import {
  DEFAULT_CREDIT_ELIGIBILITY,
  DEFAULT_CREDIT_QUOTATION,
  DEFAULT_PRIVACY_SETTINGS,
  type Dealership,
} from '@contracts/dealership.ts';
import { DEFAULT_MAXIMUM_RATES, DEFAULT_UF_VALUE } from '@contracts/maximum-rates.ts';
import { defaultLegalTexts } from './default-legal-texts.ts';

/** A fictional dealership, so the product runs out of the box. Real deployments override it (README). */
export const defaultDealership: Dealership = {
  name: 'Automotora Cordillera',
  legalName: 'Automotora Cordillera SpA',
  tagline: 'Vehículos nuevos y usados con financiamiento a tu medida',
  email: 'contacto@automotoracordillera.cl',
  salesEmail: 'ventas@automotoracordillera.cl',
  phones: [
    { label: 'Ventas', display: '+56 2 2345 6789', e164: '+56223456789' },
    { label: 'Servicio al cliente', display: '+56 9 8765 4321', e164: '+56987654321' },
  ],
  whatsapp: '56987654321',
  addresses: [
    {
      label: 'Sede Central',
      street: 'Av. Vicuña Mackenna 4120',
      commune: 'San Joaquín',
      city: 'Santiago',
      postalCode: '8940000',
    },
    {
      label: 'Sucursal',
      street: 'Av. Libertad 1350',
      commune: 'Viña del Mar',
      city: 'Valparaíso',
      postalCode: '2520000',
    },
  ],
  schedule: {
    // Sunday first (ADR 0036): closed Sundays, 9:30–19:00 on weekdays, 10:30–13:30 on Saturdays.
    week: [
      [],
      ...[1, 2, 3, 4, 5].map(() => [{ open: '09:30', close: '19:00' }]),
      [{ open: '10:30', close: '13:30' }],
    ],
    closedOnHolidays: true,
    closedDates: [],
  },
  testDrives: { slotCapacity: 1, minNoticeMinutes: 120, daysAhead: 14 },
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/automotoracordillera' },
    { name: 'Instagram', url: 'https://www.instagram.com/automotoracordillera' },
  ],
  mapUrl: 'https://www.openstreetmap.org/?mlat=-33.4986&mlon=-70.6167#map=17/-33.4986/-70.6167',
  mapEmbedUrl:
    'https://www.openstreetmap.org/export/embed.html?bbox=-70.6217%2C-33.5016%2C-70.6117%2C-33.4956&layer=mapnik&marker=-33.4986%2C-70.6167',
  about:
    'Somos una automotora familiar con más de 15 años en Santiago. Vendemos vehículos nuevos y usados revisados, ' +
    'con financiamiento directo y convencional, seguros y un servicio de compra de tu auto usado con pago inmediato.',
  slides: [
    {
      eyebrow: 'Más de 50 vehículos disponibles',
      title: 'Tu próximo auto te espera',
      description:
        'Vehículos nuevos y usados revisados, con precios claros y un equipo que te acompaña de principio a fin.',
      photo: null,
    },
    {
      eyebrow: 'Crédito directo y convencional',
      title: 'Financiamiento a tu medida',
      description:
        'Financiamos hasta el {financiamientoMaximo} del valor, con cuotas fijas en pesos y respuesta rápida.',
      photo: null,
    },
    {
      eyebrow: 'Compramos tu auto',
      title: 'Vende tu auto sin complicaciones',
      description: 'Tasamos tu vehículo y completamos la compra en menos de 48 horas, con pago inmediato.',
      photo: null,
    },
  ],
  // Fictional institutions: the demo shows no real bank's trademark.
  partners: [
    'Banco Cumbre Andina',
    'Finanzas Litoral',
    'Crédito Araucaria',
    'Banco Horizonte Sur',
    'Fondo Quillay',
    'Mutual Pehuén',
  ].map((name) => ({ name, logo: null })),
  financingPage: {
    directo: {
      intro:
        'Financiamos tu auto directamente, sin bancos de por medio. Pagas una cuota fija en pesos, la primera ' +
        'un mes después de firmar.',
      conditions: [
        'Plazo de hasta 48 meses',
        'Primera cuota un mes después de la firma',
        'Cuota fija en pesos durante todo el crédito',
        'Para autos nuevos o usados, de uso particular o comercial',
        'Financiamiento especial para pymes y pequeños emprendedores',
      ],
      // Who may get it is a setting of its own (creditEligibility), shown first in this list and beside its cuotas.
      requirements: [
        'Aval directo familiar (referencial)',
        'Acreditar ingresos acordes al valor de la cuota',
        'Comprobante de domicilio',
        'Cédula de identidad vigente',
      ],
    },
    convencional: {
      intro:
        'Gestionamos tu crédito con la institución financiera que mejor se ajuste a tu perfil, con plazos de 12, ' +
        '24, 36 o 48 meses. Tú eliges el auto; nosotros nos encargamos del papeleo.',
      dependent: [
        'Antigüedad laboral mínima de 1 año',
        'Renta fija: últimas 3 liquidaciones de sueldo',
        'Renta variable: últimas 6 liquidaciones de sueldo',
      ],
      independent: ['Carpeta tributaria', 'Al menos 3 años de inicio de actividades'],
    },
  },
  pageDescriptions: {},
  // The site's developer, not the dealership: a fictional team on a reserved
  // domain (RFC 2606), never the dealership's own site (issue 35).
  developerCredit: { name: 'Equipo Automotora Web', url: 'https://automotoraweb.example' },
  brandColor: '#1e3a8a',
  accentColor: '#f59e0b',
  legal: defaultLegalTexts,
  // Fictional insurers, like the dealership: a quote request is passed to them only with its own consent (ADR 0031).
  privacy: {
    ...DEFAULT_PRIVACY_SETTINGS,
    insurers: ['Seguros Andes', 'Aseguradora del Pacífico', 'Protege Seguros'],
  },
  creditQuotation: DEFAULT_CREDIT_QUOTATION,
  creditEligibility: DEFAULT_CREDIT_ELIGIBILITY,
  // Sourced figures, out of date: the dashboard asks staff to type the certificate in force (ADR 0042).
  maximumRates: DEFAULT_MAXIMUM_RATES,
  ufValue: DEFAULT_UF_VALUE,
  financing: {
    credits: {
      convencional: {
        label: 'Crédito convencional',
        monthlyRatePercent: { 12: 1.39, 24: 1.45, 36: 1.52, 48: 1.59 },
        minDownPaymentPercent: 20,
      },
      directo: {
        label: 'Crédito directo',
        // At most 1,865% a month: the maximum rate of the demo's table over 200 UF is 22,38% a year (ADR 0042).
        monthlyRatePercent: { 12: 1.72, 24: 1.78, 36: 1.82, 48: 1.86 },
        minDownPaymentPercent: 40,
      },
    },
    // DL 3.475, art. 1 N° 3: 0,066% per month of term, at most 0,8%.
    stampTax: { monthlyPercent: 0.066, capPercent: 0.8 },
    fees: [
      { id: 'notaria', label: 'Gastos notariales', amount: 25_000, financed: true },
      { id: 'prenda', label: 'Inscripción de prenda (Registro Civil)', amount: 42_000, financed: true },
    ],
    insurances: [
      {
        id: 'desgravamen',
        label: 'Seguro de desgravamen',
        monthlyPercent: 0.03,
        required: false,
        insurer: 'Seguros Andes',
        coverage:
          'Paga el saldo del crédito en caso de fallecimiento o invalidez total y permanente del deudor.',
      },
      {
        id: 'cesantia',
        label: 'Seguro de cesantía',
        monthlyPercent: 0.05,
        required: false,
        insurer: 'Aseguradora del Pacífico',
        coverage:
          'Paga hasta 4 cuotas si el deudor dependiente pierde su empleo, o si el independiente queda incapacitado temporalmente.',
      },
    ],
    minFinancedAmount: 1_000_000,
    legalNote:
      'Simulación referencial, sujeta a evaluación crediticia: la tasa, el pie y el plazo finales dependen de ella. ' +
      'La CAE y el CTC incluyen los gastos y seguros indicados.',
  },
};
