/** Test helpers for the game use-cases: an in-memory database, a hand-driven clock, seeded randomness. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../src/store/db.js';
import { openPostgresStore } from '../../src/store/postgres-store.js';
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { migratedPostgresDatabase, returnPostgresDatabase, TEST_POOL } from '../support/postgres.js';
import { games, outbox } from '../../src/store/schema.js';
import { createGame, joinGame, startGame } from '../../src/game/lobby/index.js';
import { hidesIdentities, type GameDeps, type PhaseDurationInput } from '../../src/game/core/index.js';
import type { OpenedStore } from '../../src/store/store.js';
import { onInternalError } from '../../src/game/core/tx.js';
import { internalErrors } from '../support/internal-errors.js';
import { rng } from '../support/random.js';
import { pinSeats, pinnedRandom, type PinnableRandom } from '../support/drawn-seats.js';

export const CLASSIC_POWERS = ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey'];
export const CHANNEL = 'chan-1';
export const GM = 'user-gm';
export const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
export const HOUR = 3_600_000;

/** Internal errors fail the test that caused them instead of turning into a generic message. */
export { internalErrors };
onInternalError((err) => internalErrors.push(err));

export interface TestEnv {
  deps: TestDeps;
  /** The raw SQLite connection, for a test's own checks; absent on PostgreSQL (such tests run on SQLite only). */
  opened: OpenedDatabase;
  clock: { t: number; advance(ms: number): void };
  close(): Promise<void>;
}

/** Mulberry32, shared with the engine's property tests. */
export const seeded = rng;

/**
 * Which database the game suites run on: SQLite (the default), or PostgreSQL when `TEST_STORE=postgres` (the
 * `postgres` project of vitest.config.ts runs the same files again that way).
 */
export const TEST_DIALECT: 'sqlite' | 'postgres' =
  process.env.TEST_STORE === 'postgres' || inject('testStore') === 'postgres' ? 'postgres' : 'sqlite';

/** A use-case's dependencies in a test: its store also opens the database outside transactions, to inspect it. */
export type TestDeps = GameDeps & { store: OpenedStore; random: PinnableRandom };

/**
 * A fresh store with a hand-driven clock. `path` names a shared database (two envs on one path are two processes
 * on one database): a SQLite file, or on PostgreSQL a database of the run's server made for that name.
 */
export async function makeEnv(path = ':memory:', seed = 1): Promise<TestEnv> {
  const clock = {
    t: T0,
    advance(ms: number) {
      this.t += ms;
    },
  };
  if (TEST_DIALECT === 'postgres') {
    const url = await postgresDatabaseFor(path);
    const store = await openPostgresStore({ url, maxConnections: 4, ...TEST_POOL });
    const deps: TestDeps = { store, now: () => clock.t, random: pinnedRandom(seeded(seed)) };
    const opened = new Proxy({} as OpenedDatabase, {
      get: () => {
        throw new Error('this test reads SQLite directly; it runs on SQLite only');
      },
    });
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await store.close();
      // A database of its own goes back to be emptied for the next test; a shared one stays for the file's other envs.
      if (path === ':memory:') returnPostgresDatabase(url);
    };
    return { deps, opened, clock, close };
  }
  const opened = openDatabase(path);
  const deps: TestDeps = { store: sqliteStoreOf(opened), now: () => clock.t, random: pinnedRandom(seeded(seed)) };
  return {
    deps,
    opened,
    clock,
    close: async () => opened.close(),
  };
}

/** Where a shared `path`'s database is, as another process opens it: the file, or its PostgreSQL URL. */
export async function databaseAt(path: string): Promise<string> {
  return TEST_DIALECT === 'postgres' ? await postgresDatabaseFor(path) : path;
}

/** A database of its own for each `:memory:` env, and one per shared path. */
const sharedDatabases = new Map<string, Promise<string>>();
function postgresDatabaseFor(path: string): Promise<string> {
  if (path === ':memory:') return migratedPostgresDatabase('game');
  let url = sharedDatabases.get(path);
  if (!url) sharedDatabases.set(path, (url = migratedPostgresDatabase('shared')));
  return url;
}

export function tempDbPath(): { path: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-test-'));
  return { path: join(dir, 'game.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const userOf = (power: string) => `user-${power.toLowerCase()}`;

/** Creates a Classic game, lets every listed power join with its own user, and starts it. */
export async function startedGame(
  deps: GameDeps,
  powers: string[] = CLASSIC_POWERS,
  channelId = CHANNEL,
  durations: PhaseDurationInput = { movement: '24h', retreat: '12h', adjustment: '12h' },
) {
  const created = await createGame(deps, {
    channelId,
    guildId: 'guild-1',
    userId: GM,
    variantId: 'classic',
    durations,
  });
  if (!created.ok) throw new Error(created.error);
  for (const power of powers) {
    const joined = await joinGame(deps, { channelId, userId: userOf(power), power });
    if (!joined.ok) throw new Error(joined.error);
  }
  const started = await startGame(deps, { channelId, userId: GM });
  if (!started.ok) throw new Error(started.error);
  return started;
}

/**
 * Members join the channel's game that hides who plays whom (a place each, no power chosen) and play the powers given
 * (`userId` → power) once it starts: the places are pinned and the start's draw kept (test/support/drawn-seats.ts).
 * Every member of the game joins here, the draw counting them all.
 */
export async function joinDrawn(deps: TestDeps, channelId: string, seats: Record<string, string>): Promise<void> {
  for (const userId of Object.keys(seats)) ok(await joinGame(deps, { channelId, userId }));
  await pinSeats(deps.store, channelId, seats);
  deps.random.pin(Object.keys(seats).length);
}

/**
 * Members take the powers given (`userId` → power) in the channel's forming game: they choose them in an open game, and
 * in one that hides who plays whom join without and play them once it starts (`joinDrawn`).
 */
export async function joinSeats(deps: TestDeps, channelId: string, seats: Record<string, string>): Promise<void> {
  const game = (await deps.store.db.select().from(games).where(eq(games.channelId, channelId))).find(
    (g) => g.status === 'forming',
  );
  if (game && hidesIdentities(game)) return await joinDrawn(deps, channelId, seats);
  for (const [userId, power] of Object.entries(seats)) ok(await joinGame(deps, { channelId, userId, power }));
}

/** `joinSeats` with each power's own user (`userOf`). */
export async function joinPowers(deps: TestDeps, channelId: string, powers: readonly string[]): Promise<void> {
  await joinSeats(deps, channelId, Object.fromEntries(powers.map((p) => [userOf(p), p])));
}

export async function outboxRows(deps: TestDeps) {
  return await deps.store.db.select().from(outbox).orderBy(asc(outbox.id));
}

/** Expects an ok result and returns it narrowed. */
export function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(`expected ok, got error: ${(r as unknown as { error: string }).error}`);
  return r as Extract<T, { ok: true }>;
}

export function err<T extends { ok: boolean }>(r: T): string {
  if (r.ok) throw new Error('expected an error, got ok');
  return (r as unknown as { error: string }).error;
}
