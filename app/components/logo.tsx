import { BrandMark } from './brand-mark';
import { SiteLink } from './site-link';

/** The dealership's mark and name, linking home. `inverted` is for dark backgrounds (footer). */
export function Logo({ name, inverted = false }: { name: string; inverted?: boolean }) {
  return (
    <SiteLink
      to="/"
      className="flex shrink-0 items-center gap-2.5 rounded-lg"
      aria-label={`${name}, ir al inicio`}
    >
      <BrandMark className="size-10 shrink-0" />
      <span
        className={`max-w-44 font-bold max-sm:w-min text-lg leading-tight tracking-tight ${inverted ? 'text-white' : 'text-brand-800'}`}
      >
        {name}
      </span>
    </SiteLink>
  );
}
