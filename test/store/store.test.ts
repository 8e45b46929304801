/**
 * The store on both databases (docs/store.md "The store on two databases"): the same query code, written
 * once against the sqlite-core tables in the async subset, runs on SQLite and on PostgreSQL (a real server,
 * test/support/postgres.ts) with the same results: migrations, every column kind of every table, the partial unique
 * index, and the transaction runner's guarantees.
 */
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cards from '../../src/game/cards/tables.js';
import { openStore } from '../../src/store/open.js';
import { isSqliteTable } from '../../src/store/pg-tables.js';
import * as schema from '../../src/store/schema.js';
import { reusedQuery } from '../../src/store/prepared.js';
import { gameNotFinished } from '../../src/store/queries.js';
import { first, isUniqueViolation, type Dialect, type Store } from '../../src/store/store.js';
import { freshPostgresDatabase } from '../support/postgres.js';

/** A fresh, migrated store of `dialect`. */
async function freshStore(dialect: Dialect): Promise<Store> {
  if (dialect === 'sqlite') return openStore({ dialect, path: ':memory:' });
  return openStore({ dialect, url: await freshPostgresDatabase('store') });
}

/** Every table the code declares: the store's and each kind's (src/game/<kind>/tables.ts). */
const declaredTables: SQLiteTable[] = [...Object.values(schema), ...Object.values(cards)].filter(isSqliteTable);

/** A time in milliseconds well beyond 32 bits (2030), as every `*_ms` and `*_at` column holds. */
const BIG_MS = 1_893_456_000_000;
const JSON_VALUE = {
  nested: [1, 'two', null, true, { deep: 2.5 }],
  text: "战国 “quoted” \\ 's",
  big: Number.MAX_SAFE_INTEGER,
  empty: {},
};

const isAutoIncrement = (column: SQLiteColumn) =>
  (column as unknown as { autoIncrement?: boolean }).autoIncrement === true;

/** Does `column` refer (by a foreign key) to another table's key? Then row n of the parent is `n + 1`. */
function isForeign(table: SQLiteTable, column: SQLiteColumn): boolean {
  return getTableConfig(table).foreignKeys.some((fk) => fk.reference().columns.some((c) => c.name === column.name));
}

/**
 * Row `n` (0 or 1) of `table`: row 0 fills every column (a big millisecond number, true, text, a JSON value, a
 * fraction), row 1 leaves every nullable column null and every defaulted column to its default. Foreign keys point at
 * row n of the parent (ids n + 1); autoincrementing keys are left to the database.
 */
function rowOf(table: SQLiteTable, n: 0 | 1): { insert: Record<string, unknown>; expected: Record<string, unknown> } {
  const insert: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  Object.entries(getTableColumns(table)).forEach(([key, column], i) => {
    const c = column as SQLiteColumn;
    if (isAutoIncrement(c)) return;
    let value: unknown;
    if (isForeign(table, c)) value = n + 1;
    else if (n === 1 && !c.notNull && !c.primary) value = null;
    else if (n === 1 && c.hasDefault) {
      expected[key] = c.default;
      return;
    } else if (c.columnType === 'SQLiteInteger') value = BIG_MS + i * 1000 + n;
    else if (c.columnType === 'SQLiteBoolean') value = n === 0;
    else if (c.columnType === 'SQLiteTextJson') value = n === 0 ? JSON_VALUE : [n];
    else if (c.columnType === 'SQLiteText') value = `${c.name}-${n}`;
    // a rating's mu and sigma: fractions that a 4-byte float would not keep
    else if (c.columnType === 'SQLiteReal') value = 25 / 3 + i + n;
    else throw new Error(`no test value for ${c.columnType}`);
    insert[key] = value;
    expected[key] = value;
  });
  return { insert, expected };
}

/** Parents first: games, phases, then the rest. */
const insertOrder = [
  schema.games,
  schema.phases,
  ...declaredTables.filter((t) => t !== schema.games && t !== schema.phases),
];

/**
 * Two transactions that read, then write, row `userId` of the cooldowns at once: each waits (on its first run, at most
 * 300 ms) for the other to have read before writing, so on PostgreSQL both read the same count and one is refused at
 * commit and runs again (in the retry lane); on SQLite the second only starts once the first committed. `before(run)`
 * is awaited at the start of every run. Returns how many runs each took.
 */
