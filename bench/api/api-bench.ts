/**
 * `npm run bench:api`: our server in production mode on a fresh database, seeded with each table
 * size in turn, loaded case by case by autocannon from a separate process; each case is followed at
 * once by the same load on a bare node:http server replaying our answers byte for byte, so the two
 * figures share the machine's mood of the moment.
 */
import { MAX_QUANTITY } from '@walton/contract';
import type { Engine } from '../lib/database.ts';
import { freshDatabase } from '../lib/database.ts';
import { freePort, productionEnv, type RunningServer, seed, startInstances } from '../lib/processes.ts';
import type { Settings } from '../lib/settings.ts';
import { type CapturedResponse, capture } from './captured.ts';
import { runLoad, startBaseline, waitUntilIdle } from './children.ts';
import type { DeliveryItem, LoadRequest, LoadResult } from './load-types.ts';
import { randomMixedReads, type Table } from './random-reads.ts';

export interface ApiCaseResult {
  id: string;
  title: string;
  /** Method and path of the request (one of them, for Delivered). */
  request: string;
  size: number;
  /** Whether the server kept its public reads in memory (production), or read the database each time. */
  readCache: boolean;
  ours: LoadResult;
  baseline: LoadResult;
  /** Our requests/s divided by the baseline's. */
  ratioToBaseline: number;
  /** How long our server took, after the period ended, to answer a health check promptly again. */
  backlogSeconds: number;
}

export interface DeliveryCheck {
  /** The case that delivered: Delivered alone, or the mixed traffic. */
  caseId: string;
  size: number;
  items: number;
  /** 200 answers to Delivered (the captured one, the warm-up's and the measured period's)... */
  answeredOk: number;
  /** ...and the units that actually left the pool's items according to the server afterwards. */
  unitsTaken: number;
}

export interface ApiReport {
  engine: Engine;
  database: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  acceptEncoding: string;
  sizes: number[];
  cases: ApiCaseResult[];
  deliveries: DeliveryCheck[];
}

interface CaseDefinition {
  id: string;
  title: string;
  request: LoadRequest;
  /** Whether this case only reads (the p99 target applies to reads). */
  read: boolean;
}

/** One request in this many of the mixed traffic is a Delivered. */
const MIXED_WRITE_EVERY = 10;

const PAGE = 500;

interface ProductBody {
  _id: string;
  name: string;
  quentity: number;
}

/** The cases that deliver, each over a pool of items of its own. */
const DELIVERING = ['delivered', 'mixed', 'mixed-random'] as const;
type DeliveringCase = (typeof DELIVERING)[number];
type Pools = Record<DeliveringCase, DeliveryItem[]>;

export class Client {
  readonly origin: string;
  cookie = '';

  constructor(origin: string) {
    this.origin = origin;
  }

