import type { ReactNode } from 'react';

interface Props {
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  align?: 'center' | 'left';
}

/** The one heading style of page sections: small eyebrow, title, optional lead paragraph. */
export function SectionHeading({ id, eyebrow, title, children, align = 'center' }: Props) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      <p className="font-semibold text-brand-600 text-sm uppercase tracking-wider">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg text-slate-600 leading-relaxed">{children}</p> : null}
    </div>
  );
}
