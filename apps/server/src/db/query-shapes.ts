import { type CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';

/** A value a query shape takes on each run, by name: compiled as an ordinary bound parameter. */
class Slot {
  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }
}

/** A bound parameter of a query shape, filled in by name from the values each run() is given. */
export const slot = <T>(name: string): RawBuilder<T> => sql<T>`${new Slot(name)}`;

/** The values of one run, by slot name. */
export type SlotValues = Readonly<Record<string, unknown>>;

function slotValue(slot: Slot, values: SlotValues): unknown {
  if (!(slot.name in values)) throw new Error(`no value for the query's slot "${slot.name}"`);
  return values[slot.name];
}

/** A shape as built: who keeps it, its key, its text, and what fills each parameter (`:slot`, or a fixed value). */
export interface BuiltShape {
  owner: string;
  key: string;
  sql: string;
  parameters: string[];
}

type ShapeWatcher = (shape: BuiltShape) => void;
const watchers = new Set<ShapeWatcher>();

/**
 * Tells `watcher` of every shape each run uses, built again for it instead of taken from the
 * compiled ones, so that a key that names less than its text depends on shows up as two texts under
 * one key (test/db/query-shape-sql.test.ts, which also keeps every shape's SQL as a snapshot in
 * db/sql/). Nothing changes while no one watches. Answers a function that stops watching.
 */
