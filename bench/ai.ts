/**
 * Computer players (issue 22): speed of `aiOrders` and strength in self-play, written to docs/benchmarks.md.
 * `npx tsx bench/run.ts ai` runs this section alone; run it under `nice` on a shared machine.
 *
 * Speed: one power's movement orders in a busy phase (the largest power of a Classic fall after five years of
 * DumbBot play, 30+ units; the largest power of a Warhammer phase), the first call of a process (cold: compiling)
 * and warm calls, in wall and CPU time; every power of a 21-power Warhammer phase answered as AI seats; and the
 * longest event-loop delay while the computer players' worker answers that phase (the bot's side).
 *
 * Strength: the strong player in each seat of each variant in turn, the other seats DumbBot (values.ts,
 * baselines/dumbbot.ts), RandBot or HoldBot, for ten game years from the start, over several seeds; its share of all
 * the supply centres at the end against the fair share (1 / number of seated powers), with a 95 % confidence
 * interval (normal approximation over games). `AI_BENCH_SEEDS` sets the seeds per seat against DumbBot (default 2;
 * 1 against the floors; 0: the speed figures alone), `AI_BENCH_VARIANTS` a comma-separated subset of variant ids, `AI_BENCH_BUDGET` the search
 * budget (default: the player's own). `AI_BENCH_PARTS` (`speed`, `strength`; default both) and `AI_BENCH_OPPONENTS`
 * (`DumbBot`, `RandBot`, `HoldBot`, `reference`, `levels` (the easy and normal levels against DumbBots); default all) run a part of the section: `npx tsx bench/run.ts ai.ts`
 * then replaces only the rows it measured (bench/run.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  aiOrders,
  aiStartChoice,
  dumbBot,
  holdBot,
  randBot,
  strongPlayer,
  type Level,
  type Player,
} from '../src/ai/index.js';
import { actingUnit } from '../src/ai/orders.js';
import { playGame } from '../src/ai/selfplay.js';
import { askComputerPlayer, stopAiWorker } from '../src/game/ai-pool.js';
import { powersToAct } from '../src/engine/index.js';
import type { Position, Power, PowerOrder } from '../src/engine/types.js';
import type { Variant } from '../src/engine/variant.js';
import { getVariant } from '../src/variants/index.js';
import { applyDogsOfWarChoice, dogsOfWarChoices } from '../src/variants/warhammer/index.js';
import { median, type BenchResult } from './types.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SEEDS = Number(process.env.AI_BENCH_SEEDS ?? 2);
const BUDGET = process.env.AI_BENCH_BUDGET ? Number(process.env.AI_BENCH_BUDGET) : undefined;
const ONLY = process.env.AI_BENCH_VARIANTS?.split(',');
const PARTS = process.env.AI_BENCH_PARTS?.split(',') ?? ['speed', 'strength'];
const OPPONENTS = process.env.AI_BENCH_OPPONENTS?.split(',') ?? [
  'DumbBot',
  'RandBot',
  'HoldBot',
  'reference',
  'levels',
];
const YEARS = 10;

export interface Arena {
  variant: Variant;
  /** The seated powers. */
  seats: Power[];
  /** The position the game starts from, given who plays each seat (start choices made). */
  start(players: Readonly<Record<Power, Player>>): Position;
  note: string;
}

