// The site settings' fields in the words of the Sitio form, for what staff read about a change (the audit trail, the
// list of versions): `phones.1.e164` is «Teléfonos › Teléfono 2 › Número», never the path (ADR 0041).

import { MAXIMUM_RATE_SEGMENTS, maximumRateSegmentLabel } from '@contracts/maximum-rate-segments.ts';
import type { OpeningRange } from '@contracts/opening-schedule.ts';
import { formatPhone } from '@contracts/phone.ts';
import { dayKeyToChile } from './chile-time.ts';
import { formatPercent, formatPrice } from './format.ts';
import { dayHoursText } from './hours-text.ts';

/** A field, or a group of fields (an object, or a list whose items are numbered by `item`). */
type Node = string | Group;
interface Group {
  label: string;
  /** The fields of an object. */
  fields?: Record<string, Node>;
  /** The name of a list's item, from its position (1-based). */
  item?: (position: number) => string;
  /** What each item of a list holds. */
  each?: Node;
}

const numbered = (name: string) => (position: number) => `${name} ${position}`;
const line = numbered('línea');
const DAYS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];

const credit = (label: string): Group => ({
  label,
  fields: {
    label: 'Nombre',
    monthlyRatePercent: {
      label: 'Tasa mensual',
      fields: { 12: 'a 12 meses', 24: 'a 24 meses', 36: 'a 36 meses', 48: 'a 48 meses' },
    },
    minDownPaymentPercent: 'Pie mínimo',
  },
});

