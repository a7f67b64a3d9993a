import type { ImageRef } from '@contracts/listing.ts';

/** Widths of the responsive variants; a master narrower than a width simply has fewer. */
export const VARIANT_WIDTHS = [320, 480, 640, 800, 1024, 1280, 1600] as const;
export const VARIANT_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const FORMAT_EXTENSION: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
export const FORMAT_MIME: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/** The standard widths up to the master's, plus the master's own width when it is narrower than 1600. */
export function variantWidths(masterWidth: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= masterWidth);
  const widest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? 0;
  if (masterWidth < widest && !widths.includes(masterWidth)) widths.push(masterWidth);
  return widths;
}

export function largestWidth(image: Pick<ImageRef, 'width'>): number {
  const widths = variantWidths(image.width);
  return widths[widths.length - 1] ?? image.width;
}

export function mediaPath(hash: string, width: number, format: VariantFormat): string {
  return `/media/${hash}/${width}.${FORMAT_EXTENSION[format]}`;
}

export function srcSet(image: ImageRef, format: VariantFormat, maxWidth = Number.POSITIVE_INFINITY): string {
  return variantWidths(image.width)
    .filter((w, i) => w <= maxWidth || i === 0)
    .map((w) => `${mediaPath(image.hash, w, format)} ${w}w`)
    .join(', ');
}

export function heightAt(image: Pick<ImageRef, 'width' | 'height'>, width: number): number {
  return Math.round((image.height * width) / image.width);
}
