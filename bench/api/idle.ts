/**
 * Waits until `origin` answers a readiness check (which goes through the database, so it queues
 * behind the queries still waiting there) within 200 ms, so a case never starts while the server
 * still works through the backlog of the one before: a slow case can end its period with requests
 * queued. Any status will do: the baseline answers 404 to it. Returns the milliseconds it waited.
 */
export async function waitUntilIdle(origin: string, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const sent = Date.now();
    try {
      const response = await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (Date.now() - sent < 200) return Date.now() - started;
    } catch {
      // Still busy (or the request timed out): ask again.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${origin} stayed busy for ${timeoutMs / 1000} s after a load period`);
}
