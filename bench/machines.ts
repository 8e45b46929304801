/**
 * Several machines (docs/architecture.md "Several processes and several machines"), on PostgreSQL and on SQLite
 * side by side: 1,000 live games of which 100 fall due at once, resolved and their posts and DMs delivered by two
 * deliverers sharing the database (two stores, each with its own connections, as two processes have); the outbox's
 * throughput; and the takeover of a dead machine's claims by a survivor with the real heartbeat settings. The
 * "sender" is a stand-in that takes each message at once (Discord's own latency is not the database's).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { createGame, joinGame, startGame } from '../src/game/lobby/index.js';
import { resolveDuePhases } from '../src/game/resolve/index.js';
import type { GameDeps } from '../src/game/core/index.js';

/** Dependencies whose store also reads outside transactions (to watch the database). */
type InspectDeps = GameDeps & { store: Store };
import {
  deliverOutbox,
  startOutboxLoop,
  type SendFn,
  HEARTBEAT_MS,
  HEARTBEAT_TIMEOUT_MS,
} from '../src/game/delivery/index.js';
import { openPostgresStore } from '../src/store/postgres-store.js';
import { deliverers, games, outbox } from '../src/store/schema.js';
import { openSqliteStore } from '../src/store/sqlite-store.js';
import type { OpenedStore as Store } from '../src/store/store.js';
import { createDatabase, startPostgresServer } from '../test/support/postgres-server.js';
import type { BenchResult } from './types.js';

const LIVE_GAMES = 1_000;
const DUE_AT_ONCE = 100;
const T0 = Date.UTC(2026, 0, 1);
const send: SendFn = async () => {};

/** 1,000 started Classic games (one player each, the other powers in civil disorder), 20 per server. */
async function liveGames(deps: InspectDeps): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < LIVE_GAMES; i++) {
    const channelId = `machines-${i}`;
    const guildId = `guild-${Math.floor(i / 20)}`;
    const created = await createGame(deps, { channelId, guildId, userId: `gm-${i}`, variantId: 'classic' });
    if (!created.ok) throw new Error(created.error);
    await joinGame(deps, { channelId, userId: `player-${i}`, power: 'France' });
    const started = await startGame(deps, { channelId, userId: `gm-${i}` });
    if (!started.ok) throw new Error(started.error);
    ids.push(started.game.id);
  }
  return ids;
}

async function pending(store: Store): Promise<number> {
  const [row] = await store.db
    .select({ n: count() })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt)));
  return row!.n;
}

/** Two deliverers drain the outbox together; returns the rows they sent. */
async function drain(stores: Store[], now: () => number): Promise<number> {
  let sent = 0;
  while ((await pending(stores[0]!)) > 0) {
    const passes = await Promise.all(stores.map((store) => deliverOutbox({ store, now, send, limit: 500 })));
    sent += passes.reduce((n, p) => n + p.sent, 0);
  }
  return sent;
}

interface Measured {
  dueMs: number;
  resolved: number;
  posted: number;
  throughput: number;
  takeoverMs: number;
}

