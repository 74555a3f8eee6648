import {
  type CompleteReceipt,
  type CreateReceipt,
  type Discrepancy,
  type PolicyActor,
  type Receipt,
  type ReceiptListQuery,
  type ReceiptScan,
  type ReceiptScanRequest,
  type ReceiptSummary,
  serialKeyOf,
} from '@walton/contract';
import { forbiddenAction } from '../auth/guards.ts';
import { can } from '../auth/policy.ts';
import type { Clock } from '../clock.ts';
import { newRowId } from '../db/row-ids.ts';
import { HttpError } from '../http/http-error.ts';
import { knownLocations } from '../locations/known-locations.ts';
import type { LocationDirectory, LocationRepository } from '../locations/location-repository.ts';
import { itemsOfLines } from '../products/document-lines.ts';
import { digestOf, keptSend } from '../products/operation-keys.ts';
import type { ProductChange } from '../products/product-change.ts';
import type { ProductRepository } from '../products/repository.ts';
import { type Actor, committedEvent, decideReceived, type PublishChange } from '../products/service.ts';
import {
  isScanKeyTaken,
  isSerialScanned,
  type ReceiptLineCounts,
  type ReceiptRepository,
  type ReceiptRow,
  type ReceiptScanRow,
} from './receipt-repository.ts';

/** Who acts on a receipt: the signed-in user with their role. */
export type ReceiptActor = Actor & PolicyActor;

const iso = (value: Date | string) => new Date(value).toISOString();

function toSummary(row: ReceiptRow): ReceiptSummary {
  return {
    id: row.id,
    supplier: row.supplier_email,
    locationId: row.location_id,
    reference: row.reference,
    status: row.status as ReceiptSummary['status'],
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    closedBy: row.closed_by,
    closedAt: row.closed_at === null ? null : iso(row.closed_at),
  };
}

function toScan(row: ReceiptScanRow): ReceiptScan {
  return {
    id: row.id,
    receiptId: row.receipt_id,
    productId: row.product_id,
    quantity: Number(row.quantity),
    condition: row.condition === 'damaged' ? 'damaged' : 'ok',
    serials: row.serials === null ? [] : JSON.parse(row.serials),
    scannedBy: row.scanned_by,
    scannedAt: iso(row.scanned_at),
  };
}

/** A line short or over: judged on every unit that arrived, damaged ones included. */
export function discrepancyOf(line: ReceiptLineCounts): Discrepancy | undefined {
  const arrived = line.received + line.damaged;
  const difference = arrived - line.expected;
  if (difference === 0) return undefined;
  return {
    productId: line.productId,
    kind: difference < 0 ? 'short' : 'over',
    expected: line.expected,
    arrived,
    difference,
    note: line.note,
  };
}

/** Whether a supplier is the receipt's (their verified address is its supplier). */
const isTheirs = (actor: PolicyActor, receipt: ReceiptRow) =>
  actor.emailVerified && receipt.supplier_email === actor.email.toLowerCase();

/**
 * Receipts (docs/receipts.md): a supplier's delivery declared, checked in by scans (each kept once
 * per Idempotency-Key), and completed in one transaction that writes every line's movement through
 * ProductRepository.change(), or none.
 */
export class ReceiptService {
  readonly #receipts: ReceiptRepository;
  readonly #products: ProductRepository;
  readonly #locations: LocationRepository;
  readonly #publish: PublishChange;
  readonly #now: Clock;

  constructor(
    repositories: { receipts: ReceiptRepository; products: ProductRepository; locations: LocationRepository },
    publish: PublishChange,
    options: { now: Clock },
  ) {
    this.#receipts = repositories.receipts;
    this.#products = repositories.products;
    this.#locations = repositories.locations;
    this.#publish = publish;
    this.#now = options.now;
  }

