import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Generated, Kysely, sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nodeSqliteDialect } from '../../../src/db/sqlite/dialect.ts';
import { STATEMENT_CACHE_SIZE, StatementCachingDatabase } from '../../../src/db/sqlite/statements.ts';
import { inSequence } from '../../../src/db/statement-sequence.ts';

interface Tables {
  items: { id: Generated<number>; name: string; quantity: number };
}

interface Ledger {
  ledger: { id: Generated<number>; item: string };
}

const CREATE_ITEMS =
  'create table items (id integer primary key, name text not null unique, quantity integer not null check (quantity >= 0))';

describe('the node:sqlite dialect, its writer on a thread of its own (in memory)', () => {
  let db: Kysely<Tables>;

  beforeEach(async () => {
    db = new Kysely<Tables>({
      dialect: nodeSqliteDialect({ file: ':memory:', writerSetup: [], readerSetup: [] }),
    });
    await sql.raw(CREATE_ITEMS).execute(db);
  });
  afterEach(async () => {
    await db.destroy();
  });

  const insert = (name: string, quantity = 1) => db.insertInto('items').values({ name, quantity }).execute();
  const quantityOf = (name: string) =>
    db.selectFrom('items').select('quantity').where('name', '=', name).executeTakeFirstOrThrow();

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
    // As wide as before, under other names: the statement reads its column names again.
    await sql`alter table items rename column name to title`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, title: 'a', quantity: 1, colour: null }]);
  });

  it('answers columns of equal names as one, the later value kept, as node:sqlite does', async () => {
    await insert('a', 4);
    const { rows } = await sql`select name as label, quantity as label from items`.execute(db);
    expect(rows).toEqual([{ label: 4 }]);
  });

  it("answers a transaction's reads from its own writes, and a read outside from what is durable", async () => {
    await insert('a', 5);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('items').set({ quantity: 4 }).where('name', '=', 'a').execute();
      expect(
        await trx.selectFrom('items').select('quantity').where('name', '=', 'a').executeTakeFirst(),
      ).toEqual({ quantity: 4 });
    });
    expect(await quantityOf('a')).toEqual({ quantity: 4 });
  });

  it('runs a sequence as one change, kept or undone whole, and knows its texts after one failed', async () => {
    await insert('a', 5);
    const decrement = (name: string) =>
      db.updateTable('items').set({ quantity: sql`quantity - 1` }).where('name', '=', name).compile();
    const addItem = (name: string) => db.insertInto('items').values({ name, quantity: 1 }).compile();
    // Its first statement fails: the second, never run, was still sent with its text.
    await expect(db.executeQuery(inSequence([addItem('a'), decrement('a'), addItem('c')]))).rejects.toThrow(
      /UNIQUE/,
    );
    expect(await quantityOf('a')).toEqual({ quantity: 5 });
    // The same texts again, now sent by number: the second statement fails, the first is undone.
    await expect(db.executeQuery(inSequence([addItem('b'), addItem('c'), addItem('b')]))).rejects.toThrow(
      /UNIQUE/,
    );
    await db.executeQuery(inSequence([decrement('a'), addItem('c')]));
    expect(
      (await db.selectFrom('items').select(['name', 'quantity']).orderBy('name').execute()).map(
        ({ name, quantity }) => `${name}:${quantity}`,
      ),
    ).toEqual(['a:4', 'c:1']);
  });

  it('fails a statement whose values cannot reach the thread alone, and the next ones run as usual', async () => {
    const add = (name: unknown) => sql`insert into items (name, quantity) values (${name}, 1)`.execute(db);
    // A promise (an await forgotten) cannot be posted to another thread: that request alone fails.
    await expect(add(Promise.resolve('never'))).rejects.toThrow(/could not be cloned/);
    await add('b');
    await add('c');
    expect(await quantityOf('c')).toEqual({ quantity: 1 });
    expect(
      (await db.selectFrom('items').select('name').orderBy('name').execute()).map((row) => row.name),
    ).toEqual(['b', 'c']);
  });

  it('runs more distinct statement texts than its thread keeps by number', async () => {
    const numbers = Array.from({ length: 700 }, (_, n) => n);
    const answers = async () => {
      const rows: unknown[] = [];
      for (const n of numbers) rows.push(...(await sql.raw(`select ${n} as n`).execute(db)).rows);
      return rows;
    };
    const expected = numbers.map((n) => ({ n }));
    expect(await answers()).toEqual(expected);
    expect(await answers()).toEqual(expected);
  });

  it('refuses every query once Kysely is destroyed', async () => {
    await insert('a');
    await db.destroy();
    await expect(quantityOf('a')).rejects.toThrow(/destroyed/);
    await expect(insert('b')).rejects.toThrow(/destroyed/);
  });
});

