import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Database from 'better-sqlite3';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { NotADatabaseError, openDatabase, parametersNotPlanned } from '../../src/store/db.js';
import { gameNotFinished } from '../../src/store/queries.js';
import { games, outbox, players } from '../../src/store/schema.js';
import { tempDbPath } from '../game/helpers.js';

const baseGame = {
  guildId: 'g',
  variantId: 'classic',
  gmUserId: 'u',
  movementMs: 1,
  retreatMs: 1,
  adjustmentMs: 1,
  createdAt: 0,
};

describe('openDatabase', () => {
  it('creates its folder 0700 and the database files 0600, also fixing an older file made 0644', () => {
    const tmp = tempDbPath();
    try {
      const nested = join(dirname(tmp.path), 'data', 'deeper', 'bot.db');
      const opened = openDatabase(nested);
      opened.db
        .insert(games)
        .values({ ...baseGame, channelId: 'c1' })
        .run();
      const mode = (p: string) => statSync(p).mode & 0o777;
      expect(mode(join(dirname(tmp.path), 'data'))).toBe(0o700);
      expect(mode(dirname(nested))).toBe(0o700);
      for (const f of [nested, `${nested}-wal`, `${nested}-shm`]) expect([f, mode(f)]).toEqual([f, 0o600]);
      opened.close();
      chmodSync(nested, 0o644);
      openDatabase(nested).close();
      expect(mode(nested)).toBe(0o600);
    } finally {
      tmp.cleanup();
    }
  });

  it('refuses a folder or a file that is not a database, changing nothing about it (README.md DATABASE_PATH)', () => {
    const tmp = tempDbPath();
    try {
      const mode = (p: string) => statSync(p).mode & 0o777;
      const folder = join(dirname(tmp.path), 'games');
      mkdirSync(folder, { mode: 0o755 });
      chmodSync(folder, 0o755);
      expect(() => openDatabase(folder)).toThrow(NotADatabaseError);
      expect(mode(folder)).toBe(0o755);
      const notes = join(dirname(tmp.path), 'notes.txt');
      writeFileSync(notes, 'my notes\n');
      chmodSync(notes, 0o644);
      expect(() => openDatabase(notes)).toThrow(/notes\.txt is not an SQLite database/);
      expect([mode(notes), readFileSync(notes, 'utf8')]).toEqual([0o644, 'my notes\n']);
      expect(existsSync(`${notes}-wal`)).toBe(false);
    } finally {
      tmp.cleanup();
    }
  });

  it('applies the migrations, turns on WAL and foreign keys, and reopens the same file idempotently', () => {
    const tmp = tempDbPath();
    try {
      const first = openDatabase(tmp.path);
      expect(first.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(first.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      first.db
        .insert(games)
        .values({ ...baseGame, channelId: 'c1' })
        .run();
      first.close();
      const second = openDatabase(tmp.path);
      expect(second.db.select().from(games).all()).toHaveLength(1);
      const migrations = second.sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
      expect(migrations.n).toBeGreaterThanOrEqual(1);
      second.close();
    } finally {
      tmp.cleanup();
    }
  });

  it('finds the migrations folder whatever the working directory', () => {
    const cwd = process.cwd();
    try {
      process.chdir('/');
      const opened = openDatabase(':memory:');
      expect(opened.db.select().from(games).all()).toEqual([]);
      opened.close();
    } finally {
      process.chdir(cwd);
    }
  });

  it('allows one open game per channel, but a new one once the old one is finished', () => {
    const { db, close } = openDatabase(':memory:');
    const first = db
      .insert(games)
      .values({ ...baseGame, channelId: 'c1' })
      .returning()
      .get();
    expect(() =>
      db
        .insert(games)
        .values({ ...baseGame, channelId: 'c1' })
        .run(),
    ).toThrow(/UNIQUE/);
    db.update(games).set({ status: 'finished' }).where(eq(games.id, first.id)).run();
    expect(() =>
      db
        .insert(games)
        .values({ ...baseGame, channelId: 'c1' })
        .run(),
    ).not.toThrow();
    close();
  });

  it('enforces foreign keys and one power per user per game', () => {
    const { db, close } = openDatabase(':memory:');
    expect(() => db.insert(players).values({ gameId: 999, power: 'France', userId: 'u', joinedAt: 0 }).run()).toThrow(
      /FOREIGN KEY/,
    );
    const g = db
      .insert(games)
      .values({ ...baseGame, channelId: 'c1' })
      .returning()
      .get();
    db.insert(players).values({ gameId: g.id, power: 'France', userId: 'u', joinedAt: 0 }).run();
    expect(() => db.insert(players).values({ gameId: g.id, power: 'Italy', userId: 'u', joinedAt: 0 }).run()).toThrow(
      /UNIQUE/,
    );
    expect(() => db.insert(players).values({ gameId: g.id, power: 'France', userId: 'v', joinedAt: 0 }).run()).toThrow(
      /UNIQUE/,
    );
    close();
  });

  it('never stores the same outbox dedupe key twice', () => {
    const { db, close } = openDatabase(':memory:');
    const row = {
      kind: 'dm',
      targetKind: 'user' as const,
      target: 'u',
      payload: { a: 1 },
      dedupeKey: 'k',
      createdAt: 0,
      nextAttemptAt: 0,
    };
    db.insert(outbox).values(row).run();
    expect(() => db.insert(outbox).values(row).run()).toThrow(/UNIQUE/);
    close();
  });
});

describe('prepared statements', () => {
  it('are prepared once per SQL text and handed out in row mode whatever the last user switched', () => {
    const { sqlite, close } = openDatabase(':memory:');
    try {
      const first = sqlite.prepare('SELECT 1 AS x, 2 AS y');
      expect(first.raw().get()).toEqual([1, 2]);
      const again = sqlite.prepare('SELECT 1 AS x, 2 AS y');
      expect(again).toBe(first);
      expect(again.get()).toEqual({ x: 1, y: 2 });
      expect(again.pluck().get()).toBe(1);
      expect(sqlite.prepare('SELECT 1 AS x, 2 AS y').get()).toEqual({ x: 1, y: 2 });
      // a statement that returns no rows is cached too
      expect(sqlite.prepare('CREATE TEMP TABLE t (a)')).toBe(sqlite.prepare('CREATE TEMP TABLE t (a)'));
    } finally {
      close();
    }
  });
});

describe('parameters the query planner would read', () => {
  it('are wrapped (`+?`) where SQLite plans for their value: a bare LIMIT or LIKE parameter, in any case', () => {
    expect(parametersNotPlanned('select "id" from "games" where "games"."id" = ? limit ?')).toBe(
      'select "id" from "games" where "games"."id" = ? limit +?',
    );
    expect(parametersNotPlanned('SELECT id FROM (SELECT id FROM t LIMIT ?) WHERE k LIKE ? AND j NOT LIKE ?')).toBe(
      'SELECT id FROM (SELECT id FROM t LIMIT +?) WHERE k LIKE +? AND j NOT LIKE +?',
    );
    expect(parametersNotPlanned("select * from t where k like ? escape '!' limit ? offset ?")).toBe(
      "select * from t where k like +? escape '!' limit +? offset ?",
    );
    // Left alone: literals, numbered parameters, other words.
    for (const kept of ['select * from t limit 1', 'select * from t limit ?1', 'select * from t where unlike = ?'])
      expect(parametersNotPlanned(kept)).toBe(kept);
  });

  it('give the same rows wrapped as bare (LIMIT 0, a negative LIMIT for none, LIKE with wildcards)', () => {
    const { sqlite, close } = openDatabase(':memory:');
    const bare = new Database(':memory:');
    try {
      for (const db of [sqlite, bare]) {
        db.exec('CREATE TEMP TABLE t (id INTEGER PRIMARY KEY, k TEXT)');
        for (const k of ['confirm:1:France', 'confirm:12:Italy', 'status-mark:3', 'Confirm:9']) {
          db.prepare('INSERT INTO t (k) VALUES (?)').run(k);
        }
      }
      const text = 'SELECT id, k FROM t WHERE k LIKE ? ORDER BY id LIMIT ?';
      for (const args of [
        ['confirm:1%', 5],
        ['confirm:%', 1],
        ['confirm:%', 0],
        ['%', -1],
        ['status\\_%', 9],
      ])
        expect(sqlite.prepare(text).all(...args)).toEqual(bare.prepare(text).all(...args));
    } finally {
      close();
      bare.close();
    }
  });

  it('are never compared with the partial index games_channel_open: "not finished" is its literal', () => {
    expect(new SQLiteSyncDialect().sqlToQuery(gameNotFinished)).toEqual({
      sql: `"games"."status" <> 'finished'`,
      params: [],
    });
  });
});