function raceOnRow(store: Store, userId: string, before: (run: number) => Promise<void> = async () => {}) {
  const cooldowns = store.table(schema.cooldowns);
  const row = and(eq(cooldowns.userId, userId), eq(cooldowns.action, 'order'));
  const reads: Array<() => void> = [];
  const bothRead = Promise.all([0, 1].map((i) => new Promise<void>((resolve) => (reads[i] = resolve))));
  const increment = (i: number) => {
    let run = 0;
    return store.transaction(async (tx) => {
      await before(++run);
      const seen = first(await tx.select().from(cooldowns).where(row));
      if (run === 1) {
        reads[i]!();
        await Promise.race([bothRead, new Promise((resolve) => setTimeout(resolve, 300))]);
      }
      await tx
        .update(cooldowns)
        .set({ count: seen!.count + 1 })
        .where(row);
      return run;
    });
  };
  return Promise.all([increment(0), increment(1)]);
}

describe.each(['sqlite', 'postgres'] as const)('the store on %s', (dialect) => {
  let store: Store;
  beforeAll(async () => {
    store = await freshStore(dialect);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('builds every declared table from the migrations on an empty database', async () => {
    const names = await store.transaction(
      async (tx) =>
        dialect === 'sqlite'
          ? store.execute(
              tx,
              sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'`,
            )
          : store.execute(
              tx,
              sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
            ),
      { write: false },
    );
    expect(names.map((r) => r.name).sort()).toEqual(declaredTables.map((t) => getTableConfig(t).name).sort());
  });

  it('round-trips a row of every table with each column kind: JSON, boolean, big millisecond numbers, null and defaults', async () => {
    const fresh = await freshStore(dialect);
    try {
      for (const n of [0, 1] as const) {
        await fresh.transaction(async (tx) => {
          for (const table of insertOrder) await tx.insert(fresh.table(table)).values(rowOf(table, n).insert as never);
        });
      }
      for (const table of declaredTables) {
        const t = fresh.table(table);
        const keys =
          getTableConfig(table).primaryKeys[0]?.columns ??
          Object.values(getTableColumns(table)).filter((c) => c.primary);
        const ordered = keys.map((k) =>
          asc(
            (getTableColumns(t) as Record<string, SQLiteColumn>)[
              Object.entries(getTableColumns(table)).find(([, c]) => c === k)![0]
            ]!,
          ),
        );
        const rows = await fresh.transaction(
          async (tx) =>
            tx
              .select()
              .from(t)
              .orderBy(...ordered),
          { write: false },
        );
        expect([getTableConfig(table).name, rows]).toEqual([
          getTableConfig(table).name,
          [0, 1].map((n) => expect.objectContaining(rowOf(table, n as 0 | 1).expected)),
        ]);
        const identity = Object.entries(getTableColumns(table)).find(([, c]) =>
          isAutoIncrement(c as SQLiteColumn),
        )?.[0];
        if (identity) expect(rows.map((r) => (r as Record<string, unknown>)[identity])).toEqual([1, 2]); // numbers, on both
      }
    } finally {
      await fresh.close();
    }
  });

  const game = (channelId: string, status: schema.GameStatus) => ({
    channelId,
    variantId: 'classic',
    gmUserId: 'gm',
    status,
    movementMs: 86_400_000,
    retreatMs: 3_600_000,
    adjustmentMs: 3_600_000,
    createdAt: BIG_MS,
  });

  it('keeps one unfinished game per channel (games_channel_open), while finished games may pile up', async () => {
    const games = store.table(schema.games);
    const insert = (status: schema.GameStatus) =>
      store.transaction(async (tx) => (await tx.insert(games).values(game('open-index', status)).returning())[0]!);
    const opened = await insert('active');
    const refused = await insert('forming').catch((err: unknown) => err);
    expect(isUniqueViolation(refused)).toBe(true);
    await store.transaction(async (tx) => tx.update(games).set({ status: 'finished' }).where(eq(games.id, opened!.id)));
    await insert('finished');
    await insert('forming');
    const rows = await store.transaction(
      async (tx) =>
        tx.select({ status: games.status }).from(games).where(eq(games.channelId, 'open-index')).orderBy(asc(games.id)),
      { write: false },
    );
    expect(rows.map((r) => r.status)).toEqual(['finished', 'finished', 'forming']);
  });

  it('runs a query built once (reusedQuery) with each call’s values, seeing every write before it', async () => {
    const games = store.table(schema.games);
    let built = 0;
    const byChannel = reusedQuery((db) => {
      built++;
      return db
        .select({ id: games.id, status: games.status, createdAt: games.createdAt })
        .from(games)
        .where(and(eq(games.channelId, sql.placeholder('channel')), gameNotFinished))
        .limit(1);
    });
    const read = (channel: string) =>
      store.transaction(async (tx) => first(await byChannel(tx, { channel })), { write: false });
    expect(await read('reused-a')).toBeUndefined();
    await store.transaction(async (tx) =>
      tx.insert(games).values([game('reused-a', 'active'), game('reused-b', 'forming')]),
    );
    expect(await read('reused-a')).toMatchObject({ status: 'active', createdAt: BIG_MS });
    expect(await read('reused-b')).toMatchObject({ status: 'forming' });
    await store.transaction(async (tx) => {
      await tx.update(games).set({ status: 'finished' }).where(eq(games.channelId, 'reused-a'));
      // Inside the transaction that wrote it, then after its rollback.
      expect(first(await byChannel(tx, { channel: 'reused-a' }))).toBeUndefined();
      return { ok: false };
    });
    expect(await read('reused-a')).toMatchObject({ status: 'active' });
    // Built once per SQLite connection; on PostgreSQL each transaction has a connection of its own.
    expect(built).toBe(dialect === 'sqlite' ? 1 : 5);
  });

  it('counts the rows an UPDATE changed through returning(), the same on both', async () => {
    const games = store.table(schema.games);
    await store.transaction(async (tx) =>
      tx.insert(games).values([game('count-a', 'active'), game('count-b', 'active')]),
    );
    const changed = await store.transaction(async (tx) =>
      tx
        .update(games)
        .set({ statusVersion: sql`${games.statusVersion} + 1` })
        .where(and(eq(games.status, 'active'), sql`${games.channelId} LIKE 'count-%'`))
        .returning({ id: games.id }),
    );
    expect(changed).toHaveLength(2);
    const none = await store.transaction(async (tx) =>
      tx.update(games).set({ statusVersion: 5 }).where(eq(games.channelId, 'nobody')).returning({ id: games.id }),
    );
    expect(none).toEqual([]);
  });

  describe('transactions', () => {
    const channelRows = (channelId: string) =>
      store.transaction(
        async (tx) =>
          tx
            .select()
            .from(store.table(schema.games))
            .where(eq(store.table(schema.games).channelId, channelId)),
        { write: false },
      );

    it('commits what a transaction returns', async () => {
      const result = await store.transaction(async (tx) => {
        await tx.insert(store.table(schema.games)).values(game('tx-commit', 'forming'));
        return { ok: true as const, value: 7 };
      });
      expect(result).toEqual({ ok: true, value: 7 });
      expect(await channelRows('tx-commit')).toHaveLength(1);
    });

    it('rolls back on a thrown error and rethrows it', async () => {
      const failing = store.transaction(async (tx) => {
        await tx.insert(store.table(schema.games)).values(game('tx-throw', 'forming'));
        throw new Error('use-case failed');
      });
      await expect(failing).rejects.toThrow('use-case failed');
      expect(await channelRows('tx-throw')).toEqual([]);
    });

    it('rolls back on a { ok: false } result and returns it', async () => {
      const result = await store.transaction(async (tx) => {
        await tx.insert(store.table(schema.games)).values(game('tx-refused', 'forming'));
        return { ok: false as const, error: 'refused' };
      });
      expect(result).toEqual({ ok: false, error: 'refused' });
      expect(await channelRows('tx-refused')).toEqual([]);
    });

    it('runs a nested transaction in a savepoint: its rollback keeps the outer writes', async () => {
      await store.transaction(async (tx) => {
        await tx.insert(store.table(schema.games)).values(game('tx-outer', 'forming'));
        const inner = await store.transaction(async (inner) => {
          await inner.insert(store.table(schema.games)).values(game('tx-inner', 'forming'));
          return { ok: false as const, error: 'inner refused' };
        });
        expect(inner).toEqual({ ok: false, error: 'inner refused' });
        await expect(
          store.transaction(async (inner) => {
            await inner.insert(store.table(schema.games)).values(game('tx-inner', 'forming'));
            throw new Error('inner failed');
          }),
        ).rejects.toThrow('inner failed');
      });
      expect(await channelRows('tx-outer')).toHaveLength(1);
      expect(await channelRows('tx-inner')).toEqual([]);
    });

    it('runs work a transaction started without awaiting it as a transaction of its own once that one ended', async () => {
      let later!: Promise<unknown>;
      await store.transaction(async () => {
        later = new Promise((resolve) => setTimeout(resolve, 30)).then(() =>
          store.transaction(async (tx) =>
            tx.insert(store.table(schema.games)).values(game('tx-later', 'forming')).returning(),
          ),
        );
      });
      await expect(later).resolves.toHaveLength(1);
      expect(await channelRows('tx-later')).toHaveLength(1);
    });

    it('refuses writes in a read-only transaction', async () => {
      const write = store.transaction(
        async (tx) => tx.insert(store.table(schema.games)).values(game('tx-read-only', 'forming')),
        { write: false },
      );
      await expect(write).rejects.toThrow();
      expect(await channelRows('tx-read-only')).toEqual([]);
      // and the store still writes afterwards
      await store.transaction(async (tx) =>
        tx.insert(store.table(schema.games)).values(game('tx-read-only', 'forming')),
      );
      expect(await channelRows('tx-read-only')).toHaveLength(1);
    });

    it.runIf(dialect === 'postgres')(
      'runs SERIALIZABLE by default, and read committed when asked (compare-and-set claims)',
      async () => {
        const level = (options?: { isolation: 'read committed' }) =>
          store.transaction(
            async (tx) => (await store.execute(tx, sql`SHOW transaction_isolation`))[0]!.transaction_isolation,
            options,
          );
        expect(await level()).toBe('serializable');
        expect(await level({ isolation: 'read committed' })).toBe('read committed');
      },
    );

    it.runIf(dialect === 'postgres')(
      'reads a bigint as a number and JSON as its text on its own connections, leaving the driver’s shared parsers',
      async () => {
        const row = await store.transaction(
          async (tx) => (await store.execute(tx, sql`SELECT ${BIG_MS}::bigint AS big, '{"a":1}'::jsonb AS doc`))[0]!,
          { write: false },
        );
        expect(row).toEqual({ big: BIG_MS, doc: '{"a": 1}' });
        expect(pg.types.getTypeParser(pg.types.builtins.INT8)('42')).toBe('42');
        expect(pg.types.getTypeParser(pg.types.builtins.JSONB)('{"a":1}')).toEqual({ a: 1 });
      },
    );

    it('loses no update when two transactions read, then write, the same row at once', async () => {
      const cooldowns = store.table(schema.cooldowns);
      await store.transaction(async (tx) =>
        tx.insert(cooldowns).values({ userId: 'racer', action: 'order', windowStart: BIG_MS, count: 0 }),
      );
      const runs = await raceOnRow(store, 'racer');
      const final = await store.transaction(
        async (tx) => first(await tx.select().from(cooldowns).where(eq(cooldowns.userId, 'racer'))),
        { write: false },
      );
      expect(final!.count).toBe(2);
      if (dialect === 'postgres') expect(Math.max(...runs)).toBeGreaterThan(1); // one was refused and ran again
    });

    it('commits every one of 60 transactions that read, then write, the same row at once', async () => {
      // A burst like seven players' orders for one game in the same second: on PostgreSQL most runs are refused
      // for a conflict, and every transaction must still commit once (docs/store.md "The store on two databases").
      const cooldowns = store.table(schema.cooldowns);
      const racer = and(eq(cooldowns.userId, 'crowd'), eq(cooldowns.action, 'order'));
      await store.transaction(async (tx) =>
        tx.insert(cooldowns).values({ userId: 'crowd', action: 'order', windowStart: BIG_MS, count: 0 }),
      );
      const increment = () =>
        store.transaction(async (tx) => {
          const row = first(await tx.select().from(cooldowns).where(racer));
          await new Promise((resolve) => setTimeout(resolve, 5)); // others read meanwhile
          await tx
            .update(cooldowns)
            .set({ count: row!.count + 1 })
            .where(racer);
          return row!.count;
        });
      const seen = await Promise.all(Array.from({ length: 60 }, increment));
      const final = await store.transaction(async (tx) => first(await tx.select().from(cooldowns).where(racer)), {
        write: false,
      });
      expect(final!.count).toBe(60);
      expect(new Set(seen).size).toBe(60); // each committed run read the one before it
    });
  });
});

describe('the SQLite transaction runner', () => {
  it('runs two concurrent transactions one after the other on its one connection', async () => {
    const store = await freshStore('sqlite');
    try {
      const events: string[] = [];
      let releaseFirst!: () => void;
      const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
      const a = store.transaction(async (tx) => {
        events.push('a begins');
        await tx.insert(store.table(schema.games)).values({
          channelId: 'serial',
          variantId: 'classic',
          gmUserId: 'gm',
          movementMs: 1,
          retreatMs: 1,
          adjustmentMs: 1,
          createdAt: 1,
        });
        await firstMayEnd;
        events.push('a ends');
      });
      const b = store.transaction(async (tx) => {
        events.push('b begins');
        const seen = await tx
          .select()
          .from(store.table(schema.games))
          .where(eq(store.table(schema.games).channelId, 'serial'));
        events.push(`b sees ${seen.length}`);
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(events).toEqual(['a begins']); // b waits while a is open
      releaseFirst();
      await Promise.all([a, b]);
      expect(events).toEqual(['a begins', 'a ends', 'b begins', 'b sees 1']);
    } finally {
      await store.close();
    }
  });
});

describe('PostgreSQL migrations', () => {
  it('apply once when several processes start on one database at the same time', async () => {
    const url = await freshPostgresDatabase('migrate');
    const stores = await Promise.all([0, 1, 2].map(() => openStore({ dialect: 'postgres', url })));
    try {
      const applied = await stores[0]!.transaction(
        async (tx) => stores[0]!.execute(tx, sql`SELECT hash FROM drizzle.__drizzle_migrations`),
        { write: false },
      );
      const again = await openStore({ dialect: 'postgres', url });
      await again.close();
      const after = await stores[1]!.transaction(
        async (tx) => stores[1]!.execute(tx, sql`SELECT hash FROM drizzle.__drizzle_migrations`),
        { write: false },
      );
      expect(applied.length).toBeGreaterThan(0);
      expect(after).toEqual(applied);
      expect(new Set(applied.map((r) => r.hash)).size).toBe(applied.length);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it('says which server it could not reach, without the password', async () => {
    const refused = openStore({ dialect: 'postgres', url: 'postgres://bot:secret-password@127.0.0.1:1/zhanguo' });
    await expect(refused).rejects.toThrow(/cannot open the PostgreSQL database at 127\.0\.0\.1:1\/zhanguo/);
    await expect(refused).rejects.not.toThrow(/secret-password/);
  });
});

describe('a PostgreSQL connection', () => {
  it("runs a transaction's queries one at a time, however many it starts at once", async () => {
    // pg queues a busy connection's queries itself, but that queue is deprecated: the store must not lean on it.
    const query = pg.Client.prototype.query;
    let overlapping = 0;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const client = this as unknown as { _activeQuery: unknown; _queryQueue: unknown[] };
      if (client._activeQuery || client._queryQueue.length > 0) overlapping++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const store = await freshStore('postgres');
    try {
      const rows = await store.transaction(
        async (tx) =>
          Promise.all(
            [1, 2, 3, 4, 5, 6].map(async (n) => store.execute(tx, sql`SELECT ${n}::int AS n, pg_sleep(0.01)`)),
          ),
        { write: false },
      );
      expect(rows.map((r) => r[0]!.n)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(overlapping).toBe(0);
    } finally {
      pg.Client.prototype.query = query;
      await store.close();
    }
  });
});

describe('the PostgreSQL retry lane', () => {
  it('lets a refused transaction wait its turn no longer than its retry time when the one ahead never ends', async () => {
    const url = await freshPostgresDatabase('lane');
    const store = await openStore({ dialect: 'postgres', url, conflictRetryMs: 1500 });
    try {
      const cooldowns = store.table(schema.cooldowns);
      await store.transaction(async (tx) =>
        tx
          .insert(cooldowns)
          .values(['stuck', 'free'].map((userId) => ({ userId, action: 'order', windowStart: BIG_MS, count: 0 }))),
      );
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let inLane!: () => void;
      const laneTaken = new Promise<void>((resolve) => (inLane = resolve));
      // The refused one of this pair holds the lane, its second run waiting for the test.
      const stuck = raceOnRow(store, 'stuck', async (run) => {
        if (run < 2) return;
        inLane();
        await released;
      });
      await laneTaken;
      await raceOnRow(store, 'free'); // its refused one waited for the lane, then ran without it
      const count = async (userId: string) =>
        (await store.transaction(
          async (tx) => first(await tx.select().from(cooldowns).where(eq(cooldowns.userId, userId))),
          { write: false },
        ))!.count;
      expect(await count('free')).toBe(2);
      expect(await count('stuck')).toBe(1);
      release();
      await stuck;
      expect(await count('stuck')).toBe(2);
    } finally {
      await store.close();
    }
  });
});
