import net from 'node:net';
import { relay } from './tcp-relay.ts';

/**
 * A TCP relay in front of the machine's shared PostgreSQL, to fail the database without touching the real server.
 * - `cut()` looks like a database that went away: every open connection is reset, new ones are refused.
 * - `partition()` looks like a network that loses every packet: connections stay open but nothing crosses in
 *   either direction, and new connections are accepted but never reach the database. Nobody is told; only
 *   silence shows it. `heal()` lets traffic through again.
 */
export class PgProxy {
  readonly #sockets = new Set<net.Socket>();
  #server: net.Server | null = null;
  #partitioned = false;

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      if (this.#partitioned) {
        // Its startup message is lost; it stays connected to nothing until its owner gives up.
        this.#sockets.add(client);
        client.on('close', () => this.#sockets.delete(client));
        client.on('error', () => client.destroy());
        client.resume();
        return;
      }
      relay(client, net.connect(this.target.port, this.target.host), this.#sockets, () => !this.#partitioned);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.#server = server;
  }

  /** Stops listening (new connections are refused) and resets every open connection. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : null;
    for (const socket of this.#sockets) {
      // An RST, as a crashed database host would send; a socket still connecting is simply dropped.
      if (socket.connecting) socket.destroy();
      else socket.resetAndDestroy();
    }
    this.#sockets.clear();
    await closed;
  }

  restore(): Promise<void> {
    return this.open();
  }

  partition(): void {
    this.#partitioned = true;
  }

  heal(): void {
    this.#partitioned = false;
  }

  close(): Promise<void> {
    this.#partitioned = false;
    return this.cut();
  }
}
