import type { ReactNode } from 'react';
import type { LucideIcon } from '~/components/icons';

interface Props {
  eyebrow: string;
  title: string;
  description: string;
  icon: LucideIcon;
  /** Three key figures of the service, beside the text on wide screens. */
  facts: readonly { value: string; label: string }[];
  /** Calls to action under the description. */
  children?: ReactNode;
}

/** The blue hero that opens every service page; it holds the page's only h1. */
export function PageHero({ eyebrow, title, description, icon: Icon, facts, children }: Props) {
  return (
    <section
      aria-labelledby="page-title"
      className="relative isolate overflow-hidden bg-gradient-to-br from-brand-800 to-brand-900 text-white"
    >
      <Icon
        aria-hidden
        strokeWidth={1}
        className="-right-24 -top-20 -z-10 absolute hidden size-[28rem] text-white/5 lg:block"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 md:py-20 lg:grid-cols-[1fr_20rem] lg:gap-16">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 font-medium text-brand-100 text-sm ring-1 ring-white/20">
            <Icon aria-hidden className="size-4" />
            {eyebrow}
          </p>
          <h1 id="page-title" className="mt-5 max-w-3xl font-bold text-4xl tracking-tight md:text-5xl">
            {title}
          </h1>
          <p className="mt-5 max-w-2xl text-brand-100 text-lg leading-relaxed">{description}</p>
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
        <dl className="grid grid-cols-3 gap-3 lg:grid-cols-1 lg:gap-4">
          {facts.map((fact) => (
            <div
              key={fact.label}
              className="flex flex-col rounded-2xl bg-white/10 p-3 ring-1 ring-white/15 backdrop-blur-sm lg:flex-row lg:items-center lg:gap-4 lg:p-5"
            >
              <dt className="order-last mt-1 text-brand-100 text-xs leading-snug sm:text-sm lg:mt-0">
                {fact.label}
              </dt>
              <dd className="font-bold text-accent-300 text-xl tracking-tight sm:text-2xl lg:min-w-24 lg:text-3xl">
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
