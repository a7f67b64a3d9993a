import type { ReactNode } from 'react';
import { CircleCheck } from '~/components/icons';

interface Props {
  items: readonly ReactNode[];
  /** Accessible name of the list, when its heading is not right above it. */
  label?: string;
  className?: string;
}

/** A list of requirements or features, each with a check mark. */
export function CheckList({ items, label, className = '' }: Props) {
  return (
    <ul aria-label={label} className={`space-y-3 ${className}`.trim()}>
      {items.map((item, index) => (
        // The lists are static copy, so the position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static list
        <li key={index} className="flex gap-3 text-slate-700">
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
