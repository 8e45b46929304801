/**
 * Computer seats in the bot: the event loop while computer seats think and play. A game on a file
 * database with one person, who has stored orders and said `/ready`, and computer seats in every other power
 * (`/game create computer:`); then `computerSeats(deps).play()` exactly as the bot calls it: the seats' jobs go to the
 * AI worker, their answers are stored on the loop (`submitOrders`, `toggleReady`), and the last seat's `/ready`
 * resolves the phase (adjudication, results, outbox rows) on the loop too. Classic with six seats, with the worker
 * warmed as the bot warms it (`warmAiWorker`) and cold (started by the first seat's job), and a 21-power Warhammer
 * game with twenty seats. Measured meanwhile:
 * - the longest piece of work the loop ran (bench/loop-blocks.ts): one callback with the promise reactions after it,
 *   as running time (wall time less the thread's waits for a CPU: the work itself, the figure this code controls)
 *   and as wall time;
 * - the longest delay of a 1 ms timer (perf_hooks monitorEventLoopDelay), with the same timer over an idle loop of
 *   the same length as the control: on a loaded 2-core machine the operating system alone delays a thread by tens
 *   of milliseconds now and then, which no code can help.
 */
import { sqliteStoreOf } from '../src/store/sqlite-store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
import { stopAiWorker, warmAiWorker } from '../src/game/ai-pool/index.js';
import { computerSeatDuties, computerSeats } from '../src/game/computer/index.js';
import { createGame, joinGame, startGame } from '../src/game/lobby/index.js';
import { submitOrders } from '../src/game/orders/index.js';
import { toggleReady } from '../src/game/resolve/index.js';
import type { GameDeps } from '../src/game/core/index.js';
import type { OpenedStore } from '../src/store/store.js';

/** Dependencies whose store also reads outside transactions (to watch the database). */
type InspectDeps = GameDeps & { store: OpenedStore };
import { openDatabase } from '../src/store/db.js';
import { phases } from '../src/store/schema.js';
import { watchLoopBlocks, type LoopBlocks } from './loop-blocks.js';
import type { BenchResult } from './types.js';

