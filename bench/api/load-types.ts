/** What the orchestrator asks the load generator process for, and what it answers. */

/** An item the Delivered case takes units from, with the quantity and version it has now. */
export interface DeliveryItem {
  id: string;
  quantity: number;
  version: number;
}

/** An item the transfer case moves units of, with how many of them are at the second location now. */
export interface TransferItem {
  id: string;
  away: number;
}

export type LoadRequest =
  | { kind: 'get'; path: string; headers: Record<string, string> }
  | { kind: 'deliver'; items: DeliveryItem[]; headers: Record<string, string> }
  /** GETs of many paths in turn (a unit lookup by each of many serials). */
  | { kind: 'reads'; paths: string[]; headers: Record<string, string> }
  /**
   * Clerks at work: the reads in turn (items, list pages, searches), and every `writeEvery`-th
   * request a Delivered over `items`, as in the 'deliver' kind.
   */
  | {
      kind: 'mixed';
      reads: string[];
      readHeaders: Record<string, string>;
      items: DeliveryItem[];
      writeHeaders: Record<string, string>;
      writeEvery: number;
    }
  /**
   * Transfers over many items, round-robin: one unit of each from `home` to `away` when none of
   * its units is away, back from `away` to `home` when some are.
   */
  | { kind: 'transfer'; items: TransferItem[]; home: string; away: string; headers: Record<string, string> };

export interface LoadJob {
  /** Origin of the server under load, like http://127.0.0.1:4000. */
  origin: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  request: LoadRequest;
  /** Stock changes on our server: read the items back between warm-up and measured period. */
  resyncAfterWarmup: boolean;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Milliseconds. */
  latency: { p50: number; p97_5: number; p99: number; mean: number; max: number };
  requests: number;
  non2xx: number;
  /** Answers per status code, like {"200": 1234, "409": 2}. */
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  durationSeconds: number;
  /** 2xx answers during the unmeasured warm-up (Delivered: units taken then). */
  okDuringWarmup: number;
  /**
   * Stock changes (deliveries, transfers) answered 2xx, warm-up and measured period together (the
   * mixed kind's units taken).
   */
  changesOk: number;
}
