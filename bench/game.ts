/**
 * Game use-cases: time from a passed deadline to results ready (claimed, adjudicated, stored, next
 * phase created, outbox rows written and committed) for a 34-unit Classic movement phase, excluding Discord
 * (the map is rendered later by the deliverer; see the rendering benchmark). Uses a WAL database file, as in
 * production.
 */
import { sqliteStoreOf } from '../src/store/sqlite-store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { formatOrder, locationKey } from '../src/engine/index.js';
import { classic } from '../src/variants/classic/index.js';
import { openDatabase } from '../src/store/db.js';
import { games, orders, phases } from '../src/store/schema.js';
import { createGame, joinGame, startGame } from '../src/game/lobby/index.js';
import { playerContext } from '../src/game/history/index.js';
import { resolveDuePhases } from '../src/game/resolve/index.js';
import { submitOrders } from '../src/game/orders/index.js';
import type { GameDeps } from '../src/game/core/index.js';
import { randomOrders, randomPosition, rng } from '../test/support/random.js';
import { median, percentile, type BenchResult } from './types.js';

const GAMES = 60;

export async function benchGame(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-bench-'));
  const opened = openDatabase(join(dir, 'bench.db'));
  try {
    const r = rng(4_2026);
    let t = Date.UTC(2026, 0, 1);
    const deps: GameDeps = { store: sqliteStoreOf(opened), now: () => t, random: r };
    const gameIds: number[] = [];
    for (let i = 0; i < GAMES; i++) {
      const channelId = `bench-${i}`;
      const created = await createGame(deps, {
        channelId,
        guildId: `g${Math.floor(i / 20)}`,
        userId: 'gm',
        variantId: 'classic',
      }); // a server holds at most 25 live games
      if (!created.ok) throw new Error(created.error);
      for (const p of classic.powers)
        await joinGame(deps, { channelId, userId: `${channelId}-${p.name}`, power: p.name });
      const started = await startGame(deps, { channelId, userId: 'gm' });
      if (!started.ok) throw new Error(started.error);
      // A 34-unit movement phase with an order for every unit.
      const position = {
        ...randomPosition(classic, r, 34),
        phase: { season: 'spring' as const, year: 1905, type: 'movement' as const },
      };
      await opened.db.update(phases).set({ position }).where(eq(phases.id, started.phase.id));
      for (const o of randomOrders(classic, position, r)) {
        if (o.order.kind === 'waive') continue;
        await opened.db
          .insert(orders)
          .values({
            phaseId: started.phase.id,
            power: o.power,
            unitKey: o.order.unit.province,
            text: formatOrder(o.order),
            order: o.order,
            submittedBy: 'bench',
            submittedAt: t,
          })
          .onConflictDoNothing();
      }
      gameIds.push(started.game.id);
    }

    // Deadline to results ready, one due game at a time.
    t += 3_600_000;
    const times: number[] = [];
    for (const gameId of gameIds) {
      await opened.db
        .update(games)
        .set({ deadlineMs: t - 1 })
        .where(eq(games.id, gameId));
      const t0 = performance.now();
      const res = await resolveDuePhases(deps);
      times.push(performance.now() - t0);
      if (res.resolved !== 1) throw new Error(`expected one resolution, got ${JSON.stringify(res)}`);
    }
    const measured = times.slice(10); // the first ones warm up the JIT and the statement cache

    // One player submitting a full set of orders (parse, check, store, DM and status rows).
    const submitTimes: number[] = [];
    const orderCounts: number[] = [];
    for (let i = 0; i < 40; i++) {
      const channelId = `bench-${i}`;
      const power = classic.powers[i % classic.powers.length].name;
      const ctx = await playerContext(deps, { channelId, userId: `${channelId}-${power}` });
      if (!ctx.ok) throw new Error(ctx.error);
      const text = ctx.position.units
        .filter((u) => u.power === power)
        .map((u) => `${u.type} ${locationKey(u)} H`)
        .join('; ');
      if (text === '') continue;
      const t0 = performance.now();
      const r2 = await submitOrders(deps, { channelId, userId: `${channelId}-${power}`, text });
      submitTimes.push(performance.now() - t0);
      if (!r2.ok || r2.rejected.length > 0) throw new Error(r2.ok ? r2.rejected[0].error : r2.error);
      orderCounts.push(r2.stored.length);
    }
    return [
      {
        name: 'Deadline → results ready, 34-unit Classic movement phase',
        value: median(measured),
        unit: 'ms',
        note: `median over ${measured.length} phases (p95 ${percentile(measured, 95).toFixed(2)} ms): find due game, claim, adjudicate, store results and next phase, write outbox rows, commit (WAL file); excludes Discord and map rendering`,
      },
      {
        name: "`/order` use-case: one power's full order set parsed, checked and stored",
        value: median(submitTimes.slice(5)),
        unit: 'ms',
        note: `median over ${submitTimes.length - 5} submissions of ${Math.min(...orderCounts)}–${Math.max(...orderCounts)} orders (p95 ${percentile(submitTimes.slice(5), 95).toFixed(2)} ms), one transaction incl. DM and status outbox rows`,
      },
    ];
  } finally {
    opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