export function arenas(): Arena[] {
  const plain = (id: string): Arena => {
    const variant = getVariant(id)!;
    return {
      variant,
      seats: variant.powers.filter((p) => !p.neutral).map((p) => p.name),
      start: () => variant.startingPosition(),
      note: '',
    };
  };
  // Warhammer: decisive battles off (no battle is fought: the provisional results stand, as in `gm` mode with no
  // report); the Dogs of War choose their city first (the strong player with its start choice, others the first).
  const warhammer = getVariant('warhammer')!.configure!({ decisiveBattles: 'off' });
  const seats = warhammer.powers.map((p) => p.name);
  const whArena: Arena = {
    variant: warhammer,
    seats,
    start: (players) => {
      let position = warhammer.startingPosition();
      for (;;) {
        const offer = dogsOfWarChoices(position, seats)[0];
        if (!offer) return position;
        const options = offer.cities.map((province) => ({ province, types: offer.types[province]! }));
        const pick =
          players[offer.power] === strongPlayer
            ? aiStartChoice({ variant: warhammer, position, power: offer.power, choices: options })!
            : { province: offer.cities[0]!, type: 'A' as const };
        const applied = applyDogsOfWarChoice(position, { power: offer.power, city: pick.province, type: pick.type });
        if (!applied.ok) throw new Error(applied.error);
        position = applied.position;
      }
    },
    note: 'decisive battles off; ',
  };
  return [plain('classic'), plain('warring-states'), plain('mandate-of-heaven'), whArena].filter(
    (a) => !ONLY || ONLY.includes(a.variant.id),
  );
}

