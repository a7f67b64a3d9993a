import type { ImageRef } from '@contracts/listing';
import { heightAt, largestWidth, mediaPath, srcSet } from '@domain/media';
import { preload } from 'react-dom';
import { PRIORITY_IMAGE_TIMING } from '~/lib/deferred-scripts';

interface Props {
  image: ImageRef;
  alt: string;
  /** The `sizes` attribute: how wide the slot is at each breakpoint. */
  sizes: string;
  className?: string;
  /** The page's largest image: loaded eagerly with high priority. */
  priority?: boolean;
  /** Never offer a variant wider than this (e.g. thumbnails). */
  maxWidth?: number;
}

/**
 * Marks the page's largest image for the Element Timing API: the browser reports when it is painted, which is when
 * the page's code may start (`startDeferredScripts`). Not in React's attribute types, hence spread.
 */
const PRIORITY_TIMING: Record<string, string> = { elementtiming: PRIORITY_IMAGE_TIMING };

/** AVIF, then WebP, then JPEG; explicit dimensions so nothing shifts while it loads. */
export function ResponsiveImage({ image, alt, sizes, className, priority = false, maxWidth }: Props) {
  const width = Math.min(largestWidth(image), maxWidth ?? Number.POSITIVE_INFINITY);
  const avif = srcSet(image, 'avif', maxWidth);
  // The page's largest image is announced in <head>, ahead of the scripts, so the phone fetches it first.
  if (priority) {
    preload(mediaPath(image.hash, width, 'avif'), {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: avif,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, 'webp', maxWidth)} sizes={sizes} />
      <img
        src={mediaPath(image.hash, width, 'jpeg')}
        srcSet={srcSet(image, 'jpeg', maxWidth)}
        sizes={sizes}
        width={width}
        height={heightAt(image, width)}
        alt={alt}
        className={className}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
        {...(priority ? PRIORITY_TIMING : undefined)}
      />
    </picture>
  );
}
