/**
 * The computer players' arenas (bench/ai.ts runs them; docs/ai.md "Strength and speed"): a player in one seat of a
 * variant, one kind of opponent in all the others, for ten game years from the start, every seat in turn over several
 * seeds; its share of all the supply centres at the end against the fair share (1 / seated powers), with a 95 %
 * confidence interval (normal approximation over games).
 *
 * The fields (`AI_BENCH_OPPONENTS`, comma-separated; default all): `DumbBot` (the project's reading of David Norman's
 * DumbBot), `DumbBot2` (the second reading, written apart from the first), `lookahead` (DumbBot's values with a
 * one-move look-ahead over DumbBot's candidate order sets), `climb` (the same look-ahead improving its best set unit by
 * unit), each against every level (`AI_BENCH_LEVELS`, default `easy,normal,hard`); `RandBot` and `HoldBot` against
 * `hard`; `reference`: each baseline against DumbBots, to show where the fields stand. `AI_BENCH_SEEDS` sets the seeds
 * per seat (default 2; the floors 1), `AI_BENCH_VARIANTS` a subset of variant ids, `AI_BENCH_BUDGET` the search budget.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  aiOrders,
  aiStartChoice,
  dumbBot,
  holdBot,
  LEVELS,
  randBot,
  strongPlayer,
  type Level,
  type Player,
} from '../src/ai/index.js';
import { literalDumbBot } from '../src/ai/baselines/literal.js';
import { climbingLookaheadBot, lookaheadBot } from '../src/ai/baselines/lookahead.js';
import { actingUnit } from '../src/ai/orders.js';
import { playGame } from '../src/ai/selfplay.js';
import type { Position, Power, PowerOrder } from '../src/engine/types.js';
import type { Variant } from '../src/engine/variant.js';
import { getVariant } from '../src/variants/index.js';
import { applyDogsOfWarChoice, dogsOfWarChoices } from '../src/variants/warhammer/index.js';
import { median, type BenchResult } from './types.js';

const SEEDS = Number(process.env.AI_BENCH_SEEDS ?? 2);
const BUDGET = process.env.AI_BENCH_BUDGET ? Number(process.env.AI_BENCH_BUDGET) : undefined;
const ONLY = process.env.AI_BENCH_VARIANTS?.split(',');
const WANTED_LEVELS = (process.env.AI_BENCH_LEVELS?.split(',') ?? [...LEVELS]) as Level[];
const YEARS = 10;

interface Field {
  player: Player;
  /** How a row names the field: `6 ${plural}`. */
  plural: string;
}

/** The benchmark's opponents, by the name `AI_BENCH_OPPONENTS` uses. */
const FIELDS: Record<string, Field> = {
  DumbBot: { player: dumbBot, plural: 'DumbBots' },
  DumbBot2: { player: literalDumbBot, plural: 'DumbBots (second reading)' },
  lookahead: { player: lookaheadBot, plural: 'look-ahead players' },
  climb: { player: climbingLookaheadBot, plural: 'look-ahead players (hill climb)' },
  RandBot: { player: randBot, plural: 'RandBots' },
  HoldBot: { player: holdBot, plural: 'HoldBots' },
};
const LEVEL_FIELDS = ['DumbBot', 'DumbBot2', 'lookahead', 'climb'];
const FLOORS = ['RandBot', 'HoldBot'];
const OPPONENTS = process.env.AI_BENCH_OPPONENTS?.split(',') ?? [...LEVEL_FIELDS, ...FLOORS, 'reference'];

/** The contract's bands against DumbBots (docs/ai.md "Levels"). */
const BANDS: Partial<Record<Level, string>> = { easy: '0.7–1.3×', normal: '1.5–2.5×' };

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
  return [plain('classic'), plain('warring-states'), plain('mandate-of-heaven'), warhammerArena()].filter(
    (a) => !ONLY || ONLY.includes(a.variant.id),
  );
}

/**
 * Warhammer: decisive battles off (no battle is fought: the provisional results stand, as in `gm` mode with no
 * report); the Dogs of War choose their city first (a level with its start choice, the baselines the first offered).
 */
