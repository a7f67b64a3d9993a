import type { ImageRef } from '@contracts/listing';
import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight } from '~/components/icons';
import { PhotoPlaceholder } from '~/components/photo-placeholder';
import { ResponsiveImage } from '~/components/responsive-image';
import { island } from '~/lib/island';

interface Props {
  images: ImageRef[];
  /** Vehicle name and year, for the alternative texts. */
  title: string;
}

// The main slot is the page's LCP image: full width on phones, the left column from 1024 px.
const MAIN_SIZES = '(min-width: 1280px) 836px, (min-width: 1024px) calc(100vw - 444px), 100vw';
const THUMB_SIZES = '(min-width: 1280px) 160px, (min-width: 1024px) calc(20vw - 95px), 20vw';

/**
 * Main photo and a 5-column grid of thumbnails; a thumbnail (button) selects the photo (docs/product.md). The
 * thumbnails' photos are asked for once the island has hydrated, which is after the main photo is painted (ADR 0012):
 * until then each button is its grey box, of the same size, so the main photo has the phone's link to itself
 * (ADR 0046). The buttons do nothing before hydration either.
 */
export function VehicleGallery({ images, title }: Props) {
  const [index, setIndex] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const count = images.length;
  const current = images[index];
  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  return (
    <div>
      <div className="relative aspect-[3/2] overflow-hidden rounded-2xl bg-slate-200 shadow-sm">
        {current ? (
          <ResponsiveImage
            image={current}
            alt={count > 1 ? `${title}, foto ${index + 1} de ${count}` : title}
            sizes={MAIN_SIZES}
            priority={index === 0}
            className="h-full w-full object-cover"
          />
        ) : (
          <PhotoPlaceholder />
        )}
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label="Foto anterior"
              className={`${arrow} left-3`}
            >
              <ChevronLeft aria-hidden className="size-6" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label="Foto siguiente"
              className={`${arrow} right-3`}
            >
              <ChevronRight aria-hidden className="size-6" />
            </button>
            <p className="absolute right-3 bottom-3 rounded-full bg-slate-900/75 px-3 py-1 font-medium text-white text-xs">
              {index + 1} / {count}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul aria-label="Fotos del vehículo" className="mt-3 grid grid-cols-5 gap-2">
          {images.map((image, i) => (
            <li key={image.hash}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Ver foto ${i + 1} de ${count}`}
                aria-current={i === index ? 'true' : undefined}
                className={`block aspect-[3/2] w-full overflow-hidden rounded-lg bg-slate-200 ring-offset-2 transition ${
                  i === index ? 'ring-3 ring-brand-700' : 'opacity-75 hover:opacity-100'
                }`}
              >
                {hydrated ? (
                  <ResponsiveImage
                    image={image}
                    alt=""
                    sizes={THUMB_SIZES}
                    maxWidth={320}
                    className="h-full w-full object-cover"
                  />
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const arrow =
  'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md transition hover:bg-white';

/** As an island (ADR 0015): app/islands/vehicle-gallery.ts. */
export const VehicleGalleryIsland = /* @__PURE__ */ island('vehicle-gallery', VehicleGallery);
