/**
 * The card game's computer player: its strength against the greedy players (2 seats) and random
 * players (2–5 seats) at the default search budget, with 95 % confidence intervals; the time of one decision;
 * and thousands of games with a computer player at every seat, each of which must end (never a stalled table)
 * with every answer listed by `cards legal`. Opponents: test/ai/cards/players.ts (defined in docs/ai.md).
 *
 * Counts: CARD_AI_BENCH_GAMES games per greedy opponent (default 200), CARD_AI_BENCH_RANDOM_GAMES per seat count
 * against random players (default 50), CARD_AI_BENCH_STALL_GAMES all-computer games per seat count (default
 * 1000 at the no-search budget, and a tenth of that at the smallest search budget).
 */
import { performance } from 'node:perf_hooks';
import { newGame } from '../src/cardgame/index.js';
import { DEFAULT_PLAYOUTS } from '../src/ai/cards/index.js';
import { notListed } from '../test/ai/cards/listed.js';
import {
  aiPlayer,
  claimsGreedyPlayer,
  greedyPlayer,
  playGame,
  randomPlayer,
  share,
  type Player,
} from '../test/ai/cards/players.js';
import { median, percentile, type BenchResult } from './types.js';

const GREEDY_GAMES = Number(process.env.CARD_AI_BENCH_GAMES ?? 200);
const RANDOM_GAMES = Number(process.env.CARD_AI_BENCH_RANDOM_GAMES ?? 50);
const STALL_GAMES = Number(process.env.CARD_AI_BENCH_STALL_GAMES ?? 1000);

/** The 95 % Wilson score interval of a proportion. */
export function wilson(wins: number, n: number): [number, number] {
  const z = 1.96;
  const p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

interface Match {
  share: number;
  games: number;
  rounds: number[];
}

/** `games` games of the AI in one seat (rotating) against `opponent` in the others; decision times recorded. */
function match(seats: number, opponent: Player, games: number, label: string, times: number[], ai = aiPlayer()): Match {
  let won = 0;
  const rounds: number[] = [];
  for (let g = 0; g < games; g++) {
    const aiSeat = g % seats;
    const players = Array.from({ length: seats }, (_, i) => (i === aiSeat ? ai : opponent));
    const seed = `bench-ai-${label}-${seats}-${g}`;
    const rec = playGame(newGame({ seats, seed, dynastyCards: g % 4 >= 2 }), players, seed, {
      timed: {
        clock: () => performance.now(),
        record: (seat, ms, phase) => seat === aiSeat && phase !== 'give' && times.push(ms),
      },
    });
    won += share(rec, aiSeat);
    rounds.push(rec.rounds);
  }
  return { share: won / games, games, rounds };
}

function strengthRow(name: string, m: Match, fair: number): BenchResult {
  const [lo, hi] = wilson(m.share * m.games, m.games);
  return {
    name,
    value: 100 * m.share,
    unit: '% wins',
    note: `${m.games} seeded games, the AI's seat rotating, dynasty cards in half; 95 % CI ${pct(lo)}–${pct(hi)} (Wilson); fair share ${pct(fair)}; median ${median(m.rounds)} rounds`,
  };
}

export async function benchAiCards(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const times2: number[] = [];
  const timesMany: number[] = [];
  process.stderr.write(`bench: card AI against greedy players (${GREEDY_GAMES} games each)…\n`);
  results.push(
    strengthRow(
      'card AI vs greedy (one-ply score), 2 seats',
      match(2, greedyPlayer, GREEDY_GAMES, 'greedy', times2),
      0.5,
    ),
  );
  results.push(
    strengthRow('card AI vs claims-greedy, 2 seats', match(2, claimsGreedyPlayer, GREEDY_GAMES, 'claims', times2), 0.5),
  );
  for (const level of ['easy', 'normal'] as const) {
    for (const [name, opponent] of [
      ['greedy (one-ply score)', greedyPlayer],
      ['claims-greedy', claimsGreedyPlayer],
    ] as const) {
      const m = match(2, opponent, GREEDY_GAMES, `${level}-${name}`, [], aiPlayer({ level }));
      const measured = strengthRow(`card AI, ${level} level, vs ${name}, 2 seats`, m, 0.5);
      const band = level === 'easy' ? "; the contract's band for easy: 35–65 % against a greedy player" : '';
      results.push({ ...measured, note: `${measured.note}${band}` });
    }
  }
  for (const seats of [2, 3, 4, 5]) {
    process.stderr.write(`bench: card AI against random players, ${seats} seats…\n`);
    results.push(
      strengthRow(
        `card AI vs random, ${seats} seats`,
        match(seats, randomPlayer, RANDOM_GAMES, 'random', seats === 2 ? times2 : timesMany),
        1 / seats,
      ),
    );
  }
  results.push({
    name: 'card AI decision, 2 seats',
    value: median(times2),
    unit: 'ms',
    note: `median of ${times2.length} decisions (choice of battle and battle turns) at the default budget (${DEFAULT_PLAYOUTS} playouts), on the calling thread; p95 ${percentile(times2, 95).toFixed(0)} ms, max ${Math.max(...times2).toFixed(0)} ms`,
  });
  results.push({
    name: 'card AI decision, 3–5 seats',
    value: median(timesMany),
    unit: 'ms',
    note: `median of ${timesMany.length} decisions at the default budget; p95 ${percentile(timesMany, 95).toFixed(0)} ms, max ${Math.max(...timesMany).toFixed(0)} ms`,
  });

  // never a stalled table: computer players at every seat, every answer checked against `cards legal`
  for (const [playouts, games] of [
    [0, STALL_GAMES],
    [1, Math.max(1, Math.round(STALL_GAMES / 10))],
  ] as const) {
    for (const seats of [2, 3, 4, 5]) {
      process.stderr.write(`bench: ${games} all-computer ${seats}-seat games at budget ${playouts}…\n`);
      const actions: number[] = [];
      const rounds: number[] = [];
      for (let g = 0; g < games; g++) {
        const seed = `bench-ai-all-${playouts}-${seats}-${g}`;
        const players = Array.from({ length: seats }, () => aiPlayer({ playouts }));
        const rec = playGame(newGame({ seats, seed, dynastyCards: g % 2 === 1 }), players, seed, {
          check: (full, seat, action) => {
            const why = notListed(full, seat, action);
            if (why) throw new Error(`${seed}: seat ${seat}: ${why}`);
          },
        });
        actions.push(rec.actions);
        rounds.push(rec.rounds);
      }
      results.push({
        name: `all-computer ${seats}-seat games end (budget ${playouts === 0 ? '0: no search' : playouts})`,
        value: games,
        unit: 'games',
        note: `every game ended and every answer was listed by cards legal; median ${median(rounds)} rounds (max ${Math.max(...rounds)}), median ${median(actions)} actions (max ${Math.max(...actions)})`,
      });
    }
  }
  return results;
}
