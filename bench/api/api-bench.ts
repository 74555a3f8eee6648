/**
 * `npm run bench:api`: our server in production mode on a fresh database, seeded with each table
 * size in turn, loaded case by case by autocannon from a separate process; each case is followed at
 * once by the same load on a bare node:http server replaying our answers byte for byte, so the two
 * figures share the machine's mood of the moment.
 */
import { MAX_QUANTITY } from '@walton/contract';
import { Client } from '../lib/client.ts';
import type { Engine } from '../lib/database.ts';
import { freshDatabase } from '../lib/database.ts';
import {
  deliveryPool,
  lastPageCursor,
  MIXED_WRITE_EVERY,
  mixedReads,
  PAGE,
  type ProductBody,
  spreadItems,
  stockLevels,
  unitsTaken,
} from '../lib/pools.ts';
import { freePort, productionEnv, type RunningServer, seed, startInstances } from '../lib/processes.ts';
import type { Settings } from '../lib/settings.ts';
import { type CapturedResponse, capture } from './captured.ts';
import { runLoad, startBaseline, waitUntilIdle } from './children.ts';
import type { DeliveryItem, LoadRequest, LoadResult, TransferItem } from './load-types.ts';
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

export interface TransferCheck {
  caseId: string;
  size: number;
  items: number;
  /** 200 answers to the transfers (the captured one, the warm-up's and the measured period's)... */
  answeredOk: number;
  /** ...the units of the pool's items before them, and across all locations afterwards (the same). */
  unitsBefore: number;
  unitsAfter: number;
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
  transfers: TransferCheck[];
}

export interface CaseDefinition {
  id: string;
  title: string;
  request: LoadRequest;
  /** Whether this case only reads (the p99 target applies to reads). */
  read: boolean;
}

/** The cases that deliver, each over a pool of items of its own. */
const DELIVERING = ['delivered', 'mixed', 'mixed-random'] as const;
type DeliveringCase = (typeof DELIVERING)[number];
type Pools = Record<DeliveringCase, DeliveryItem[]>;
/** The cases that change stock: those that deliver, and transfers between two locations. */
const CHANGING = [...DELIVERING, 'transfer'] as const;
type ChangingCase = (typeof CHANGING)[number];

