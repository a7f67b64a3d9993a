import net from 'node:net';
import { relay } from '../../tests/support/tcp-relay.ts';

/**
 * A TCP relay in front of the machine's shared PostgreSQL. Cutting it looks to the app like a database that
 * went away (every open connection is reset, new ones are refused) without stopping the real server.
 */
export class PgProxy {
  readonly #sockets = new Set<net.Socket>();
  #server: net.Server | null = null;

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      relay(client, net.connect(this.target.port, this.target.host), this.#sockets);
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

  close(): Promise<void> {
    return this.cut();
  }
}
