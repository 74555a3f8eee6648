import type { LowStockAlert } from '@walton/contract';

/** Reads `GET /api/alerts?…` as a signed-in user, however the server is reached (inject or HTTP). */
export type ReadAlerts = (path: string) => Promise<{ status: number; body: string }>;

/**
 * Every alert so far once at least `count` exist and none of their deliveries is pending any more
 * (the outbox has gone quiet): what a test counts received mail and webhook calls against.
 */
export async function settledAlerts(
  read: ReadAlerts,
  count: number,
  timeoutMs = 20_000,
): Promise<LowStockAlert[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await read('/api/alerts?limit=200');
    if (response.status !== 200)
      throw new Error(`GET /api/alerts answered ${response.status}: ${response.body}`);
    const alerts = JSON.parse(response.body) as LowStockAlert[];
    if (alerts.length >= count && alerts.every((alert) => alert.status !== 'pending')) return alerts;
    if (Date.now() > deadline) throw new Error(`alerts did not settle: ${JSON.stringify(alerts, null, 2)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
