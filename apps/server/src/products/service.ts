import {
  type ApiErrorCode,
  type ChangeEvent,
  type CreateProduct,
  DELIVERY_DECREMENT,
  type Movement,
  type Product,
  SPEC_TEXT,
} from '@walton/contract';
import { forbidden, HttpError, notFound } from '../http/http-error.ts';
import { cursorAfter, positionOf } from './cursor.ts';
import type { ChangedStock, Page, ProductListFilter, ProductRepository, Total } from './repository.ts';

export const PRODUCT_NOT_FOUND = 'This product does not exist or was deleted';
export const NO_SUCH_PRODUCT = 'No product has this id';
export const NOT_IN_TRASH = 'This product is not in the trash';
export const BUSY_ITEM = 'Someone else is changing this product right now. Please try again.';
/** A restore that keeps losing to concurrent delete/restore pairs gives up after this many tries. */
const RESTORE_ATTEMPTS = 5;

/** Messages of refused changes; each is shown to the user as it is. */
export const STOCK_MESSAGES = {
  noQuantity: SPEC_TEXT.noQuantity,
  deliveredMeanwhile: (quantity: number) =>
    `Someone changed this item a moment ago: it now has ${quantity} in stock. Please check and try again.`,
  oneAtATime: (quantity: number) =>
    `Delivered takes one unit at a time: with ${quantity} in stock, the new quantity is ${quantity - DELIVERY_DECREMENT}.`,
  changedSinceLoaded: (quantity: number) =>
    `This item changed since you loaded it: it now has ${quantity} in stock. Please check and try again.`,
  restockNotAbove: (quantity: number) =>
    `The new quantity must be more than the ${quantity} in stock. Please Add quentity again.`,
  otherSupplier: (email: string) =>
    `You can only add items as yourself: the supplier email must be ${email}, the account you are signed in with.`,
} as const;

/** Who is acting: the signed-in user. */
export interface Actor {
  id: string;
  email: string;
  name: string;
}

/** A list request as the API takes it: `after` is the opaque cursor of an earlier answer. */
export type ProductListRequest = Omit<ProductListFilter, 'after'> & { after?: string | undefined };

/** A page of the list: `next` is the cursor of the page after it, when there is one. */
export interface ProductPage extends Total {
  items: Product[];
  next: string | undefined;
}

/** Publishes a committed change; never throws (see ChangeFeed). */
export type PublishChange = (event: ChangeEvent) => Promise<void>;

/** A refused change that sends the item as it is now, so the client can show it and try again. */
const refusal = (statusCode: 409 | 412, message: string, product: Product, code: ApiErrorCode) =>
  new HttpError(statusCode, message, { code, extra: { product } });

/** Product use cases: the stock rules live here, the SQL in the repository. */
export class ProductService {
  readonly #products: ProductRepository;
  readonly #publish: PublishChange;

  constructor(products: ProductRepository, publish: PublishChange) {
    this.#products = products;
    this.#publish = publish;
  }

  /**
   * A page from `offset`, or right after the position an `after` cursor names. One item more than
   * the page is read to know whether a next page exists; its cursor is the page's last item's.
   */
  async list(request: ProductListRequest): Promise<ProductPage> {
    const after = request.after === undefined ? undefined : positionOf(request.after, request);
    const filter: ProductListFilter = { ...request, after, limit: request.limit + 1 };
    const { items: rows, ...total } = filter.q
      ? await this.#products.search({ ...filter, q: filter.q })
      : await this.#pageAndCount(filter);
    const items = rows.slice(0, request.limit);
    const last = items.at(-1);
    const next = rows.length > items.length && last ? cursorAfter(last, request) : undefined;
    return { items, next, ...total };
  }

