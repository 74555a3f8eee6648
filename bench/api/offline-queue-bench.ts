/**
 * The offline-queue benchmark (`npm run bench:offline`, and with `npm run bench`): our server in
 * production mode on a fresh database seeded with plain items at the main warehouse.
 *
 * An offline queue comes back as intents (`POST /api/product/:id/intents`, ADR 64), each with the
 * operation id it was made with as its `Idempotency-Key`, sent in order by each client. Each case
 * replays such queues: BENCH_OFFLINE_CASES, like `1:1000,50:10000`, is clients and sends in all
 * (split evenly among the clients, all replaying at once). One send in DUPLICATE_EVERY is an earlier
 * entry of the same queue sent again (its answer was lost): 20% of the sends. The intents deliver 1 to
 * 3 units or restock 1 to 5 of items kept well stocked; one distinct intent in SCARCE_EVERY delivers
 * from an item left with 2 units, so some are refused (409), and those items only ever lose units, so
 * a refused intent sent again is refused again.
 *
 * Each case checks itself: every send of one key answers as the first did (the same status; an
 * accepted one the same body, a refused one the same code), and every item's quantity read back is its
 * starting one plus the accepted intents, each once.
 *
 * Single Delivered changes (`PUT /api/product/:id`, one unit, `If-Match`) one after another, before
 * and after the cases, are the unit of comparison in the same run.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from '../lib/client.ts';
import type { Engine } from '../lib/database.ts';
import { PAGE, type ProductBody, spreadItems } from '../lib/pools.ts';
import { onSeededServer } from '../lib/seeded-server.ts';
import type { Settings } from '../lib/settings.ts';
import { delivered, round, type Timings, timings } from './timings.ts';

/** Single Delivered timed before the cases, and as many after. */
const DELIVERIES_EACH_SIDE = 100;
/** One send in this many is an earlier entry of the queue sent again. */
const DUPLICATE_EVERY = 5;
/** One distinct intent in this many delivers from a scarce item (2 units at the start). */
const SCARCE_EVERY = 10;
/** Distinct intents per well-stocked item, and per scarce item (so some of these are refused). */
const INTENTS_PER_ITEM = 10;
const INTENTS_PER_SCARCE_ITEM = 4;
/** Units a scarce item holds when its queues start. */
const SCARCE_UNITS = 2;
/** What a well-stocked item is restocked to first: no delivery of a case can empty it. */
const STOCKED_UNITS = 100_000;
/** Accounts the clients sign up as: the sign-ups one address may make in an hour. */
const MAX_ACCOUNTS = 20;

interface Intent {
  key: string;
  productId: string;
  body: { deliver: number } | { restock: number };
}

interface Answer {
  status: number;
  /** The body as sent (an accepted intent's), or the refusal's code. */
  said: string;
}

export interface OfflineCaseReport {
  clients: number;
  /** Sends in all, duplicates among them. */
  sends: number;
  duplicates: number;
  /** Distinct intents: accepted and refused (by code). */
  intents: number;
  accepted: number;
  refused: Record<string, number>;
  items: number;
  /** Seconds from the first send to the last answer. */
  seconds: number;
  perSecond: number;
  /** Milliseconds per send as its client waited: first sends, and duplicates. */
  firstSends: Timings;
  duplicateSends: Timings;
  /** Sends of one key that answered otherwise than its first send (0 when consistent). */
  answersDiffering: number;
  /** Items whose quantity read back is not the start plus the accepted intents (0 when consistent). */
  levelsDiffering: number;
  consistent: boolean;
  /** Sends a second ÷ Delivered a second one after another; a first send's mean ÷ a Delivered's. */
  throughputRatio: number;
  latencyRatio: number;
}

export interface OfflineQueueReport {
  engine: Engine;
  accounts: number;
  cases: OfflineCaseReport[];
  /** Milliseconds per single Delivered, in the same run. */
  delivered: Timings;
  loadAverage: { start: number[]; end: number[] };
}

