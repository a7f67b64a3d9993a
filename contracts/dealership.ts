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
  directCreditDownPayment: z.string().min(1),
});
export type Dealership = z.infer<typeof DealershipSchema>;
