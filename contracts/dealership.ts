import { z } from 'zod';
import { LEAD_KINDS } from './lead-options.ts';
import { LegalTextsSchema } from './legal-texts.ts';
import {
  DEFAULT_MAXIMUM_RATES,
  DEFAULT_UF_VALUE,
  MaximumRatesSchema,
  UfValueSchema,
} from './maximum-rates.ts';
import { OpeningScheduleSchema, scheduleFromOldSettings } from './opening-schedule.ts';
import { formatPhone, normalizePhone, PHONE_ERROR } from './phone.ts';
import { text } from './text-field.ts';

/** A line of text the site shows: the one text rule of every form (contracts/text-field.ts), with its Spanish errors. */
const line = (label: string, max: number) => text({ label, max });

/** A paragraph: the same rule, line breaks allowed. */
const paragraph = (label: string, min: number, max: number) => text({ label, min, max, multiline: true });

/** A link the site shows: only http or https to a named host, never `javascript:` or `data:`. */
const link = z
  .string({ error: 'Ingresa una dirección web que empiece con https://.' })
  .trim()
  .max(500, 'puede tener hasta 500 caracteres')
  .pipe(z.httpUrl({ error: 'Ingresa una dirección web que empiece con https://.' }));

/** A settings value that is already E.164 is kept as it is (a version stored before ADR 0041 keeps reading). */
const STORED_E164 = /^\+\d{8,15}$/;

/**
 * A phone of the dealership, typed as people in Chile type it (ADR 0041): stored in E.164 for tel: links, and shown
 * as written in «Como se muestra», or, left blank, as the number reads ('+56 2 2345 6789').
 */
const PhoneSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const row = value as Record<string, unknown>;
    const typed = typeof row.e164 === 'string' ? row.e164.trim() : row.e164;
    const e164 =
      typeof typed === 'string' && !STORED_E164.test(typed) ? (normalizePhone(typed) ?? typed) : typed;
    const blank = row.display === undefined || (typeof row.display === 'string' && row.display.trim() === '');
    return {
      ...row,
      e164,
      ...(blank && typeof e164 === 'string' && STORED_E164.test(e164) ? { display: formatPhone(e164) } : {}),
    };
  },
  z.strictObject({
    label: line('el nombre del teléfono', 40),
    /** As shown to people, e.g. "+56 2 2345 6789". */
    display: line('el teléfono como se muestra', 30),
    /** E.164 for tel: links, e.g. "+56223456789". */
    e164: z.string({ error: PHONE_ERROR }).regex(STORED_E164, { error: PHONE_ERROR }),
  }),
);

const POSTAL_CODE_ERROR = 'El código postal tiene 7 dígitos, sin espacios ni guiones, por ejemplo 8940000.';

const AddressSchema = z.strictObject({
  label: line('el nombre de la dirección', 40),
  street: line('la calle y el número', 120),
  commune: line('la comuna', 60),
  city: line('la ciudad', 60),
  /**
   * The código postal of Correos de Chile: seven digits. Google's vehicle feed asks for it in the address, and the
   * pages' structured data (PostalAddress) carry it. Optional: settings stored before it existed have none, and the
   * form leaves it out when blank.
   */
  postalCode: z
    .string({ error: POSTAL_CODE_ERROR })
    .trim()
    .regex(/^[0-9]{7}$/, { error: POSTAL_CODE_ERROR })
    .optional(),
});

// ------------------------------------------------------------------ financing (the credit simulator, ADR 0017)

/** A short identifier used in addresses (`?seguros=desgravamen`). */
const SlugSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,30}$/, 'debe ser un identificador en minúsculas, como desgravamen');
const PesosSchema = z.number().int('debe ser un monto en pesos, sin decimales').min(0).max(100_000_000);
const MonthlyPercentSchema = z
  .number()
  .min(0, 'no puede ser negativa')
  .max(6, 'no puede pasar de 6% mensual');

const CreditTypeSettingsSchema = z.strictObject({
  label: text({ label: 'el nombre del crédito', min: 2, max: 60 }),
  /** Monthly interest rate in percent (1.59 = 1,59% mensual) for each term offered; absent terms are not offered. */
  monthlyRatePercent: z
    .strictObject({
      12: MonthlyPercentSchema,
      24: MonthlyPercentSchema,
      36: MonthlyPercentSchema,
      48: MonthlyPercentSchema,
    })
    .partial()
    .refine((rates) => Object.keys(rates).length > 0, 'debe ofrecer al menos un plazo'),
  /** Smallest down payment, in percent of the price; the most the credit finances is the rest. */
  minDownPaymentPercent: z.number().int().min(0).max(90),
});

