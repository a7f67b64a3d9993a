import { randomUUID } from 'node:crypto';
import { allowSilence } from '@db/client.ts';
import type pg from 'pg';
import type { Catalogue } from './catalogue.ts';

const CHANNEL = 'catalogo_cambiado';
const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];
/**
 * A LISTEN connection only receives, so a network that silently drops packets (or a NAT that forgot the
 * connection) would leave it deaf for good. It sends a trivial query this often, and is cut when nothing crossed
 * for a beat and a half; the listener then reconnects and drops its snapshot.
 */
export const LISTENER_HEARTBEAT_MS = 10_000;

interface Logger {
  warn(object: unknown, message: string): void;
}

/**
 * Keeps the catalogue caches of several app instances on one PostgreSQL in step: a local change is announced with
 * NOTIFY, and a change announced by another instance drops this instance's snapshot. One pooled connection is held
 * for LISTEN; when it breaks, the instance reconnects with backoff and drops its snapshot (it may have missed news).
 * PGlite is one process only, so there is nothing to tell.
 */
export class PeerInvalidation {
  readonly #instanceId = randomUUID();
  #client: pg.PoolClient | null = null;
  #stopped = false;
  #attempt = 0;
  #unsubscribe: (() => void) | null = null;
  #timer: NodeJS.Timeout | null = null;
  #heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly catalogue: Catalogue,
    private readonly log: Logger,
    private readonly heartbeatMs = LISTENER_HEARTBEAT_MS,
  ) {}

  async start(): Promise<void> {
    this.#unsubscribe = this.catalogue.onInvalidate(() => {
      this.pool.query('select pg_notify($1, $2)', [CHANNEL, this.#instanceId]).catch((error: Error) => {
        // The change itself is committed; peers converge when their listener reconnects.
        this.log.warn({ err: error }, 'catalogue change could not be announced to other instances');
      });
    });
    await this.#listen();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    const client = this.#client;
    this.#client = null;
    // Closing the connection ends its LISTEN too, and cannot hang on a network that stopped answering.
    client?.release(true);
  }

  async #listen(): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      this.#retry(error as Error);
      return;
    }
    if (this.#stopped) {
      client.release();
      return;
    }
    try {
      client.on('notification', (message) => {
        if (message.channel === CHANNEL && message.payload !== this.#instanceId)
          this.catalogue.dropSnapshot();
      });
      client.on('error', (error) => this.#lost(client, error));
      allowSilence(client, this.heartbeatMs * 1.5);
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      // A connection that failed before listening goes back broken, so the pool drops it (not kept checked out).
      client.release(error as Error);
      this.#retry(error as Error);
      return;
    }
    this.#client = client;
    let beating = false;
    this.#heartbeat = setInterval(() => {
      // An unanswered beat is not repeated: the silence cuts the connection, and its 'error' reaches #lost.
      if (beating) return;
      beating = true;
      client
        .query('select 1')
        .catch(() => {})
        .finally(() => {
          beating = false;
        });
    }, this.heartbeatMs);
    this.#heartbeat.unref();
    if (this.#attempt > 0) this.catalogue.dropSnapshot();
    this.#attempt = 0;
  }

  #lost(client: pg.PoolClient, error: Error): void {
    if (this.#client !== client) return;
    this.#client = null;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    client.release(error);
    this.#retry(error);
  }

  #retry(error: Error): void {
    if (this.#stopped) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.#attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
    this.#attempt += 1;
    this.log.warn({ err: error, retryInMs: delay }, 'catalogue change listener lost its connection');
    this.#timer = setTimeout(() => void this.#listen(), delay);
    this.#timer.unref();
  }
}
