import type { LucideIcon } from '~/components/icons';
import { Reveal } from '~/components/reveal';
import { card } from './styles';

interface Props {
  icon: LucideIcon;
  title: string;
  text: string;
  /** Position in its grid: cards fade in 300 ms + 150 ms per card (docs/product.md). */
  index: number;
}

/** A feature, benefit or work-area card in a grid (render it inside a <ul>). */
export function IconCard({ icon: Icon, title, text, index }: Props) {
  return (
    <Reveal as="li" delay={300 + 150 * index} className={`${card} flex gap-4 p-5 sm:block sm:p-6`}>
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon aria-hidden className="size-6" />
      </span>
      {/* Side by side on phones keeps long card grids short; stacked from the small breakpoint up. */}
      <div>
        <h3 className="font-semibold text-lg text-slate-900 sm:mt-4">{title}</h3>
        <p className="mt-1 text-slate-600 leading-relaxed sm:mt-2">{text}</p>
      </div>
    </Reveal>
  );
}