  async #pageAndCount(filter: ProductListFilter): Promise<{ items: Product[] } & Total> {
    const [items, total] = await Promise.all([this.#products.list(filter), this.#products.count(filter)]);
    return { items, ...total };
  }

  async get(id: string): Promise<Product> {
    const product = await this.#products.findById(id);
    if (!product) throw notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
    return product;
  }

  async listBySupplier(email: string, page: Page): Promise<{ items: Product[]; total: number }> {
    const [items, total] = await Promise.all([
      this.#products.listBySupplier(email, page),
      this.#products.countBySupplier(email),
    ]);
    return { items, total };
  }

  /** Adds an item supplied by the signed-in user: the supplier is always the actor. */
  async create(input: CreateProduct, actor: Actor): Promise<{ id: string }> {
    if (input.email.toLowerCase() !== actor.email.toLowerCase()) {
      throw forbidden(STOCK_MESSAGES.otherSupplier(actor.email), 'SUPPLIER_NOT_SELF');
    }
    const [id] = await this.#products.insertMany([
      {
        input: { ...input, email: actor.email, suplerName: actor.name.trim() || input.suplerName },
        createdBy: actor.id,
        actor: actor.email,
        at: new Date(),
      },
    ]);
    if (!id) throw new Error('insert returned no id');
    await this.#publish({ type: 'created', id, version: 1 });
    return { id };
  }

  /**
   * Delivered: the only valid new quantity is the current one minus one, applied by one conditional
   * UPDATE, so two clerks delivering from the same screen cannot merge two deliveries into one.
   */
  async deliver(
    id: string,
    newQuantity: number,
    ifVersion: number | undefined,
    actor: Actor,
  ): Promise<ChangedStock> {
    // Below zero nothing can match; the refusal says why.
    const changed =
      newQuantity < 0
        ? undefined
        : await this.#products.changeQuantity({
            id,
            newQuantity,
            expectedQuantity: newQuantity + DELIVERY_DECREMENT,
            expectedVersion: ifVersion,
            at: new Date(),
            reason: 'delivered',
            actor: actor.email,
          });
    if (!changed) throw await this.#deliveryRefusal(id, ifVersion);
    await this.#publish({ type: 'delivered', id, version: changed.version });
    return changed;
  }

  async #deliveryRefusal(id: string, ifVersion: number | undefined): Promise<HttpError> {
    const current = await this.#products.findById(id);
    if (!current) return notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
    if (ifVersion !== undefined && current.version !== ifVersion) {
      return refusal(412, STOCK_MESSAGES.changedSinceLoaded(current.quentity), current, 'VERSION_STALE');
    }
    if (current.quentity < DELIVERY_DECREMENT)
      return refusal(409, STOCK_MESSAGES.noQuantity, current, 'OUT_OF_STOCK');
    // With a matching If-Match the client saw this very state: its number was simply not current − 1.
    return ifVersion === current.version
      ? refusal(409, STOCK_MESSAGES.oneAtATime(current.quentity), current, 'ONE_AT_A_TIME')
      : refusal(409, STOCK_MESSAGES.deliveredMeanwhile(current.quentity), current, 'QUANTITY_CHANGED');
  }

  /** Restock: the new quantity must be above the current one; a stale If-Match changes nothing. */
  async restock(
    id: string,
    newQuantity: number,
    ifVersion: number | undefined,
    actor: Actor,
  ): Promise<ChangedStock> {
    const at = new Date();
    const changed = await this.#products.transaction(async (products) => {
      const current = await products.findLiveForUpdate(id);
      if (!current) throw notFound(PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
      if (ifVersion !== undefined && current.version !== ifVersion) {
        throw refusal(412, STOCK_MESSAGES.changedSinceLoaded(current.quentity), current, 'VERSION_STALE');
      }
      if (newQuantity <= current.quentity) {
        throw refusal(409, STOCK_MESSAGES.restockNotAbove(current.quentity), current, 'QUANTITY_NOT_ABOVE');
      }
      const result = await products.updateQuantity({
        id,
        newQuantity,
        expectedQuantity: current.quentity,
        expectedVersion: current.version,
        at,
      });
      // The row is locked (PostgreSQL) or the transaction runs alone (SQLite): it cannot have moved.
      if (!result) throw new Error(`product ${id} changed while locked`);
      await products.insertMovement({
        productId: id,
        delta: result.quantity - current.quentity,
        quantityAfter: result.quantity,
        reason: 'restocked',
        version: result.version,
        actor: actor.email,
        at,
      });
      return result;
    });
    await this.#publish({ type: 'restocked', id, version: changed.version });
    return changed;
  }

  /** Soft delete: 1 when the item went to the trash, 0 when it was not live (again, or unknown). */
  async remove(id: string, actor: Actor): Promise<number> {
    const at = new Date();
    const changed = await this.#products.transaction(async (products) => {
      const result = await products.softDelete(id, at);
      if (result) await products.insertMovement(this.#unchangedStock(id, result, 'deleted', actor, at));
      return result;
    });
    if (!changed) return 0;
    await this.#publish({ type: 'deleted', id, version: changed.version });
    return 1;
  }

  /**
   * Takes an item out of the trash. When the conditional update finds it live, a concurrent delete
   * may have landed since: if the item is in the trash after all, the restore is tried again.
   */
  async restore(id: string, actor: Actor): Promise<ChangedStock> {
    for (let attempt = 1; ; attempt += 1) {
      const at = new Date();
      const changed = await this.#products.transaction(async (products) => {
        const result = await products.restore(id, at);
        if (result) await products.insertMovement(this.#unchangedStock(id, result, 'restored', actor, at));
        return result;
      });
      if (changed) {
        await this.#publish({ type: 'restored', id, version: changed.version });
        return changed;
      }
      const current = await this.#products.findById(id, { includeDeleted: true });
      if (!current) throw notFound(NO_SUCH_PRODUCT, 'PRODUCT_NOT_FOUND');
      const inTrash = current.deletedAt !== null && current.deletedAt !== undefined;
      if (!inTrash) throw refusal(409, NOT_IN_TRASH, current, 'NOT_IN_TRASH');
      if (attempt >= RESTORE_ATTEMPTS) throw refusal(409, BUSY_ITEM, current, 'ITEM_BUSY');
    }
  }

  /** Deleting and restoring move no stock: delta 0, so the ledger's deltas always sum to the quantity. */
  #unchangedStock(id: string, result: ChangedStock, reason: 'deleted' | 'restored', actor: Actor, at: Date) {
    return {
      productId: id,
      delta: 0,
      quantityAfter: result.quantity,
      reason,
      version: result.version,
      actor: actor.email,
      at,
    };
  }

  /** An item's ledger (deleted items included), newest first. */
  async movements(id: string, page: Page): Promise<{ items: Movement[]; total: number }> {
    const product = await this.#products.findById(id, { includeDeleted: true });
    if (!product) throw notFound(NO_SUCH_PRODUCT, 'PRODUCT_NOT_FOUND');
    const [items, total] = await Promise.all([
      this.#products.listMovements(id, page),
      this.#products.countMovements(id),
    ]);
    return { items, total };
  }
}
