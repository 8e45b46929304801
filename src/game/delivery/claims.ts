/**
 * Who holds an outbox row: claims name the deliverer process, and a process is alive while it beats.
 *
 * - Every delivering process registers a `deliverers` row (`host:pid:random`) and beats its heartbeat every
 *   `HEARTBEAT_MS`. Outbox rows it is sending carry its id in `claimed_by`.
 * - A claim is released (the row becomes free for anyone) only when its owner is dead:
 *   - on the same host, its pid no longer runs, or it is our own pid registered before this process started
 *     (a container restarted with the same pid). A bot restarted after kill -9 therefore takes its
 *     predecessor's claims over at once, and resends them seconds later, well inside Discord's nonce window;
 *   - anywhere, its heartbeat is older than `timeoutMs` (another machine, or a process that froze).
 * - A live owner's claim is never taken, however long its send takes: several live processes (shards) share one
 *   database and each row is sent by one of them at a time.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, count, eq, inArray, isNotNull, isNull, lt, notInArray } from 'drizzle-orm';
import type { Store } from '../../store/store.js';
import { deliverers, outbox, type DelivererRow } from '../../store/schema.js';

/** How often a deliverer beats, and after how long without a beat it counts as dead. */
export const HEARTBEAT_MS = 2_000;
export const HEARTBEAT_TIMEOUT_MS = 15_000;

export interface Deliverer {
  id: string;
  host: string;
  pid: number;
  startedAt: number;
}

export interface ClaimClock {
  /** Wall-clock ms (heartbeats are real time even when a test's game clock jumps). Default Date.now. */
  wallNow?: () => number;
  /** After how long without a heartbeat a deliverer is dead (default HEARTBEAT_TIMEOUT_MS). */
  heartbeatTimeoutMs?: number;
  /** Whether a deliverer on this host still runs (default: its pid exists; see `processAlive`). */
  isAlive?: (d: DelivererRow) => boolean;
}

/** When this OS process started, on the wall clock. */
const PROCESS_STARTED_AT = Date.now() - Math.round(process.uptime() * 1000);

/** The default liveness test for a deliverer on this host. */
export function processAlive(d: Pick<DelivererRow, 'pid' | 'startedAt'>): boolean {
  // Our own pid, registered before we started: a previous process that had the same pid (containers).
  if (d.pid === process.pid) return d.startedAt >= PROCESS_STARTED_AT;
  try {
    process.kill(d.pid, 0);
    return true;
  } catch (err) {
    // EPERM: the pid exists but belongs to someone else; it may be a reused pid, so let the heartbeat decide.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Registers this process as a deliverer (and frees the claims of dead ones at once). */
export async function registerDeliverer(store: Store, clock: ClaimClock = {}): Promise<Deliverer> {
  const wallNow = clock.wallNow ?? Date.now;
  const t = wallNow();
  const me: Deliverer = {
    id: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
    host: hostname(),
    pid: process.pid,
    startedAt: t,
  };
  await store.transaction(async (tx) => {
    await tx.insert(deliverers).values({ ...me, heartbeatAt: t });
  });
  await releaseDeadClaims(store, me, clock);
  return me;
}

/** Beats the heartbeat (re-registering if a peer reaped us while we were frozen). */
export async function beat(store: Store, me: Deliverer, clock: ClaimClock = {}): Promise<void> {
  const t = (clock.wallNow ?? Date.now)();
  await store.transaction(async (tx) => {
    await tx
      .insert(deliverers)
      .values({ ...me, heartbeatAt: t })
      .onConflictDoUpdate({ target: deliverers.id, set: { heartbeatAt: t } });
  });
}

/** Leaves cleanly: frees this process's claims and forgets it. */
export async function unregisterDeliverer(store: Store, me: Deliverer): Promise<void> {
  await store.transaction(async (tx) => {
    await tx
      .update(outbox)
      .set({ claimedBy: null })
      .where(and(eq(outbox.claimedBy, me.id), isNull(outbox.sentAt), isNull(outbox.failedAt)));
    await tx.delete(deliverers).where(eq(deliverers.id, me.id));
  });
}

/**
 * Forgets dead deliverers and frees every unsent row they (or unknown owners) claimed. Returns how many rows
 * were freed. Cheap: the deliverers table holds a handful of rows.
 */
export async function releaseDeadClaims(store: Store, me: Deliverer, clock: ClaimClock = {}): Promise<number> {
  const t = (clock.wallNow ?? Date.now)();
  const timeout = clock.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS;
  const isAlive = clock.isAlive ?? processAlive;
  return await store.transaction(async (tx) => {
    const others = (await tx.select().from(deliverers)).filter((d) => d.id !== me.id);
    const dead = others
      .filter((d) => d.heartbeatAt < t - timeout || (d.host === me.host && !isAlive(d)))
      .map((d) => d.id);
    if (dead.length > 0) await tx.delete(deliverers).where(inArray(deliverers.id, dead));
    const live = [me.id, ...others.map((d) => d.id).filter((id) => !dead.includes(id))];
    return (
      await tx
        .update(outbox)
        .set({ claimedBy: null })
        .where(
          and(
            isNotNull(outbox.claimedBy),
            notInArray(outbox.claimedBy, live),
            isNull(outbox.sentAt),
            isNull(outbox.failedAt),
          ),
        )
        .returning({ id: outbox.id })
    ).length;
  });
}

/** Deliverers that stopped beating long ago (a day) are removed, so the table stays small. */
export async function pruneDeliverers(store: Store, wallNow: number): Promise<number> {
  return await store.transaction(
    async (tx) =>
      (
        await tx
          .delete(deliverers)
          .where(lt(deliverers.heartbeatAt, wallNow - 86_400_000))
          .returning({ id: deliverers.id })
      ).length,
  );
}

/** Rows claimed right now, by owner (for tests and diagnostics). */
export async function claimsByOwner(store: Store): Promise<Map<string, number>> {
  const rows = await store.transaction(
    async (tx) =>
      await tx
        .select({ owner: outbox.claimedBy, n: count() })
        .from(outbox)
        .where(and(isNotNull(outbox.claimedBy), isNull(outbox.sentAt), isNull(outbox.failedAt)))
        .groupBy(outbox.claimedBy),
    { write: false },
  );
  return new Map(rows.map((r) => [r.owner!, r.n]));
}