  async call(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    return fetch(`${this.origin}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        origin: this.origin,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<{ response: Response; body: T }> {
    const response = await this.call(method, path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return { response, body: JSON.parse(text) as T };
  }

  /** Signs a new user up and keeps the session cookie the answer sets (Secure in production). */
  async signUp(email: string): Promise<void> {
    const { response } = await this.json('POST', '/api/auth/sign-up/email', {
      name: 'Benchmark Clerk',
      email,
      password: 'bench-password-1234',
    });
    const cookies = response.headers.getSetCookie().map((header) => header.split(';', 1)[0] ?? '');
    if (!cookies.some((cookie) => cookie.includes('session_token='))) {
      throw new Error('sign-up set no session cookie');
    }
    this.cookie = cookies.join('; ');
  }
}

/** `count` live items spread through the table: pages of 500 at evenly spaced offsets (after `from`). */
async function spreadItems(client: Client, size: number, count: number, from = 0): Promise<ProductBody[]> {
  const pages = Math.ceil(count / PAGE);
  const items: ProductBody[] = [];
  for (let page = 0; page < pages; page += 1) {
    const offset = from + Math.floor((page * (size - from)) / pages);
    const limit = Math.min(PAGE, count - items.length);
    const { body } = await client.json<ProductBody[]>('GET', `/api/product?limit=${limit}&offset=${offset}`);
    items.push(...body);
  }
  return items;
}

/**
 * Restocks each item (PUT /api/products/:id) to the most an item may hold (the contract's MAX_QUANTITY),
 * so Delivered can take from it for the whole run.
 */
async function restock(client: Client, items: ProductBody[]): Promise<DeliveryItem[]> {
  const pool: DeliveryItem[] = [];
  for (const item of items) {
    const { body } = await client.json<{ quentity: number; version: number }>(
      'PUT',
      `/api/products/${encodeURIComponent(item._id)}`,
      { newQuentity: MAX_QUANTITY },
    );
    pool.push({ id: item._id, quantity: body.quentity, version: body.version });
  }
  return pool;
}

/**
 * The cursor of the item just before the last page of 50, as the server hands it out
 * (`X-Next-Cursor` of a one-item page), so the deep case pages the way the app does.
 */
async function lastPageCursor(client: Client, size: number): Promise<string> {
  const { response } = await client.json<ProductBody[]>('GET', `/api/product?limit=1&offset=${size - 51}`);
  const cursor = response.headers.get('x-next-cursor');
  if (!cursor) throw new Error('no X-Next-Cursor on the page before the last one');
  return cursor;
}

/**
 * Every item of the table, walked by cursor in pages of 500 as the app pages, and the cursor of
 * each page (the random mixed case reads items and deep pages from anywhere in it).
 */
async function wholeTable(client: Client): Promise<Table> {
  const table: Table = { items: [], cursors: [] };
  let after = '';
  for (;;) {
    const { response, body } = await client.json<ProductBody[]>(
      'GET',
      `/api/product?limit=${PAGE}${after ? `&after=${after}` : ''}`,
    );
    table.items.push(...body.map((item) => ({ id: item._id, name: item.name })));
    const next = response.headers.get('x-next-cursor');
    if (!next || body.length < PAGE) return table;
    table.cursors.push(next);
    after = next;
  }
}

/**
 * What clerks read between deliveries, as a fixed round: items (those being delivered, so their
 * cached answers keep going stale), the home list and list pages, a page deep in the list, searches
 * by model number and by a common word. Few enough paths that the read cache keeps them warm: the
 * random mixed case (random-reads.ts) is the same traffic drawn from the whole table.
 */
function mixedReads(lastPageAfter: string, pool: DeliveryItem[]): string[] {
  const items = pool.filter((_, index) => index % Math.ceil(pool.length / 40) === 0);
  const item = (index: number) => `/api/product/${encodeURIComponent(items[index % items.length]?.id ?? '')}`;
  const lists = [
    '/api/product?limit=6',
    '/api/product?limit=50&offset=0',
    '/api/product?limit=50&offset=50',
    `/api/product?limit=50&after=${lastPageAfter}`,
    // As deep as an offset goes without signing in (ADR 34); deeper pages go by cursor, as above.
    '/api/product?limit=20&offset=1000',
  ];
  const searches = [
    '/api/product?limit=50&q=LOAD-0004',
    '/api/product?limit=50&q=LOAD-0012',
    '/api/product?limit=50&q=1.5%20ton',
    '/api/product?limit=50&q=inverter',
  ];
  // Nine reads per delivery: four items, three lists, two searches.
  const reads: string[] = [];
  for (let round = 0; round < 20; round += 1) {
    reads.push(item(4 * round), lists[round % lists.length] ?? '', item(4 * round + 1));
    reads.push(searches[round % searches.length] ?? '', item(4 * round + 2));
    reads.push(lists[(round + 2) % lists.length] ?? '', item(4 * round + 3));
    reads.push(searches[(round + 1) % searches.length] ?? '', lists[(round + 4) % lists.length] ?? '');
  }
  return reads;
}

function caseDefinitions(
  lastPageAfter: string,
  itemId: string,
  pools: Pools,
  table: Table | undefined,
  readHeaders: Record<string, string>,
  writeHeaders: Record<string, string>,
  sessionHeaders: Record<string, string>,
): CaseDefinition[] {
  const pool = pools.delivered;
  const get = (path: string): LoadRequest => ({ kind: 'get', path, headers: readHeaders });
  const signedIn = (path: string): LoadRequest => ({ kind: 'get', path, headers: sessionHeaders });
  return [
    { id: 'home', title: 'Home list (limit=6)', request: get('/api/product?limit=6'), read: true },
    {
      id: 'list',
      title: 'List page (limit=50, offset 0)',
      request: get('/api/product?limit=50&offset=0'),
      read: true,
    },
    {
      id: 'list-deep',
      title: 'List page deep (limit=50, cursor at the last page)',
      request: get(`/api/product?limit=50&after=${lastPageAfter}`),
      read: true,
    },
    {
      id: 'search-model',
      title: 'Search a model number (q=LOAD-0004, 100 matches)',
      request: get('/api/product?limit=50&q=LOAD-0004'),
      read: true,
    },
    {
      id: 'search-common',
      title: 'Search a common word (q=1.5 ton, ¼ of items)',
      request: get('/api/product?limit=50&q=1.5%20ton'),
      read: true,
    },
    {
      id: 'item',
      title: 'One item by id',
      request: get(`/api/product/${encodeURIComponent(itemId)}`),
      read: true,
    },
    {
      id: 'stats-summary',
      title: 'Dashboard summary, signed in',
      request: signedIn('/api/stats/summary'),
      read: true,
    },
    {
      id: 'stats-daily-30',
      title: 'Dashboard days (days=30, top items), signed in',
      request: signedIn('/api/stats/daily?days=30'),
      read: true,
    },
    {
      id: 'stats-daily',
      title: 'Dashboard days (days=90, top items), signed in',
      request: signedIn('/api/stats/daily?days=90'),
      read: true,
    },
    {
      id: 'delivered',
      title: `Delivered, signed in, over ${pool.length} items`,
      request: { kind: 'deliver', items: pool, headers: writeHeaders },
      read: false,
    },
    {
      id: 'mixed',
      title: `Mixed: clerks read items, lists and searches, 1 in ${MIXED_WRITE_EVERY} a Delivered over ${pools.mixed.length} items`,
      request: {
        kind: 'mixed',
        reads: mixedReads(lastPageAfter, pools.mixed),
        readHeaders,
        items: pools.mixed,
        writeHeaders,
        writeEvery: MIXED_WRITE_EVERY,
      },
      read: false,
    },
    ...(table
      ? [
          {
            id: 'mixed-random',
            title: `Mixed, drawn at random: items, pages and searches from the whole table, 1 in ${MIXED_WRITE_EVERY} a Delivered over ${pools['mixed-random'].length} items`,
            request: {
              kind: 'mixed' as const,
              reads: randomMixedReads(table),
              readHeaders,
              items: pools['mixed-random'],
              writeHeaders,
              writeEvery: MIXED_WRITE_EVERY,
            },
            read: false,
          },
        ]
      : []),
  ];
}

/** One real delivery from the pool's first item; the pool then starts from where it left it. */
async function captureDelivery(
  origin: string,
  items: DeliveryItem[],
  headers: Record<string, string>,
): Promise<CapturedResponse> {
  const item = items[0];
  if (!item) throw new Error('the Delivered pool is empty');
  const answer = await capture(
    origin,
    'PUT',
    `/api/product/${encodeURIComponent(item.id)}`,
    { ...headers, 'content-type': 'application/json', 'if-match': `"${item.version}"` },
    JSON.stringify({ newQuentity: item.quantity - 1 }),
  );
  item.quantity -= 1;
  item.version += 1;
  return answer;
}

/** Our answers to many GET paths, eight at a time (the random mixed case has thousands). */
async function captureAll(
  origin: string,
  paths: string[],
  headers: Record<string, string>,
): Promise<CapturedResponse[]> {
  const answers: CapturedResponse[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < paths.length; index = next++) {
      answers.push(await capture(origin, 'GET', paths[index] ?? '/', headers));
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return answers;
}

/** Captures our real answer to each case (checking it), for the baseline to replay. */
async function captureAnswers(origin: string, cases: CaseDefinition[]): Promise<CapturedResponse[]> {
  const captured: CapturedResponse[] = [];
  for (const { id, request } of cases) {
    const answers: CapturedResponse[] = [];
    if (request.kind === 'get') {
      answers.push(await capture(origin, 'GET', request.path, request.headers));
    } else if (request.kind === 'deliver') {
      answers.push(await captureDelivery(origin, request.items, request.headers));
    } else {
      answers.push(...(await captureAll(origin, [...new Set(request.reads)], request.readHeaders)));
      answers.push(await captureDelivery(origin, request.items, request.writeHeaders));
    }
    for (const answer of answers) {
      if (answer.status !== 200) {
        const body = Buffer.from(answer.bodyBase64, 'base64').toString('utf8').slice(0, 300);
        throw new Error(
          `case ${id}: our server answered ${answer.method} ${answer.path} with ${answer.status} (${body})`,
        );
      }
    }
    captured.push(...answers);
  }
  return captured;
}

const requestLine = (request: LoadRequest): string => {
  switch (request.kind) {
    case 'get':
      return `GET ${request.path}`;
    case 'deliver':
      return 'PUT /api/product/:id {newQuentity: current-1} + If-Match';
    case 'mixed':
      return `${new Set(request.reads).size} GET paths in turn, every ${request.writeEvery}th request a PUT /api/product/:id`;
  }
};

/** Units that left the pool's items since `before`, from the server's own numbers. */
async function unitsTaken(client: Client, before: DeliveryItem[]): Promise<number> {
  let taken = 0;
  for (const item of before) {
    const { body } = await client.json<ProductBody>('GET', `/api/product/${encodeURIComponent(item.id)}`);
    taken += item.quantity - body.quentity;
  }
  return taken;
}

const fmt = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 0 });

/**
 * Items restocked for the cases that deliver: `count` spread through the table from `from`, leaving
 * out those in `taken` (another case's pool), so no two cases take from one item.
 */
async function deliveryPool(
  client: Client,
  size: number,
  count: number,
  from: number,
  taken: DeliveryItem[],
): Promise<DeliveryItem[]> {
  if (count === 0) return [];
  const busy = new Set(taken.map((item) => item.id));
  const items = (await spreadItems(client, size, count, from)).filter((item) => !busy.has(item._id));
  return restock(client, items);
}

/** The cases of one server run: all of them, or only the reads (the run without the read cache). */
async function benchSize(
  server: RunningServer,
  size: number,
  settings: Settings,
  readCache: boolean,
  instances: number,
): Promise<{ cases: ApiCaseResult[]; deliveries: DeliveryCheck[] }> {
  const client = new Client(server.url);
  await client.signUp(`clerk-${size}-${Date.now()}@bench.test`);
  // Two instances run only the cases that write: what a second core is for.
  const selected = (id: string) =>
    (settings.cases?.includes(id) ?? true) &&
    (instances === 1 || (DELIVERING as readonly string[]).includes(id));
  const wanted = (definition: CaseDefinition) => selected(definition.id) && (readCache || definition.read);
  const poolSize = (id: string) => (readCache && selected(id) ? Math.min(settings.deliveryItems, size) : 0);
  if (poolSize('delivered') > 0 && poolSize('delivered') < settings.connections * 4) {
    console.warn(
      `  ⚠ only ${poolSize('delivered')} items for Delivered at ${settings.connections} connections: expect 409s`,
    );
  }
  if (DELIVERING.some((id) => poolSize(id) > 0))
    console.log(`  restocking items to ${fmt(MAX_QUANTITY)} for the cases that deliver…`);
  const delivered = await deliveryPool(client, size, poolSize('delivered'), 0, []);
  // The mixed traffics' pools start a quarter and three quarters into the table, away from Delivered's.
  const mixed = await deliveryPool(client, size, poolSize('mixed'), Math.floor(size / 4), delivered);
  const mixedRandom = await deliveryPool(client, size, poolSize('mixed-random'), Math.floor((3 * size) / 4), [
    ...delivered,
    ...mixed,
  ]);
  const pools: Pools = { delivered, mixed, 'mixed-random': mixedRandom };
  const restocked = structuredClone(pools);
  const table = selected('mixed-random') && readCache ? await wholeTable(client) : undefined;
  const [middle] = await spreadItems(client, size, 1, Math.floor(size / 2));
  if (!middle) throw new Error('no item in the middle of the table');

  const acceptEncoding: Record<string, string> = settings.acceptEncoding
    ? { 'accept-encoding': settings.acceptEncoding }
    : {};
  const readHeaders = { accept: 'application/json', ...acceptEncoding };
  const sessionHeaders = { ...readHeaders, cookie: client.cookie };
  const writeHeaders = { ...sessionHeaders, origin: server.url };
  const lastPageAfter = await lastPageCursor(client, size);
  const cases = caseDefinitions(
    lastPageAfter,
    middle._id,
    pools,
    table,
    readHeaders,
    writeHeaders,
    sessionHeaders,
  ).filter(wanted);
  const captured = await captureAnswers(server.url, cases);
  const baseline = await startBaseline(captured);

  const results: ApiCaseResult[] = [];
  // The captured deliveries.
  const answeredOk: Record<DeliveringCase, number> = { delivered: 1, mixed: 1, 'mixed-random': 1 };
  try {
    for (const definition of cases) {
      const job = {
        connections: settings.connections,
        warmupSeconds: settings.warmupSeconds,
        durationSeconds: settings.durationSeconds,
      };
      const ours = await runLoad({
        ...job,
        origin: server.url,
        request: definition.request,
        resyncAfterWarmup: true,
      });
      const backlog = await waitUntilIdle(server.url);
      // The baseline gets its own copy of the pool: it changes nothing, so any plan is valid there.
      const theirs = await runLoad({
        ...job,
        origin: baseline.origin,
        request: structuredClone(definition.request),
        resyncAfterWarmup: false,
      });
      await waitUntilIdle(baseline.origin);
      const ratio = theirs.requestsPerSecond > 0 ? ours.requestsPerSecond / theirs.requestsPerSecond : 0;
      results.push({
        id: instances === 1 ? definition.id : `${definition.id}-two`,
        title: instances === 1 ? definition.title : `${definition.title} — two instances, round-robin proxy`,
        request: requestLine(definition.request),
        size,
        readCache,
        ours,
        baseline: theirs,
        ratioToBaseline: ratio,
        backlogSeconds: backlog / 1000,
      });
      const delivering = DELIVERING.find((id) => id === definition.id);
      if (delivering) answeredOk[delivering] += ours.deliveriesOk;
      console.log(
        `  ${definition.id.padEnd(14)} ours ${fmt(ours.requestsPerSecond).padStart(6)} req/s ` +
          `p99 ${fmt(ours.latency.p99).padStart(4)} ms non-2xx ${ours.non2xx} | baseline ` +
          `${fmt(theirs.requestsPerSecond).padStart(6)} req/s → ${(ratio * 100).toFixed(0)}%` +
          (backlog > 1000 ? ` (backlog drained ${(backlog / 1000).toFixed(0)} s after the period)` : ''),
      );
    }
  } finally {
    await baseline.stop();
  }
  const deliveries: DeliveryCheck[] = [];
  for (const caseId of DELIVERING) {
    const pool = restocked[caseId];
    if (pool.length === 0) continue;
    deliveries.push({
      caseId: instances === 1 ? caseId : `${caseId}-two`,
      size,
      items: pool.length,
      answeredOk: answeredOk[caseId],
      unitsTaken: await unitsTaken(client, pool),
    });
  }
  return { cases: results, deliveries };
}

export async function runApiBench(settings: Settings): Promise<ApiReport> {
  const database = await freshDatabase(settings.postgresUrl);
  console.log(`\n▶ API benchmark on ${database.description}`);
  const report: ApiReport = {
    engine: database.engine,
    database: database.engine === 'sqlite' ? 'SQLite (node:sqlite, file in a fresh DATA_DIR)' : 'PostgreSQL',
    connections: settings.connections,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
    acceptEncoding: settings.acceptEncoding,
    sizes: settings.sizes,
    cases: [],
    deliveries: [],
  };
  try {
    const env = productionEnv(await freePort(), database.env);
    let seeded = 0;
    for (const size of settings.sizes) {
      console.log(`\n● ${fmt(size)} items, ${fmt(size * settings.movementsPerItem)} movements`);
      await seed(size - seeded, (size - seeded) * settings.movementsPerItem, env);
      await database.analyze();
      seeded = size;
      const passes = [
        ...(settings.instances.includes(1) ? [{ readCache: true, instances: 1 }] : []),
        ...(settings.instances.includes(1) && settings.uncachedReads
          ? [{ readCache: false, instances: 1 }]
          : []),
        ...(settings.instances.includes(2) ? [{ readCache: true, instances: 2 }] : []),
      ];
      for (const { readCache, instances } of passes) {
        if (instances === 2 && database.engine === 'sqlite') {
          console.log('  two instances: not on SQLite (one process per database file, ADR 18)');
          continue;
        }
        if (!readCache) console.log('  the read cases again, without the read cache (READ_CACHE_ENTRIES=0)');
        if (instances === 2)
          console.log('  the cases that write again, on two instances behind a round-robin proxy');
        const server = await startInstances(readCache ? env : { ...env, READ_CACHE_ENTRIES: '0' }, instances);
        try {
          const { cases, deliveries } = await benchSize(server, size, settings, readCache, instances);
          report.cases.push(...cases);
          report.deliveries.push(...deliveries);
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await database.drop();
  }
  return report;
}
