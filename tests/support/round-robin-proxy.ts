import { request as httpRequest } from 'node:http';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { relay } from './tcp-relay.ts';

/**
 * The simplest load balancer: a TCP proxy on loopback that hands each new connection to the next upstream port in
 * turn. It knows nothing of HTTP, cookies or sessions, so whatever works through it works on any balancer.
 */
export class RoundRobinProxy {
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  #next = 0;
  /** Connections handed to each upstream, in the order of `upstreams`. */
  readonly served: number[];

  private constructor(readonly upstreams: number[]) {
    this.served = upstreams.map(() => 0);
    this.#server = createServer((client) => {
      const index = this.#next++ % upstreams.length;
      this.served[index] = (this.served[index] ?? 0) + 1;
      relay(client, connect(upstreams[index] ?? 0, '127.0.0.1'), this.#sockets);
    });
  }

  static async start(upstreams: number[]): Promise<RoundRobinProxy> {
    const proxy = new RoundRobinProxy(upstreams);
    await new Promise<void>((resolve) => proxy.#server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request on a connection of its own (no keep-alive), so consecutive requests reach different upstreams. */
export function requestOnNewConnection(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<ProxiedResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
