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

function fill(parameters: readonly unknown[], values: SlotValues): unknown[] {
  return parameters.map((parameter) => {
    if (!(parameter instanceof Slot)) return parameter;
    if (!(parameter.name in values)) throw new Error(`no value for the query's slot "${parameter.name}"`);
    return values[parameter.name];
  });
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
    let compiled = this.#compiled.get(key);
    if (!compiled) {
      compiled = build();
      this.#compiled.set(key, compiled);
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
