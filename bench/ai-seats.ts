/**
 * Computer seats in the bot (issue 22 §4–5): the event loop while computer seats think. A Classic game on a file
 * database with one person and six computer seats (`/game create computer:`), the AI worker warmed as the bot warms
 * it when a live game has a computer seat (`warmAiWorker`), then `computerSeats(deps).play()` exactly as the bot
 * calls it: the seats' jobs go to the worker, their answers are stored on the loop (`submitOrders`, `toggleReady`).
 * Measured meanwhile with perf_hooks: the loop's busy time in all, and the longest delay of a 1 ms timer
 * (monitorEventLoopDelay), with an idle loop over as long as the control (the machine's own scheduling). Also the
 * first seat's wait with a cold worker (started by its own job) against a warm one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { stopAiWorker, warmAiWorker } from '../src/game/ai-pool.js';
import { computerSeats } from '../src/game/computer.js';
import { createGame, joinGame, startGame, type GameDeps } from '../src/game/index.js';
import { openDatabase } from '../src/store/db.js';
import type { BenchResult } from './types.js';

const load = () => `load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1, 5, 15 min) on ${os.cpus().length} cores`;
const ms = (ns: number) => (ns / 1e6).toFixed(1);

async function withGame<T>(run: (deps: GameDeps) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-seats-'));
  const opened = openDatabase(join(dir, 'bench.db'));
  try {
    const deps: GameDeps = { db: opened.db, now: Date.now };
    const created = createGame(deps, { channelId: 'c', guildId: 'g', userId: 'gm', variantId: 'classic', computer: 'Austria, England, Germany, Italy, Russia, Turkey' });
    if (!created.ok) throw new Error(created.error);
    const joined = joinGame(deps, { channelId: 'c', userId: '1', power: 'France' });
    if (!joined.ok) throw new Error(joined.error);
    const started = startGame(deps, { channelId: 'c', userId: 'gm' });
    if (!started.ok) throw new Error(started.error);
    return await run(deps);
  } finally {
    opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Plays every computer seat's Spring 1901 orders as the bot does; the loop is watched meanwhile. */
async function seatsThinking(deps: GameDeps) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const busy0 = performance.eventLoopUtilization();
  const t = performance.now();
  const played = computerSeats(deps).play();
  await Promise.all(played);
  const wall = performance.now() - t;
  const busy = performance.eventLoopUtilization(busy0);
  delay.disable();
  return { seats: played.length, wall, busy, delay };
}

export async function benchAiSeats(): Promise<BenchResult[]> {
  // Cold: the first seat's job starts the worker itself.
  await stopAiWorker();
  const cold = await withGame(seatsThinking);
  await stopAiWorker();
  // Warm, as the bot runs: the worker is started and compiled before the first seat is asked.
  const w0 = performance.now();
  await warmAiWorker();
  const warmUp = performance.now() - w0;
  const warm = await withGame(seatsThinking);
  await stopAiWorker();
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, warm.wall));
  idle.disable();
  return [
    {
      name: 'computer seats thinking (warm worker): longest event-loop timer delay',
      value: warm.delay.max / 1e6,
      unit: 'ms',
      note:
        `${warm.seats} computer seats of a Classic game play Spring 1901 through computerSeats().play() as the bot calls it (jobs in the AI worker, answers stored with submitOrders and toggleReady on the loop), ` +
        `${warm.wall.toFixed(0)} ms in all; 1 ms timer (perf_hooks monitorEventLoopDelay): max ${ms(warm.delay.max)} ms, mean ${ms(warm.delay.mean)} ms, p99 ${ms(warm.delay.percentile(99))} ms; ` +
        `loop busy ${warm.busy.active.toFixed(1)} ms in all (utilization ${(100 * warm.busy.utilization).toFixed(1)} %); control, the idle loop over as long: max ${ms(idle.max)} ms, p99 ${ms(idle.percentile(99))} ms; target < 20 ms; ${load()}`,
    },
    {
      name: 'computer seats thinking (cold worker, started by the first seat): longest event-loop timer delay',
      value: cold.delay.max / 1e6,
      unit: 'ms',
      note:
        `the same ${cold.seats} seats with no warm-up: ${cold.wall.toFixed(0)} ms in all (warm: ${warm.wall.toFixed(0)} ms; the bot's warm-up, warmAiWorker, took ${warmUp.toFixed(0)} ms off the loop beforehand); ` +
        `max ${ms(cold.delay.max)} ms, p99 ${ms(cold.delay.percentile(99))} ms; loop busy ${cold.busy.active.toFixed(1)} ms; ${load()}`,
    },
  ];
}
