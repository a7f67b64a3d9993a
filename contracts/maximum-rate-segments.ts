// The segments of the tasa máxima convencional's table (ADR 0042), apart from the schemas: the simulator's island
// names them in its refusals, and must not load zod for it (a page's JavaScript is budgeted, ADR 0035).

/**
 * The certificate's segments for operations not adjustable in pesos (the credits the site quotes): under 90 days
 * up to or over 5.000 UF, and 90 days or more in four amount bands. The amounts are the credit's, in UF.
 */
export const MAXIMUM_RATE_SEGMENTS = [
  'under90UpTo5000',
  'under90Over5000',
  'upTo50',
  'upTo200',
  'upTo5000',
  'over5000',
] as const;
export type MaximumRateSegment = (typeof MAXIMUM_RATE_SEGMENTS)[number];

/** Each segment as the certificate names it, shortened: the form's labels and every message name it this way. */
export const MAXIMUM_RATE_SEGMENT_NAMES: Record<MaximumRateSegment, string> = {
  under90UpTo5000: 'créditos a menos de 90 días, de hasta 5.000 UF',
  under90Over5000: 'créditos a menos de 90 días, de más de 5.000 UF',
  upTo50: 'créditos a 90 días o más, de hasta 50 UF',
  upTo200: 'créditos a 90 días o más, de más de 50 UF y hasta 200 UF',
  upTo5000: 'créditos a 90 días o más, de más de 200 UF y hasta 5.000 UF',
  over5000: 'créditos a 90 días o más, de más de 5.000 UF',
};

/** A segment's name as a label starts (the settings form, the audit trail): «Créditos a 90 días o más, …». */
export const maximumRateSegmentLabel = (segment: MaximumRateSegment): string => {
  const name = MAXIMUM_RATE_SEGMENT_NAMES[segment];
  return name.charAt(0).toUpperCase() + name.slice(1);
};
