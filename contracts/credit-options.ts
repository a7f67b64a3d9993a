// The credit simulator's fixed lists (ADR 0017), zod-free so the simulator's page code can import them.

/** The terms SPEC §9 offers, in months. */
export const CREDIT_TERMS = [12, 24, 36, 48] as const;
export type CreditTerm = (typeof CREDIT_TERMS)[number];

/** The credit types the simulator computes (the financing form's 'no-se' is not a credit). */
export const CREDIT_TYPES = ['convencional', 'directo'] as const;
export type CreditType = (typeof CREDIT_TYPES)[number];
