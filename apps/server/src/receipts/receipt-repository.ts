import { type Kysely, sql } from 'kysely';
import { newestFirstPage, totalOf } from '../db/document-pages.ts';
import { slot } from '../db/query-shapes.ts';
import type { Database, ReceiptScansTable, ReceiptsTable } from '../db/schema.ts';
import type { ChangeStatement, ProductChange } from '../products/product-change.ts';
import { likePattern } from '../products/product-search.ts';

/** A receipt as stored. */
export type ReceiptRow = Omit<ReceiptsTable, 'created_at' | 'closed_at'> & {
  created_at: Date | string;
  closed_at: Date | string | null;
};

/** A scan as stored. */
export type ReceiptScanRow = Omit<ReceiptScansTable, 'scanned_at'> & { scanned_at: Date | string };

/** A line with its item's name and tracking, and what its scans counted. */
export interface ReceiptLineCounts {
  productId: string;
  name: string;
  serialTracked: boolean;
  expected: number;
  note: string;
  /** Units scanned `ok`, and their serials (a tracked item). */
  received: number;
  receivedSerials: string[];
  /** Units scanned `damaged`, and their serials. */
  damaged: number;
  damagedSerials: string[];
}

/** A new receipt and its lines, in the order given. */
export interface NewReceipt {
  id: string;
  supplierEmail: string;
  locationId: string;
  reference: string;
  createdBy: string;
  at: Date;
  lines: ReadonlyArray<{ productId: string; expected: number }>;
}

/** A scan to keep: its row, and the keys of the serials it read. */
export interface NewScan {
  row: Omit<ReceiptScanRow, 'scanned_at'> & { scanned_at: string };
  serialKeys: readonly string[];
}

/** What a receipts list narrows to, and its page. */
export interface ReceiptListFilter {
  status?: string | undefined;
  /** Only this supplier's (lower-cased). */
  supplierEmail?: string | undefined;
  /** Text the supplier's email or the reference contains, letter case aside. */
  q?: string | undefined;
  limit: number;
  offset: number;
}

const OPEN_STATUSES = ['expected', 'receiving'];

/** PostgreSQL's unique_violation / SQLite's UNIQUE or PRIMARY KEY constraint, on `table`. */
function isUniqueOn(error: unknown, table: string, constraint: string): boolean {
  if (!(error instanceof Error)) return false;
  if ('code' in error && error.code === '23505') {
    return 'constraint' in error && error.constraint === constraint;
  }
  return error.message.includes(`UNIQUE constraint failed: ${table}.`);
}

/** A scan whose Idempotency-Key the account already sent (receipt_scans_once). */
export const isScanKeyTaken = (error: unknown) => isUniqueOn(error, 'receipt_scans', 'receipt_scans_once');
/** A serial scanned on the receipt already (receipt_serials' primary key). */
export const isSerialScanned = (error: unknown) =>
  isUniqueOn(error, 'receipt_serials', 'receipt_serials_pkey');

/**
 * The SQL of receipts. A receipt's stock is written only by its completion, through
 * ProductRepository.change() inside ProductRepository.transaction(): the methods that take `db` run in
 * that transaction.
 */
