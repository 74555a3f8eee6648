/**
 * Benchmark settings, from the environment so a quick run needs no code change:
 *
 *   BENCH_DURATION=2 BENCH_WARMUP=1 BENCH_SIZES=1000 npm run bench:api
 *
 * BENCH_MOVEMENTS_PER_ITEM (10) sets how many movements the seeder gives each item.
 * BENCH_UNCACHED=0 skips the second pass of the read cases on a server without its read cache.
 * BENCH_CSV=0 skips the CSV export and import; BENCH_CSV_SIZES and BENCH_CSV_IMPORT_ROWS size them.
 * BENCH_UNITS=0 skips the units benchmark; BENCH_UNITS_COUNT, BENCH_UNITS_ITEMS and
 * BENCH_UNIT_DELIVERY size it.
 * BENCH_DISPATCHES=0 skips the dispatch benchmark; BENCH_DISPATCH_ORDERS sets how many orders it ships.
 * BENCH_RECEIPTS=0 skips the receipts benchmark; BENCH_RECEIPT_LINES sizes its receipts.
 * BENCH_COUNTS=0 skips the counts benchmark; BENCH_COUNT_SCANS, BENCH_COUNT_CLIENTS and
 * BENCH_COUNT_ITEMS size it.
 * BENCH_OFFLINE=0 skips the offline-queue benchmark; BENCH_OFFLINE_CASES sizes it.
 */

export interface Settings {
  /** Measured seconds per case (after the warm-up). */
  durationSeconds: number;
  /** Unmeasured seconds per case before it, same load. */
  warmupSeconds: number;
  /** Concurrent keep-alive connections of the load generator. */
  connections: number;
  /** Table sizes, in order; each one is seeded on top of the previous. */
  sizes: number[];
  /** Deliveries and restocks the seeder adds per item (10: 1,000,000 movements at 100,000 items). */
  movementsPerItem: number;
  /** Items the Delivered case spreads its calls over (each restocked first). */
  deliveryItems: number;
  /** What the load generator sends as Accept-Encoding ('' sends none). */
  acceptEncoding: string;
  /** A PostgreSQL server URL: when set, the API runs on a throwaway database created there. */
  postgresUrl: string | undefined;
  /** Lighthouse runs per route; the median run is reported. */
  lighthouseRuns: number;
  /** Only these API cases (ids like home,item,delivered), for a quick look; undefined runs all. */
  cases: string[] | undefined;
  /** Whether the read cases run a second time on a server without its read cache. */
  uncachedReads: boolean;
  /** Instances to run the cases that write with (2: behind a round-robin proxy; PostgreSQL only). */
  instances: number[];
  /** Whether the CSV export and import are measured (with the API). */
  csv: boolean;
  /** Table sizes the export is measured at, in order (its peak memory is compared across them). */
  csvSizes: number[];
  /** Rows of the imported file. */
  csvImportRows: number;
  /** Whether the units benchmark runs (with `npm run bench`). */
  units: boolean;
  /** Units in stock the units benchmark seeds (on tracked items of 100 units each). */
  unitsCount: number;
  /** Plain items seeded beside them (the item read's table). */
  unitsItems: number;
  /** Serials in each registered delivery. */
  unitDelivery: number;
  /** Whether the dispatch benchmark runs (with `npm run bench`). */
  dispatches: boolean;
  /** Orders of 200 lines the dispatch benchmark ships. */
  dispatchOrders: number;
  /** Whether the receipts benchmark runs (with `npm run bench`). */
  receipts: boolean;
  /** Lines of each receipt it completes (one per seeded item). */
  receiptLines: number;
  /** Whether the counts benchmark runs (with `npm run bench`). */
  counts: boolean;
  /** Scans sent into one count, all clients together. */
  countScans: number;
  /** Clients sending them at once, each signed in as a clerk of its own (at most 20: sign-ups an address may make in an hour). */
  countClients: number;
  /** Items seeded at the main warehouse: the full count applied holds every one. */
  countItems: number;
  /** Whether the offline-queue benchmark runs (with `npm run bench`). */
  offline: boolean;
  /** Its cases, in order: clients replaying at once and the sends of all their queues together. */
  offlineCases: Array<{ clients: number; sends: number }>;
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
}