/** The figures on one database; `open` opens another store on it (a second process's). */
async function measure(open: () => Promise<Store>): Promise<Measured> {
  const stores = [await open(), await open()];
  try {
    let t = T0;
    const deps: InspectDeps = { store: stores[0]!, now: () => t };
    const ids = await liveGames(deps);
    await drain(stores, () => t); // the start posts and DMs
    // 100 deadlines due at once; both processes sweep and deliver.
    t += 1_000;
    await stores[0]!.transaction(async (tx) => {
      await tx
        .update(games)
        .set({ deadlineMs: t - 1 })
        .where(inArray(games.id, ids.slice(0, DUE_AT_ONCE)));
    });
    const started = performance.now();
    const sweeps = await Promise.all(stores.map((store) => resolveDuePhases({ store, now: () => t })));
    const resolved = sweeps.reduce((n, s) => n + s.resolved, 0);
    const posted = await drain(stores, () => t);
    const dueMs = performance.now() - started;
    // Throughput: 2,000 notices queued, drained by both.
    await stores[0]!.transaction(async (tx) => {
      await tx.insert(outbox).values(
        Array.from({ length: 2_000 }, (_, i) => ({
          kind: 'notice',
          targetKind: 'channel' as const,
          target: `flood-${i % 50}`,
          payload: { type: 'notice', gameId: 0, text: `notice ${i}` },
          dedupeKey: `bench-notice:${i}`,
          createdAt: t,
          nextAttemptAt: t,
        })),
      );
    });
    const flood = performance.now();
    const flooded = await drain(stores, () => t);
    const throughput = flooded / ((performance.now() - flood) / 1000);
    // Takeover: a machine on another host claimed 20 rows and died at once; a survivor's loop takes them over.
    const deadAt = Date.now();
    await stores[0]!.transaction(async (tx) => {
      await tx
        .insert(deliverers)
        .values({ id: 'machine-b:1:dead', host: 'machine-b', pid: 1, startedAt: deadAt, heartbeatAt: deadAt });
      await tx.insert(outbox).values(
        Array.from({ length: 20 }, (_, i) => ({
          kind: 'notice',
          targetKind: 'channel' as const,
          target: `orphan-${i}`,
          payload: { type: 'notice', gameId: 0, text: `orphan ${i}` },
          dedupeKey: `bench-orphan:${i}`,
          createdAt: t,
          nextAttemptAt: t,
          claimedBy: 'machine-b:1:dead',
        })),
      );
    });
    const loop = await startOutboxLoop({ store: stores[1]!, now: () => t, send, intervalMs: 200 });
    while ((await pending(stores[0]!)) > 0) await new Promise((r) => setTimeout(r, 100));
    const takeoverMs = Date.now() - deadAt;
    await loop.stop();
    if (resolved !== DUE_AT_ONCE) throw new Error(`resolved ${resolved} of ${DUE_AT_ONCE}`);
    const left = await stores[0]!.db
      .select({ n: count() })
      .from(outbox)
      .where(eq(outbox.claimedBy, 'machine-b:1:dead'));
    if (left[0]!.n !== 0) throw new Error('the dead machine still holds rows');
    return { dueMs, resolved, posted, throughput, takeoverMs };
  } finally {
    for (const store of stores) await store.close();
  }
}

function rows(db: string, m: Measured): BenchResult[] {
  return [
    {
      name: `${db}: ${DUE_AT_ONCE} deadlines due at once among ${LIVE_GAMES} live games, resolved and posted by two stores (two processes' connections, in one process)`,
      value: m.dueMs,
      unit: 'ms',
      note: `two stores sweep at once (each phase resolved once: ${m.resolved}), then both deliver every results post, DM and status row (${m.posted} rows) to a stand-in sender; Classic games with one player each`,
    },
    {
      name: `${db}: outbox throughput, two deliverers`,
      value: m.throughput,
      unit: 'rows/s',
      note: '2,000 notices to 50 channels, claimed and marked sent by two deliverers sharing the database (stand-in sender)',
    },
    {
      name: `${db}: takeover of a dead machine's claims`,
      value: m.takeoverMs / 1000,
      unit: 's',
      note: `a machine on another host dies holding 20 claimed rows; a survivor's outbox loop (heartbeat every ${HEARTBEAT_MS / 1000} s, peers dead after ${HEARTBEAT_TIMEOUT_MS / 1000} s silent) frees and sends them; on the same host a dead process is seen at the next heartbeat`,
    },
  ];
}

export async function benchMachines(): Promise<BenchResult[]> {
  const server = await startPostgresServer();
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-bench-machines-'));
  try {
    const url = await createDatabase(server.url, 'bench_machines');
    const onPostgres = await measure(() => openPostgresStore({ url }));
    const path = join(dir, 'bench.db');
    const onSqlite = await measure(async () => openSqliteStore(path));
    return [...rows('PostgreSQL', onPostgres), ...rows('SQLite', onSqlite)];
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