export const FinancingSettingsSchema = z.strictObject({
  credits: z.strictObject({ convencional: CreditTypeSettingsSchema, directo: CreditTypeSettingsSchema }),
  /**
   * Impuesto de timbres y estampillas on the credit (DL 3.475, art. 1 N° 3): a rate per month of term up to a cap,
   * both in percent. The legal values are 0,066% and 0,8%.
   */
  stampTax: z.strictObject({
    monthlyPercent: z.number().min(0).max(1),
    capPercent: z.number().min(0).max(2),
  }),
  /** Fixed charges of the operation (notary, prenda). `financed`: added to the credit; otherwise paid at signing. */
  fees: z
    .array(
      z.strictObject({
        id: SlugSchema,
        label: text({ label: 'el nombre del gasto', min: 2, max: 80 }),
        amount: PesosSchema,
        financed: z.boolean(),
      }),
    )
    .max(6),
  /**
   * Credit insurance, each a single premium financed in the credit: `monthlyPercent` of the credit per month of
   * term. `required` ones are always included; the visitor chooses the others.
   */
  insurances: z
    .array(
      z.strictObject({
        id: SlugSchema,
        label: text({ label: 'el nombre del seguro', min: 2, max: 80 }),
        monthlyPercent: z.number().min(0).max(0.5),
        required: z.boolean(),
        /**
         * The quotation's terms of the insurance (DS 43 of 2012, servicios voluntarios): who insures and what it
         * covers. Optional in the shape, so a version stored before they existed still passes; a save from the back
         * office must give both (`SettingsSaveSchema`).
         */
        insurer: line('la aseguradora', 80).optional(),
        coverage: paragraph('la cobertura del seguro', 10, 300).optional(),
      }),
    )
    .max(4),
  /** The smallest amount the dealership finances (price minus pie), in pesos. */
  minFinancedAmount: PesosSchema,
  /** Shown under every simulation: referential figures, subject to credit evaluation. */
  legalNote: paragraph('la nota legal', 20, 1000),
});
export type FinancingSettings = z.infer<typeof FinancingSettingsSchema>;

// ------------------------------------------------------------------ test drives (ADR 0020)

export const TestDriveSettingsSchema = z.strictObject({
  /** How many test drives the dealership can take in one 30-minute slot (all vehicles together). */
  slotCapacity: z.number().int().min(1).max(20),
  /** The earliest slot offered is at least this many minutes ahead. */
  minNoticeMinutes: z.number().int().min(0).max(2880),
  /** Days offered, today included. */
  daysAhead: z.number().int().min(1).max(60),
});
export type TestDriveSettings = z.infer<typeof TestDriveSettingsSchema>;

/** A photo uploaded for the site (a home slide): public under /media like a vehicle's photo (ADR 0025). */
export const SitePhotoSchema = z.strictObject({
  hash: z.string().regex(/^[0-9a-f]{32}$/, 'no es una foto subida al sitio'),
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(20_000),
});
export type SitePhoto = z.infer<typeof SitePhotoSchema>;

/** One of the three home slides; without a photo it shows a featured vehicle's main photo. */
const SlideSchema = z.strictObject({
  eyebrow: line('el antetítulo', 60),
  title: line('el título', 80),
  description: line('la descripción', 240),
  photo: SitePhotoSchema.nullable(),
});
export type Slide = z.infer<typeof SlideSchema>;

// ------------------------------------------------------------------ content the dealership edits (ADR 0025)

/** One of the six partner institutions of /financing; without a logo its name is drawn as a wordmark. */
const PartnerSchema = z.strictObject({
  name: line('el nombre de la institución', 60),
  logo: SitePhotoSchema.nullable(),
});
export type Partner = z.infer<typeof PartnerSchema>;

/** A list the site shows with check marks; the form edits it one item per line. */
const checkItems = (label: string) =>
  z.array(line(label, 160)).min(1, 'debe tener al menos una línea').max(10, 'puede tener hasta 10 líneas');

