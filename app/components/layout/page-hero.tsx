import type { ReactNode } from 'react';

interface Props {
  eyebrow: string;
  title: string;
  children?: ReactNode;
}

/** The band that opens an inner page: brand background, h1 and a short lead. */
export function PageHero({ eyebrow, title, children }: Props) {
  return (
    <section className="bg-gradient-to-br from-brand-800 to-brand-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <p className="font-semibold text-accent-300 text-sm uppercase tracking-wider">{eyebrow}</p>
        <h1 className="mt-2 font-bold text-4xl tracking-tight sm:text-5xl">{title}</h1>
        {children ? (
          <p className="mt-4 max-w-2xl text-brand-100 text-lg leading-relaxed">{children}</p>
        ) : null}
      </div>
    </section>
  );
}
