/** How long to wait before try `attempt + 1` after try `attempt` failed: doubling from `baseMs`, at most `maxMs`. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
