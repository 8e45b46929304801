import { sqliteStoreOf } from '../src/store/sqlite-store.js';
import { first } from '../src/store/store.js';
/**
 * The restart of the production benchmark, in a fresh process: open the database of 1,000 live games (migrations
 * checked), run the scheduler's start-up sweep, which resolves every passed deadline and queues its messages
 * (rendering and delivery excluded: the outbox loop is not started), and report the time and the memory.
 * Prints one JSON line.
 */
import { performance } from 'node:perf_hooks';
import { count, isNull } from 'drizzle-orm';
import { startScheduler } from '../src/game/resolve/index.js';
import { openDatabase } from '../src/store/db.js';
import { outbox } from '../src/store/schema.js';

const path = process.argv[2]!;
const t0 = performance.now();
const opened = openDatabase(path);
const opening = performance.now() - t0;
const before = first(await opened.db.select({ n: count() }).from(outbox).where(isNull(outbox.sentAt)).limit(1))!.n;
const t1 = performance.now();
let resolved = 0;
const scheduler = await startScheduler({
  store: sqliteStoreOf(opened),
  now: Date.now,
  onDue: (r) => (resolved += r.resolved),
  maxSleepMs: 60_000,
});
const sweepMs = performance.now() - t1;
scheduler.stop();
const after = first(await opened.db.select({ n: count() }).from(outbox).where(isNull(outbox.sentAt)).limit(1))!.n;
const rss = process.memoryUsage().rss;
opened.close();
process.stdout.write(
  `${JSON.stringify({ opening, sweepMs, resolved, queued: after - before, rssMb: rss / 2 ** 20 })}\n`,
);