function warhammerArena(): Arena {
  const warhammer = getVariant('warhammer')!.configure!({ decisiveBattles: 'off' });
  const seats = warhammer.powers.map((p) => p.name);
  return {
    variant: warhammer,
    seats,
    start: (players) => {
      let position = warhammer.startingPosition();
      for (;;) {
        const offer = dogsOfWarChoices(position, seats)[0];
        if (!offer) return position;
        const options = offer.cities.map((province) => ({ province, types: offer.types[province]! }));
        const pick = isLevel(players[offer.power]!)
          ? aiStartChoice({ variant: warhammer, position, power: offer.power, choices: options })!
          : { province: offer.cities[0]!, type: 'A' as const };
        const applied = applyDogsOfWarChoice(position, { power: offer.power, city: pick.province, type: pick.type });
        if (!applied.ok) throw new Error(applied.error);
        position = applied.position;
      }
    },
    note: 'decisive battles off; ',
  };
}

const levelPlayers = new Map<Level, Player>(
  LEVELS.map((level) => [
    level,
    level === 'hard'
      ? strongPlayer
      : { name: `Zhanguo AI (${level})`, orders: (request) => aiOrders({ ...request, level }) },
  ]),
);

function isLevel(player: Player): boolean {
  return [...levelPlayers.values()].includes(player);
}

/** The strength rows `AI_BENCH_OPPONENTS` and `AI_BENCH_LEVELS` ask for, arena by arena. */
export function strengthRows(): BenchResult[] {
  const out: BenchResult[] = [];
  for (const arena of SEEDS > 0 ? arenas() : []) {
    for (const name of LEVEL_FIELDS.filter((f) => OPPONENTS.includes(f)))
      for (const level of WANTED_LEVELS) out.push(levelRow(arena, level, name, SEEDS));
    for (const name of FLOORS.filter((f) => OPPONENTS.includes(f)))
      if (WANTED_LEVELS.includes('hard')) out.push(levelRow(arena, 'hard', name, 1));
    if (OPPONENTS.includes('reference'))
      for (const name of LEVEL_FIELDS) {
        const t = tournament(arena, FIELDS[name]!.player, dumbBot, 1);
        out.push(row(arena, `${FIELDS[name]!.player.name} vs ${arena.seats.length - 1} DumbBots (reference)`, t, 1));
      }
  }
  return out;
}

function levelRow(arena: Arena, level: Level, fieldName: string, seeds: number): BenchResult {
  const field = FIELDS[fieldName]!;
  const t = tournament(arena, levelPlayers.get(level)!, field.player, seeds);
  const measured = row(arena, `${level} level vs ${arena.seats.length - 1} ${field.plural}`, t, seeds);
  const band = fieldName.startsWith('DumbBot') ? BANDS[level] : undefined;
  return band ? { ...measured, note: `${measured.note}; the contract's band for ${level}: ${band}` } : measured;
}

export interface Tally {
  shares: number[];
  bySeat: Map<Power, number[]>;
  solos: number;
  /** Games the player ended with no centre. */
  wipedOut: number;
  illegal: number;
  games: number;
  /** The player's orders by kind (a special order by its name), over all its games. */
  orders: Map<string, number>;
  /** The player's orders carried out as another unit (the variant's `transformUnit`: a Warring States fleet inland). */
  transformed: number;
  /** Wall time of each of the player's movement-phase answers (ms). */
  calls: number[];
}