export async function benchAi(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  if (PARTS.includes('speed')) {
    results.push(...speed());
    results.push(...(await eventLoop()));
  }
  const wanted = (name: string) => PARTS.includes('strength') && OPPONENTS.includes(name);
  for (const arena of SEEDS > 0 ? arenas() : []) {
    if (wanted('DumbBot')) results.push(strength(arena, 'DumbBot', dumbBot, SEEDS));
    if (wanted('RandBot')) results.push(strength(arena, 'RandBot', randBot, 1));
    if (wanted('HoldBot')) results.push(strength(arena, 'HoldBot', holdBot, 1));
    if (wanted('reference')) results.push(reference(arena));
    if (wanted('levels'))
      for (const level of ['easy', 'normal'] as const) results.push(levelStrength(arena, level, SEEDS));
  }
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
    [classic, 500],
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
 * (src/game/ai-pool.ts), started beforehand by one small job as a bot would at start-up, while the event loop is
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
        `${acting.length} powers asked at once of the warm worker (src/game/ai-pool.ts), answered in ${wall.toFixed(0)} ms; the loop ran callbacks for ${busy.active.toFixed(1)} ms in all ` +
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

export interface Tally {
  shares: number[];
  bySeat: Map<Power, number[]>;
  solos: number;
  illegal: number;
  games: number;
  /** The hero's orders by kind (a special order by its name), over all its games. */
  orders: Map<string, number>;
  /** The hero's orders carried out as another unit (the variant's `transformUnit`: a Warring States fleet inland). */
  transformed: number;
}

/** The strong player in every seat in turn against `opponent` in the others, `seeds` games per seat. */
function strength(arena: Arena, name: string, opponent: Player, seeds: number): BenchResult {
  const t = tournament(arena, strongPlayer, opponent, seeds);
  return row(arena, `strong player vs ${arena.seats.length - 1} ${name}s`, t, seeds);
}

/**
 * A lower level (src/ai/levels.ts) in every seat in turn against DumbBots (the `hard` level is the strong player's
 * row above); the contract's bands: easy 0.7–1.3×, normal 1.5–2.5× (docs/cli.md "Levels").
 */
function levelStrength(arena: Arena, level: Level, seeds: number): BenchResult {
  const hero: Player = { name: `Zhanguo AI (${level})`, orders: (request) => aiOrders({ ...request, level }) };
  const band = level === 'easy' ? '0.7–1.3×' : '1.5–2.5×';
  const measured = row(
    arena,
    `${level} level vs ${arena.seats.length - 1} DumbBots`,
    tournament(arena, hero, dumbBot, seeds),
    seeds,
  );
  return { ...measured, note: `${measured.note}; the contract's band for ${level}: ${band}` };
}

/** DumbBot in every seat against DumbBots: the reference (about 1× by construction). */
function reference(arena: Arena): BenchResult {
  return row(
    arena,
    `DumbBot vs ${arena.seats.length - 1} DumbBots (reference)`,
    tournament(arena, dumbBot, dumbBot, 1),
    1,
  );
}

export function tournament(
  arena: Arena,
  hero: Player,
  opponent: Player,
  seeds: number,
  seats: readonly Power[] = arena.seats,
): Tally {
  const total = arena.variant.map.supplyCenters().length;
  const tally: Tally = {
    shares: [],
    bySeat: new Map(),
    solos: 0,
    illegal: 0,
    games: 0,
    orders: new Map(),
    transformed: 0,
  };
  for (let s = 0; s < seeds; s++) {
    for (const seat of seats) {
      const players = Object.fromEntries(arena.seats.map((p) => [p, p === seat ? hero : opponent]));
      const onPhase = ({ position, orders }: { position: Position; orders: PowerOrder[] }) => {
        for (const { power, order } of orders) {
          if (power !== seat || order.kind === 'waive') continue;
          const kind = order.kind === 'special' ? order.name : order.kind;
          tally.orders.set(kind, (tally.orders.get(kind) ?? 0) + 1);
          const unit = [...position.units, ...position.dislodged].find(
            (u) => u.province === order.unit.province && u.power === power,
          );
          if (unit && actingUnit(arena.variant, position, unit, order).type !== unit.type) tally.transformed++;
        }
      };
      const game = playGame({
        variant: arena.variant,
        seats: players,
        years: YEARS,
        seed: `bench${s}`,
        start: arena.start(players),
        onPhase,
        ...(BUDGET ? { budget: BUDGET } : {}),
      });
      const share = (game.final.supplyCenters[seat]?.length ?? 0) / total;
      tally.shares.push(share);
      tally.bySeat.set(seat, [...(tally.bySeat.get(seat) ?? []), share]);
      if (game.winner === seat) tally.solos++;
      tally.illegal += game.illegal[seat] ?? 0;
      tally.games++;
      process.stderr.write(
        `bench ai: ${arena.variant.id} ${hero.name} in ${seat} vs ${opponent.name} seed ${s}: ${(share * total).toFixed(0)} centres\n`,
      );
    }
  }
  return tally;
}

export function row(arena: Arena, what: string, t: Tally, seeds: number): BenchResult {
  const n = t.shares.length;
  const mean = t.shares.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(t.shares.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1));
  const half = (1.96 * sd) / Math.sqrt(n);
  const fair = 1 / arena.seats.length;
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const seatRatios = [...t.bySeat]
    .map(([p, xs]) => [p, xs.reduce((a, b) => a + b, 0) / xs.length / fair] as const)
    .sort((a, b) => a[1] - b[1]);
  const worst = seatRatios[0]!;
  const best = seatRatios[seatRatios.length - 1]!;
  return {
    name: `${arena.variant.name}: ${what}, centre share after ${YEARS} years`,
    value: mean / fair,
    unit: '× fair share',
    note:
      `${arena.note}mean share ${pct(mean)} (95 % CI ${pct(mean - half)}–${pct(mean + half)}, i.e. ${((mean - half) / fair).toFixed(2)}–${((mean + half) / fair).toFixed(2)}× fair) ` +
      `over ${n} games (each of ${arena.seats.length} seats × ${seeds} seed${seeds > 1 ? 's' : ''}); fair share 1/${arena.seats.length} = ${pct(fair)}; ` +
      `lowest seat ${worst[0]} ${worst[1].toFixed(2)}×, highest ${best[0]} ${best[1].toFixed(2)}×; solo wins ${t.solos}; illegal orders ${t.illegal}${specialNote(arena, t)}; ` +
      `measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${load()} (the games count adjudications, not time: load changes only how long they take)`,
  };
}

/** The variant's special orders the hero gave, by name, against its movement orders in all (none: nothing said). */
function specialNote(arena: Arena, t: Tally): string {
  const names = Object.keys(arena.variant.rules.specialOrders ?? {}).sort();
  if (names.length === 0) return '';
  const unitOrders = ['hold', 'move', 'support', 'convoy', ...names].reduce((a, k) => a + (t.orders.get(k) ?? 0), 0);
  const transformed = arena.variant.rules.transformUnit
    ? `; orders carried out as another unit (transformUnit) ${t.transformed}`
    : '';
  return `; special orders given: ${names.map((n) => `${n} ${t.orders.get(n) ?? 0}`).join(', ')} (of ${unitOrders} movement-phase unit orders)${transformed}`;
}