/** The texts of the two credit sections of /financing. The direct credit's pie line is computed from its conditions. */
export const FinancingPageSchema = z.strictObject({
  directo: z.strictObject({
    intro: paragraph('la presentación del crédito directo', 20, 600),
    conditions: checkItems('cada condición'),
    requirements: checkItems('cada requisito'),
  }),
  convencional: z.strictObject({
    intro: paragraph('la presentación del crédito convencional', 20, 600),
    dependent: checkItems('cada requisito de los dependientes'),
    independent: checkItems('cada requisito de los independientes'),
  }),
});
export type FinancingPage = z.infer<typeof FinancingPageSchema>;

/** The pages whose description (search results, shared links) the dealership may write itself. */
export const DESCRIBED_PAGES = [
  'home',
  'vehicles',
  'financing',
  'insurance',
  'sellYourCar',
  'commercialAdvisory',
  'contact',
] as const;
export type DescribedPage = (typeof DESCRIBED_PAGES)[number];

const description = line('la descripción', 300).optional();

/** A page left out keeps the description the site writes for it, with the dealership's name. */
export const PageDescriptionsSchema = z.strictObject({
  home: description,
  vehicles: description,
  financing: description,
  insurance: description,
  sellYourCar: description,
  commercialAdvisory: description,
  contact: description,
} satisfies Record<DescribedPage, typeof description>);

/** The kinds of request whose retention the dealership sets (the lead kinds of the public forms). */
export const RETENTION_KINDS = LEAD_KINDS;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/**
 * Each kind of request as the privacy policy names it in a sentence, with its article; the back office labels its
 * retention field with the same words.
 */
export const RETENTION_KIND_NAMES: Record<RetentionKind, string> = {
  contacto: 'los mensajes de contacto',
  vehiculo: 'las consultas por un vehículo',
  financiamiento: 'las solicitudes de financiamiento',
  seguro: 'las cotizaciones de seguro',
  vendeauto: 'las solicitudes de «Compramos tu auto»',
  asesoria: 'las solicitudes de asesoría comercial',
  prueba: 'las pruebas de manejo',
};

const months = (label: string) => {
  const subject = label.charAt(0).toUpperCase() + label.slice(1);
  return z
    .number({ error: `Ingresa ${label} en meses, como número entero.` })
    .int(`${subject} debe ser un número entero de meses.`)
    .min(1, `${subject} debe ser de al menos 1 mes.`)
    .max(120, `${subject} puede ser de hasta 120 meses.`);
};

/**
 * Personal data (Ley 21.719, ADR 0031): how long each kind of request is kept after its last activity before the
 * daily job anonymises it, how long appraisal photos are kept, and the insurers a quote request may be passed to.
 * One value each: the privacy policy, the dashboard and the job read it from here.
 */
export const PrivacySettingsSchema = z.strictObject({
  retentionMonths: z.strictObject(
    Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, months('el plazo de conservación')])) as Record<
      RetentionKind,
      ReturnType<typeof months>
    >,
  ),
  photoRetentionMonths: months('el plazo de conservación de las fotos'),
  insurers: z.array(line('el nombre de la aseguradora', 60)).max(10, 'Puedes indicar hasta 10 aseguradoras.'),
});
export type PrivacySettings = z.infer<typeof PrivacySettingsSchema>;

/** The defaults of ADR 0031, for settings stored before they existed. */
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = {
  retentionMonths: {
    contacto: 12,
    vehiculo: 12,
    financiamiento: 6,
    seguro: 12,
    vendeauto: 12,
    asesoria: 12,
    prueba: 12,
  },
  photoRetentionMonths: 6,
  insurers: [],
};

// ------------------------------------------------------------------ the quotation (DS 43 of 2012, ADR 0032)

/**
 * What a credit quotation states besides its figures (Ley 19.496 art. 17 G; DS 43 of 2012, the hoja resumen's
 * producto principal, prepago and atraso): who lends each credit type, how long the quotation holds, prepayment,
 * late-payment interest and collection charges. A top-level key (ADR 0025): a version stored before it existed is
 * completed from the configured settings.
 */