/** `hero` in every seat in turn against `opponent` in the others, `seeds` games per seat. */
export function tournament(arena: Arena, hero: Player, opponent: Player, seeds: number): Tally {
  const total = arena.variant.map.supplyCenters().length;
  const tally: Tally = {
    shares: [],
    bySeat: new Map(),
    solos: 0,
    wipedOut: 0,
    illegal: 0,
    games: 0,
    orders: new Map(),
    transformed: 0,
    calls: [],
  };
  const timed: Player = {
    name: hero.name,
    orders: (request) => {
      const t0 = performance.now();
      const orders = hero.orders(request);
      if (request.position.phase.type === 'movement') tally.calls.push(performance.now() - t0);
      return orders;
    },
  };
  for (let s = 0; s < seeds; s++) {
    for (const seat of arena.seats) {
      const players = Object.fromEntries(arena.seats.map((p) => [p, p === seat ? hero : opponent]));
      const game = playGame({
        variant: arena.variant,
        seats: { ...players, [seat]: timed },
        years: YEARS,
        seed: `bench${s}`,
        start: arena.start(players),
        onPhase: (step) => countOrders(arena, tally, seat, step),
        ...(BUDGET ? { budget: BUDGET } : {}),
      });
      const centres = game.final.supplyCenters[seat]?.length ?? 0;
      tally.shares.push(centres / total);
      tally.bySeat.set(seat, [...(tally.bySeat.get(seat) ?? []), centres / total]);
      if (game.winner === seat) tally.solos++;
      if (centres === 0) tally.wipedOut++;
      tally.illegal += game.illegal[seat] ?? 0;
      tally.games++;
      process.stderr.write(
        `bench ai: ${arena.variant.id} ${hero.name} in ${seat} vs ${opponent.name} seed ${s}: ${centres} centres\n`,
      );
    }
  }
  return tally;
}

/** The player's orders by kind, and those carried out as another unit. */
function countOrders(arena: Arena, tally: Tally, seat: Power, step: { position: Position; orders: PowerOrder[] }) {
  for (const { power, order } of step.orders) {
    if (power !== seat || order.kind === 'waive') continue;
    const kind = order.kind === 'special' ? order.name : order.kind;
    tally.orders.set(kind, (tally.orders.get(kind) ?? 0) + 1);
    const unit = [...step.position.units, ...step.position.dislodged].find(
      (u) => u.province === order.unit.province && u.power === power,
    );
    if (unit && actingUnit(arena.variant, step.position, unit, order).type !== unit.type) tally.transformed++;
  }
}

const load = () => os.loadavg()[0]!.toFixed(1);

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
  const calls = [...t.calls].sort((a, b) => a - b);
  return {
    name: `${arena.variant.name}: ${what}, centre share after ${YEARS} years`,
    value: mean / fair,
    unit: '× fair share',
    note:
      `${arena.note}mean share ${pct(mean)} (95 % CI ${pct(mean - half)}–${pct(mean + half)}, i.e. ${((mean - half) / fair).toFixed(2)}–${((mean + half) / fair).toFixed(2)}× fair) ` +
      `over ${n} games (each of ${arena.seats.length} seats × ${seeds} seed${seeds > 1 ? 's' : ''}); fair share 1/${arena.seats.length} = ${pct(fair)}; ` +
      `lowest seat ${worst[0]} ${worst[1].toFixed(2)}×, highest ${best[0]} ${best[1].toFixed(2)}×; solo wins ${t.solos}; games ended with no centre ${t.wipedOut}; illegal orders ${t.illegal}${specialNote(arena, t)}; ` +
      `movement answers median ${median(calls).toFixed(0)} ms, longest ${(calls[calls.length - 1] ?? 0).toFixed(0)} ms (wall, in the arena); ` +
      `measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${load()} (the games count adjudications, not time: load changes only how long they take)`,
  };
}

/** The variant's special orders the player gave, by name, against its movement orders in all (none: nothing said). */
function specialNote(arena: Arena, t: Tally): string {
  const names = Object.keys(arena.variant.rules.specialOrders ?? {}).sort();
  if (names.length === 0) return '';
  const unitOrders = ['hold', 'move', 'support', 'convoy', ...names].reduce((a, k) => a + (t.orders.get(k) ?? 0), 0);
  const transformed = arena.variant.rules.transformUnit
    ? `; orders carried out as another unit (transformUnit) ${t.transformed}`
    : '';
  return `; special orders given: ${names.map((n) => `${n} ${t.orders.get(n) ?? 0}`).join(', ')} (of ${unitOrders} movement-phase unit orders)${transformed}`;
}
