import { type Kysely, sql } from 'kysely';
import type { Engine } from '../db/database.ts';
import { alone, StatementShapes, slot } from '../db/query-shapes.ts';
import { newRowId } from '../db/row-ids.ts';
import type { ClaimRow, Database } from '../db/schema.ts';
import type { ChangeStatement } from '../products/product-change.ts';

/** A claim as read: its row, the claimed unit's serial and item, and the replacement's serial. */
export type ClaimRowWithUnits = ClaimRow & {
  serial: string;
  product_id: string;
  replacement_serial: string | null;
};

/** What a list of claims narrows to, and its page. */
export interface ClaimListFilter {
  status?: string | undefined;
  /** The claimed unit, by the key of either of its serials. */
  serialKey?: string | undefined;
  /** Opened at or after. */
  from?: Date | undefined;
  /** Opened before. */
  to?: Date | undefined;
  limit: number;
  offset: number;
}

/** How a claim ends, as written: who resolved it when, and the replacement (resolution `replaced`). */
export interface ClaimResolution {
  claimId: string;
  resolution: string;
  replacementUnitId: string | null;
  note: string;
  resolvedBy: string;
  at: Date;
}

/** A claim that is not open any more, told by the CHECK `claims_resolved` (see migration 018). */
export class ClaimNotOpenError extends Error {}

/** PostgreSQL's check_violation / SQLite's CHECK constraint on `claims_resolved`. */
const isResolvedMeanwhile = (error: unknown) =>
  error instanceof Error &&
  (('code' in error &&
    error.code === '23514' &&
    'constraint' in error &&
    error.constraint === 'claims_resolved') ||
    error.message.includes('CHECK constraint failed: claims_resolved'));

/** PostgreSQL's unique_violation / SQLite's UNIQUE constraint on the open claim of a unit. */
const isOpenTaken = (error: unknown) =>
  error instanceof Error &&
  (('code' in error &&
    error.code === '23505' &&
    'constraint' in error &&
    error.constraint === 'claims_one_open') ||
    error.message.includes('UNIQUE constraint failed: claims.unit_id'));

/** Runs `writing`, telling a claim resolved meanwhile (the CHECK of its resolution) as ClaimNotOpenError. */
export async function unlessResolvedMeanwhile<T>(writing: Promise<T>): Promise<T> {
  try {
    return await writing;
  } catch (error) {
    if (isResolvedMeanwhile(error)) throw new ClaimNotOpenError('the claim was resolved meanwhile');
    throw error;
  }
}

/**
 * The SQL of warranty claims. A claim is opened here; it is resolved by resolution(), a statement
 * that is either run alone (repaired, rejected) or as a participant of the replacement's change
 * (ProductRepository.change()), all or nothing with it.
 */
export class ClaimRepository {
  readonly #db: Kysely<Database>;
  readonly #engine: Engine;
  /** The resolution run alone, built once (see StatementShapes). */
  readonly #writes = new StatementShapes('ClaimRepository');

  constructor(db: Kysely<Database>, engine: Engine) {
    this.#db = db;
    this.#engine = engine;
  }

  #at(value: Date) {
    return this.#engine === 'postgres'
      ? sql`cast(${value.toISOString()} as timestamptz)`
      : sql`${value.toISOString()}`;
  }

  #withUnits() {
    return this.#db
      .selectFrom('claims as c')
      .innerJoin('units as u', 'u.id', 'c.unit_id')
      .leftJoin('units as r', 'r.id', 'c.replacement_unit_id')
      .selectAll('c')
      .select(['u.serial', 'u.product_id', 'r.serial as replacement_serial']);
  }

  /**
   * Opens a claim on a unit that is `dispatched` (checked by the insert itself); undefined when the
   * unit is not dispatched any more. Refuses a second open claim of a unit (`'taken'`).
   */
  async open(claim: {
    unitId: string;
    problem: string;
    openedBy: string;
    at: Date;
  }): Promise<string | 'taken' | undefined> {
    const id = newRowId();
    try {
      const inserted = await sql`insert into claims (id, unit_id, problem, status, opened_by, opened_at)
        select ${id}, u.id, ${claim.problem}, 'open', ${claim.openedBy}, ${this.#at(claim.at)}
        from units u where u.id = ${claim.unitId} and u.status = 'dispatched'`.execute(this.#db);
      return Number(inserted.numAffectedRows ?? 0) === 1 ? id : undefined;
    } catch (error) {
      if (isOpenTaken(error)) return 'taken';
      throw error;
    }
  }

  async find(id: string): Promise<ClaimRowWithUnits | undefined> {
    return this.#withUnits().where('c.id', '=', id).executeTakeFirst();
  }

  /** A unit's claims, newest first. */
  async listOfUnit(unitId: string): Promise<ClaimRowWithUnits[]> {
    return this.#withUnits()
      .where('c.unit_id', '=', unitId)
      .orderBy('c.opened_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
  }

  #listed(filter: ClaimListFilter) {
    return sql<boolean>`1 = 1${filter.status === undefined ? sql`` : sql` and c.status = ${filter.status}`}${
      filter.serialKey === undefined
        ? sql``
        : sql` and c.unit_id = (select unit_id from unit_serials where serial_key = ${filter.serialKey})`
    }${filter.from === undefined ? sql`` : sql` and c.opened_at >= ${this.#at(filter.from)}`}${
      filter.to === undefined ? sql`` : sql` and c.opened_at < ${this.#at(filter.to)}`
    }`;
  }

  /** A page of claims, newest first. */
  async list(filter: ClaimListFilter): Promise<ClaimRowWithUnits[]> {
    return this.#withUnits()
      .where(this.#listed(filter))
      .orderBy('c.opened_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }

  async count(filter: ClaimListFilter): Promise<number> {
    const row = await this.#db
      .selectFrom('claims as c')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where(this.#listed(filter))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /**
   * The statement that resolves a claim. Over a claim no longer open it writes a resolution of NULL
   * beside status `resolved`, which the CHECK `claims_resolved` refuses: the statement fails, and with
   * it the change it belongs to (see unlessResolvedMeanwhile).
   */
  resolution(resolved: ClaimResolution): ChangeStatement {
    return {
      shape: 'claim resolved',
      build: () =>
        sql`update claims set status = 'resolved',
          resolution = case when status = 'open' then ${slot('resolution')} end,
          replacement_unit_id = ${slot('replacementUnitId')}, note = ${slot('note')},
          resolved_by = ${slot('resolvedBy')},
          resolved_at = ${this.#engine === 'postgres' ? sql`cast(${slot('at')} as timestamptz)` : slot('at')}
          where id = ${slot('claimId')}`,
      values: { ...resolved, at: resolved.at.toISOString() },
    };
  }

  /** Resolves a claim by itself (repaired, rejected); ClaimNotOpenError when it was resolved meanwhile. */
  async resolve(resolved: ClaimResolution): Promise<void> {
    await unlessResolvedMeanwhile(this.#writes.rows(this.#db, 'alone', [this.resolution(resolved)], alone));
  }
}
