import { z } from 'zod';
import {
  MAXIMUM_RATE_SEGMENT_NAMES,
  MAXIMUM_RATE_SEGMENTS,
  type MaximumRateSegment,
} from './maximum-rate-segments.ts';
import { DayKeySchema } from './opening-schedule.ts';
import { text } from './text-field.ts';

export { MAXIMUM_RATE_SEGMENT_NAMES, MAXIMUM_RATE_SEGMENTS, type MaximumRateSegment };

// The tasa máxima convencional (Ley 18.010 art. 6 and 6 bis; ADR 0042): the highest annual rate a credit in pesos may
// carry, which the CMF publishes each month for each kind of operation. The dealership types the certificate in
// force; the simulator, every advertised cuota and the settings' own rates are held under it.

const annualPercent = (segment: MaximumRateSegment) =>
  z
    .number({ error: `Ingresa la tasa máxima de ${MAXIMUM_RATE_SEGMENT_NAMES[segment]}, como 22,38.` })
    .gt(0, 'La tasa máxima debe ser mayor que 0% anual.')
    .max(100, 'La tasa máxima no puede pasar de 100% anual.');

/** The table in force: which certificate, the day it took effect, and the annual rate of each segment. */
export const MaximumRatesSchema = z.strictObject({
  /** As the CMF numbers it, e.g. "Certificado N° 10/2014". */
  certificate: text({ label: 'el certificado de la CMF', min: 3, max: 80 }),
  /** The day the certificate took effect (its publication in the Diario Oficial), 'yyyy-mm-dd'. */
  validFrom: DayKeySchema,
  /** Annual rate in percent, linear (monthly × 12), as the certificate states it. */
  annualPercent: z.strictObject(
    Object.fromEntries(MAXIMUM_RATE_SEGMENTS.map((segment) => [segment, annualPercent(segment)])) as Record<
      MaximumRateSegment,
      ReturnType<typeof annualPercent>
    >,
  ),
});
export type MaximumRates = z.infer<typeof MaximumRatesSchema>;

/** The value of the unidad de fomento on a day, typed by staff (no outside service is asked). */
export const UfValueSchema = z.strictObject({
  pesos: z
    .number({ error: 'Ingresa el valor de la UF en pesos, como 38.362,26.' })
    .min(10_000, 'El valor de la UF no parece correcto: escríbelo en pesos, como 38.362,26.')
    .max(1_000_000, 'El valor de la UF no parece correcto: escríbelo en pesos, como 38.362,26.')
    .refine((pesos) => Math.abs(pesos * 100 - Math.round(pesos * 100)) < 1e-6, {
      message: 'El valor de la UF tiene a lo más dos decimales.',
    }),
  date: DayKeySchema,
});
export type UfValue = z.infer<typeof UfValueSchema>;

/**
 * The last certificate whose whole text could be read when this was written: Certificado N° 10/2014 (Diario Oficial,
 * 15-10-2014). Its interés corriente ×1,5 for the segments over 200 UF and under 90 days (Ley 18.010 art. 6), and
 * the maxima SERNAC lists for that period under 200 UF (art. 6 bis, Ley 20.715). Far out of date: the back office
 * warns until staff type the certificate in force (ADR 0042).
 */
export const DEFAULT_MAXIMUM_RATES: MaximumRates = {
  certificate: 'Certificado N° 10/2014',
  validFrom: '2014-10-15',
  annualPercent: {
    under90UpTo5000: 30.93,
    under90Over5000: 8.64,
    upTo50: 40.89,
    upTo200: 38.89,
    upTo5000: 22.38,
    over5000: 9.12,
  },
};

/** The Banco Central's value of the UF on 09-12-2024. */
export const DEFAULT_UF_VALUE: UfValue = { pesos: 38_362.26, date: '2024-12-09' };
