/**
 * Polls `check` every 50 ms until it passes, for news that travels asynchronously (NOTIFY between instances, a
 * reconnect); throws when it has not passed within `timeoutMs`.
 */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met in time');
}