  /**
   * Declares a delivery: every line a live item (400 RECEIPT_ITEM_NOT_FOUND), each once (400
   * RECEIPT_LINE_REPEATED), to an active location (400 UNKNOWN_LOCATION, 409 LOCATION_INACTIVE). A
   * supplier declares their own deliveries (403 RECEIPT_SUPPLIER_NOT_SELF) of their own items (403
   * FORBIDDEN).
   */
  async create(request: CreateReceipt, actor: ReceiptActor): Promise<Receipt> {
    const supplierEmail = request.supplier.toLowerCase();
    if (actor.role === 'supplier' && (!actor.emailVerified || supplierEmail !== actor.email.toLowerCase())) {
      throw new HttpError(403, 'RECEIPT_SUPPLIER_NOT_SELF', { params: { email: actor.email } });
    }
    const items = await itemsOfLines(this.#products, request.lines, {
      repeated: 'RECEIPT_LINE_REPEATED',
      notFound: 'RECEIPT_ITEM_NOT_FOUND',
    });
    for (const item of items.values()) {
      if (!can(actor, 'receipt.create', { supplierEmail: item.supplierEmail })) {
        throw forbiddenAction('receipt.create');
      }
    }
    const location = (await knownLocations(this.#locations, request.locationId)).get(request.locationId);
    if (location && !location.active) {
      throw new HttpError(409, 'LOCATION_INACTIVE', { params: { location: location.name } });
    }
    const id = newRowId();
    await this.#receipts.create({
      id,
      supplierEmail,
      locationId: request.locationId,
      reference: request.reference,
      createdBy: actor.email,
      at: this.#now(),
      lines: request.lines,
    });
    return this.get(id, actor);
  }

  /** A page of receipts, newest first; a supplier's own only. */
  async list(
    query: ReceiptListQuery,
    actor: ReceiptActor,
  ): Promise<{ items: ReceiptSummary[]; total: number }> {
    if (actor.role === 'supplier' && !actor.emailVerified) return { items: [], total: 0 };
    const filter = {
      status: query.status,
      q: query.q,
      supplierEmail: actor.role === 'supplier' ? actor.email.toLowerCase() : undefined,
      limit: query.limit,
      offset: query.offset,
    };
    const [rows, total] = await Promise.all([this.#receipts.list(filter), this.#receipts.count(filter)]);
    return { items: rows.map(toSummary), total };
  }

  /** A receipt with its lines and discrepancies (404 RECEIPT_NOT_FOUND, also another supplier's). */
  async get(id: string, actor: ReceiptActor): Promise<Receipt> {
    const receipt = await this.#visible(id, actor);
    const [lines, movements] = await Promise.all([this.#receipts.lines(id), this.#receipts.movementsOf(id)]);
    return this.#answer(receipt, lines, movements);
  }

  /**
   * Counts units of one line that arrived (see ReceiptScanRequest), once per `operationKey`: the
   * same key again answers the scan it first made (422 IDEMPOTENCY_KEY_REUSED with another request).
   * 409 RECEIPT_CLOSED, ITEM_NOT_ON_RECEIPT, SERIALS_REQUIRED (a tracked item scanned without
   * serials), ITEM_NOT_TRACKED (serials of an item that is not), UNITS_COUNT_MISMATCH, SERIAL_TAKEN
   * (a serial registered already, scanned on this receipt already, or given twice).
   */
  async scan(
    id: string,
    request: ReceiptScanRequest,
    actor: ReceiptActor,
    operationKey?: string,
  ): Promise<ReceiptScan> {
    const digest = digestOf(['receipt scan', id, request]);
    const kept = await keptSend(operationKey, digest, (key, options) =>
      this.#receipts.scanByKey(actor.id, key, options),
    );
    if (kept) return toScan(kept);
    const receipt = await this.#visible(id, actor);
    this.#open(receipt);
    const line = await this.#receipts.lineOf(id, request.productId);
    if (!line) {
      const [item] = await this.#products.findStates([request.productId]);
      throw new HttpError(409, 'ITEM_NOT_ON_RECEIPT', { params: { name: item?.name ?? request.productId } });
    }
    const serials = request.serials ?? [];
    const quantity = request.quantity ?? (serials.length > 0 ? serials.length : 1);
    const keys = serials.map(serialKeyOf);
    if (!line.serialTracked && serials.length > 0) throw new HttpError(409, 'ITEM_NOT_TRACKED');
    if (line.serialTracked) {
      if (serials.length === 0) throw new HttpError(409, 'SERIALS_REQUIRED');
      if (quantity !== serials.length) {
        throw new HttpError(409, 'UNITS_COUNT_MISMATCH', { params: { quantity, count: serials.length } });
      }
      const registered = await this.#receipts.registeredSerials(keys);
      const taken = serials.filter((serial, index) => {
        const key = serialKeyOf(serial);
        return registered.has(key) || keys.indexOf(key) !== index;
      });
      if (taken.length > 0)
        throw new HttpError(409, 'SERIAL_TAKEN', { params: { serials: taken.join(', ') } });
    }
    const row = {
      id: newRowId(),
      receipt_id: id,
      product_id: request.productId,
      quantity,
      condition: request.condition,
      serials: line.serialTracked ? JSON.stringify(serials) : null,
      account_id: actor.id,
      idempotency_key: operationKey ?? null,
      request_digest: digest,
      scanned_by: actor.email,
      scanned_at: this.#now().toISOString(),
    };
    let outcome: Awaited<ReturnType<ReceiptRepository['scan']>>;
    try {
      outcome = await this.#receipts.scan({ row, serialKeys: keys });
    } catch (error) {
      // Another send of this key at the same moment kept its scan: that scan is this one's answer.
      if (isScanKeyTaken(error)) {
        const again = await keptSend(
          operationKey,
          digest,
          (key, options) => this.#receipts.scanByKey(actor.id, key, options),
          {
            meanwhile: true,
          },
        );
        if (again) return toScan(again);
      }
      if (isSerialScanned(error)) throw this.#scannedAlready(serials, keys, keys);
      throw error;
    }
    if (outcome === 'closed') throw this.#closed(await this.#visible(id, actor));
    if (outcome !== 'kept') throw this.#scannedAlready(serials, keys, outcome.alreadyScanned);
    return toScan(row);
  }

  /**
   * Completes a receipt: in one transaction it becomes `received` and every line's units arrive, each
   * line's whole units at the receipt's location and its damaged ones at the quarantine location
   * (`quarantineLocationId`, an active location of kind `quarantine`; left out: the only one), each as
   * one change of its item through ProductRepository.change() whose history row the receipt names.
   * Any refusal (an item deleted meanwhile: 409 RECEIPT_ITEM_GONE; a serial registered meanwhile: 409
   * SERIAL_TAKEN; …) writes nothing.
   */
  async complete(id: string, request: CompleteReceipt, actor: ReceiptActor): Promise<Receipt> {
    const receipt = await this.#visible(id, actor);
    this.#open(receipt);
    const locations = await this.#locations.directory({ fresh: true });
    const before = await this.#receipts.lines(id);
    for (const { productId } of request.notes) {
      const line = before.find((candidate) => candidate.productId === productId);
      if (!line) {
        const [item] = await this.#products.findStates([productId]);
        throw new HttpError(409, 'ITEM_NOT_ON_RECEIPT', { params: { name: item?.name ?? productId } });
      }
    }
    const quarantine =
      before.some((line) => line.damaged > 0) || request.quarantineLocationId !== undefined
        ? quarantineLocation(locations, request.quarantineLocationId)
        : undefined;
    const at = this.#now();
    const changes = await this.#products.transaction(async (products, trx) => {
      if (!(await this.#receipts.close(trx, id, 'received', actor.email, at))) {
        throw this.#closed((await this.#receipts.find(id)) ?? receipt);
      }
      const lines = await this.#receipts.lines(id, trx);
      // In item order, so that two completions sharing items lock them in the same order.
      lines.sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
      const written: ProductChange[] = [];
      for (const line of lines) {
        const arrivals = [
          { to: receipt.location_id, quantity: line.received, serials: line.receivedSerials },
          { to: quarantine, quantity: line.damaged, serials: line.damagedSerials },
        ];
        for (const { to, quantity, serials } of arrivals) {
          if (quantity === 0) continue;
          if (to === undefined) throw quarantineLocation(locations, undefined, true);
          written.push(
            await this.#arrive(products, id, line, { to, quantity, serials }, locations, actor, at),
          );
        }
      }
      await this.#receipts.setNotes(trx, id, request.notes);
      return written;
    });
    for (const change of changes) await this.#publish(committedEvent(change, locations));
    return this.get(id, actor);
  }

  /**
   * Cancels an open receipt: nothing arrives, its scans stay as they were. A supplier cancels only
   * their own (403 FORBIDDEN otherwise), and only while it is `expected` (nothing scanned yet).
   */
  async cancel(id: string, actor: ReceiptActor): Promise<Receipt> {
    const receipt = await this.#receipts.find(id);
    if (!receipt) throw new HttpError(404, 'RECEIPT_NOT_FOUND');
    // Cancelling is declaring's undoing: a supplier's own receipts only, as for their own items.
    if (actor.role === 'supplier' && !isTheirs(actor, receipt)) throw forbiddenAction('receipt.create');
    this.#open(receipt);
    const from = actor.role === 'supplier' ? ['expected'] : ['expected', 'receiving'];
    const cancelled = await this.#products.transaction((_products, trx) =>
      this.#receipts.close(trx, id, 'cancelled', actor.email, this.#now(), from),
    );
    if (!cancelled) throw this.#closed((await this.#receipts.find(id)) ?? receipt);
    return this.get(id, actor);
  }

  async #arrive(
    products: ProductRepository,
    receiptId: string,
    line: ReceiptLineCounts,
    arrived: { to: string; quantity: number; serials: readonly string[] },
    locations: LocationDirectory,
    actor: Actor,
    at: Date,
  ): Promise<ProductChange> {
    try {
      return await products.change(
        line.productId,
        (current, _levels, known) => decideReceived(current, known, arrived, locations),
        actor,
        at,
        (change) => [this.#receipts.movement(receiptId, change)],
        arrived.serials,
      );
    } catch (error) {
      if (error instanceof HttpError && error.code === 'PRODUCT_NOT_FOUND') {
        throw new HttpError(409, 'RECEIPT_ITEM_GONE', { params: { name: line.name } });
      }
      throw error;
    }
  }

  #answer(receipt: ReceiptRow, lines: ReceiptLineCounts[], movements: Receipt['movements']): Receipt {
    return {
      ...toSummary(receipt),
      lines: lines.map((line) => ({
        productId: line.productId,
        name: line.name,
        serialTracked: line.serialTracked,
        expected: line.expected,
        received: line.received,
        damaged: line.damaged,
        serials: [...line.receivedSerials, ...line.damagedSerials],
        note: line.note,
      })),
      discrepancies: lines.flatMap((line) => discrepancyOf(line) ?? []),
      movements,
    };
  }

  /** The receipt, when the actor may see it: a supplier only their own (404 RECEIPT_NOT_FOUND). */
  async #visible(id: string, actor: ReceiptActor): Promise<ReceiptRow> {
    const receipt = await this.#receipts.find(id);
    if (!receipt || (actor.role === 'supplier' && !isTheirs(actor, receipt))) {
      throw new HttpError(404, 'RECEIPT_NOT_FOUND');
    }
    return receipt;
  }

  #open(receipt: ReceiptRow): void {
    if (receipt.status !== 'expected' && receipt.status !== 'receiving') throw this.#closed(receipt);
  }

  #closed(receipt: ReceiptRow): HttpError {
    return new HttpError(409, 'RECEIPT_CLOSED', { params: { status: receipt.status } });
  }

  #scannedAlready(
    serials: readonly string[],
    keys: readonly string[],
    scanned: readonly string[],
  ): HttpError {
    const taken = new Set(scanned);
    const named = serials.filter((_serial, index) => taken.has(keys[index] ?? ''));
    return new HttpError(409, 'SERIAL_TAKEN', { params: { serials: named.join(', ') } });
  }
}

