interface Props {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  centered?: boolean;
}

/** Eyebrow, h2 and lead paragraph of a page section; `id` labels the section (aria-labelledby). */
export function SectionHeading({ id, eyebrow, title, lead, centered = false }: Props) {
  return (
    <div className={centered ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow ? (
        <p className="font-semibold text-brand-600 text-sm uppercase tracking-wider">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="mt-2 font-bold text-3xl text-slate-900 tracking-tight md:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg text-slate-600 leading-relaxed">{lead}</p> : null}
    </div>
  );
}
