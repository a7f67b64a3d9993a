import type { Dealership } from '@contracts/dealership';
import { Globe } from '~/components/icons';

/** Brand marks drawn inline: lucide ships no logos, and no third-party image may load. */
function SocialIcon({ name, className }: { name: string; className: string }) {
  const key = name.toLowerCase();
  if (key.includes('facebook'))
    return (
      <svg viewBox="0 0 24 24" aria-hidden className={className} fill="currentColor">
        <path d="M13.5 22v-8.1h2.7l.4-3.2h-3.1V8.7c0-.9.3-1.6 1.6-1.6h1.7V4.3c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2.3H7.3v3.2h2.8V22z" />
      </svg>
    );
  if (key.includes('instagram'))
    return (
      <svg
        viewBox="0 0 24 24"
        aria-hidden
        className={className}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <path d="M17.5 6.5h.01" />
      </svg>
    );
  return <Globe aria-hidden className={className} />;
}

interface Props {
  social: Dealership['social'];
  dealershipName: string;
  /** Classes of each round link (size and colours differ between top bar and footer). */
  linkClassName: string;
  iconClassName?: string;
}

export function SocialLinks({ social, dealershipName, linkClassName, iconClassName = 'size-4' }: Props) {
  return (
    <ul className="flex items-center gap-1">
      {social.map((s) => (
        <li key={s.url}>
          <a
            href={s.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${s.name} de ${dealershipName} (se abre en una pestaña nueva)`}
            className={`inline-flex items-center justify-center rounded-full transition ${linkClassName}`}
          >
            <SocialIcon name={s.name} className={iconClassName} />
          </a>
        </li>
      ))}
    </ul>
  );
}