const SETTINGS: Record<string, Node> = {
  name: 'Nombre de la automotora',
  legalName: 'Razón social',
  tagline: 'Frase de la portada',
  email: 'Correo de contacto',
  salesEmail: 'Correo de ventas',
  whatsapp: 'WhatsApp',
  phones: {
    label: 'Teléfonos',
    item: numbered('Teléfono'),
    each: { label: 'Teléfono', fields: { label: 'Nombre', display: 'Como se muestra', e164: 'Número' } },
  },
  addresses: {
    label: 'Direcciones',
    item: numbered('Dirección'),
    each: {
      label: 'Dirección',
      fields: {
        label: 'Nombre',
        street: 'Calle y número',
        commune: 'Comuna',
        city: 'Ciudad',
        postalCode: 'Código postal',
      },
    },
  },
  schedule: {
    label: 'Horario de atención',
    fields: {
      week: {
        label: 'Días',
        item: (position) => DAYS[position - 1] ?? `Día ${position}`,
        each: {
          label: 'Horario',
          item: numbered('tramo'),
          each: { label: 'Tramo', fields: { open: 'abre', close: 'cierra' } },
        },
      },
      closedOnHolidays: 'Cerrado en feriados',
      closedDates: { label: 'Otros días cerrados', item: line },
    },
  },
  testDrives: {
    label: 'Pruebas de manejo',
    fields: {
      slotCapacity: 'Pruebas por media hora',
      minNoticeMinutes: 'Anticipación mínima (minutos)',
      daysAhead: 'Días que se ofrecen',
    },
  },
  social: {
    label: 'Redes sociales',
    item: numbered('Red social'),
    each: { label: 'Red social', fields: { name: 'Nombre', url: 'Dirección' } },
  },
  mapUrl: 'Enlace al mapa',
  mapEmbedUrl: 'Mapa incrustado en Contacto',
  about: 'Quiénes somos',
  slides: {
    label: 'Portada',
    item: numbered('Diapositiva'),
    each: {
      label: 'Diapositiva',
      fields: { eyebrow: 'Antetítulo', title: 'Título', description: 'Descripción', photo: 'Foto' },
    },
  },
  partners: {
    label: 'Instituciones financieras',
    item: numbered('Institución'),
    each: { label: 'Institución', fields: { name: 'Nombre', logo: 'Logo' } },
  },
  financingPage: {
    label: 'Textos de Financiamiento',
    fields: {
      directo: {
        label: 'Crédito Directo',
        fields: {
          intro: 'Presentación',
          conditions: { label: 'Condiciones', item: line },
          requirements: { label: 'Requisitos', item: line },
        },
      },
      convencional: {
        label: 'Crédito Convencional',
        fields: {
          intro: 'Presentación',
          dependent: { label: 'Requisitos de trabajadores dependientes', item: line },
          independent: { label: 'Requisitos de trabajadores independientes', item: line },
        },
      },
    },
  },
  pageDescriptions: {
    label: 'Descripciones para buscadores',
    fields: {
      home: 'Inicio',
      vehicles: 'Vehículos',
      financing: 'Financiamiento',
      insurance: 'Seguros',
      sellYourCar: 'Compramos tu auto',
      commercialAdvisory: 'Asesoría comercial',
      contact: 'Contacto',
    },
  },
  developerCredit: { label: 'Crédito del pie de página', fields: { name: 'Texto', url: 'Enlace' } },
  brandColor: 'Color de la marca',
  accentColor: 'Color de acento',
  legal: {
    label: 'Textos legales',
    fields: {
      terms: 'Términos y condiciones',
      privacy: 'Política de privacidad',
      updated: 'Última actualización',
    },
  },
  privacy: {
    label: 'Datos personales',
    fields: {
      retentionMonths: {
        label: 'Meses que se guarda cada solicitud',
        fields: {
          contacto: 'Mensajes de contacto',
          vehiculo: 'Consultas por un vehículo',
          financiamiento: 'Solicitudes de financiamiento',
          seguro: 'Cotizaciones de seguro',
          vendeauto: 'Compramos tu auto',
          asesoria: 'Asesoría comercial',
          prueba: 'Pruebas de manejo',
        },
      },
      photoRetentionMonths: 'Meses que se guardan las fotos de «Compramos tu auto»',
      insurers: { label: 'Aseguradoras', item: line },
    },
  },
  creditQuotation: {
    label: 'Cotización de crédito',
    fields: {
      lenders: {
        label: 'Institución que otorga cada crédito',
        fields: { convencional: 'Crédito convencional', directo: 'Crédito directo' },
      },
      validityBusinessDays: 'Vigencia de la cotización (días hábiles)',
      prepayment: 'Prepago',
      lateInterest: 'Interés por atraso',
      collectionCharges: 'Gastos de cobranza',
    },
  },
  creditEligibility: {
    label: 'Quién puede obtener cada crédito',
    fields: { convencional: 'Crédito convencional', directo: 'Crédito directo' },
  },
  financing: {
    label: 'Financiamiento',
    fields: {
      credits: {
        label: 'Créditos',
        fields: { convencional: credit('Crédito convencional'), directo: credit('Crédito directo') },
      },
      stampTax: {
        label: 'Impuesto de timbres y estampillas',
        fields: { monthlyPercent: 'Tasa por mes de plazo', capPercent: 'Tope' },
      },
      fees: {
        label: 'Gastos de la operación',
        item: numbered('Gasto'),
        each: {
          label: 'Gasto',
          fields: { id: 'Identificador', label: 'Nombre', amount: 'Monto', financed: 'Se suma al crédito' },
        },
      },
      insurances: {
        label: 'Seguros del crédito',
        item: numbered('Seguro'),
        each: {
          label: 'Seguro',
          fields: {
            id: 'Identificador',
            label: 'Nombre',
            monthlyPercent: 'Tasa por mes de plazo',
            required: 'Obligatorio',
            insurer: 'Aseguradora',
            coverage: 'Cobertura',
          },
        },
      },
      minFinancedAmount: 'Crédito mínimo',
      legalNote: 'Nota legal bajo cada simulación',
    },
  },
  maximumRates: {
    label: 'Tasa máxima convencional',
    fields: {
      certificate: 'Certificado',
      validFrom: 'Rige desde',
      annualPercent: {
        label: 'Tasa máxima anual',
        fields: Object.fromEntries(
          MAXIMUM_RATE_SEGMENTS.map((segment) => [segment, maximumRateSegmentLabel(segment)]),
        ),
      },
    },
  },
  ufValue: { label: 'Unidad de fomento', fields: { pesos: 'Valor de la UF', date: 'Fecha del valor' } },
};

