import { pipeline, Readable } from 'node:stream';
import {
  type AttributeValue,
  DISPATCH_CSV_COLUMNS,
  type Dispatch,
  HISTORY_CSV_COLUMNS,
  type HistoryExportQuery,
  PRODUCT_CSV_ATTRIBUTE_PREFIX,
  PRODUCT_CSV_CATEGORY_COLUMN,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_ONLY_COLUMNS,
  PRODUCT_FIELDS,
  type Product,
  STOCK_BY_LOCATION_CSV_COLUMNS,
  UNIT_CSV_COLUMNS,
} from '@walton/contract';
import { stringify } from 'csv-stringify';
import type { FastifyBaseLogger } from 'fastify';
import type { CategoryRepository } from '../categories/category-repository.ts';
import type { LocationRepository, StockAtLocation, StockPosition } from '../locations/location-repository.ts';
import { positionAfter } from '../products/cursor.ts';
import type {
  HistoryPosition,
  HistoryRecordOfProduct,
  HistoryRepository,
} from '../products/history-repository.ts';
import { toHistoryEntry } from '../products/product-mapper.ts';
import type { ProductListFilter, ProductSearch, SortPosition } from '../products/product-search.ts';
import type { ExportedUnitRow, UnitRepository } from '../units/unit-repository.ts';
import { escapeFormula } from './formula-escape.ts';

/** Rows read from the database at a time: memory stays the same whatever the table's size. */
export const EXPORT_PAGE = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export type Cell = string | number;

/** A text cell: formula-looking text is escaped (numbers are written as numbers, see formula-escape.ts). */
export const text = (value: string | null | undefined): string => escapeFormula(value ?? '');

/** A field's cell: numbers as numbers (none: empty), text escaped. */
const cellOf = (value: string | number | null | undefined): Cell =>
  typeof value === 'number' ? value : text(value);

/** An attribute's cell: a number as a number, true or false, text escaped; none: empty. */
const attributeCell = (value: AttributeValue | undefined): Cell =>
  typeof value === 'number' ? value : typeof value === 'boolean' ? String(value) : text(value);

/**
 * An item's row: PRODUCT_CSV_COLUMNS (its id, then PRODUCT_FIELDS), the export-only columns, then
 * its category and its value of each of `keys` (the attribute columns).
 */
function productRecord(product: Product, keys: readonly string[]): Cell[] {
  return [
    text(product._id),
    ...PRODUCT_FIELDS.map((field) => cellOf(product[field.wire])),
    product.version,
    text(product.createdAt),
    text(product.updatedAt),
    text(product.deletedAt),
    text(product.category),
    ...keys.map((key) => attributeCell(product.attributes?.[key])),
  ];
}

/** An edit's (or revert's) fields as one cell: `price: 45000.50 → 47500.00; model:  → WSI-12`. */
const changesCell = (entry: ReturnType<typeof toHistoryEntry>) =>
  entry.changes.map((change) => `${change.field}: ${change.from ?? ''} → ${change.to ?? ''}`).join('; ');

function historyRecord({ name, ...record }: HistoryRecordOfProduct): Cell[] {
  const entry = toHistoryEntry(record);
  return [
    text(entry.at),
    text(entry.productId),
    text(name),
    text(entry.kind),
    entry.delta,
    entry.quantityAfter,
    entry.version,
    text(entry.actor),
    text(entry.actorName),
    text(changesCell(entry)),
  ];
}

const stockRecord = (level: StockAtLocation): Cell[] => [
  text(level.productId),
  text(level.name),
  text(level.model),
  text(level.locationId),
  text(level.locationName),
  text(level.locationKind),
  level.quantity,
];

const isoOf = (value: Date | string | null): string => (value === null ? '' : new Date(value).toISOString());

/** A unit's row: UNIT_CSV_COLUMNS. */
const unitRecord = (unit: ExportedUnitRow): Cell[] => [
  text(unit.serial),
  text(unit.paired_serial),
  text(unit.product_id),
  text(unit.model),
  text(unit.location_name),
  text(unit.status),
  text(isoOf(unit.received_at)),
  text(isoOf(unit.dispatched_at)),
  text(unit.warranty_until),
];

/** The period a history export covers: a date-only `to` includes that whole day (UTC). */
export function historyPeriod(query: HistoryExportQuery): { from: Date | undefined; to: Date | undefined } {
  const to =
    query.to === undefined
      ? undefined
      : new Date(Date.parse(query.to) + (DATE_ONLY.test(query.to) ? DAY_MS : 0));
  return { from: query.from === undefined ? undefined : new Date(query.from), to };
}

/**
 * The records as a CSV byte stream (RFC 4180: CRLF, quotes doubled, cells with commas, quotes, CR or
 * LF quoted, behind a UTF-8 byte-order mark so that Excel reads Bengali right). The pipeline carries
 * backpressure from the socket back to the generator, so no page is read before the previous one is
 * on its way; a failure half-way (the database gone) ends the response early, and is logged.
 */