/** A small seeded generator, so every run replays the same queues. */
function generator(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

/**
 * Each client's queue: distinct intents on the items (well-stocked ones delivered from and restocked,
 * scarce ones delivered from only), with one send in DUPLICATE_EVERY an earlier entry sent again.
 */
function queues(
  clients: number,
  sends: number,
  stocked: ProductBody[],
  scarce: ProductBody[],
  random: (below: number) => number,
): Intent[][] {
  return Array.from({ length: clients }, (_, client) => {
    const length = Math.floor(sends / clients) + (client < sends % clients ? 1 : 0);
    const queue: Intent[] = [];
    for (let index = 0; index < length; index += 1) {
      const earlier = queue[random(queue.length)];
      if (index % DUPLICATE_EVERY === DUPLICATE_EVERY - 1 && earlier) {
        queue.push(earlier);
        continue;
      }
      const toScarce = random(SCARCE_EVERY) === 0;
      const item = toScarce ? scarce[random(scarce.length)] : stocked[random(stocked.length)];
      if (!item) throw new Error('no items to queue intents for');
      const body = toScarce || random(2) === 0 ? { deliver: 1 + random(3) } : { restock: 1 + random(5) };
      queue.push({ key: randomUUID(), productId: item._id, body });
    }
    return queue;
  });
}

async function send(client: Client, intent: Intent): Promise<{ answer: Answer; ms: number }> {
  const sent = performance.now();
  const response = await client.call(
    'POST',
    `/api/product/${encodeURIComponent(intent.productId)}/intents`,
    intent.body,
    { 'idempotency-key': intent.key },
  );
  const text = await response.text();
  const ms = performance.now() - sent;
  if (response.status !== 200 && response.status !== 409)
    throw new Error(`an intent answered ${response.status}: ${text.slice(0, 300)}`);
  const said = response.status === 200 ? text : String((JSON.parse(text) as { code?: string }).code);
  return { answer: { status: response.status, said }, ms };
}

/** The items' quantities, read back in pages. */
async function quantities(client: Client, size: number): Promise<Map<string, number>> {
  return new Map((await spreadItems(client, size, size)).map((item) => [item._id, item.quentity]));
}

/** Brings each item to `units` (a restock, or an intent delivering the surplus) when it holds other. */
async function bringTo(client: Client, items: ProductBody[], units: number): Promise<void> {
  for (const item of items) {
    const path = `/api/product/${encodeURIComponent(item._id)}`;
    if (item.quentity < units) {
      await client.json('PUT', `/api/products/${encodeURIComponent(item._id)}`, { newQuentity: units });
    } else if (item.quentity > units) {
      const response = await client.call(
        'POST',
        `${path}/intents`,
        { deliver: item.quentity - units },
        { 'idempotency-key': randomUUID() },
      );
      if (!response.ok) throw new Error(`bringing ${item._id} to ${units} answered ${response.status}`);
    }
  }
}

/** Replays one case's queues, every client at once, and checks what they did. */
async function replay(
  clients: Client[],
  size: number,
  sends: number,
  stocked: ProductBody[],
  scarce: ProductBody[],
): Promise<Omit<OfflineCaseReport, 'throughputRatio' | 'latencyRatio'>> {
  const supervisor = clients[0];
  if (!supervisor) throw new Error('no client');
  await bringTo(supervisor, stocked, STOCKED_UNITS);
  await bringTo(supervisor, scarce, SCARCE_UNITS);
  const start = await quantities(supervisor, size);
  const planned = queues(clients.length, sends, stocked, scarce, generator(sends + clients.length));
  const first = new Map<string, Answer>();
  const firstTimes: number[] = [];
  const duplicateTimes: number[] = [];
  let answersDiffering = 0;
  let duplicates = 0;
  const began = performance.now();
  await Promise.all(
    clients.map(async (client, index) => {
      for (const intent of planned[index] ?? []) {
        const { answer, ms } = await send(client, intent);
        const earlier = first.get(intent.key);
        if (!earlier) {
          first.set(intent.key, answer);
          firstTimes.push(ms);
          continue;
        }
        duplicates += 1;
        duplicateTimes.push(ms);
        if (earlier.status !== answer.status || earlier.said !== answer.said) answersDiffering += 1;
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;

  const expected = new Map(start);
  const refused: Record<string, number> = {};
  let accepted = 0;
  for (const intent of planned.flat()) {
    const answer = first.get(intent.key);
    if (!answer) continue;
    first.delete(intent.key);
    if (answer.status !== 200) {
      refused[answer.said] = (refused[answer.said] ?? 0) + 1;
      continue;
    }
    accepted += 1;
    const change = 'deliver' in intent.body ? -intent.body.deliver : intent.body.restock;
    expected.set(intent.productId, (expected.get(intent.productId) ?? 0) + change);
  }
  const after = await quantities(supervisor, size);
  const levelsDiffering = [...stocked, ...scarce].filter(
    (item) => after.get(item._id) !== expected.get(item._id),
  ).length;
  const intents = sends - duplicates;
  const perSecond = sends / seconds;
  console.log(
    `  ${clients.length} client(s), ${sends} sends (${duplicates} duplicates) in ${seconds.toFixed(1)} s ` +
      `(${perSecond.toFixed(0)}/s): ${accepted} accepted, ${intents - accepted} refused; ` +
      `${answersDiffering} answers and ${levelsDiffering} levels differ`,
  );
  return {
    clients: clients.length,
    sends,
    duplicates,
    intents,
    accepted,
    refused,
    items: stocked.length + scarce.length,
    seconds,
    perSecond,
    firstSends: timings(firstTimes),
    duplicateSends: timings(duplicateTimes),
    answersDiffering,
    levelsDiffering,
    consistent: answersDiffering === 0 && levelsDiffering === 0,
  };
}

/** Clients signed in as at most MAX_ACCOUNTS accounts: those past them share a session, as a clerk's second device would. */
async function signedIn(url: string, count: number): Promise<Client[]> {
  const clients = Array.from({ length: count }, () => new Client(url));
  for (const [index, client] of clients.entries()) {
    const account = clients[index % MAX_ACCOUNTS];
    if (account && account !== client) client.cookie = account.cookie;
    else await client.signUp(`offline-clerk-${index}-${Date.now()}@bench.test`);
  }
  return clients;
}

export async function runOfflineQueueBench(settings: Settings): Promise<OfflineQueueReport> {
  const cases = settings.offlineCases;
  const mostClients = Math.max(...cases.map((one) => one.clients));
  // Every case works on items of its own, and the Delivered on others.
  const itemsOf = (sends: number, clients: number) => {
    const intents = Math.ceil((sends * (DUPLICATE_EVERY - 1)) / DUPLICATE_EVERY);
    return {
      stocked: Math.max(clients, Math.ceil(intents / INTENTS_PER_ITEM)),
      scarce: Math.max(1, Math.ceil(intents / SCARCE_EVERY / INTENTS_PER_SCARCE_ITEM)),
    };
  };
  const sizes = cases.map((one) => itemsOf(one.sends, one.clients));
  // A whole number of list pages, so the items read back page by page are each read once.
  const needed = DELIVERIES_EACH_SIDE + sizes.reduce((sum, one) => sum + one.stocked + one.scarce, 0);
  const size = Math.ceil(needed / PAGE) * PAGE;
  return onSeededServer(
    settings.postgresUrl,
    size,
    (where) =>
      `Offline-queue benchmark on ${where}: ${cases.map((one) => `${one.sends} intents from ${one.clients} client(s)`).join(', ')}, ${100 / DUPLICATE_EVERY}% duplicates, on ${size} items`,
    async (server, database) => {
      const clients = await signedIn(server.url, mostClients);
      const [supervisor] = clients;
      if (!supervisor) throw new Error('BENCH_OFFLINE_CASES names at least one client');
      const loadStart = round(loadavg());
      const items = await spreadItems(supervisor, size, size);
      const baselineItems = items.slice(0, DELIVERIES_EACH_SIDE);
      await bringTo(supervisor, baselineItems, STOCKED_UNITS);
      const before = await delivered(supervisor, baselineItems, DELIVERIES_EACH_SIDE);
      let next = DELIVERIES_EACH_SIDE;
      const take = (count: number) => {
        const taken = items.slice(next, next + count);
        next += count;
        return taken;
      };
      const cut = cases.map((one, index) => {
        const counts = sizes[index] ?? { stocked: 0, scarce: 0 };
        return { ...one, stocked: take(counts.stocked), scarce: take(counts.scarce) };
      });
      const measured = [];
      for (const one of cut) {
        measured.push(await replay(clients.slice(0, one.clients), size, one.sends, one.stocked, one.scarce));
      }
      const after = await delivered(supervisor, baselineItems, DELIVERIES_EACH_SIDE);
      const single = timings([...before, ...after]);
      const perDelivered = Math.max(0.001, single.mean);
      const reports = measured.map((one) => ({
        ...one,
        throughputRatio: one.perSecond / (1000 / perDelivered),
        latencyRatio: one.firstSends.mean / perDelivered,
      }));
      return {
        engine: database.engine,
        accounts: Math.min(mostClients, MAX_ACCOUNTS),
        cases: reports,
        delivered: single,
        loadAverage: { start: loadStart, end: round(loadavg()) },
      };
    },
  );
}

const int = (value: number) => Math.round(value).toLocaleString('en-US');

const refusals = (refused: Record<string, number>) =>
  Object.entries(refused)
    .map(([code, count]) => `${int(count)} ${code}`)
    .join(', ') || 'none';

/** The run as Markdown. */
export function offlineQueueTable(report: OfflineQueueReport): string[] {
  const engine = report.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const d = report.delivered;
  return [
    `Offline queues on ${engine}: intents (POST /api/product/:id/intents, each with its own Idempotency-Key) ` +
      `replayed in order by each client, all clients at once, ${100 / DUPLICATE_EVERY}% of the sends an ` +
      `earlier entry sent again; clients signed in as ${report.accounts} account(s); ${d.count} single ` +
      `Delivered one after another in the same run. Load average ${report.loadAverage.start.join(', ')} at ` +
      `the start, ${report.loadAverage.end.join(', ')} at the end.`,
    '',
    '| Case | Measured | p50 ms | p99 ms | mean ms | Duplicates: p50 · mean ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...report.cases.map(
      (c) =>
        `| ${int(c.sends)} sends (${int(c.duplicates)} duplicates) from ${c.clients} client(s) on ${int(c.items)} items ` +
        `| ${c.perSecond.toFixed(0)} sends/s | ${c.firstSends.p50.toFixed(1)} | ${c.firstSends.p99.toFixed(1)} ` +
        `| ${c.firstSends.mean.toFixed(1)} | ${c.duplicateSends.p50.toFixed(1)} · ${c.duplicateSends.mean.toFixed(1)} |`,
    ),
    `| One Delivered (PUT /api/product/:id) | ${(1000 / Math.max(0.001, d.mean)).toFixed(0)} /s ` +
      `| ${d.p50.toFixed(1)} | ${d.p99.toFixed(1)} | ${d.mean.toFixed(1)} | |`,
    '',
    ...report.cases.map(
      (c) =>
        `${c.clients} client(s): sends go through at ${c.throughputRatio.toFixed(2)} × the rate of Delivered one ` +
        `after another, a first send costs ${c.latencyRatio.toFixed(2)} Delivered; ${int(c.accepted)} of ` +
        `${int(c.intents)} intents accepted, refused: ${refusals(c.refused)}; ` +
        (c.consistent
          ? 'every duplicate answered as its first send and every level equals the start plus the accepted intents, each once.'
          : `${c.answersDiffering} duplicates answered otherwise and ${c.levelsDiffering} levels DIFFER.`),
    ),
    '',
  ];
}
