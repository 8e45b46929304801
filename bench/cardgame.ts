/**
 * The card game: thousands of random games per seat count with the property checks of
 * test/cardgame/properties.test.ts (CARDGAME_BENCH_GAMES per seat count, default 1000), the cost of one `apply`,
 * of a fall back with Fire or Wind, of a whole game, and of the table image.
 */
import { performance } from 'node:perf_hooks';
import { apply, publicView, type Action, type CardGameState } from '../src/cardgame/index.js';
import { renderCardTable } from '../src/render/cards/index.js';
import { brokenInvariant, newRandomGame, prng, randomAction } from '../test/cardgame/random-game.js';
import { median, percentile, type BenchResult } from './types.js';

const GAMES = Number(process.env.CARDGAME_BENCH_GAMES ?? 1000);

export async function benchCardgame(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const applyMs: number[] = [];
  const fireWindMs: number[] = [];
  let mid: CardGameState | null = null;
  for (const seats of [2, 3, 4, 5]) {
    const gameMs: number[] = [];
    const rounds: number[] = [];
    for (let g = 0; g < GAMES; g++) {
      const r = prng(1_000_003 * seats + g);
      let s = newRandomGame(seats, 7919 * g + seats, g % 2 === 0);
      let neutral = 12;
      let spent = 0;
      while (s.phase !== 'finished') {
        const a: Action = randomAction(s, r);
        const t = performance.now();
        const res = apply(s, a);
        const dt = performance.now() - t;
        spent += dt;
        if (!res.ok) throw new Error(`seats ${seats} game ${g}: legal action refused: ${res.error}`);
        applyMs.push(dt);
        if (
          a.type === 'fallBack' &&
          a.effects?.some((e) => (e.symbol === 'fire' || e.symbol === 'wind') && !('draw' in e))
        )
          fireWindMs.push(dt);
        s = res.state;
        const broken = brokenInvariant(s, neutral);
        if (broken) throw new Error(`seats ${seats} game ${g}: ${broken}`);
        neutral = Object.values(s.states)
          .flat()
          .filter((o) => o === 'neutral').length;
        if (!mid && seats === 4 && s.round === 4 && s.phase === 'battle') mid = s;
      }
      gameMs.push(spent);
      rounds.push(s.round);
    }
    results.push({
      name: `${seats}-seat random game (engine time)`,
      value: median(gameMs),
      unit: 'ms',
      note: `median of ${GAMES} random legal games, all property checks passed; p95 ${percentile(gameMs, 95).toFixed(1)} ms; median ${median(rounds)} rounds`,
    });
  }
  results.push({
    name: 'card game apply',
    value: median(applyMs),
    unit: 'ms',
    note: `median over ${applyMs.length} actions; p99 ${percentile(applyMs, 99).toFixed(3)} ms`,
  });
  results.push({
    name: 'fall back with Fire or Wind',
    value: median(fireWindMs),
    unit: 'ms',
    note: `median over ${fireWindMs.length} fall backs; p99 ${percentile(fireWindMs, 99).toFixed(3)} ms`,
  });
  if (mid) {
    const view = publicView(mid);
    const first = await renderCardTable(view);
    const size = `${first.width} × ${first.height}`;
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await renderCardTable(view);
      times.push(performance.now() - t);
    }
    results.push({
      name: 'card table image',
      value: median(times),
      unit: 'ms',
      note: `median of 20 renders of a 4-seat round-4 table (${size} px), warm, on the calling thread`,
    });
  }
  return results;
}
