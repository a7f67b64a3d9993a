import type { Slide } from '@contracts/dealership';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from '~/components/icons';
import { island } from '~/lib/island';
import { type HeroPhoto, HeroSlide } from './hero-slide';
import { SLIDE_INTERVAL_MS } from './hero-slides';

const control =
  'inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/30 backdrop-blur transition hover:bg-white/25';

/**
 * The home hero (docs/product.md): three slides advancing every 5 s and wrapping last → first; previous and next
 * wrap; dots jump. Follows the WAI-ARIA carousel pattern: a visible pause/play control comes first; rotation
 * pauses while a mouse pointer or keyboard focus is inside (a tap does not pause it), never starts under
 * prefers-reduced-motion, and slides are announced (live region) only while rotation is off.
 */
/** The slides' texts (site settings); `photos[i]` is slide i's photo. */
export type HeroSlideText = Pick<Slide, 'eyebrow' | 'title' | 'description'>;

export function HeroSlider({
  slides,
  photos,
  heading,
}: {
  slides: HeroSlideText[];
  /** Null: a slide without a photo (a drawn backdrop). */
  photos: Array<HeroPhoto | null>;
  heading: string;
}) {
  const total = slides.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Photos of the hidden slides wait for hydration, so they never compete with the first one (the LCP).
  const [hydrated, setHydrated] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setHydrated(true);
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPlaying(false);
  }, []);

  const rotating = playing && !hovered && !focused;
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarted on every slide change, so a manual jump gets a full 5 s too
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % total), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index]);

  const go = (next: number) => setIndex((next + total) % total);
  // Focus on the pause/play button itself must not pause, or "play" could never take effect.
  const onFocus = (event: FocusEvent) => setFocused(event.target !== toggle.current);
  const onBlur = (event: FocusEvent) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
      setFocused(false);
  };

  return (
    <section
      aria-roledescription="carrusel"
      aria-label="Presentación"
      className="relative flex flex-col bg-brand-900"
      onPointerEnter={(event) => setHovered(event.pointerType === 'mouse')}
      onPointerLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {/* The page's h1 must not come and go with the slides. */}
      <h1 className="sr-only">{heading}</h1>
      <div className="order-last mx-auto flex w-full max-w-7xl items-center gap-2 px-4 pb-8 lg:absolute lg:inset-x-0 lg:bottom-8 lg:z-10 lg:pb-0">
        <button
          ref={toggle}
          type="button"
          onClick={() => setPlaying((p) => !p)}
          aria-label={playing ? 'Pausar presentación' : 'Reanudar presentación'}
          className={control}
        >
          {playing ? <Pause aria-hidden className="size-5" /> : <Play aria-hidden className="size-5" />}
        </button>
        <button
          type="button"
          onClick={() => go(index - 1)}
          aria-label="Diapositiva anterior"
          className={control}
        >
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        <ul className="flex items-center">
          {slides.map((_slide, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the slides are a fixed three, in order
            <li key={i}>
              <button
                type="button"
                onClick={() => go(i)}
                aria-label={`Ir a la diapositiva ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                className="group flex size-8 items-center justify-center rounded-full"
              >
                <span
                  className={`block h-2 rounded-full transition-all ${
                    i === index ? 'w-6 bg-accent-400' : 'w-2 bg-white/60 group-hover:bg-white'
                  }`}
                />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={() => go(index + 1)}
          aria-label="Diapositiva siguiente"
          className={control}
        >
          <ChevronRight aria-hidden className="size-5" />
        </button>
      </div>
      <div aria-live={rotating ? 'off' : 'polite'} className="grid [grid-template-areas:'stack']">
        {slides.map((slide, i) => (
          <HeroSlide
            // biome-ignore lint/suspicious/noArrayIndexKey: the slides are a fixed three, in order
            key={i}
            slide={slide}
            photo={i === 0 || hydrated ? (photos[i] ?? undefined) : undefined}
            position={i + 1}
            total={total}
            active={i === index}
          />
        ))}
      </div>
    </section>
  );
}

/** The slider as an island (ADR 0015): app/islands/hero-slider.ts. */
export const HeroSliderIsland = /* @__PURE__ */ island('hero-slider', HeroSlider);
