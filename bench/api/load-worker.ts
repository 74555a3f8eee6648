/**
 * The load generator, run as its own process so that it never shares an event loop (or a core's
 * time slice) with the orchestrator: reads one LoadJob as JSON on stdin, runs autocannon for the
 * warm-up and then the measured period, and prints one LoadResult as JSON on stdout.
 */
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';
import { waitUntilIdle } from './idle.ts';
import type { DeliveryItem, LoadJob, LoadRequest, LoadResult } from './load-types.ts';

interface ConflictBody {
  product?: { _id?: unknown; quentity?: unknown; version?: unknown };
}

/** autocannon's per-connection context: the item of the request in flight (one at a time, no pipelining). */
interface Pending {
  item?: DeliveryItem;
}

/**
 * Delivered over many items, round-robin: each request takes one unit of the next item, sending
 * `newQuentity` = the quantity it should have now − 1 and its current version as `If-Match`. The
 * expectation moves on as the request is built; a refusal (409/412) carries the item as it really
 * is, and the next request for it starts from there; any other failure (a 429, a 5xx) changed
 * nothing, so the expectation steps back. With far more items than connections, two requests for
 * the same item are never in flight together, so every request is valid unless the server gets it
 * wrong: refusals are counted, not hidden.
 */
function deliveryRequests(items: DeliveryItem[], headers: Record<string, string>): autocannon.Request[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  let next = 0;
  return [
    {
      setupRequest: (request, context: Pending) => {
        const item = items[next % items.length];
        next += 1;
        if (!item) throw new Error('the Delivered case needs at least one item');
        const body = JSON.stringify({ newQuentity: item.quantity - 1 });
        const ifMatch = `"${item.version}"`;
        item.quantity -= 1;
        item.version += 1;
        context.item = item;
        return {
          ...request,
          method: 'PUT',
          path: `/api/product/${encodeURIComponent(item.id)}`,
          headers: { ...headers, 'content-type': 'application/json', 'if-match': ifMatch },
          body,
        };
      },
      onResponse: (status, body, context: Pending) => {
        if (status >= 200 && status < 300) return;
        if (status !== 409 && status !== 412) {
          if (context.item) {
            context.item.quantity += 1;
            context.item.version -= 1;
          }
          return;
        }
        try {
          const product = (JSON.parse(body) as ConflictBody).product;
          const item = typeof product?._id === 'string' ? byId.get(product._id) : undefined;
          if (item && typeof product?.quentity === 'number' && typeof product.version === 'number') {
            item.quantity = product.quentity;
            item.version = product.version;
          }
        } catch {
          // Not the conflict body we expected; the status is counted all the same.
        }
      },
    },
  ];
}

function requestsOf(request: LoadRequest): autocannon.Request[] {
  if (request.kind === 'deliver') return deliveryRequests(request.items, request.headers);
  return [{ method: 'GET', path: request.path, headers: request.headers }];
}

async function load(
  job: LoadJob,
  requests: autocannon.Request[],
  seconds: number,
): Promise<autocannon.Result> {
  return autocannon({
    url: job.origin,
    connections: job.connections,
    duration: seconds,
    requests,
    // Seconds: a request that takes this long is counted as a timeout.
    timeout: 30,
  });
}

function summary(result: autocannon.Result, warmup: autocannon.Result): LoadResult {
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stats.count ?? 0;
  }
  const total = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  return {
    requestsPerSecond: total / result.duration,
    latency: {
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      mean: result.latency.mean,
      max: result.latency.max,
    },
    requests: total,
    non2xx: result.non2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
    okDuringWarmup: warmup['2xx'],
  };
}

/**
 * Deliveries cut off when the warm-up ended may or may not have been applied: once the server is
 * idle, read every item back (quantity from the body, version from the ETag) so the measured period
 * starts from the truth and any refusal in it is the server's doing.
 */
async function resync(origin: string, items: DeliveryItem[]): Promise<void> {
  await waitUntilIdle(origin);
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.pop(); item; item = queue.pop()) {
      const response = await fetch(`${origin}/api/product/${encodeURIComponent(item.id)}`);
      const body = (await response.json()) as { quentity: number };
      const version = Number(response.headers.get('etag')?.replaceAll('"', ''));
      if (!response.ok || !Number.isInteger(version)) throw new Error(`cannot read item ${item.id} back`);
      item.quantity = body.quentity;
      item.version = version;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

const job = JSON.parse(await text(process.stdin)) as LoadJob;
// One request list for both periods, so the Delivered expectations carry over from the warm-up.
const requests = requestsOf(job.request);
const warmup = await load(job, requests, job.warmupSeconds);
if (job.request.kind === 'deliver' && job.resyncAfterWarmup) await resync(job.origin, job.request.items);
const measured = await load(job, requests, job.durationSeconds);
process.stdout.write(`${JSON.stringify(summary(measured, warmup))}\n`);