export function csvStream(
  columns: readonly string[],
  records: Iterable<Cell[]> | AsyncIterable<Cell[]>,
  log: FastifyBaseLogger,
): Readable {
  // csv-stringify quotes a cell holding the record delimiter (CRLF) but not a lone CR or LF, which
  // every RFC 4180 reader takes for the end of a row: any cell with either is quoted.
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...columns],
    record_delimiter: 'windows',
    quoted_match: /[\r\n]/,
  });
  return pipeline(Readable.from(records), csv, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') log.error({ err: error }, 'CSV export failed');
  });
}

/** One order's lines as CSV (DISPATCH_CSV_COLUMNS): each item, how many, how many picked, the serials picked. */
export function dispatchCsv(order: Dispatch, log: FastifyBaseLogger): Readable {
  return csvStream(
    DISPATCH_CSV_COLUMNS,
    order.lines.map((line) => [
      text(line.productId),
      text(line.name),
      line.quantity,
      line.picked,
      text(line.serials.join(' ')),
    ]),
    log,
  );
}

/**
 * CSV exports, streamed: pages are read by keyset (each a seek into an index, whatever its depth)
 * only as fast as the client takes the file, through csv-stringify (RFC 4180: CRLF, quotes doubled,
 * cells with commas, quotes, CR or LF quoted), behind a UTF-8 byte-order mark so that Excel
 * reads Bengali right.
 */
export class CsvExports {
  readonly #search: ProductSearch;
  readonly #history: HistoryRepository;
  readonly #locations: LocationRepository;
  readonly #units: UnitRepository;
  readonly #categories: CategoryRepository;
  readonly #log: FastifyBaseLogger;

  constructor(
    repositories: {
      search: ProductSearch;
      history: HistoryRepository;
      locations: LocationRepository;
      units: UnitRepository;
      categories: CategoryRepository;
    },
    log: FastifyBaseLogger,
  ) {
    this.#search = repositories.search;
    this.#history = repositories.history;
    this.#locations = repositories.locations;
    this.#units = repositories.units;
    this.#categories = repositories.categories;
    this.#log = log;
  }

  /**
   * Live items (or the trash) in the order they were added (or deleted), with their category and a
   * column per attribute key of every category.
   */
  async products(deleted: boolean): Promise<Readable> {
    const keys = [
      ...new Set(
        (await this.#categories.list()).flatMap((category) => category.attributes.map(({ key }) => key)),
      ),
    ];
    return this.#csv(
      [
        ...PRODUCT_CSV_COLUMNS,
        ...PRODUCT_CSV_EXPORT_ONLY_COLUMNS,
        PRODUCT_CSV_CATEGORY_COLUMN,
        ...keys.map((key) => `${PRODUCT_CSV_ATTRIBUTE_PREFIX}${key}`),
      ],
      this.#productRecords(deleted, keys),
    );
  }

  /** Every change in the period, oldest first, one row each. */
  history(query: HistoryExportQuery): Readable {
    return this.#csv(HISTORY_CSV_COLUMNS, this.#historyRecords(query));
  }

  /** Each live item's units at each location that holds some, by item id, then location id. */
  stockByLocation(): Readable {
    return this.#csv(STOCK_BY_LOCATION_CSV_COLUMNS, this.#stockRecords());
  }

  /** Every unit, whatever its status, in the order registered. */
  units(): Readable {
    return this.#csv(UNIT_CSV_COLUMNS, this.#unitRecords());
  }

  async *#productRecords(deleted: boolean, keys: readonly string[]): AsyncGenerator<Cell[]> {
    const filter: ProductListFilter = {
      limit: EXPORT_PAGE,
      offset: 0,
      sort: 'created',
      order: 'asc',
      deleted,
    };
    let after: SortPosition | undefined;
    for (;;) {
      const page = await this.#search.list({ ...filter, after });
      for (const product of page) yield productRecord(product, keys);
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE) return;
      after = positionAfter(last, filter);
    }
  }

  async *#historyRecords(query: HistoryExportQuery): AsyncGenerator<Cell[]> {
    const period = historyPeriod(query);
    let after: HistoryPosition | undefined;
    for (;;) {
      const page = await this.#history.listBetween({ ...period, after, limit: EXPORT_PAGE });
      for (const change of page) yield historyRecord(change);
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE) return;
      after = { at: last.at, productId: last.productId, version: last.version };
    }
  }

  async *#stockRecords(): AsyncGenerator<Cell[]> {
    let after: StockPosition | undefined;
    for (;;) {
      const page = await this.#locations.stockPage(after, EXPORT_PAGE);
      for (const level of page) yield stockRecord(level);
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE) return;
      after = { productId: last.productId, locationId: last.locationId };
    }
  }

  async *#unitRecords(): AsyncGenerator<Cell[]> {
    let after: string | undefined;
    for (;;) {
      const page = await this.#units.exportPage(after, EXPORT_PAGE);
      for (const unit of page) yield unitRecord(unit);
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE) return;
      after = last.id;
    }
  }

  #csv(columns: readonly string[], records: AsyncIterable<Cell[]>): Readable {
    return csvStream(columns, records, this.#log);
  }
}
