import type { ReactNode } from 'react';
import type { LucideIcon } from '~/components/icons';
import { Reveal } from '~/components/reveal';
import { card } from './styles';

interface CardProps {
  icon: LucideIcon;
  title: string;
  delay: number;
  children: ReactNode;
}

/** A titled card holding one requirements list of a credit section. */
export function RequirementCard({ icon: Icon, title, delay, children }: CardProps) {
  return (
    <Reveal delay={delay} className={`${card} p-6`}>
      <h3 className="flex items-center gap-3 font-semibold text-lg text-slate-900">
        <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon aria-hidden className="size-5" />
        </span>
        {title}
      </h3>
      <div className="mt-5">{children}</div>
    </Reveal>
  );
}
