/**
 * Computer players: speed of `aiOrders` and strength in self-play, written to docs/benchmarks.md.
 * `npx tsx bench/run.ts ai` runs this section alone; run it under `nice` on a shared machine.
 *
 * Speed: one power's movement orders in a busy phase (the largest power of a Classic fall after five years of
 * DumbBot play, 30+ units; the largest power of a Warhammer phase), the first call of a process (cold: compiling)
 * and warm calls, in wall and CPU time; every power of a 21-power Warhammer phase answered as AI seats; and the
 * longest event-loop delay while the computer players' worker answers that phase (the bot's side).
 *
 * Strength: bench/ai-arena.ts (each level against DumbBots of two readings and look-ahead players, the floors, the
 * reference rows). `AI_BENCH_PARTS` (`speed`, `strength`; default both) runs a part of the section, and
 * `npx tsx bench/run.ts ai.ts` then replaces only the rows it measured (bench/run.ts); `AI_BENCH_SEEDS=0` gives the
 * speed figures alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { aiOrders, dumbBot, strongPlayer } from '../src/ai/index.js';
import { playGame } from '../src/ai/selfplay.js';
import { askComputerPlayer, stopAiWorker } from '../src/game/ai-pool/index.js';
import { powersToAct } from '../src/engine/index.js';
import type { Position, Power } from '../src/engine/types.js';
import { arenas, strengthRows, type Arena } from './ai-arena.js';
import { median, type BenchResult } from './types.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET = process.env.AI_BENCH_BUDGET ? Number(process.env.AI_BENCH_BUDGET) : undefined;
const PARTS = process.env.AI_BENCH_PARTS?.split(',') ?? ['speed', 'strength'];

export async function benchAi(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  if (PARTS.includes('speed')) {
    results.push(...speed());
    results.push(...(await eventLoop()));
  }
  if (PARTS.includes('strength')) results.push(...strengthRows());
  return results;
}

const load = () => os.loadavg()[0]!.toFixed(1);

/** A busy movement position: the one with the most units in five years of DumbBot self-play. */
function busyPosition(arena: Arena): Position {
  const players = Object.fromEntries(arena.seats.map((p) => [p, dumbBot]));
  let best: Position | null = null;
  playGame({
    variant: arena.variant,
    seats: players,
    years: 5,
    seed: 'busy',
    start: arena.start(players),
    onPhase: ({ position }) => {
      if (position.phase.type === 'movement' && (!best || position.units.length >= best.units.length)) best = position;
    },
  });
  return best!;
}

/**
 * A large power: the movement position in which the strong player, in one of the arena's first three seats against
 * DumbBots, has the most units in eight years (the most units to order, the widest local board to simulate).
 */
function largePowerPosition(arena: Arena): { position: Position; power: Power } {
  let best: { position: Position; power: Power } | null = null;
  for (const power of arena.seats.slice(0, 3)) {
    const players = Object.fromEntries(arena.seats.map((p) => [p, p === power ? strongPlayer : dumbBot]));
    playGame({
      variant: arena.variant,
      seats: players,
      years: 8,
      seed: 'large',
      start: arena.start(players),
      onPhase: ({ position }) => {
        if (position.phase.type === 'movement' && (!best || count(position, power) > count(best.position, best.power)))
          best = { position, power };
      },
    });
  }
  return best!;
}

function timeIt(f: () => void): { wall: number; cpu: number } {
  const c = process.cpuUsage();
  const t = performance.now();
  f();
  return { wall: performance.now() - t, cpu: process.cpuUsage(c).user / 1000 };
}