/**
 * Where damaged units go: the location asked for, an active one of kind `quarantine` (409
 * NOT_A_QUARANTINE_LOCATION; 400 UNKNOWN_LOCATION for none), else the only active one (409
 * QUARANTINE_LOCATION_REQUIRED when there is none, or several). With `refuse`, that refusal itself.
 */
function quarantineLocation(locations: LocationDirectory, asked: string | undefined): string;
function quarantineLocation(locations: LocationDirectory, asked: undefined, refuse: true): HttpError;
function quarantineLocation(
  locations: LocationDirectory,
  asked: string | undefined,
  refuse = false,
): string | HttpError {
  const quarantines = [...locations.values()].filter(
    (location) => location.kind === 'quarantine' && location.active,
  );
  const required = () =>
    new HttpError(409, 'QUARANTINE_LOCATION_REQUIRED', { params: { count: quarantines.length } });
  if (refuse) return required();
  if (asked !== undefined) {
    const location = locations.get(asked);
    if (!location) throw new HttpError(400, 'UNKNOWN_LOCATION', { params: { id: asked } });
    if (location.kind !== 'quarantine' || !location.active) {
      throw new HttpError(409, 'NOT_A_QUARANTINE_LOCATION', { params: { location: location.name } });
    }
    return location.id;
  }
  const [only] = quarantines;
  if (!only || quarantines.length > 1) throw required();
  return only.id;
}
