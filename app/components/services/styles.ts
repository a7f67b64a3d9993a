/** The two button looks of the service pages (docs/product.md: one primary, one secondary style). */
export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-accent-400 px-5 py-3 font-semibold text-slate-900 shadow-sm transition hover:bg-accent-300';

/** Secondary button on the dark blue hero and call-to-action bands. */
export const secondaryOnDark =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-white/10 px-5 py-3 font-semibold text-white ring-1 ring-white/40 transition hover:bg-white/20';

/** Secondary button on white or light grey surfaces. */
export const secondaryOnLight =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-white px-5 py-3 font-semibold text-brand-700 ring-1 ring-slate-300 transition hover:bg-brand-50';

export const card = 'rounded-2xl bg-white shadow-sm ring-1 ring-slate-200';

export const sectionContainer = 'mx-auto max-w-7xl px-4 py-16 md:py-20';
