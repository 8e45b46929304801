/**
 * The longest synchronous pieces of work on the event loop, for the benchmarks that say "the loop is never blocked
 * for more than 20 ms". A 1 ms timer's delay (perf_hooks monitorEventLoopDelay) also counts the time the operating
 * system did not run the thread, which on a loaded 2-core machine is tens of milliseconds now and then. Here each
 * piece is one macrotask (a timer, an immediate, an I/O or worker-message callback), timed by async_hooks
 * `before`/`after`, together with the promise reactions and ticks that run right after it (they run before the loop
 * moves on), measured twice: in wall time, and in wall time less the time the thread waited for a CPU meanwhile
 * (Linux /proc/thread-self/schedstat: its run delay, nanoseconds, complete up to the moment it is read since the
 * kernel adds each wait when the thread runs again). The second is the work itself (still counting any time the
 * thread blocked in a system call, so it is an upper bound); the first adds the machine's own scheduling, which on a
 * loaded machine is most of it. Two macrotasks that Node runs in the
 * same phase of one loop turn (two immediates queued together, two messages drained together) are two pieces here;
 * the timer delay reported beside it shows what they add up to.
 */
import { createHook, executionAsyncResource } from 'node:async_hooks';
import { closeSync, openSync, readSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface Piece {
  /** Wall time, ms. */
  wall: number;
  /** Wall time less the time the thread waited for a CPU, ms (NaN where that cannot be read). */
  cpu: number;
  /** The async_hooks type of the macrotask that began it (`Immediate`, `Timeout`, `HTTPINCOMINGMESSAGE`, …). */
  what: string;
  /** How many callbacks ran in it, the macrotask's and its promise reactions and ticks. */
  callbacks: number;
  /** When it began (`performance.now()`). */
  at: number;
}

export interface LoopBlocks {
  /** The piece with the most time running (the most wall time where that cannot be read). */
  longest: Piece;
  /** The piece with the most wall time. */
  longestWall: Piece;
  /** Every piece over 1 ms of wall time. */
  pieces: Piece[];
  /** The wall time in all callbacks, ms. */
  busy: number;
}

/** Resources whose callbacks run right after a macrotask, before the loop moves on. */
const FOLLOWERS = new Set(['PROMISE', 'TickObject', 'Microtask']);

/**
 * The type of a resource whose `init` was not kept: a promise (a follower: its `init` is not kept), or a macrotask's
 * resource created before the hook was enabled, named by its class and a timer's or immediate's callback.
 */
function typeOfOlder(resource: object): string {
  if (resource instanceof Promise) return 'PROMISE';
  const r = resource as { _onTimeout?: () => void; _onImmediate?: () => void };
  const callback = r._onTimeout ?? r._onImmediate;
  return `${resource.constructor?.name ?? 'unknown'}${callback?.name ? ` ${callback.name}` : ''}`;
}

/** The time this thread has waited for a CPU, in ms, or NaN (not Linux). */
function runDelay(fd: number | null, buf: Buffer): number {
  if (fd === null) return NaN;
  const n = readSync(fd, buf, 0, buf.length, 0);
  return Number(buf.toString('latin1', 0, n).split(' ')[1]) / 1e6;
}

/** Starts timing the loop's pieces of work; `stop()` ends it and returns them. */
export function watchLoopBlocks(): { stop(): LoopBlocks } {
  let fd: number | null = null;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    fd = null;
  }
  const buf = Buffer.alloc(128);
  const types = new Map<number, string>();
  const pieces: Piece[] = [];
  let busy = 0;
  let depth = 0;
  let open = false;
  let startWall = 0;
  let startDelay = 0;
  let endWall = 0;
  let endDelay = 0;
  let entered = 0;
  let what = '';
  let callbacks = 0;
  const close = () => {
    if (!open) return;
    open = false;
    const wall = endWall - startWall;
    if (wall >= 1) pieces.push({ wall, cpu: wall - (endDelay - startDelay), what, callbacks, at: startWall });
  };
  const hook = createHook({
    // Only the macrotasks' types are kept (a promise's would fill the map, and its growth would be timed too).
    init(asyncId, type) {
      if (!FOLLOWERS.has(type)) types.set(asyncId, type);
    },
    before(asyncId) {
      if (depth++ > 0) return;
      entered = performance.now();
      callbacks++;
      const type = types.get(asyncId) ?? typeOfOlder(executionAsyncResource());
      if (!FOLLOWERS.has(type)) {
        close();
        what = type;
        callbacks = 1;
        startDelay = endDelay = runDelay(fd, buf);
        startWall = endWall = performance.now();
        open = true;
      }
    },
    after(asyncId) {
      // The callback that enabled the hook ends without a `before` seen: not counted.
      if (depth === 0) return;
      types.delete(asyncId);
      if (--depth > 0) return;
      // Only a piece long enough to be counted needs its run delay (a read costs some 30 µs).
      if (open && performance.now() - startWall > 0.5) endDelay = runDelay(fd, buf);
      endWall = performance.now();
      busy += endWall - entered;
    },
  });
  hook.enable();
  return {
    stop() {
      hook.disable();
      close();
      if (fd !== null) closeSync(fd);
      const byCpu = [...pieces].sort((a, b) => (Number.isNaN(a.cpu) ? b.wall - a.wall : b.cpu - a.cpu));
      pieces.sort((a, b) => b.wall - a.wall);
      const none = { wall: 0, cpu: 0, what: '', callbacks: 0, at: 0 };
      return { longest: byCpu[0] ?? none, longestWall: pieces[0] ?? none, pieces, busy };
    },
  };
}
