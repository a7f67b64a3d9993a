// The one bound on image decodes in this process (ADR 0026): visitors' appraisal photos, staff stock and site photos
// and the demo photos all decode through it, so a burst of uploads cannot hold more pixels in memory than it allows.
import sharp from 'sharp';

/** Requests decoding at once (each its photos one after the other): one per core of the two the server is sized for. */
export const DECODE_SLOTS = 2;
/** Requests waiting for a slot; past it a request is refused at once. */
export const DECODE_QUEUE = 8;
/** How long a request waits for a slot before it is refused: a full queue of phone photos drains in about this. */
export const DECODE_WAIT_MS = 10_000;
/** What a refused request is told to wait, in seconds (Retry-After). */
export const DECODE_RETRY_AFTER_S = 10;

/** Every slot is busy and the queue is full or did not move in time: the caller answers 503 with Retry-After. */
export class DecodeBusyError extends Error {
  override name = 'DecodeBusyError';
  readonly retryAfter = DECODE_RETRY_AFTER_S;
  constructor() {
    super('Estamos procesando muchas fotos en este momento. Inténtalo nuevamente en unos segundos.');
  }
}

export interface DecodeStats {
  /** Decodes started since the process began. */
  started: number;
  /** Requests refused because every slot stayed busy. */
  refused: number;
  running: number;
  waiting: number;
}

interface Waiter {
  resolve: () => void;
  timer: NodeJS.Timeout | null;
}

/** A semaphore with a short queue: `run` waits up to `waitMs` for a slot (or forever when `patient`). */
export class DecodeGate {
  #running = 0;
  #started = 0;
  #refused = 0;
  readonly #queue: Waiter[] = [];

  constructor(
    readonly slots: number,
    readonly queueLength: number,
    readonly waitMs: number,
  ) {}

  stats(): DecodeStats {
    return {
      started: this.#started,
      refused: this.#refused,
      running: this.#running,
      waiting: this.#queue.length,
    };
  }

  /**
   * Runs `decode` in a slot. A request's decode is refused with DecodeBusyError when the queue is full or no slot
   * frees within `waitMs`; a `patient` one (background work such as the demo photos) waits its turn, unbounded.
   */
  async run<T>(decode: () => Promise<T>, { patient = false } = {}): Promise<T> {
    if (this.#running >= this.slots) await this.#wait(patient);
    else this.#running++;
    this.#started++;
    try {
      return await decode();
    } finally {
      const next = this.#queue.shift();
      // The slot passes straight to the next waiter, so a new arrival cannot take it first.
      if (next) {
        if (next.timer) clearTimeout(next.timer);
        next.resolve();
      } else this.#running--;
    }
  }

  #wait(patient: boolean): Promise<void> {
    if (!patient && this.#queue.length >= this.queueLength) return this.#refuse();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, timer: null };
      if (!patient) {
        waiter.timer = setTimeout(() => {
          const index = this.#queue.indexOf(waiter);
          if (index !== -1) this.#queue.splice(index, 1);
          this.#refuse().catch(reject);
        }, this.waitMs);
      }
      this.#queue.push(waiter);
    });
  }

  #refuse(): Promise<never> {
    this.#refused++;
    return Promise.reject(new DecodeBusyError());
  }
}

export const decodeGate = new DecodeGate(DECODE_SLOTS, DECODE_QUEUE, DECODE_WAIT_MS);

let configured = false;

/**
 * libvips' settings for this process, once (ADR 0026): no operation cache (every upload is decoded once, and the
 * variants have their own cache of encoded bytes), and one thread per image, since the slots above are the
 * parallelism.
 */
export function configureSharp(): void {
  if (configured) return;
  configured = true;
  sharp.cache(false);
  sharp.concurrency(1);
}