export class ReceiptRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Adds a receipt (`expected`) with its lines, in one transaction. */
  async create(receipt: NewReceipt): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto('receipts')
        .values({
          id: receipt.id,
          supplier_email: receipt.supplierEmail,
          location_id: receipt.locationId,
          reference: receipt.reference,
          status: 'expected',
          created_by: receipt.createdBy,
          created_at: receipt.at.toISOString(),
          closed_by: null,
          closed_at: null,
        })
        .execute();
      await trx
        .insertInto('receipt_lines')
        .values(
          receipt.lines.map((line, position) => ({
            receipt_id: receipt.id,
            product_id: line.productId,
            position,
            expected: line.expected,
          })),
        )
        .execute();
    });
  }

  async find(id: string, db: Kysely<Database> = this.#db): Promise<ReceiptRow | undefined> {
    return db.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A page of receipts, newest first. */
  async list(filter: ReceiptListFilter): Promise<ReceiptRow[]> {
    return newestFirstPage(this.#filtered(filter).selectAll(), filter);
  }

  async count(filter: ReceiptListFilter): Promise<number> {
    return totalOf(this.#filtered(filter));
  }

  #filtered(filter: ReceiptListFilter) {
    return this.#db
      .selectFrom('receipts')
      .$if(filter.status !== undefined, (query) => query.where('status', '=', filter.status ?? ''))
      .$if(filter.supplierEmail !== undefined, (query) =>
        query.where('supplier_email', '=', filter.supplierEmail ?? ''),
      )
      .$if(Boolean(filter.q), (query) => {
        const pattern = likePattern(filter.q ?? '');
        return query.where(
          sql<boolean>`(lower(supplier_email) like ${pattern} escape '\\' or lower(reference) like ${pattern} escape '\\')`,
        );
      });
  }

  /** The receipt's lines in their order, each with what its scans counted. */
  async lines(receiptId: string, db: Kysely<Database> = this.#db): Promise<ReceiptLineCounts[]> {
    // One after the other: in a transaction both run on its one connection.
    const lines = await db
      .selectFrom('receipt_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(['l.product_id', 'l.expected', 'l.note', 'p.name', 'p.serial_tracked'])
      .where('l.receipt_id', '=', receiptId)
      .orderBy('l.position')
      .execute();
    const scans = await db
      .selectFrom('receipt_scans')
      .select(['product_id', 'quantity', 'condition', 'serials'])
      .where('receipt_id', '=', receiptId)
      .orderBy('scanned_at')
      .orderBy('id')
      .execute();
    const counts = new Map<string, ReceiptLineCounts>(
      lines.map((line) => [
        line.product_id,
        {
          productId: line.product_id,
          name: line.name,
          serialTracked: Number(line.serial_tracked) === 1,
          expected: Number(line.expected),
          note: line.note,
          received: 0,
          receivedSerials: [],
          damaged: 0,
          damagedSerials: [],
        },
      ]),
    );
    for (const scan of scans) {
      const line = counts.get(scan.product_id);
      if (!line) continue;
      const serials: string[] = scan.serials === null ? [] : JSON.parse(scan.serials);
      if (scan.condition === 'damaged') {
        line.damaged += Number(scan.quantity);
        line.damagedSerials.push(...serials);
      } else {
        line.received += Number(scan.quantity);
        line.receivedSerials.push(...serials);
      }
    }
    return [...counts.values()];
  }

  /** Whether the receipt has a line of this item, and whether the item is tracked by serial. */
  async lineOf(receiptId: string, productId: string): Promise<{ serialTracked: boolean } | undefined> {
    const row = await this.#db
      .selectFrom('receipt_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select('p.serial_tracked')
      .where('l.receipt_id', '=', receiptId)
      .where('l.product_id', '=', productId)
      .executeTakeFirst();
    return row && { serialTracked: Number(row.serial_tracked) === 1 };
  }

  /** The history rows the receipt's completion wrote, with their item and where the units went. */
  async movementsOf(
    receiptId: string,
  ): Promise<Array<{ historyId: string; productId: string; quantity: number; locationId: string | null }>> {
    const rows = await this.#db
      .selectFrom('receipt_movements as m')
      .innerJoin('product_history as h', 'h.id', 'm.history_id')
      .select(['h.id', 'h.product_id', 'h.moved', 'h.to_location_id'])
      .where('m.receipt_id', '=', receiptId)
      .orderBy('h.product_id')
      .orderBy('h.id')
      .execute();
    return rows.map((row) => ({
      historyId: row.id,
      productId: row.product_id,
      quantity: Number(row.moved),
      locationId: row.to_location_id,
    }));
  }

  /**
   * The scan an account sent with this Idempotency-Key, if any; `onWriter`: read in a transaction (on
   * SQLite, on the writer, which sees a scan whose group has not committed yet).
   */
  async scanByKey(
    accountId: string,
    key: string,
    options: { onWriter?: boolean } = {},
  ): Promise<ReceiptScanRow | undefined> {
    const read = (db: Kysely<Database>) =>
      db
        .selectFrom('receipt_scans')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    return options.onWriter ? this.#db.transaction().execute(read) : read(this.#db);
  }

  /** Which of these serial keys a unit already has. */
  async registeredSerials(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom('unit_serials')
      .select('serial_key')
      .where('serial_key', 'in', keys)
      .execute();
    return new Set(rows.map((row) => row.serial_key));
  }

  /**
   * Keeps a scan, in one transaction: the receipt, open, becomes `receiving` (an update that also
   * makes scans and the completion of one receipt wait for each other on PostgreSQL), then the scan
   * and its serials. `closed` when the receipt is not open; `scanned` with the serial keys already
   * scanned on the receipt (nothing kept) when there are some. A serial or key taken by a scan at the
   * same moment fails on its unique index (isSerialScanned, isScanKeyTaken) and keeps nothing.
   */
  async scan(scan: NewScan): Promise<'closed' | { alreadyScanned: string[] } | 'kept'> {
    return this.#db.transaction().execute(async (trx) => {
      const opened = await trx
        .updateTable('receipts')
        .set({ status: 'receiving' })
        .where('id', '=', scan.row.receipt_id)
        .where('status', 'in', OPEN_STATUSES)
        .returning('id')
        .executeTakeFirst();
      if (!opened) return 'closed';
      if (scan.serialKeys.length > 0) {
        const scanned = await trx
          .selectFrom('receipt_serials')
          .select('serial_key')
          .where('receipt_id', '=', scan.row.receipt_id)
          .where('serial_key', 'in', scan.serialKeys)
          .execute();
        if (scanned.length > 0) return { alreadyScanned: scanned.map((row) => row.serial_key) };
      }
      await trx.insertInto('receipt_scans').values(scan.row).execute();
      if (scan.serialKeys.length > 0) {
        await trx
          .insertInto('receipt_serials')
          .values(
            scan.serialKeys.map((key) => ({
              receipt_id: scan.row.receipt_id,
              serial_key: key,
              scan_id: scan.row.id,
            })),
          )
          .execute();
      }
      return 'kept';
    });
  }

  /**
   * Closes an open receipt (`received` or `cancelled`), in `db` (the completion's transaction); false
   * when it is not open. On PostgreSQL the row stays locked until that transaction ends, so no scan
   * slips in between the completion's read of the scans and its commit.
   */
  async close(
    db: Kysely<Database>,
    id: string,
    status: 'received' | 'cancelled',
    by: string,
    at: Date,
    onlyFrom: readonly string[] = OPEN_STATUSES,
  ): Promise<boolean> {
    const closed = await db
      .updateTable('receipts')
      .set({ status, closed_by: by, closed_at: at.toISOString() })
      .where('id', '=', id)
      .where('status', 'in', onlyFrom)
      .returning('id')
      .executeTakeFirst();
    return closed !== undefined;
  }

  /** Keeps the completion's note of each line named. */
  async setNotes(
    db: Kysely<Database>,
    id: string,
    notes: ReadonlyArray<{ productId: string; note: string }>,
  ): Promise<void> {
    for (const { productId, note } of notes) {
      await db
        .updateTable('receipt_lines')
        .set({ note })
        .where('receipt_id', '=', id)
        .where('product_id', '=', productId)
        .execute();
    }
  }

  /** The statement of a change of the receipt's completion that names its history row as the receipt's. */
  movement(receiptId: string, change: ProductChange): ChangeStatement {
    if (change.historyId === undefined) throw new Error('a change of a receipt must have its history id');
    return {
      shape: 'receipt movement',
      build: () =>
        sql`${this.#db
          .insertInto('receipt_movements')
          .values({ receipt_id: slot<string>('receiptId'), history_id: slot<string>('historyId') })}`,
      values: { receiptId, historyId: change.historyId },
    };
  }
}
