import { DatabaseSync } from 'node:sqlite';
import { type Generated, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import {
  nodeSqliteDialect,
  STATEMENT_CACHE_SIZE,
  StatementCachingDatabase,
} from '../../src/db/sqlite-dialect.ts';

interface Tables {
  items: { id: Generated<number>; name: string; quantity: number };
}

describe('the node:sqlite dialect with its statement cache', () => {
  let database: DatabaseSync;
  let prepare: MockInstance<DatabaseSync['prepare']>;
  let db: Kysely<Tables>;

  beforeEach(() => {
    database = new DatabaseSync(':memory:');
    database.exec(
      'create table items (id integer primary key, name text not null unique, quantity integer not null check (quantity >= 0))',
    );
    prepare = vi.spyOn(database, 'prepare');
    db = new Kysely<Tables>({ dialect: nodeSqliteDialect(database) });
  });
  afterEach(async () => {
    await db.destroy();
  });

  const insert = (name: string, quantity = 1) => db.insertInto('items').values({ name, quantity }).execute();
  const quantityOf = (name: string) =>
    db.selectFrom('items').select('quantity').where('name', '=', name).executeTakeFirstOrThrow();

  it('prepares each query text once, whatever the values', async () => {
    await insert('a');
    await insert('b');
    for (const name of ['a', 'b', 'a', 'b']) await quantityOf(name);
    // One insert and one select.
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('answers writes with the rows they return, or with the rows they changed', async () => {
    const [inserted] = await db
      .insertInto('items')
      .values({ name: 'a', quantity: 3 })
      .returningAll()
      .execute();
    expect(inserted).toEqual({ id: 1, name: 'a', quantity: 3 });
    await insert('b');
    const result = await db.updateTable('items').set({ quantity: 7 }).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('items').where('name', '=', 'b').returning('quantity').execute();
    expect(deleted).toEqual([{ quantity: 7 }]);
  });

  it('uses a statement again after it failed', async () => {
    await insert('a');
    await expect(insert('a')).rejects.toThrow(/UNIQUE/);
    await insert('b');
    expect(
      (await db.selectFrom('items').select('name').orderBy('name').execute()).map((row) => row.name),
    ).toEqual(['a', 'b']);
  });

  it('commits and rolls back transactions on its one connection', async () => {
    await insert('a', 5);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('items').set({ quantity: 4 }).where('name', '=', 'a').execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('items').set({ quantity: 3 }).where('name', '=', 'a').execute();
        await trx.updateTable('items').set({ quantity: -1 }).where('name', '=', 'a').execute();
      }),
    ).rejects.toThrow(/CHECK/);
    expect(await quantityOf('a')).toEqual({ quantity: 4 });
  });

  it('streams a query, and runs it again after a stream left early', async () => {
    for (const name of ['a', 'b', 'c']) await insert(name);
    const everything = db.selectFrom('items').select('name').orderBy('name');
    const streamed: string[] = [];
    for await (const row of everything.stream()) streamed.push(row.name);
    expect(streamed).toEqual(['a', 'b', 'c']);
    for await (const row of everything.stream()) {
      expect(row.name).toBe('a');
      break;
    }
    expect(await everything.execute()).toHaveLength(3);
    await insert('d');
    expect(await everything.execute()).toHaveLength(4);
  });

  it('sees a changed table through a statement prepared before the change', async () => {
    await insert('a');
    const all = () => sql<Record<string, unknown>>`select * from items`.execute(db);
    expect(Object.keys((await all()).rows[0] ?? {})).toEqual(['id', 'name', 'quantity']);
    await sql`alter table items add column colour text`.execute(db);
    expect(Object.keys((await all()).rows[0] ?? {})).toEqual(['id', 'name', 'quantity', 'colour']);
  });

  it('closes the database when Kysely is destroyed', async () => {
    await insert('a');
    await db.destroy();
    expect(database.isOpen).toBe(false);
  });
});

describe('the statement cache', () => {
  it('keeps the most recently used statements, up to its size', () => {
    const database = new DatabaseSync(':memory:');
    const cache = new StatementCachingDatabase(database);
    const query = (n: number) => `select ${n} as n`;
    const first = cache.prepare(query(0));
    const kept = cache.prepare(query(1));
    expect(cache.prepare(query(0))).toBe(first);
    for (let n = 2; n < STATEMENT_CACHE_SIZE + 1; n += 1) {
      cache.prepare(query(n));
      // Used all along, so never the least recently used.
      expect(cache.prepare(query(1))).toBe(kept);
    }
    expect(cache.prepare(query(1))).toBe(kept);
    expect(cache.prepare(query(0))).not.toBe(first);
    expect(cache.prepare(query(0)).all([])).toEqual([{ n: 0 }]);
    cache.close();
  });
});