export function watchShapes(watcher: ShapeWatcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

function reportBuilt(owner: string, key: string, query: CompiledQuery<unknown>): void {
  const parameters = query.parameters.map((parameter) =>
    parameter instanceof Slot ? `:${parameter.name}` : JSON.stringify(parameter),
  );
  for (const watcher of watchers) watcher({ owner, key, sql: query.sql, parameters });
}

function fill(parameters: readonly unknown[], values: SlotValues): unknown[] {
  return parameters.map((parameter) =>
    parameter instanceof Slot ? slotValue(parameter, values) : parameter,
  );
}

/**
 * Queries built and compiled once per shape. Kysely builds a query's operation tree and compiles its
 * text on every call, which costs more than SQLite's own work for a small read; a shape (a `key` that
 * names everything the built text depends on: sort, order, which filters are present) is built once
 * with slot() in place of its values, and every later run only binds the values. Rows come back as
 * the builder's own execute() gives them. A repository keeps one instance per row type and writes its
 * SQL as it always does, with Kysely.
 */
export class QueryShapes<Row> {
  readonly #compiled = new Map<string, CompiledQuery<Row>>();
  /** Who keeps these shapes (a repository's name): with each key, what names a shape in db/sql/. */
  readonly #owner: string;

  constructor(owner: string) {
    this.#owner = owner;
  }

  /**
   * Runs the shape `key` on `db` (the repository's connection or transaction) with `values`,
   * building it with `build` the first time.
   */
  async rows<DB>(
    db: Kysely<DB>,
    key: string,
    build: () => CompiledQuery<Row>,
    values: SlotValues,
  ): Promise<Row[]> {
    let compiled = watchers.size > 0 ? undefined : this.#compiled.get(key);
    if (!compiled) {
      compiled = build();
      this.#compiled.set(key, compiled);
      if (watchers.size > 0) reportBuilt(this.#owner, key, compiled);
    }
    const { rows } = await db.executeQuery<Row>({
      ...compiled,
      parameters: fill(compiled.parameters, values),
    });
    return rows;
  }

  /** How many shapes were compiled (each key once). */
  get size(): number {
    return this.#compiled.size;
  }
}

/**
 * A write built once per shape, like a read of QueryShapes: `shape` names everything its text
 * depends on, `build` makes it with slot() where each value goes, and `values` are this run's.
 */
export interface ShapedStatement {
  readonly shape: string;
  readonly build: () => RawBuilder<unknown>;
  readonly values: SlotValues;
}

/** The composition of a statement run on its own, and its kind. */
const ALONE = 'alone';
export function alone(built: RawBuilder<unknown>[]): RawBuilder<unknown> {
  const [statement] = built;
  if (!statement || built.length > 1) throw new Error('alone() takes exactly one statement');
  return statement;
}

/** A composed shape's text, and for each of its parameters which statement's values fill it (-1: none). */
interface Composed<Row> {
  query: CompiledQuery<Row>;
  owners: readonly number[];
}

/**
 * Statements built and compiled once per shape, each run on its own or several composed into one
 * (PostgreSQL's data-modifying CTEs): a key names the composition, each statement's shape the rest.
 * Every statement fills its own slots, so two statements may use the same slot names. Kysely
 * builds a write's operation tree and compiles its text on every call, a real share of a change's
 * CPU (issue 17); here a change only binds its values.
 */
export class StatementShapes {
  readonly #compiled = new Map<string, Composed<unknown>>();
  /** Who keeps these shapes (see QueryShapes). */
  readonly #owner: string;

  constructor(owner: string) {
    this.#owner = owner;
  }

  /**
   * Runs `statements` composed by `compose` (which must depend on nothing but `kind` and how many
   * statements it gets) on `db`, the repository's connection or transaction, building them the first
   * time this kind and these shapes meet; answers the composed statement's rows.
   */
  async rows<DB, Row>(
    db: Kysely<DB>,
    kind: string,
    statements: readonly ShapedStatement[],
    compose: (built: RawBuilder<unknown>[]) => RawBuilder<Row>,
  ): Promise<Row[]> {
    const { rows } = await db.executeQuery<Row>(this.#filled(db, kind, statements, compose));
    return rows;
  }

  /**
   * Runs `statements` one after another, each built once per shape, as the one query `sequence`
   * makes of them (SQLite's inSequence: one request to its writer); answers the first's rows.
   */
  async rowsInSequence<DB, Row>(
    db: Kysely<DB>,
    statements: readonly ShapedStatement[],
    sequence: (queries: CompiledQuery[]) => CompiledQuery,
  ): Promise<Row[]> {
    const queries = statements.map((statement) => this.#filled(db, ALONE, [statement], alone));
    const { rows } = await db.executeQuery<Row>(sequence(queries));
    return rows;
  }

  /** The composition's query, built the first time, with this run's values. */
  #filled<DB, Row>(
    db: Kysely<DB>,
    kind: string,
    statements: readonly ShapedStatement[],
    compose: (built: RawBuilder<unknown>[]) => RawBuilder<Row>,
  ): CompiledQuery<Row> {
    const key = `${kind}\u0000${statements.map((statement) => statement.shape).join('\u0000')}`;
    let compiled = watchers.size > 0 ? undefined : (this.#compiled.get(key) as Composed<Row> | undefined);
    if (!compiled) {
      compiled = StatementShapes.#compose(db, statements, compose);
      this.#compiled.set(key, compiled);
      if (watchers.size > 0) reportBuilt(this.#owner, key, compiled.query);
    }
    const { owners } = compiled;
    const parameters = compiled.query.parameters.map((parameter, index) => {
      const owner = statements[owners[index] ?? -1];
      return owner && parameter instanceof Slot ? slotValue(parameter, owner.values) : parameter;
    });
    return { ...compiled.query, parameters };
  }

  static #compose<DB, Row>(
    db: Kysely<DB>,
    statements: readonly ShapedStatement[],
    compose: (built: RawBuilder<unknown>[]) => RawBuilder<Row>,
  ): Composed<Row> {
    const built = statements.map((statement) => statement.build());
    // Each slot is an object of its own statement's tree, found again in the composed text.
    const ownerOf = new Map<unknown, number>();
    for (const [index, statement] of built.entries()) {
      for (const parameter of statement.compile(db).parameters) {
        if (parameter instanceof Slot) ownerOf.set(parameter, index);
      }
    }
    const query = compose(built).compile(db);
    const owners = query.parameters.map((parameter) => {
      if (!(parameter instanceof Slot)) return -1;
      const owner = ownerOf.get(parameter);
      if (owner === undefined)
        throw new Error(`the query's slot "${parameter.name}" belongs to no statement`);
      return owner;
    });
    return { query, owners };
  }

  /** How many compositions were compiled (each kind and list of shapes once). */
  get size(): number {
    return this.#compiled.size;
  }
}