function sizes(name = 'BENCH_SIZES', fallback = '10000,100000'): number[] {
  const raw = process.env[name] ?? fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.length === 0 || values.some((value) => !Number.isInteger(value) || value < 100)) {
    throw new Error(`${name} must be whole numbers of at least 100, like "${fallback}", not "${raw}"`);
  }
  return values.toSorted((a, b) => a - b);
}

function instances(): number[] {
  const raw = process.env.BENCH_INSTANCES ?? '1,2';
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.length === 0 || values.some((value) => value !== 1 && value !== 2)) {
    throw new Error(`BENCH_INSTANCES must list 1 and/or 2, like "1,2", not "${raw}"`);
  }
  return values.toSorted((a, b) => a - b);
}

/** The server lets one address sign up 20 accounts an hour (apps/server/src/auth/attempt-limits.ts). */
function countClients(): number {
  const value = Math.round(positiveNumber('BENCH_COUNT_CLIENTS', 20));
  if (value > 20) throw new Error(`BENCH_COUNT_CLIENTS must be at most 20, not ${value}`);
  return value;
}

/** BENCH_OFFLINE_CASES, like "1:1000,50:10000": clients and sends of each case. */
function offlineCases(): Array<{ clients: number; sends: number }> {
  const fallback = '1:1000,50:10000';
  const raw = process.env.BENCH_OFFLINE_CASES || fallback;
  const cases = raw.split(',').map((part) => {
    const [clients, sends] = part.split(':').map((value) => Number(value.trim()));
    return { clients: clients ?? Number.NaN, sends: sends ?? Number.NaN };
  });
  if (
    cases.some(
      ({ clients, sends }) =>
        !Number.isInteger(clients) || !Number.isInteger(sends) || clients < 1 || sends < clients,
    )
  ) {
    throw new Error(`BENCH_OFFLINE_CASES must be clients:sends pairs, like "${fallback}", not "${raw}"`);
  }
  return cases;
}

export function readSettings(): Settings {
  return {
    durationSeconds: positiveNumber('BENCH_DURATION', 10),
    warmupSeconds: positiveNumber('BENCH_WARMUP', 3),
    connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 50)),
    sizes: sizes(),
    movementsPerItem: Math.round(positiveNumber('BENCH_MOVEMENTS_PER_ITEM', 10)),
    deliveryItems: Math.round(positiveNumber('BENCH_DELIVERY_ITEMS', 1000)),
    // What Chromium sends to an https site: production runs behind TLS.
    acceptEncoding: process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br',
    postgresUrl: process.env.BENCH_DATABASE_URL || undefined,
    lighthouseRuns: Math.round(positiveNumber('BENCH_LIGHTHOUSE_RUNS', 3)),
    cases: process.env.BENCH_CASES ? process.env.BENCH_CASES.split(',').map((id) => id.trim()) : undefined,
    uncachedReads: process.env.BENCH_UNCACHED !== '0',
    instances: instances(),
    csv: process.env.BENCH_CSV !== '0',
    csvSizes: sizes('BENCH_CSV_SIZES', '10000,100000'),
    csvImportRows: Math.round(positiveNumber('BENCH_CSV_IMPORT_ROWS', 100_000)),
    units: process.env.BENCH_UNITS !== '0',
    unitsCount: Math.round(positiveNumber('BENCH_UNITS_COUNT', 1_000_000)),
    unitsItems: Math.round(positiveNumber('BENCH_UNITS_ITEMS', 10_000)),
    unitDelivery: Math.round(positiveNumber('BENCH_UNIT_DELIVERY', 500)),
    dispatches: process.env.BENCH_DISPATCHES !== '0',
    dispatchOrders: Math.round(positiveNumber('BENCH_DISPATCH_ORDERS', 5)),
    receipts: process.env.BENCH_RECEIPTS !== '0',
    receiptLines: Math.round(positiveNumber('BENCH_RECEIPT_LINES', 500)),
    counts: process.env.BENCH_COUNTS !== '0',
    countScans: Math.round(positiveNumber('BENCH_COUNT_SCANS', 5_000)),
    countClients: countClients(),
    countItems: Math.round(positiveNumber('BENCH_COUNT_ITEMS', 10_000)),
    offline: process.env.BENCH_OFFLINE !== '0',
    offlineCases: offlineCases(),
  };
}
