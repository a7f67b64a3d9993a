import type { Socket } from 'node:net';
import { Transform } from 'node:stream';

/**
 * Pipes two sockets into each other: what one receives the other sends. An error on either ends both, and each
 * stays in `open` until it closes, so its owner can reset every connection at once. With `passes`, every chunk
 * that arrives while it returns false is thrown away in both directions (packets lost on the way).
 */
export function relay(client: Socket, upstream: Socket, open: Set<Socket>, passes?: () => boolean): void {
  for (const socket of [client, upstream]) {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {
      client.destroy();
      upstream.destroy();
    });
  }
  if (!passes) {
    client.pipe(upstream);
    upstream.pipe(client);
    return;
  }
  const gate = () =>
    new Transform({
      transform(chunk, _encoding, done) {
        done(null, passes() ? chunk : undefined);
      },
    });
  client.pipe(gate()).pipe(upstream);
  upstream.pipe(gate()).pipe(client);
}
