import type { Db } from '@db/client.ts';
import { images, imageVariants, siteImages, vehicleImages } from '@db/schema.ts';
import { FORMAT_MIME, heightAt, type VariantFormat, variantWidths } from '@domain/media.ts';
import { and, eq, exists, or } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { ByteLru } from '../byte-lru.ts';

export interface Variant {
  data: Buffer;
  mime: string;
}

interface MasterInfo {
  id: number;
  width: number;
  height: number;
}

const ENCODERS: Record<VariantFormat, (p: Sharp) => Sharp> = {
  avif: (p) => p.avif({ quality: 50, effort: 2 }),
  webp: (p) => p.webp({ quality: 74, effort: 4 }),
  jpeg: (p) => p.jpeg({ quality: 78, mozjpeg: true, progressive: true }),
};

/**
 * Serves responsive variants: from memory, else from the database, else encoded now from the master
 * and kept. Concurrent requests for the same variant share one encode; encodes run two at a time so a
 * cold page of photos cannot starve the server's two cores.
 */
export class VariantStore {
  readonly #masters = new Map<string, MasterInfo | null>();
  readonly #memory = new ByteLru<Variant>(64 * 1024 * 1024);
  readonly #inflight = new Map<string, Promise<Variant | null>>();
  #running = 0;
  readonly #queue: Array<() => void> = [];

  /** Hashes known to be public: a vehicle's photo or one uploaded for the site. */
  readonly #publicImages = new Set<string>();

  constructor(private readonly db: Db) {}

  /**
   * Whether the image is (or was) a vehicle photo or a photo uploaded for the site (a home slide, ADR 0025).
   * Appraisal photos sent with leads are personal data: they are shown to staff through the back office only, never
   * under /media, even to someone who learnt their hash.
   */
  async isPublicImage(hash: string): Promise<boolean> {
    if (this.#publicImages.has(hash)) return true;
    const [row] = await this.db
      .select({ id: images.id })
      .from(images)
      .where(
        and(
          eq(images.hash, hash),
          or(
            exists(this.db.select().from(vehicleImages).where(eq(vehicleImages.imageId, images.id))),
            exists(this.db.select().from(siteImages).where(eq(siteImages.imageId, images.id))),
          ),
        ),
      )
      .limit(1);
    // Only the answer "yes" is kept: a photo may be added to a vehicle (on any instance) later.
    if (row) this.#publicImages.add(hash);
    return row !== undefined;
  }

  async get(hash: string, width: number, format: VariantFormat): Promise<Variant | null> {
    const key = `${hash}/${width}.${format}`;
    const hit = this.#memory.get(key);
    if (hit) return hit;
    let pending = this.#inflight.get(key);
    if (!pending) {
      pending = this.#fetch(hash, width, format).finally(() => this.#inflight.delete(key));
      this.#inflight.set(key, pending);
    }
    const variant = await pending;
    if (variant) this.#memory.set(key, variant, variant.data.length);
    return variant;
  }

  async #fetch(hash: string, width: number, format: VariantFormat): Promise<Variant | null> {
    const master = await this.#master(hash);
    if (!master || !variantWidths(master.width).includes(width)) return null;
    const stored = await this.db
      .select({ data: imageVariants.data })
      .from(imageVariants)
      .where(
        and(
          eq(imageVariants.imageId, master.id),
          eq(imageVariants.format, format),
          eq(imageVariants.width, width),
        ),
      );
    if (stored[0]) return { data: stored[0].data, mime: FORMAT_MIME[format] };
    const data = await this.#limited(() => this.#encode(master.id, width, format));
    if (!data) return null;
    await this.db
      .insert(imageVariants)
      .values({
        imageId: master.id,
        format,
        width,
        height: heightAt(master, width),
        byteSize: data.length,
        data,
      })
      .onConflictDoNothing();
    return { data, mime: FORMAT_MIME[format] };
  }

  async #encode(imageId: number, width: number, format: VariantFormat): Promise<Buffer | null> {
    const rows = await this.db.select({ data: images.data }).from(images).where(eq(images.id, imageId));
    const source = rows[0]?.data;
    if (!source) return null;
    return ENCODERS[format](sharp(source).resize({ width })).toBuffer();
  }

  async #master(hash: string): Promise<MasterInfo | null> {
    if (this.#masters.has(hash)) return this.#masters.get(hash) ?? null;
    const rows = await this.db
      .select({ id: images.id, width: images.width, height: images.height })
      .from(images)
      .where(eq(images.hash, hash));
    const info = rows[0] ?? null;
    // Unknown hashes are not remembered: the image may be uploaded by another instance a moment later.
    if (info) this.#masters.set(hash, info);
    return info;
  }

  async #limited<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= 2) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#running++;
    try {
      return await task();
    } finally {
      this.#running--;
      this.#queue.shift()?.();
    }
  }
}
