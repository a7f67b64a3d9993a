import { Link } from 'react-router';

export function Logo({ name, inverted = false }: { name: string; inverted?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2.5" aria-label={`${name}, ir al inicio`}>
      <img src="/favicon.svg" alt="" width={40} height={40} className="size-10" />
      <span className={`font-bold text-lg leading-tight ${inverted ? 'text-white' : 'text-brand-800'}`}>
        {name}
      </span>
    </Link>
  );
}