export const CreditQuotationSchema = z.strictObject({
  /** The institution that grants each credit type; null: the dealership itself, under its legal name. */
  lenders: z.strictObject({
    convencional: line('la institución que otorga el crédito convencional', 120).nullable(),
    directo: line('la institución que otorga el crédito directo', 120).nullable(),
  }),
  /** Business days (Monday to Friday, not holidays) the quotation holds after the day it is issued. */
  validityBusinessDays: z
    .number({ error: 'Ingresa la vigencia en días hábiles, como número entero.' })
    .int('La vigencia debe ser un número entero de días hábiles.')
    .min(1, 'La vigencia debe ser de al menos 1 día hábil.')
    .max(30, 'La vigencia puede ser de hasta 30 días hábiles.'),
  prepayment: paragraph('las condiciones de prepago', 20, 600),
  lateInterest: paragraph('el interés por atraso', 20, 600),
  collectionCharges: paragraph('los gastos de cobranza', 20, 600),
});
export type CreditQuotation = z.infer<typeof CreditQuotationSchema>;

/** The demo's terms, in the words of Ley 18.010 (prepago, art. 10; mora, art. 16) and Ley 19.496 art. 37. */
export const DEFAULT_CREDIT_QUOTATION: CreditQuotation = {
  lenders: { convencional: 'Banco Cumbre Andina', directo: null },
  validityBusinessDays: 7,
  prepayment:
    'Puedes pagar el crédito por anticipado, total o parcialmente, en cualquier momento. Se cobra una comisión de prepago de hasta un mes de intereses sobre el capital que se prepaga (Ley 18.010, art. 10).',
  lateInterest:
    'Si una cuota se paga con atraso, se cobra sobre ella el interés máximo convencional vigente desde el día siguiente al vencimiento hasta el pago.',
  collectionCharges:
    'Pasados 20 días de atraso puede cobrarse la cobranza extrajudicial: 9% de la deuda vencida hasta 10 UF, 6% por lo que exceda de 10 y hasta 50 UF, y 3% por lo que exceda de 50 UF (Ley 19.496, art. 37).',
};

// ------------------------------------------------------------------ who may get each credit (issue 30, ADR 0034)

/**
 * Who may get each credit type, in the words the cards show beside its cuota ("Exclusivo para residentes de la Quinta
 * Región"); null: every buyer. The "Cuota desde" of a card advertises a credit every buyer can get, when there is
 * one (domain/credit.ts lowestInstallment), and otherwise carries its restriction beside it. A top-level key
 * (ADR 0025): a version stored before it existed is completed from the configured settings.
 */
export const CreditEligibilitySchema = z.strictObject({
  convencional: line('quién puede obtener el crédito convencional', 120).nullable(),
  directo: line('quién puede obtener el crédito directo', 120).nullable(),
});
export type CreditEligibility = z.infer<typeof CreditEligibilitySchema>;

export const DEFAULT_CREDIT_ELIGIBILITY: CreditEligibility = {
  convencional: null,
  directo: 'Exclusivo para residentes de la Quinta Región',
};

const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'debe ser un color hexadecimal como #1d4ed8');

/**
 * The dealership's identity: everything a white-label deployment changes. Every object in it is strict: the back
 * office API refuses a field the settings do not have (a misspelt one would otherwise be dropped without a word).
 * Settings read back from storage or from DEALERSHIP_FILE go through `parseStoredDealership`.
 */
