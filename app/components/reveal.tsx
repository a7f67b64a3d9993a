import { type ReactNode, useEffect, useRef, useState } from 'react';

interface Props {
  children: ReactNode;
  /** Delay of the fade-in in ms (SPEC §9: cards use 300 + 150 per card). */
  delay?: number;
  className?: string;
  as?: 'div' | 'section' | 'li';
  id?: string;
}

/**
 * Fades its content in when 20% of it is visible (SPEC §9). The server renders it fully visible; only after
 * hydration, and only for content still below the fold, is it hidden until it scrolls into view. Nothing is
 * hidden without JavaScript or under prefers-reduced-motion.
 */
export function Reveal({ children, delay = 0, className = '', as: Tag = 'div', id }: Props) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<'static' | 'waiting' | 'shown'>('static');

  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (!('IntersectionObserver' in window)) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    setState('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setState('shown');
          observer.disconnect();
        }
      },
      { threshold: 0.2 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Hiding is instant: only the fade-in is a transition. (With the transition already on while hiding, every card
  // below the fold ran a 700 ms fade-out right after hydration, a style recalculation per frame for ~2 s.)
  const motion =
    state === 'waiting'
      ? 'translate-y-6 opacity-0'
      : state === 'shown'
        ? 'transition duration-700 ease-out translate-y-0 opacity-100'
        : '';
  return (
    <Tag
      ref={ref as never}
      id={id}
      className={`${motion} ${className}`.trim()}
      style={state === 'shown' ? { transitionDelay: `${delay}ms` } : undefined}
      // Someone tabbing into content that has not faded in yet must see it at once.
      onFocusCapture={state === 'waiting' ? () => setState('static') : undefined}
    >
      {children}
    </Tag>
  );
}
