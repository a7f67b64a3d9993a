import type { Socket } from 'node:net';

/**
 * Pipes two sockets into each other: what one receives the other sends. An error on either ends both, and each
 * stays in `open` until it closes, so its owner can reset every connection at once.
 */
export function relay(client: Socket, upstream: Socket, open: Set<Socket>): void {
  for (const socket of [client, upstream]) {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {
      client.destroy();
      upstream.destroy();
    });
  }
  client.pipe(upstream);
  upstream.pipe(client);
}
