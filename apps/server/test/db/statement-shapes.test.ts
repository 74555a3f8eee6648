import { Kysely, type RawBuilder, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ShapedStatement, StatementShapes, slot } from '../../src/db/query-shapes.ts';
import { nodeSqliteDialect } from '../../src/db/sqlite/dialect.ts';

interface Tables {
  items: { name: string; quantity: number };
}

/** An insert of one item, counting how often it is built. */
function insertItem(builds: { count: number }, name: string, quantity: number): ShapedStatement {
  return {
    shape: 'insert item',
    build: () => {
      builds.count += 1;
      return sql`insert into items (name, quantity) values (${slot<string>('name')}, ${slot<number>('quantity')})`;
    },
    values: { name, quantity },
  };
}

const IN_MEMORY = { file: ':memory:', writerSetup: [], readerSetup: [] };

const alone = ([statement]: RawBuilder<unknown>[]) => statement ?? sql`select 1`;

describe('StatementShapes', () => {
  let db: Kysely<Tables>;

  beforeEach(async () => {
    db = new Kysely<Tables>({ dialect: nodeSqliteDialect(IN_MEMORY) });
    await sql`create table items (name text not null, quantity integer not null)`.execute(db);
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('builds a shape once and binds each run its own values', async () => {
    const shapes = new StatementShapes('test');
    const builds = { count: 0 };
    for (const [name, quantity] of [
      ['fan', 3],
      ['fridge', 7],
      ['kettle', 0],
    ] as const) {
      await shapes.rows(db, 'alone', [insertItem(builds, name, quantity)], alone);
    }
    expect(builds.count).toBe(1);
    expect(shapes.size).toBe(1);
    const rows = await db.selectFrom('items').selectAll().orderBy('name').execute();
    expect(rows).toEqual([
      { name: 'fan', quantity: 3 },
      { name: 'fridge', quantity: 7 },
      { name: 'kettle', quantity: 0 },
    ]);
  });

  it('fills each composed statement from its own values, even where two use the same slot names', async () => {
    const shapes = new StatementShapes('test');
    const builds = { count: 0 };
    const pair = (first: number, second: number): ShapedStatement[] => [
      { shape: 'a number', build: () => sql`${slot<number>('n')} * 10`, values: { n: first } },
      { shape: 'a number', build: () => sql`${slot<number>('n')} * 10`, values: { n: second } },
    ];
    const compose = ([left, right]: RawBuilder<unknown>[]) =>
      sql<{ left: number; right: number }>`select ${left} as "left", ${right} as "right"`;
    expect(await shapes.rows(db, 'pair', pair(1, 2), compose)).toEqual([{ left: 10, right: 20 }]);
    expect(await shapes.rows(db, 'pair', pair(5, 4), compose)).toEqual([{ left: 50, right: 40 }]);
    expect(shapes.size).toBe(1);
    // Another composition of the same shapes is a shape of its own.
    await shapes.rows(db, 'alone', [insertItem(builds, 'fan', 1)], alone);
    expect(shapes.size).toBe(2);
  });

  it('refuses a run that lacks a value of its shape', async () => {
    const shapes = new StatementShapes('test');
    const statement: ShapedStatement = {
      shape: 'insert item',
      build: () =>
        sql`insert into items (name, quantity) values (${slot<string>('name')}, ${slot<number>('quantity')})`,
      values: { name: 'fan' },
    };
    await expect(shapes.rows(db, 'alone', [statement], alone)).rejects.toThrow(/quantity/);
    expect(await db.selectFrom('items').selectAll().execute()).toEqual([]);
  });
});