describe('the statement cache', () => {
  it('prepares each query text once, whatever the values', () => {
    const database = new DatabaseSync(':memory:');
    database.exec(CREATE_ITEMS);
    const prepare = vi.spyOn(database, 'prepare');
    const cache = new StatementCachingDatabase(database);
    const insert = 'insert into items (name, quantity) values (?, ?)';
    const select = 'select quantity from items where name = ?';
    cache.prepare(insert).run(['a', 1]);
    cache.prepare(insert).run(['b', 2]);
    for (const name of ['a', 'b', 'a', 'b']) cache.prepare(select).all([name]);
    expect(cache.prepare(select).all(['b'])).toEqual([{ quantity: 2 }]);
    // One insert and one select.
    expect(prepare).toHaveBeenCalledTimes(2);
    cache.close();
  });

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

describe('group commit on a database file, its writer on a thread of its own, with a reader connection', () => {
  let directory: string;
  let file: string;
  let db: Kysely<Tables & Ledger>;
  /** A connection of its own: what another process would find in the file. */
  let outsider: DatabaseSync;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'walton-group-commit-'));
    file = join(directory, 'items.sqlite');
    const setup = new DatabaseSync(file);
    setup.exec('PRAGMA journal_mode = WAL');
    setup.exec(CREATE_ITEMS);
    // A ledger whose rows must name an item by commit time: a batch holding one that names none
    // cannot commit (a deferred foreign key is checked by COMMIT itself).
    setup.exec(
      'create table ledger (id integer primary key, item text not null references items (name) deferrable initially deferred)',
    );
    setup.exec("insert into items (name, quantity) values ('a', 100), ('b', 100)");
    setup.close();
    db = new Kysely<Tables & Ledger>({
      dialect: nodeSqliteDialect({
        file,
        writerSetup: ['PRAGMA synchronous = FULL', 'PRAGMA foreign_keys = ON'],
        readerSetup: [],
      }),
    });
    outsider = new DatabaseSync(file, { readOnly: true });
  });
  afterEach(async () => {
    outsider.close();
    await db.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it("reads the reader connection's rows under their new columns after another process added one", async () => {
    const all = () => sql<Record<string, unknown>>`select * from items where name = 'a'`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'a', quantity: 100 }]);
    const other = new DatabaseSync(file);
    try {
      other.exec("alter table items add column colour text not null default 'blue'");
    } finally {
      other.close();
    }
    expect((await all()).rows).toEqual([{ id: 1, name: 'a', quantity: 100, colour: 'blue' }]);
  });

  it('reads the rows of a column the writer added, through a statement the reader prepared before', async () => {
    const all = () => sql<Record<string, unknown>>`select * from items where name = 'b'`.execute(db);
    expect((await all()).rows).toEqual([{ id: 2, name: 'b', quantity: 100 }]);
    await sql`alter table items rename column quantity to units`.execute(db);
    expect((await all()).rows).toEqual([{ id: 2, name: 'b', units: 100 }]);
  });

  const durableQuantity = (name: string) =>
    (outsider.prepare('select quantity from items where name = ?').get(name) as { quantity: number })
      .quantity;
  /** Takes `units` from item `name` in a transaction of its own, as Delivered does. */
  const take = (name: string, units: number) =>
    db.transaction().execute(async (trx) => {
      const { quantity } = await trx
        .selectFrom('items')
        .select('quantity')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('items')
        .set({ quantity: quantity - units })
        .where('name', '=', name)
        .execute();
    });
  /** Takes one unit from item `name` with a write of its own, outside a transaction. */
  const takeOne = (name: string) =>
    db
      .updateTable('items')
      .set((eb) => ({ quantity: eb('quantity', '-', 1) }))
      .where('name', '=', name)
      .execute();

  it('commits changes that arrive together in shared commits, and each is durable when it resolves', async () => {
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? take('a', 1) : takeOne('a')).then(() => seen.push(durableQuantity('a'))),
      ),
    );
    // Every change had reached the file, seen from another connection, before it was acknowledged:
    // when the n-th acknowledgement arrives, at least n units are gone from the file.
    expect(seen.filter((durable, index) => durable > 100 - (index + 1))).toEqual([]);
    // They shared commits: fewer states of the file were seen than changes were made (one commit for
    // all twenty on a quiet machine, a few on a busy one, where the first may go before the rest arrive).
    expect(new Set(seen).size).toBeLessThan(20);
    expect(seen.at(-1)).toBe(80);
    await take('a', 1);
    expect(durableQuantity('a')).toBe(79);
  });

  it('fails only the change that failed, never its neighbours in the shared transaction', async () => {
    // When each change of 'a' is acknowledged, it and every one acknowledged before it are durable,
    // however the changes were grouped into commits (one group on a quiet machine, several on a busy one).
    let acknowledged = 0;
    const notYetDurable: Array<{ acknowledged: number; durable: number }> = [];
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => {
        if (index === 4) return take('b', 101);
        if (index === 7) return takeOne('missing-and-ignored');
        return takeOne('a').then(() => {
          acknowledged += 1;
          const durable = durableQuantity('a');
          if (durable > 100 - acknowledged) notYetDurable.push({ acknowledged, durable });
        });
      }),
    );
    expect(results.map((result) => result.status)).toEqual(
      Array.from({ length: 10 }, (_, index) => (index === 4 ? 'rejected' : 'fulfilled')),
    );
    expect(String((results[4] as PromiseRejectedResult).reason)).toMatch(/CHECK/);
    expect(acknowledged).toBe(8);
    expect(notYetDurable).toEqual([]);
    expect([durableQuantity('a'), durableQuantity('b')]).toEqual([92, 100]);
  });

  it('gives a failed statement of a change its error with SQLite’s codes, and undoes the change whole', async () => {
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('items').set({ quantity: 1 }).where('name', '=', 'a').execute();
        await trx.insertInto('items').values({ name: 'b', quantity: 1 }).execute();
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ code: 'ERR_SQLITE_ERROR', errcode: 2067 });
    expect(String(failed)).toMatch(/UNIQUE/);
    expect(durableQuantity('a')).toBe(100);
  });

  it('acknowledges none of the changes of a batch whose commit failed, and keeps none', async () => {
    const ledgerRow = (item: string) => db.insertInto('ledger').values({ item }).execute();
    const results = await Promise.allSettled([
      takeOne('a'),
      take('a', 1),
      // Refused by COMMIT, not by its own statement: the whole batch fails with it.
      ledgerRow('no such item'),
      takeOne('a'),
    ]);
    expect(results[2]?.status).toBe('rejected');
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    // On a quiet machine all four share the failed batch and all are refused; on a busy one a change
    // may commit in a batch of its own before the others arrive. Either way every change acknowledged
    // is in the file and no refused one is: the failed batch acknowledged none of what it held.
    const taken = [0, 1, 3].filter((index) => results[index]?.status === 'fulfilled').length;
    expect(durableQuantity('a')).toBe(100 - taken);
    // The next batch starts afresh.
    await take('a', 1);
    await ledgerRow('a');
    expect(durableQuantity('a')).toBe(99 - taken);
  });

  it('commits a batch that waited too long for the changes that kept following at once', async () => {
    // A thousand transactions, each waiting for the one before: every end says that another
    // follows, and still the batch commits now and then, instead of once at the very end.
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 1000 }, (_, index) =>
        take('a', index % 10 === 0 ? 1 : 0).then(() => seen.push(durableQuantity('a'))),
      ),
    );
    // Kept in one batch to the end, every one of them would have been acknowledged at 0.
    expect(new Set(seen).size).toBeGreaterThan(1);
    expect(durableQuantity('a')).toBe(0);
  });

  it('writes nothing more of a transaction whose shared transaction SQLite rolled back', async () => {
    const other = new DatabaseSync(file);
    other.exec(
      "create trigger refuse_boom before insert on items when new.name = 'boom' begin select raise(rollback, 'boom refused'); end",
    );
    other.close();
    const outcome = db.transaction().execute(async (trx) => {
      // The app carries on after the failure: what follows must not commit on its own.
      await trx
        .insertInto('items')
        .values({ name: 'boom', quantity: 1 })
        .execute()
        .catch(() => undefined);
      await trx.updateTable('items').set({ quantity: 1 }).where('name', '=', 'a').execute();
    });
    await expect(outcome).rejects.toThrow(/rolled back the shared transaction/);
    expect(durableQuantity('a')).toBe(100);
    await take('a', 1);
    expect(durableQuantity('a')).toBe(99);
  });

  /**
   * A transaction that has set item a and waits, until `finish` says whether it goes on (with
   * `rest`) or gives up.
   */
  const halfMadeChange = async (
    rest: (trx: Transaction<Tables & Ledger>) => Promise<unknown> = async () => {},
  ) => {
    let finish: (keep: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => {
      finish = resolve;
    });
    let halfMade = false;
    const change = db.transaction().execute(async (trx) => {
      await trx.updateTable('items').set({ quantity: 1 }).where('name', '=', 'a').execute();
      halfMade = true;
      if (!(await decided)) throw new Error('given up');
      await rest(trx);
    });
    await expect.poll(() => halfMade, { timeout: 15_000 }).toBe(true);
    return { change, finish };
  };

  it('reads from the last commit, never from a transaction still running', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('items').set({ quantity: 1 }).where('name', '=', 'a').execute();
      const outside = await db.selectFrom('items').select('quantity').where('name', '=', 'a').execute();
      expect(outside).toEqual([{ quantity: 100 }]);
    });
    expect(await db.selectFrom('items').select('quantity').where('name', '=', 'a').execute()).toEqual([
      { quantity: 1 },
    ]);
  });

  it('lets no change land inside a transaction under way, and commits nothing of it before its end', async () => {
    const { change, finish } = await halfMadeChange();
    const other = takeOne('b');
    // Another change waits for its turn, and nothing was committed meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([durableQuantity('a'), durableQuantity('b')]).toEqual([100, 100]);
    finish(false);
    await expect(change).rejects.toThrow('given up');
    await other;
    expect([durableQuantity('a'), durableQuantity('b')]).toEqual([100, 99]);
  });

  it('closes only after the change under way has ended, committing none of a half-made change', async () => {
    const { change, finish } = await halfMadeChange((trx) =>
      trx.updateTable('items').set({ quantity: 1 }).where('name', '=', 'b').execute(),
    );
    const closed = db.destroy();
    finish(false);
    await expect(change).rejects.toThrow('given up');
    await closed;
    expect([durableQuantity('a'), durableQuantity('b')]).toEqual([100, 100]);
    await expect(db.selectFrom('items').selectAll().execute()).rejects.toThrow();
  });
});
