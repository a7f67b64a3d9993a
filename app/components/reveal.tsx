import { type ReactNode, useEffect, useRef } from 'react';
import { revealOnScroll } from '~/lib/reveal';

interface Props {
  children: ReactNode;
  /** Delay of the fade-in in ms (docs/product.md: cards use 300 + 150 per card). */
  delay?: number;
  className?: string;
  as?: 'div' | 'section' | 'li';
  id?: string;
}

/**
 * Fades its content in when 20% of it is visible (docs/product.md), by `revealOnScroll`: on island pages the islands'
 * runtime starts it (ADR 0015), on pages React Router hydrates this component's effect does.
 */
export function Reveal({ children, delay = 0, className, as: Tag = 'div', id }: Props) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => (ref.current ? revealOnScroll(ref.current) : undefined), []);
  return (
    <Tag ref={ref as never} id={id} className={className} data-reveal={delay}>
      {children}
    </Tag>
  );
}