/** The transfer case's pool and the two locations it moves units between. */
interface Transfers {
  items: TransferItem[];
  home: string;
  away: string;
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

function caseDefinitions(
  lastPageAfter: string,
  itemId: string,
  pools: Pools,
  table: Table | undefined,
  transfers: Transfers | undefined,
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
    ...(transfers
      ? [
          {
            id: 'transfer',
            title: `Transfer, signed in: one unit to a second location and back, over ${transfers.items.length} items`,
            request: { kind: 'transfer' as const, ...transfers, headers: writeHeaders },
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

/** One real transfer of the pool's first item (away); the pool then starts from where it left it. */
async function captureTransfer(
  origin: string,
  request: Extract<LoadRequest, { kind: 'transfer' }>,
): Promise<CapturedResponse> {
  const item = request.items[0];
  if (!item) throw new Error('the transfer pool is empty');
  const answer = await capture(
    origin,
    'POST',
    `/api/product/${encodeURIComponent(item.id)}/transfers`,
    { ...request.headers, 'content-type': 'application/json' },
    JSON.stringify({ from: request.home, to: request.away, quantity: 1 }),
  );
  item.away += 1;
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
export async function captureAnswers(origin: string, cases: CaseDefinition[]): Promise<CapturedResponse[]> {
  const captured: CapturedResponse[] = [];
  for (const { id, request } of cases) {
    const answers: CapturedResponse[] = [];
    if (request.kind === 'get') {
      answers.push(await capture(origin, 'GET', request.path, request.headers));
    } else if (request.kind === 'reads') {
      answers.push(...(await captureAll(origin, request.paths, request.headers)));
    } else if (request.kind === 'deliver') {
      answers.push(await captureDelivery(origin, request.items, request.headers));
    } else if (request.kind === 'transfer') {
      answers.push(await captureTransfer(origin, request));
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
    case 'reads':
      return `${request.paths.length} GET paths in turn`;
    case 'deliver':
      return 'PUT /api/product/:id {newQuentity: current-1} + If-Match';
    case 'mixed':
      return `${new Set(request.reads).size} GET paths in turn, every ${request.writeEvery}th request a PUT /api/product/:id`;
    case 'transfer':
      return 'POST /api/product/:id/transfers {from, to, quantity: 1}, to the second location and back in turn';
  }
};

const fmt = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 0 });

/**
 * The transfer case's setup: a second location (POST /api/locations), and `pool` (restocked, so
 * all its units are at the default location) as items with none of their units there yet.
 */
async function transferSetup(client: Client, pool: DeliveryItem[]): Promise<Transfers | undefined> {
  if (pool.length === 0) return undefined;
  const { body: locations } = await client.json<Array<{ id: string; isDefault: boolean }>>(
    'GET',
    '/api/locations',
  );
  const home = locations.find((location) => location.isDefault)?.id;
  if (!home) throw new Error('no default location');
  const { body: away } = await client.json<{ id: string }>('POST', '/api/locations', {
    name: `Benchmark showroom ${Date.now()}`,
    kind: 'showroom',
  });
  return { items: pool.map((item) => ({ id: item.id, away: 0 })), home, away: away.id };
}

/** The units of `pool`'s items across every location, from the server's levels. */
async function unitsAtAllLocations(client: Client, pool: DeliveryItem[]): Promise<number> {
  const headers = { accept: 'application/json', cookie: client.cookie };
  let units = 0;
  for (const item of pool) {
    for (const quantity of (await stockLevels(client.origin, item.id, headers)).values()) units += quantity;
  }
  return units;
}

/** The cases of one server run: all of them, or only the reads (the run without the read cache). */
async function benchSize(
  server: RunningServer,
  size: number,
  settings: Settings,
  readCache: boolean,
  instances: number,
): Promise<{ cases: ApiCaseResult[]; deliveries: DeliveryCheck[]; transfers: TransferCheck[] }> {
  const client = new Client(server.url);
  await client.signUp(`clerk-${size}-${Date.now()}@bench.test`);
  // Two instances run only the cases that write: what a second core is for.
  const selected = (id: string) =>
    (settings.cases?.includes(id) ?? true) &&
    (instances === 1 || (CHANGING as readonly string[]).includes(id));
  const wanted = (definition: CaseDefinition) => selected(definition.id) && (readCache || definition.read);
  const poolSize = (id: string) => (readCache && selected(id) ? Math.min(settings.deliveryItems, size) : 0);
  if (poolSize('delivered') > 0 && poolSize('delivered') < settings.connections * 4) {
    console.warn(
      `  ⚠ only ${poolSize('delivered')} items for Delivered at ${settings.connections} connections: expect 409s`,
    );
  }
  if (CHANGING.some((id) => poolSize(id) > 0))
    console.log(`  restocking items to ${fmt(MAX_QUANTITY)} for the cases that change stock…`);
  const delivered = await deliveryPool(client, size, poolSize('delivered'), 0, []);
  // The mixed traffics' pools start a quarter and three quarters into the table, away from Delivered's.
  const mixed = await deliveryPool(client, size, poolSize('mixed'), Math.floor(size / 4), delivered);
  const mixedRandom = await deliveryPool(client, size, poolSize('mixed-random'), Math.floor((3 * size) / 4), [
    ...delivered,
    ...mixed,
  ]);
  // The transfers' pool starts an eighth into the table.
  const transferPool = await deliveryPool(client, size, poolSize('transfer'), Math.floor(size / 8), [
    ...delivered,
    ...mixed,
    ...mixedRandom,
  ]);
  const transfers = await transferSetup(client, transferPool);
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
  const writeHeaders = client.writeHeaders(readHeaders);
  const lastPageAfter = await lastPageCursor(client, size);
  const cases = caseDefinitions(
    lastPageAfter,
    middle._id,
    pools,
    table,
    transfers,
    readHeaders,
    writeHeaders,
    sessionHeaders,
  ).filter(wanted);
  const captured = await captureAnswers(server.url, cases);
  const baseline = await startBaseline(captured);

  const results: ApiCaseResult[] = [];
  // The captured changes.
  const answeredOk: Record<ChangingCase, number> = {
    delivered: 1,
    mixed: 1,
    'mixed-random': 1,
    transfer: 1,
  };
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
      const changing = CHANGING.find((id) => id === definition.id);
      if (changing) answeredOk[changing] += ours.changesOk;
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
  const transferChecks: TransferCheck[] = transfers
    ? [
        {
          caseId: instances === 1 ? 'transfer' : 'transfer-two',
          size,
          items: transferPool.length,
          answeredOk: answeredOk.transfer,
          unitsBefore: transferPool.reduce((sum, item) => sum + item.quantity, 0),
          unitsAfter: await unitsAtAllLocations(client, transferPool),
        },
      ]
    : [];
  return { cases: results, deliveries, transfers: transferChecks };
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
    transfers: [],
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
          const { cases, deliveries, transfers } = await benchSize(
            server,
            size,
            settings,
            readCache,
            instances,
          );
          report.cases.push(...cases);
          report.deliveries.push(...deliveries);
          report.transfers.push(...transfers);
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
