import { sqliteStoreOf } from '../src/store/sqlite-store.js';
import { first } from '../src/store/store.js';
/**
 * Discord bot, measured end to end with the real bot (discord.js client, router, game use-cases,
 * SQLite WAL file, outbox, renderer) against the local Discord stand-in running in a worker thread (as a real
 * Discord would, it reads requests while the bot is busy):
 * - interaction acknowledgement time when 50 `/order` submissions arrive at once (Discord allows 3 s);
 * - time from a passed deadline to the results post (map PNG + summary) for a 34-unit Classic phase.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { startBot } from '../src/bot/app.js';
import { formatOrder } from '../src/engine/index.js';
import { createLogger } from '../src/log.js';
import { openDatabase } from '../src/store/db.js';
import { games, orders as ordersTable, phases } from '../src/store/schema.js';
import { classic } from '../src/variants/classic/index.js';
import { RemoteFakeDiscord } from '../test/support/fake-discord/remote.js';
import { randomOrders, randomPosition, rng } from '../test/support/random.js';
import { median, percentile, type BenchResult } from './types.js';

const SIMULTANEOUS = 50;
const GAMES = Math.ceil(SIMULTANEOUS / classic.powers.length);
const HOUR = 3_600_000;

export async function benchBot(): Promise<BenchResult[]> {
  const players = Array.from({ length: GAMES * classic.powers.length }, (_, i) => `player${i}`);
  const channels = Array.from({ length: GAMES }, (_, i) => `game${i}`);
  // One game master per game: a member may have one forming game at a time and a few creations per 10 minutes.
  const masters = channels.map((_, g) => `gm${g}`);
  const fake = await RemoteFakeDiscord.start({ users: [...masters, ...players], channels });
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-bench-bot-'));
  const database = openDatabase(join(dir, 'bench.db'));
  const bot = await startBot({
    token: fake.token,
    store: sqliteStoreOf(database),
    log: createLogger('silent'),
    apiBase: fake.apiBase,
    devGuildId: fake.guildId,
  });
  try {
    const seats: { user: string; channel: string; orders: string }[] = [];
    for (const [g, channel] of channels.entries()) {
      await fake.slash(masters[g]!, channel, 'game create', { variant: 'classic' });
      for (const [p, power] of classic.powers.entries()) {
        const user = players[g * classic.powers.length + p]!;
        await fake.slash(user, channel, 'game join', { power: power.name });
        const units = classic.startingPosition().units.filter((u) => u.power === power.name);
        seats.push({
          user,
          channel,
          orders: units.map((u) => `${u.type} ${u.province}${u.coast ? `/${u.coast}` : ''} H`).join('; '),
        });
      }
      await fake.slash(masters[g]!, channel, 'game start');
    }
    await bot.outbox.idle();
    // Start the burst on a quiet bot, in a fresh rate-limit second.
    await new Promise((r) => setTimeout(r, 1100));

    const t0 = performance.now();
    const replies = await fake.burst(
      seats
        .slice(0, SIMULTANEOUS)
        .map((s) => ({ user: s.user, channel: s.channel, command: 'order', options: { orders: s.orders } })),
    );
    const answeredMs = performance.now() - t0;
    for (const r of replies)
      if (!r.ephemeral || !r.text.includes('✅ Stored')) throw new Error(`an /order was not stored: ${r.text}`);
    const acks = replies.map((r) => r.ackMs!);
    const deferred = replies.filter((r) => r.deferred).length;

    await bot.outbox.idle();
    const deadline = await deadlineToResultsPost(fake, database, bot.scheduler.sweep.bind(bot.scheduler), () =>
      bot.outbox.idle(),
    );
    const errors = await fake.unexpectedErrors();
    if (errors.length > 0) throw new Error(`the stand-in flagged errors: ${JSON.stringify(errors.slice(0, 3))}`);
    return [
      {
        name: `Interaction acknowledgement, ${SIMULTANEOUS} simultaneous \`/order\``,
        value: median(acks),
        unit: 'ms',
        note: `median; p95 ${percentile(acks, 95).toFixed(1)} ms, max ${Math.max(...acks).toFixed(1)} ms, from the gateway dispatch to the callback request at the stand-in (loopback, worker thread). ${deferred} of ${SIMULTANEOUS} were acknowledged with a deferral because others were in progress; all ${SIMULTANEOUS} answers (3–4 orders stored each) complete in ${answeredMs.toFixed(0)} ms`,
      },
      {
        name: 'Deadline → results post in the channel, 34-unit Classic phase',
        value: median(deadline),
        unit: 'ms',
        note: `median over ${deadline.length} phases (max ${Math.max(...deadline).toFixed(0)} ms): scheduler sweep (claim, adjudicate, store), outbox, map render (1600 px PNG), multipart upload to the stand-in`,
      },
    ];
  } finally {
    await bot.stop();
    database.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Gives each game's current phase a 34-unit position with full orders, then lets its deadline pass alone. */
async function deadlineToResultsPost(
  fake: RemoteFakeDiscord,
  database: ReturnType<typeof openDatabase>,
  sweep: () => unknown,
  idle: () => Promise<void>,
): Promise<number[]> {
  const r = rng(20_261_121);
  const db = database.db;
  const current = await db.select().from(phases).where(eq(phases.idx, 0));
  for (const phase of current) {
    const position = {
      ...randomPosition(classic, r, 34),
      phase: { season: 'spring' as const, year: 1905, type: 'movement' as const },
    };
    await db.update(phases).set({ position }).where(eq(phases.id, phase.id));
    await db.delete(ordersTable).where(eq(ordersTable.phaseId, phase.id));
    for (const o of randomOrders(classic, position, r)) {
      if (o.order.kind === 'waive') continue;
      await db
        .insert(ordersTable)
        .values({
          phaseId: phase.id,
          power: o.power,
          unitKey: o.order.unit.province,
          text: formatOrder(o.order),
          order: o.order,
          submittedBy: 'bench',
          submittedAt: Date.now(),
        })
        .onConflictDoNothing();
    }
  }
  const times: number[] = [];
  for (const phase of current) {
    const game = first(await db.select().from(games).where(eq(games.id, phase.gameId)).limit(1))!;
    await db
      .update(games)
      .set({ deadlineMs: Date.now() + 10 * HOUR })
      .where(eq(games.status, 'active'));
    await db
      .update(games)
      .set({ deadlineMs: Date.now() - 1 })
      .where(eq(games.id, game.id));
    const t0 = performance.now();
    const posted = fake.waitForChannelMessage(game.channelId, '**Spring 1905 movement: results**');
    sweep();
    await posted;
    times.push(performance.now() - t0);
    await idle();
  }
  return times;
}
