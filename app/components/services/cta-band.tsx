import type { ReactNode } from 'react';
import { Reveal } from '~/components/reveal';

interface Props {
  id: string;
  title: string;
  text: string;
  children: ReactNode;
}

/** The closing call to action of a service page. */
export function CtaBand({ id, title, text, children }: Props) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 pb-16">
      <Reveal className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-12 text-center text-white shadow-lg md:px-12">
        <h2 id={id} className="font-bold text-2xl tracking-tight md:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-brand-100 text-lg">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
      </Reveal>
    </section>
  );
}