/** When and under what load (the section is often re-run alone: the file's header date is not this run's). */
const load = () =>
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1, 5, 15 min) on ${os.cpus().length} cores`;
const ms = (ns: number) => (ns / 1e6).toFixed(1);

interface Table {
  variantId: string;
  options?: Record<string, string>;
  person: string;
  computers: string[];
  /** The person's orders for the first movement phase (none: the person's units hold). */
  orders: string | null;
}

const CLASSIC: Table = {
  variantId: 'classic',
  person: 'France',
  computers: ['Austria', 'England', 'Germany', 'Italy', 'Russia', 'Turkey'],
  orders: 'A Par H\nA Mar H\nF Bre H',
};

async function withGame<T>(table: Table, run: (deps: InspectDeps) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-seats-'));
  const opened = openDatabase(join(dir, 'bench.db'));
  try {
    const deps: InspectDeps = { store: sqliteStoreOf(opened), now: Date.now };
    const ok = <R extends { ok: boolean }>(r: R) => {
      if (!r.ok) throw new Error((r as unknown as { error: string }).error);
      return r;
    };
    ok(
      await createGame(deps, {
        channelId: 'c',
        guildId: 'g',
        userId: 'gm',
        variantId: table.variantId,
        options: table.options ?? {},
        computer: table.computers.join(', '),
      }),
    );
    ok(await joinGame(deps, { channelId: 'c', userId: '1', power: table.person }));
    ok(await startGame(deps, { channelId: 'c', userId: 'gm' }));
    return await run(deps);
  } finally {
    opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Watched {
  seats: number;
  wall: number;
  blocks: LoopBlocks;
  delay: IntervalHistogram;
  resolved: boolean;
}

/**
 * The person stores orders and says `/ready`; then the computer seats play the phase as the bot has them play it
 * (steps first where the variant has any at the start), watched meanwhile.
 */
async function seatsPlaying(deps: InspectDeps, table: Table): Promise<Watched> {
  const person = { channelId: 'c', userId: '1' };
  const phaseCount = async () => (await deps.store.db.select({ id: phases.id }).from(phases)).length;
  const seats = computerSeats(deps, {
    onError: (err) => process.stderr.write(`bench: computer seat failed: ${String(err)}\n`),
  });
  // A start choice (Warhammer's Dogs of War muster) comes before the orders: answered first, not measured.
  while ((await computerSeatDuties(deps)).some((d) => d.step !== null)) await Promise.all(await seats.play());
  if (table.orders) {
    const stored = await submitOrders(deps, { ...person, text: table.orders });
    if (!stored.ok) throw new Error(stored.error);
  }
  const ready = await toggleReady(deps, person);
  if (!ready.ok) throw new Error(ready.error);
  const before = await phaseCount();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const blocks = watchLoopBlocks();
  const t = performance.now();
  const asked = (await computerSeatDuties(deps)).length;
  await Promise.all(await seats.play());
  const wall = performance.now() - t;
  const watched = blocks.stop();
  delay.disable();
  return { seats: asked, wall, blocks: watched, delay, resolved: (await phaseCount()) > before };
}

async function idleControl(wall: number): Promise<IntervalHistogram> {
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, wall));
  idle.disable();
  return idle;
}

const piece = (w: Watched) =>
  `longest piece of work on the loop ${w.blocks.longest.cpu.toFixed(1)} ms running (${w.blocks.longest.wall.toFixed(1)} ms wall); the longest in wall time ${w.blocks.longestWall.wall.toFixed(1)} ms (${w.blocks.longestWall.cpu.toFixed(1)} ms running); ` +
  `${w.blocks.pieces.length} pieces over 1 ms, callbacks ${w.blocks.busy.toFixed(0)} ms in all`;

export async function benchAiSeats(): Promise<BenchResult[]> {
  // Cold: the first seat's job starts the worker itself (its `new Worker` is this process's first).
  await stopAiWorker();
  const cold = await withGame(CLASSIC, (deps) => seatsPlaying(deps, CLASSIC));
  await stopAiWorker();
  // Warm, as the bot runs: the worker is started and compiled before the first seat is asked. Three games; the
  // figures are the last one's, the first two's longest pieces beside them.
  const w0 = performance.now();
  await warmAiWorker();
  const warmUp = performance.now() - w0;
  const warmRuns: Watched[] = [];
  for (let i = 0; i < 3; i++) warmRuns.push(await withGame(CLASSIC, (deps) => seatsPlaying(deps, CLASSIC)));
  const warm = warmRuns[warmRuns.length - 1]!;
  const warmIdle = await idleControl(warm.wall);
  // Twenty computer seats of a 21-power Warhammer game (decisive battles off: no step after the orders).
  const wh = (await import('../src/variants/index.js')).getVariant('warhammer')!;
  const whPowers = wh.powers.filter((p) => !p.neutral).map((p) => p.name);
  const person = whPowers.includes('Empire') ? 'Empire' : whPowers[0]!;
  const WARHAMMER: Table = {
    variantId: 'warhammer',
    options: { decisiveBattles: 'off' },
    person,
    computers: whPowers.filter((p) => p !== person),
    orders: null,
  };
  const big = await withGame(WARHAMMER, (deps) => seatsPlaying(deps, WARHAMMER));
  await stopAiWorker();
  const bigIdle = await idleControl(big.wall);
  const resolvedNote = (w: Watched) =>
    w.resolved ? 'the last seat’s /ready resolved the phase on the loop' : 'the phase was NOT resolved';
  return [
    {
      name: 'computer seats playing (warm worker): longest piece of work on the event loop, running time',
      value: warm.blocks.longest.cpu,
      unit: 'ms',
      note:
        `${warm.seats} computer seats of a Classic game (the person ready) play Spring 1901 through computerSeats().play() as the bot calls it: jobs in the AI worker, answers stored on the loop one piece per loop turn (submitOrders, then toggleReady), ${resolvedNote(warm)}; ${warm.wall.toFixed(0)} ms in all; ` +
        `${piece(warm)}; the two games before: longest ${warmRuns
          .slice(0, -1)
          .map((w) => `${w.blocks.longest.cpu.toFixed(1)} ms running (${w.blocks.longest.wall.toFixed(1)} ms wall)`)
          .join(', ')}; target < 20 ms; ${load()}`,
    },
    {
      name: 'computer seats playing (warm worker): longest event-loop timer delay',
      value: warm.delay.max / 1e6,
      unit: 'ms',
      note:
        `the same game: 1 ms timer (perf_hooks monitorEventLoopDelay) max ${ms(warm.delay.max)} ms, mean ${ms(warm.delay.mean)} ms, p99 ${ms(warm.delay.percentile(99))} ms; ` +
        `control, the idle loop over as long right after: max ${ms(warmIdle.max)} ms, p99 ${ms(warmIdle.percentile(99))} ms (what the machine's scheduling alone adds); ${load()}`,
    },
    {
      name: 'computer seats playing (cold worker, started by the first seat): longest piece of work on the event loop, running time',
      value: cold.blocks.longest.cpu,
      unit: 'ms',
      note:
        `the same ${cold.seats} seats in a process whose first worker thread the first seat's job starts (the bot warms it beforehand, warmAiWorker, which took ${warmUp.toFixed(0)} ms off the loop here; ` +
        `the first use-cases of a process also run before the JIT has compiled them): ${cold.wall.toFixed(0)} ms in all, ${resolvedNote(cold)}; ${piece(cold)}; timer delay max ${ms(cold.delay.max)} ms, p99 ${ms(cold.delay.percentile(99))} ms; ${load()}`,
    },
    {
      name: 'computer seats playing, 21-power Warhammer (20 seats): longest piece of work on the event loop, running time',
      value: big.blocks.longest.cpu,
      unit: 'ms',
      note:
        `${big.seats} computer seats of a 21-power Warhammer game (decisive battles off; the person ready) play Spring 2500 through computerSeats().play() with a warm worker, ${resolvedNote(big)}; ${big.wall.toFixed(0)} ms in all; ${piece(big)}; ` +
        `timer delay max ${ms(big.delay.max)} ms, p99 ${ms(big.delay.percentile(99))} ms; control, the idle loop over as long right after: max ${ms(bigIdle.max)} ms, p99 ${ms(bigIdle.percentile(99))} ms; target < 20 ms; ${load()}`,
    },
  ];
}