function speed(): BenchResult[] {
  const out: BenchResult[] = [];
  const all = arenas();
  const classic = all.find((a) => a.variant.id === 'classic');
  const warhammer = all.find((a) => a.variant.id === 'warhammer');
  for (const [arena, target] of [
    [classic, 2000],
    [warhammer, 2000],
  ] as const) {
    if (!arena) continue;
    const position = busyPosition(arena);
    const acting = powersToAct(arena.variant, position);
    const largest = [...acting].sort((a, b) => count(position, b) - count(position, a) || a.localeCompare(b))[0]!;
    const ask = (power: Power, seed: string) =>
      aiOrders({
        variant: arena.variant,
        position,
        power,
        players: arena.seats,
        seed,
        ...(BUDGET ? { budget: BUDGET } : {}),
      });
    const cold = firstCalls(arena, position, largest);
    const warm = [1, 2, 3, 4, 5].map((i) => timeIt(() => ask(largest, `warm${i}`)));
    const what = `${arena.variant.name} ${position.phase.season} ${position.phase.year} movement, ${position.units.length} units; ${largest} (${count(position, largest)} units)`;
    out.push({
      name: `ai orders: one power, busy ${arena.variant.name} phase (warm)`,
      value: median(warm.map((w) => w.wall)),
      unit: 'ms',
      note: `${what}: median wall of 5 calls (CPU ${median(warm.map((w) => w.cpu)).toFixed(0)} ms); target < ${target} ms; load average ${load()} on ${os.cpus().length} cores`,
    });
    out.push({
      name: `ai orders: one power, busy ${arena.variant.name} phase (first call of a process)`,
      value: median(cold.wall),
      unit: 'ms',
      note: `${what}: \`node dist/cli/main.js ai orders --power ${largest}\` in a fresh process (decisions.md: the CLI's time is the compiled CLI's), whole process, start-up and compiling included, median of ${cold.wall.length} (${cold.wall.map((w) => w.toFixed(0)).join(', ')} ms); target < ${target} ms; ${cold.load} before`,
    });
    if (arena === warhammer) {
      const seats = timeIt(() => acting.forEach((p) => ask(p, 'all')));
      out.push({
        name: 'ai orders: every power of a 21-power phase as AI seats',
        value: seats.wall,
        unit: 'ms',
        note: `${what.split(';')[0]}: ${acting.length} powers with units, one after another on one thread (CPU ${seats.cpu.toFixed(0)} ms); target < 5000 ms; load average ${load()}`,
      });
    }
    const large = largePowerPosition(arena);
    const largeTimes = [1, 2, 3].map((i) =>
      timeIt(() =>
        aiOrders({
          variant: arena.variant,
          position: large.position,
          power: large.power,
          players: arena.seats,
          seed: `large${i}`,
          ...(BUDGET ? { budget: BUDGET } : {}),
        }),
      ),
    );
    out.push({
      name: `ai orders: one large power, ${arena.variant.name} (warm)`,
      value: median(largeTimes.map((w) => w.wall)),
      unit: 'ms',
      note: `${arena.variant.name} ${large.position.phase.season} ${large.position.phase.year} movement, ${large.position.units.length} units; ${large.power} (${count(large.position, large.power)} units, the most the strong player had in eight years against DumbBots in one of the first three seats): median wall of 3 calls (CPU ${median(largeTimes.map((w) => w.cpu)).toFixed(0)} ms); target < ${target} ms; load average ${load()}`,
    });
  }
  return out;
}

/**
 * The bot's side: every power of a 21-power Warhammer phase asked at once of the computer players' worker
 * (src/game/ai-pool/pool.ts), started beforehand by one small job as a bot would at start-up, while the event loop is
 * watched. Two measures: the loop's busy time in all (perf_hooks eventLoopUtilization: the time it spent running
 * callbacks, here posting the jobs and reading the answers; no single block can be longer), and the longest delay
 * of a 1 ms timer (monitorEventLoopDelay). On a loaded machine the operating system alone delays a thread by tens of
 * milliseconds now and then, so the same timer over an idle loop of the same length is the control.
 */