export const DealershipSchema = z.strictObject({
  name: line('el nombre de la automotora', 80),
  legalName: line('la razón social', 120),
  tagline: line('la frase de la portada', 160),
  email: z
    .email({ error: 'Ingresa un correo válido.' })
    .max(254, { error: 'El correo admite hasta 254 caracteres.' }),
  salesEmail: z
    .email({ error: 'Ingresa un correo válido.' })
    .max(254, { error: 'El correo admite hasta 254 caracteres.' }),
  phones: z
    .array(PhoneSchema)
    .min(1, 'debe tener al menos un teléfono')
    .max(4, 'puede tener hasta 4 teléfonos'),
  /**
   * The WhatsApp number in digits with its country code, as wa.me links take it ('56912345678'); typed as people
   * type a phone (ADR 0041). A stored value of 8 to 15 digits that is no Chilean number is kept as it is.
   */
  whatsapp: z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const e164 = normalizePhone(value);
      return e164 ? e164.slice(1) : value.trim();
    },
    z.string({ error: PHONE_ERROR }).regex(/^\d{8,15}$/, { error: PHONE_ERROR }),
  ),
  addresses: z
    .array(AddressSchema)
    .min(1, 'debe tener al menos una dirección')
    .max(4, 'puede tener hasta 4 direcciones'),
  /**
   * The opening hours (ADR 0036), the one source of the pages' hours text, the JSON-LD, the test-drive slots and the
   * requests' deadlines. Replaced `hours` (the text) and `openingHours` (the slots' ranges): a version stored with
   * those gets its schedule from them (`withOpeningSchedule`).
   */
  schedule: OpeningScheduleSchema,
  testDrives: TestDriveSettingsSchema,
  social: z.array(z.strictObject({ name: line('el nombre de la red social', 30), url: link })).length(2),
  mapUrl: link,
  mapEmbedUrl: link,
  about: paragraph('el texto de quiénes somos', 20, 2000),
  slides: z.array(SlideSchema).length(3, 'deben ser tres diapositivas'),
  partners: z.array(PartnerSchema).length(6, 'deben ser seis instituciones'),
  financingPage: FinancingPageSchema,
  pageDescriptions: PageDescriptionsSchema,
  developerCredit: z.strictObject({ name: line('el crédito del pie de página', 80), url: link }),
  brandColor: HexColorSchema,
  accentColor: HexColorSchema,
  legal: LegalTextsSchema,
  privacy: PrivacySettingsSchema.default(DEFAULT_PRIVACY_SETTINGS),
  creditQuotation: CreditQuotationSchema.default(DEFAULT_CREDIT_QUOTATION),
  creditEligibility: CreditEligibilitySchema.default(DEFAULT_CREDIT_ELIGIBILITY),
  /** The tasa máxima convencional in force and the UF value its bands are read with (ADR 0042). */
  maximumRates: MaximumRatesSchema.default(DEFAULT_MAXIMUM_RATES),
  ufValue: UfValueSchema.default(DEFAULT_UF_VALUE),
  financing: FinancingSettingsSchema.superRefine((financing, context) => {
    const ids = [...financing.fees, ...financing.insurances].map((item) => item.id);
    const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
    if (repeated) context.addIssue({ code: 'custom', message: `el identificador ${repeated} se repite` });
    const tax = financing.stampTax;
    const premiums = financing.insurances.reduce((sum, insurance) => sum + insurance.monthlyPercent * 48, 0);
    if (tax.capPercent + premiums >= 50)
      context.addIssue({
        code: 'custom',
        message: 'el impuesto y los seguros no pueden sumar la mitad del crédito',
      });
  }),
});
export type Dealership = z.infer<typeof DealershipSchema>;

/**
 * What a "Cuota desde" is computed from: the credits, who may get each, and the maximum rate they are held under
 * (domain/vehicle.ts installmentFrom).
 */
export type CreditOffer = Pick<Dealership, 'financing' | 'creditEligibility' | 'maximumRates' | 'ufValue'>;

/** What a rate is checked against: the tasa máxima convencional in force and the UF value (ADR 0042). */
export type RateLimits = Pick<Dealership, 'maximumRates' | 'ufValue'>;

/**
 * Settings as a version stored by an older release (or a DEALERSHIP_FILE written for one) may hold them: a field
 * since removed is dropped, wherever it is, rather than the whole version refused; every other rule holds.
 */
export function parseStoredDealership(
  value: unknown,
  params?: Parameters<typeof DealershipSchema.safeParse>[1],
): z.ZodSafeParseResult<Dealership> {
  let result = DealershipSchema.safeParse(value, params);
  let current = value;
  // Zod names every unknown field of a parse at once; a second round covers one it only reached after the first.
  for (let round = 0; round < 3 && !result.success; round++) {
    const unknown = result.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
    if (unknown.length === 0) break;
    current = structuredClone(current);
    for (const issue of unknown) {
      const holder = issue.path.reduce<unknown>(
        (object, key) => (object as Record<PropertyKey, unknown> | undefined)?.[key],
        current,
      );
      if (typeof holder !== 'object' || holder === null) continue;
      for (const key of issue.keys) delete (holder as Record<string, unknown>)[key];
    }
    result = DealershipSchema.safeParse(current, params);
  }
  return result;
}

/**
 * A stored version (or DEALERSHIP_FILE) written before the opening-hours setting existed, with a `schedule` made from
 * its old hours text and test-drive ranges (ADR 0036), so what the admin saved keeps holding; anything else as it is.
 */
export function withOpeningSchedule(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored) || 'schedule' in stored)
    return stored;
  const schedule = scheduleFromOldSettings(stored as Record<string, unknown>);
  return schedule ? { ...stored, schedule } : stored;
}
