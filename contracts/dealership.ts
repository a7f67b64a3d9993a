import { z } from 'zod';

const PhoneSchema = z.object({
  label: z.string().min(1),
  /** As shown to people, e.g. "+56 2 2345 6789". */
  display: z.string().min(1),
  /** E.164 for tel: links, e.g. "+56223456789". */
  e164: z.string().regex(/^\+\d{8,15}$/, 'debe estar en formato E.164, por ejemplo +56223456789'),
});

const AddressSchema = z.object({
  label: z.string().min(1),
  street: z.string().min(1),
  commune: z.string().min(1),
  city: z.string().min(1),
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

const CreditTypeSettingsSchema = z.object({
  label: z.string().min(2).max(60),
  /** Monthly interest rate in percent (1.59 = 1,59% mensual) for each term offered; absent terms are not offered. */
  monthlyRatePercent: z
    .object({
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

export const FinancingSettingsSchema = z.object({
  credits: z.object({ convencional: CreditTypeSettingsSchema, directo: CreditTypeSettingsSchema }),
  /**
   * Impuesto de timbres y estampillas on the credit (DL 3.475, art. 1 N° 3): a rate per month of term up to a cap,
   * both in percent. The legal values are 0,066% and 0,8%.
   */
  stampTax: z.object({ monthlyPercent: z.number().min(0).max(1), capPercent: z.number().min(0).max(2) }),
  /** Fixed charges of the operation (notary, prenda). `financed`: added to the credit; otherwise paid at signing. */
  fees: z
    .array(
      z.object({
        id: SlugSchema,
        label: z.string().min(2).max(80),
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
      z.object({
        id: SlugSchema,
        label: z.string().min(2).max(80),
        monthlyPercent: z.number().min(0).max(0.5),
        required: z.boolean(),
      }),
    )
    .max(4),
  /** The smallest amount the dealership finances (price minus pie), in pesos. */
  minFinancedAmount: PesosSchema,
  /** Shown under every simulation: referential figures, subject to credit evaluation. */
  legalNote: z.string().min(20).max(1000),
});
export type FinancingSettings = z.infer<typeof FinancingSettingsSchema>;

const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'debe ser un color hexadecimal como #1d4ed8');

/** The dealership's identity: everything a white-label deployment changes. */
export const DealershipSchema = z.object({
  name: z.string().min(2),
  legalName: z.string().min(2),
  tagline: z.string().min(2),
  email: z.email('debe ser un correo válido'),
  salesEmail: z.email('debe ser un correo válido'),
  phones: z.array(PhoneSchema).min(1),
  whatsapp: z
    .string()
    .regex(/^\d{8,15}$/, 'debe ser el número en dígitos con código de país, por ejemplo 56912345678'),
  addresses: z.array(AddressSchema).min(1),
  hours: z.object({ weekdays: z.string().min(1), saturday: z.string().min(1) }),
  social: z.array(z.object({ name: z.string().min(1), url: z.url() })).length(2),
  mapUrl: z.url(),
  mapEmbedUrl: z.url(),
  about: z.string().min(20),
  developerCredit: z.object({ name: z.string().min(1), url: z.url() }),
  brandColor: HexColorSchema,
  accentColor: HexColorSchema,
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