export async function eventLoop(): Promise<BenchResult[]> {
  const arena = arenas().find((a) => a.variant.id === 'warhammer');
  if (!arena) return [];
  const position = busyPosition(arena);
  const acting = powersToAct(arena.variant, position);
  const job = (power: Power, seed: string, budget?: number) =>
    askComputerPlayer({
      kind: 'orders',
      variant: 'warhammer',
      options: { decisiveBattles: 'off' },
      position,
      power,
      players: arena.seats,
      seed,
      ...(budget ? { budget } : BUDGET ? { budget: BUDGET } : {}),
    });
  const s0 = performance.now();
  const warm = job(acting[0]!, 'warm-up', 10);
  const startPost = performance.now() - s0;
  await warm;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const busy0 = performance.eventLoopUtilization();
  const t = performance.now();
  const posts: number[] = [];
  const asked = acting.map((power) => {
    const p0 = performance.now();
    const answer = job(power, 'loop');
    posts.push(performance.now() - p0);
    return answer;
  });
  await Promise.all(asked);
  const wall = performance.now() - t;
  const busy = performance.eventLoopUtilization(busy0);
  delay.disable();
  await stopAiWorker();
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, wall));
  idle.disable();
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  return [
    {
      name: 'ai orders in the worker: event-loop busy time while every power of a 21-power phase is answered',
      value: busy.active,
      unit: 'ms',
      note:
        `${acting.length} powers asked at once of the warm worker (src/game/ai-pool/pool.ts), answered in ${wall.toFixed(0)} ms; the loop ran callbacks for ${busy.active.toFixed(1)} ms in all ` +
        `(utilization ${(100 * busy.utilization).toFixed(1)} %), so no block was longer (wall time, so a callback the machine paused counts whole); posting one job ${median(posts).toFixed(2)} ms (median, longest ${Math.max(...posts).toFixed(1)} ms); ` +
        `the first job of a process, which starts the worker, posts in ${startPost.toFixed(1)} ms (the bot can start it in its warm-up); target < 20 ms per block; load average ${load()}`,
    },
    {
      name: 'ai orders in the worker: longest event-loop timer delay meanwhile',
      value: delay.max / 1e6,
      unit: 'ms',
      note:
        `1 ms timer (perf_hooks monitorEventLoopDelay) over the same ${wall.toFixed(0)} ms: mean ${ms(delay.mean)} ms, p99 ${ms(delay.percentile(99))} ms; ` +
        `control, the idle loop over as long right after: max ${ms(idle.max)} ms, mean ${ms(idle.mean)} ms, p99 ${ms(idle.percentile(99))} ms (the difference is the machine's scheduling, not this code, when the busy time above is small); load average ${load()}`,
    },
  ];
}

/** The compiled CLI's `ai orders` for one power in fresh processes (5 runs): the whole process's wall time each. */
function firstCalls(arena: Arena, position: Position, power: Power): { wall: number[]; load: string } {
  const built = spawnSync(process.execPath, ['scripts/dist.mjs', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  const dir = mkdtempSync(join(os.tmpdir(), 'zhanguo-bench-ai-'));
  try {
    const input = join(dir, 'busy.json');
    const options = arena.variant.id === 'warhammer' ? { options: { decisiveBattles: 'off' } } : {};
    writeFileSync(
      input,
      JSON.stringify({
        variant: arena.variant.id,
        phase: position.phase,
        units: position.units,
        supplyCenters: position.supplyCenters,
        players: arena.seats,
        ...options,
        ...(BUDGET ? { budget: BUDGET } : {}),
      }),
    );
    // The machine's own start-up time beside it (Node doing nothing), as the production bench gives it.
    const bare: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      spawnSync(process.execPath, ['-e', '0']);
      bare.push(performance.now() - t0);
    }
    const before = `load average ${load()}; \`node -e 0\` took ${median(bare).toFixed(0)} ms on the same machine`;
    const wall: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const r = spawnSync(
        'sh',
        ['-c', `"${process.execPath}" dist/cli/main.js ai orders --power "${power}" --seed cold${i} < "${input}"`],
        { cwd: ROOT, encoding: 'utf8' },
      );
      wall.push(performance.now() - t0);
      if (r.status !== 0) throw new Error(`cli ai orders failed: ${r.stderr}`);
      if ((JSON.parse(r.stdout) as { orders: unknown[] }).orders.length === 0)
        throw new Error('cli ai orders gave no orders');
    }
    return { wall, load: before };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function count(position: Position, power: Power): number {
  return position.units.filter((u) => u.power === power).length;
}
