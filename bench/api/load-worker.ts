/**
 * The load generator, run as its own process so that it never shares an event loop (or a core's
 * time slice) with the orchestrator: reads one LoadJob as JSON on stdin, runs autocannon for the
 * warm-up and then the measured period, and prints one LoadResult as JSON on stdout.
 */
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';
import { resyncDeliveries, resyncTransfers } from '../lib/pools.ts';
import type { DeliveryItem, LoadJob, LoadRequest, LoadResult, TransferItem } from './load-types.ts';

interface ConflictBody {
  product?: { _id?: unknown; quentity?: unknown; version?: unknown };
}

/**
 * autocannon's per-connection context: the item of the request in flight (one at a time, no
 * pipelining), delivered from or moved between locations (by +1 away, or −1 back).
 */
interface Pending {
  item?: DeliveryItem;
  moved?: { item: TransferItem; by: number };
}

/** Stock changes answered 2xx so far (warm-up and measured period). */
let changesOk = 0;

/**
 * Delivered over many items, round-robin: each request takes one unit of the next item, sending
 * `newQuentity` = the quantity it should have now − 1 and its current version as `If-Match`. The
 * expectation moves on as the request is built; a refusal (409/412) carries the item as it really
 * is, and the next request for it starts from there; any other failure (a 429, a 5xx) changed
 * nothing, so the expectation steps back. With far more items than connections, two requests for
 * the same item are never in flight together, so every request is valid unless the server gets it
 * wrong: refusals are counted, not hidden.
 */
class Deliveries {
  readonly #items: DeliveryItem[];
  readonly #byId: Map<string, DeliveryItem>;
  readonly #headers: Record<string, string>;
  #next = 0;

  constructor(items: DeliveryItem[], headers: Record<string, string>) {
    if (items.length === 0) throw new Error('Delivered needs at least one item');
    this.#items = items;
    this.#byId = new Map(items.map((item) => [item.id, item]));
    this.#headers = headers;
  }

  request(request: autocannon.Request, context: Pending): autocannon.Request {
    const item = this.#items[this.#next % this.#items.length] as DeliveryItem;
    this.#next += 1;
    const body = JSON.stringify({ newQuentity: item.quantity - 1 });
    const ifMatch = `"${item.version}"`;
    item.quantity -= 1;
    item.version += 1;
    context.item = item;
    return {
      ...request,
      method: 'PUT',
      path: `/api/product/${encodeURIComponent(item.id)}`,
      headers: { ...this.#headers, 'content-type': 'application/json', 'if-match': ifMatch },
      body,
    };
  }

  answered(status: number, body: string, item: DeliveryItem): void {
    if (status >= 200 && status < 300) {
      changesOk += 1;
      return;
    }
    if (status !== 409 && status !== 412) {
      item.quantity += 1;
      item.version -= 1;
      return;
    }
    try {
      const product = (JSON.parse(body) as ConflictBody).product;
      const known = typeof product?._id === 'string' ? this.#byId.get(product._id) : undefined;
      if (known && typeof product?.quentity === 'number' && typeof product.version === 'number') {
        known.quantity = product.quentity;
        known.version = product.version;
      }
    } catch {
      // Not the conflict body we expected; the status is counted all the same.
    }
  }
}

function deliveryRequests(items: DeliveryItem[], headers: Record<string, string>): autocannon.Request[] {
  const deliveries = new Deliveries(items, headers);
  return [
    {
      setupRequest: (request, context: Pending) => deliveries.request(request, context),
      onResponse: (status, body, context: Pending) => {
        if (context.item) deliveries.answered(status, body, context.item);
      },
    },
  ];
}

/**
 * Transfers over many items, round-robin, one unit each: away when none of the item's units is
 * away, back when one is, so each item goes there and back in turn. The expectation moves on as
 * the request is built and steps back when the answer is not 2xx (a refusal changed nothing).
 * With far more items than connections every request is valid unless the server gets it wrong.
 */
function transferRequests(request: Extract<LoadRequest, { kind: 'transfer' }>): autocannon.Request[] {
  if (request.items.length === 0) throw new Error('the transfer case needs at least one item');
  let next = 0;
  return [
    {
      setupRequest: (base, context: Pending) => {
        const item = request.items[next % request.items.length] as TransferItem;
        next += 1;
        const by = item.away > 0 ? -1 : 1;
        const [from, to] = by > 0 ? [request.home, request.away] : [request.away, request.home];
        item.away += by;
        context.moved = { item, by };
        return {
          ...base,
          method: 'POST',
          path: `/api/product/${encodeURIComponent(item.id)}/transfers`,
          headers: { ...request.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ from, to, quantity: 1 }),
        };
      },
      onResponse: (status, _body, context: Pending) => {
        if (!context.moved) return;
        if (status >= 200 && status < 300) changesOk += 1;
        else context.moved.item.away -= context.moved.by;
      },
    },
  ];
}

/** Reads in turn, and a delivery every `writeEvery`-th request. */
function mixedRequests(request: Extract<LoadRequest, { kind: 'mixed' }>): autocannon.Request[] {
  const deliveries = new Deliveries(request.items, request.writeHeaders);
  let sent = 0;
  let read = 0;
  return [
    {
      setupRequest: (base, context: Pending) => {
        sent += 1;
        if (sent % request.writeEvery === 0) return deliveries.request(base, context);
        context.item = undefined;
        const path = request.reads[read % request.reads.length] ?? '/';
        read += 1;
        return { ...base, method: 'GET', path, headers: request.readHeaders };
      },
      onResponse: (status, body, context: Pending) => {
        if (context.item) deliveries.answered(status, body, context.item);
      },
    },
  ];
}

/** The paths in turn. */
function readRequests(request: Extract<LoadRequest, { kind: 'reads' }>): autocannon.Request[] {
  let read = 0;
  return [
    {
      setupRequest: (base) => {
        const path = request.paths[read % request.paths.length] ?? '/';
        read += 1;
        return { ...base, method: 'GET', path, headers: request.headers };
      },
    },
  ];
}

function requestsOf(request: LoadRequest): autocannon.Request[] {
  if (request.kind === 'reads') return readRequests(request);
  if (request.kind === 'deliver') return deliveryRequests(request.items, request.headers);
  if (request.kind === 'mixed') return mixedRequests(request);
  if (request.kind === 'transfer') return transferRequests(request);
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
    changesOk,
  };
}

/**
 * Changes cut off when the warm-up ended may or may not have been applied: once the server is idle,
 * read every item back so the measured period starts from the truth and any refusal in it is the
 * server's doing.
 */
async function resync(origin: string, request: LoadRequest): Promise<void> {
  if (request.kind === 'transfer')
    await resyncTransfers(origin, request.items, request.away, request.headers);
  else if (request.kind === 'deliver' || request.kind === 'mixed')
    await resyncDeliveries(origin, request.items);
}

const job = JSON.parse(await text(process.stdin)) as LoadJob;
// One request list for both periods, so the Delivered expectations carry over from the warm-up.
const requests = requestsOf(job.request);
const warmup = await load(job, requests, job.warmupSeconds);
if (job.resyncAfterWarmup) await resync(job.origin, job.request);
const measured = await load(job, requests, job.durationSeconds);
process.stdout.write(`${JSON.stringify(summary(measured, warmup))}\n`);