/** A key in lower-case words: `old_terms` and `oldTerms` are «old terms» (a field nobody labelled, said in words). */
export function keyWords(key: string): string {
  return key
    .replace(/_/g, ' ')
    .replace(/([a-záéíóúñ])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

const labelOf = (node: Node) => (typeof node === 'string' ? node : node.label);

/**
 * A settings path as the form names it: `phones.1.e164` → «Teléfonos › Teléfono 2 › Número»,
 * `schedule.week.6` → «Horario de atención › Días › Sábado». A part the settings do not have (a field since removed)
 * is named «campo «x»», so nothing is hidden and no code passes for a word.
 */
export function settingsPathLabel(path: string): string {
  const words: string[] = [];
  let node: Node | undefined = { label: '', fields: SETTINGS };
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') {
      words.push(`campo «${keyWords(part)}»`);
      node = undefined;
      continue;
    }
    if (node.item && /^\d+$/.test(part)) {
      words.push(node.item(Number(part) + 1));
      node = node.each ?? '';
      continue;
    }
    const next: Node | undefined = node.fields?.[part];
    if (next === undefined) {
      words.push(`campo «${keyWords(part)}»`);
      node = undefined;
      continue;
    }
    words.push(labelOf(next));
    node = next;
  }
  return words.join(' › ');
}

/** Whether every part of the path is a field the form has (tests hold every field of the settings to it). */
export function isKnownSettingsPath(path: string): boolean {
  return !settingsPathLabel(path).includes('campo «');
}

const isRange = (value: unknown): value is OpeningRange =>
  typeof value === 'object' && value !== null && 'open' in value && 'close' in value;

/** One value of the settings as the form shows it: pesos, percentages, dates, a day's hours, a phone. */
export function settingsValueText(path: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(vacío)';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') {
    if (/Percent/.test(path)) return Number.isInteger(value) ? `${value}%` : formatPercent(value);
    if (/(?:amount|minFinancedAmount)$/.test(path)) return formatPrice(value);
    if (path === 'ufValue.pesos') return `$${value.toLocaleString('es-CL', { minimumFractionDigits: 2 })}`;
    return String(value).replace('.', ',');
  }
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return dayKeyToChile(value);
    if (path.endsWith('e164')) return formatPhone(value);
    if (path === 'whatsapp' && /^\d+$/.test(value)) return formatPhone(`+${value}`);
    return value;
  }
  if (Array.isArray(value)) {
    if (/^schedule\.week\.\d$/.test(path))
      return value.length === 0 ? 'cerrado' : dayHoursText(value.filter(isRange));
    if (value.length === 0) return '(ninguno)';
    return value.map((item, index) => settingsValueText(`${path}.${index}`, item)).join('; ');
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (isRange(record)) return `${record.open}-${record.close}`;
    // A photo or a logo: its file is no word to read.
    if ('hash' in record && 'width' in record) return `foto de ${record.width}×${record.height} px`;
    // A row of a list (a phone, an address, a charge): its name first, then its other fields.
    const named = ['label', 'name', 'display', 'street']
      .map((key) => record[key])
      .find((v) => typeof v === 'string');
    if (typeof named === 'string' && /\.\d+$/.test(path)) {
      const rest = Object.entries(record)
        .filter(([key, v]) => v !== named && key !== 'id' && v !== undefined && typeof v !== 'object')
        .map(([key, v]) => settingsValueText(`${path}.${key}`, v));
      // A phone's number reads as its «Como se muestra» most often: said once.
      const shown = [...new Set(rest)].filter((text) => text !== named);
      return shown.length > 0 ? `${named} (${shown.join(', ')})` : named;
    }
    return Object.entries(record)
      .map(
        ([key, v]) =>
          `${settingsPathLabel(`${path}.${key}`).split(' › ').at(-1)}: ${settingsValueText(`${path}.${key}`, v)}`,
      )
      .join('; ');
  }
  return String(value);
}
