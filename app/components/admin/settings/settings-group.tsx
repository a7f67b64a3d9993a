import type { ReactNode } from 'react';

/** How a group lays out its fields: in one column, or in up to 2, 3 or 4 columns as the screen widens. */
const LAYOUT = {
  1: 'grid gap-4',
  2: 'grid gap-4 sm:grid-cols-2',
  3: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
  4: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4',
} as const;

/** One group of the settings form (a phone, a slide, a credit), as a fieldset named for screen readers. */
export function SettingsGroup({
  legend,
  columns = 2,
  children,
}: {
  legend: string;
  columns?: keyof typeof LAYOUT;
  children: ReactNode;
}) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-medium text-slate-700 text-sm">{legend}</legend>
      <div className={LAYOUT[columns]}>{children}</div>
    </fieldset>
  );
}
