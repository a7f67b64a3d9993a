import type { Slide } from '@contracts/dealership';
import type { ImageRef } from '@contracts/listing';
import { CarFront } from '~/components/icons';
import { ResponsiveImage } from '~/components/responsive-image';

export interface HeroPhoto {
  image: ImageRef;
  alt: string;
}

interface Props {
  slide: Pick<Slide, 'eyebrow' | 'title' | 'description'>;
  photo: HeroPhoto | undefined;
  position: number;
  total: number;
  active: boolean;
}

/**
 * One slide: on phones the photo sits above the text; from `lg` it fills the hero behind a gradient.
 * Inactive slides stay in the same grid cell (the hero keeps its height) but are invisible, so their
 * links leave the tab order and the accessibility tree.
 */
export function HeroSlide({ slide, photo, position, total, active }: Props) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names slides with role="group"
    <div
      role="group"
      aria-roledescription="diapositiva"
      aria-label={`${position} de ${total}`}
      data-active={active}
      className={`relative flex flex-col transition-[opacity,visibility] duration-700 [grid-area:stack] lg:min-h-[36rem] lg:justify-center ${
        active ? 'visible opacity-100' : 'invisible opacity-0'
      }`}
    >
      <div className="relative aspect-[3/2] overflow-hidden bg-brand-800 sm:aspect-[2/1] lg:absolute lg:inset-0 lg:aspect-auto">
        {photo ? (
          <ResponsiveImage
            image={photo.image}
            alt={photo.alt}
            sizes="100vw"
            priority={position === 1}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center bg-[radial-gradient(circle_at_70%_40%,var(--color-brand-600),var(--color-brand-900)_70%)] lg:justify-end lg:pr-[12%]">
            <CarFront aria-hidden strokeWidth={0.75} className="size-40 text-white/25 lg:size-80" />
          </div>
        )}
        <div
          aria-hidden
          className="absolute inset-0 hidden bg-gradient-to-r from-brand-900/95 via-brand-900/70 to-brand-900/0 lg:block"
        />
      </div>
      <div className="relative mx-auto w-full max-w-7xl px-4 pt-8 pb-8 lg:py-24">
        <div className="max-w-xl">
          <p className="font-semibold text-accent-300 text-sm uppercase tracking-wider">{slide.eyebrow}</p>
          <h2 className="mt-3 font-bold text-4xl text-white tracking-tight sm:text-5xl">{slide.title}</h2>
          <p className="mt-4 text-brand-100 text-lg leading-relaxed">{slide.description}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href="/#vehicles"
              className="inline-flex h-12 items-center rounded-lg bg-accent-400 px-6 font-semibold text-slate-900 shadow-sm transition hover:bg-accent-300"
            >
              Ver Vehículos
            </a>
            <a
              href="/#contact"
              className="inline-flex h-12 items-center rounded-lg bg-white/10 px-6 font-semibold text-white ring-1 ring-white/50 backdrop-blur transition hover:bg-white/20"
            >
              Contáctanos
            </a>
          </div>
        </div>
      </div>
    </div>
  );
}
