/**
 * The computer player's levels (src/ai/levels.ts; contract: docs/ai.md "Levels"): at every level, in every
 * variant and in the card game, the answer is legal and complete, the same request and seed give the same answer,
 * `hard` is today's player unchanged, and the lower levels really decide differently. Strength per level is
 * measured in the bench (docs/benchmarks.md), never here.
 */
import { describe, expect, it } from 'vitest';
import { aiOrders, LEVELS, toTexts, type Level } from '../../src/ai/index.js';
import { cardAiAction } from '../../src/ai/cards/index.js';
import { aiCommand } from '../../src/cli/commands/ai.js';
import { cardsCommand } from '../../src/cli/commands/cards.js';
import { apply, newGame, privateView, type CardGameState } from '../../src/cardgame/index.js';
import { adjudicate, powersToAct } from '../../src/engine/index.js';
import { readOrder } from '../../src/engine/parse/index.js';
import type { PowerOrder } from '../../src/engine/types.js';
import { getVariant } from '../../src/variants/index.js';
import { notListed } from './cards/listed.js';
import { randomPosition, testVariants, type TestPosition } from './positions.js';
import { prng, randomAction } from '../cardgame/random-game.js';

/** Random positions of a variant: the start, and after some random phases (made once per variant). */
const positions = new Map<ReturnType<typeof testVariants>[number], TestPosition[]>();
const positionsOf = (variant: ReturnType<typeof testVariants>[number]) => {
  let made = positions.get(variant);
  if (!made) positions.set(variant, (made = [0, 4, 9].map((phases) => randomPosition(variant, 31 + phases, phases))));
  return made;
};

/** A small search budget keeps the test quick (legality and determinism do not depend on it). */
const BUDGET = 60;

function ordersAt(t: TestPosition, level: Level, seed = 'lvl'): PowerOrder[] {
  const powers = powersToAct(t.variant, t.position).filter((p) => t.players.includes(p));
  return powers.flatMap((power) =>
    aiOrders({ variant: t.variant, position: t.position, power, players: t.players, seed, level, budget: BUDGET }),
  );
}

/**
 * ordersAt with the default seed, kept per position and level: the legality check's answers are also the first of the
 * two answers the determinism check compares (the second is always asked anew).
 */
const answered = new Map<TestPosition, Map<Level, PowerOrder[]>>();
function ordersOnce(t: TestPosition, level: Level): PowerOrder[] {
  let byLevel = answered.get(t);
  if (!byLevel) answered.set(t, (byLevel = new Map()));
  let orders = byLevel.get(level);
  if (!orders) byLevel.set(level, (orders = ordersAt(t, level)));
  return orders;
}

describe('Diplomacy levels', () => {
  for (const variant of testVariants()) {
    it(`${variant.id}: every level's orders are read back and adjudicated without an illegal one`, () => {
      for (const t of positionsOf(variant)) {
        for (const level of ['easy', 'normal'] as const) {
          const orders = ordersOnce(t, level);
          for (const { power, text } of toTexts(t.variant, orders)) {
            const read = readOrder(t.variant, text, { position: t.position });
            expect(read.ok, `${t.label} ${level}: ${power} "${text}"`).toBe(true);
          }
          const result = adjudicate(t.variant, t.position, orders, { players: [...t.players] });
          const illegal = result.results.filter((r) => r.result === 'illegal');
          expect(illegal, `${t.label} ${level}`).toEqual([]);
        }
      }
    });

    it(`${variant.id}: the same request and seed give the same answer at every level`, () => {
      const t = positionsOf(variant)[1]!;
      for (const level of ['easy', 'normal'] as const)
        expect(toTexts(t.variant, ordersOnce(t, level))).toEqual(toTexts(t.variant, ordersAt(t, level)));
    });
  }

  it('hard is the player without a level: the same orders for the same seed', () => {
    const classic = getVariant('classic')!;
    const t = randomPosition(classic, 5, 4);
    for (const power of powersToAct(classic, t.position).slice(0, 3)) {
      const request = { variant: classic, position: t.position, power, players: t.players, seed: 'h', budget: 60 };
      expect(aiOrders({ ...request, level: 'hard' })).toEqual(aiOrders(request));
    }
  });

  /** Fall 1905: France holds `centres`, and London stands empty beside its fleet in the Channel. */
  function londonOpen(centres: string[]) {
    const classic = getVariant('classic')!;
    const start = classic.startingPosition();
    const unit = (power: string, type: 'A' | 'F', province: string) => ({ power, type, province, coast: null });
    const position = {
      ...start,
      phase: { season: 'fall' as const, year: 1905, type: 'movement' as const },
      units: [
        unit('France', 'F', 'eng'),
        unit('France', 'A', 'par'),
        unit('France', 'A', 'mar'),
        unit('France', 'A', 'bel'),
        unit('France', 'A', 'mun'),
        unit('England', 'F', 'nwy'),
        unit('Germany', 'A', 'sil'),
      ],
      supplyCenters: {
        ...start.supplyCenters,
        France: centres,
        Germany: start.supplyCenters.Germany!.filter((c) => !centres.includes(c)),
        England: ['lon', 'edi', 'lvp', 'nwy'],
      },
    };
    return (level: Level, budget?: number, seed = 'c') =>
      toTexts(
        classic,
        aiOrders({ variant: classic, position, power: 'France', seed, level, ...(budget ? { budget } : {}) }),
      ).map((o) => o.text);
  }

  it('normal is content with twice its fair share: past it, an undefended centre is taken by hard, not by normal', () => {
    // 10 of 34 centres: more than 2 × 34/7.
    const texts = londonOpen(['par', 'mar', 'bre', 'spa', 'por', 'bel', 'hol', 'mun', 'ber', 'kie']);
    expect(texts('hard', 200)).toContain('F eng - lon');
    expect(texts('normal', 200)).not.toContain('F eng - lon');
  });

  it('easy is content with its fair share: past it, the undefended centre is taken by normal, not by easy', () => {
    // 6 of 34 centres: more than 34/7, less than twice that.
    const texts = londonOpen(['par', 'mar', 'bre', 'spa', 'por', 'bel']);
    expect(texts('normal', 200)).toContain('F eng - lon');
    for (const seed of ['a', 'b', 'c']) expect(texts('easy', undefined, seed), seed).not.toContain('F eng - lon');
  });

  it('easy decides differently from hard somewhere (the level reaches the search)', () => {
    const classic = getVariant('classic')!;
    const movements = [0, 3, 6, 9, 12]
      .map((phases) => randomPosition(classic, 71 + phases, phases))
      .filter((t) => t.position.phase.type === 'movement');
    expect(movements.length).toBeGreaterThan(1);
    const differs = movements.some((t) => {
      const easy = toTexts(classic, ordersAt(t, 'easy'));
      const hard = toTexts(classic, ordersAt(t, 'hard'));
      return JSON.stringify(easy) !== JSON.stringify(hard);
    });
    expect(differs).toBe(true);
  });
});

describe('the CLI takes a level', () => {
  const classic = getVariant('classic')!;
  const start = classic.startingPosition();
  const spring1901 = { phase: start.phase, units: start.units, supplyCenters: start.supplyCenters };
  const run = async (input: unknown, args: string[]) => {
    const r = await aiCommand(['orders', '--power', 'France', '--seed', '3', ...args], JSON.stringify(input));
    return { ...r, out: r.code === 0 ? JSON.parse(r.stdout) : undefined };
  };

  it("--level and a case's level give the same answer; a case's level wins over the flag", async () => {
    const byFlag = await run(spring1901, ['--level', 'easy']);
    const byCase = await run({ ...spring1901, level: 'easy' }, ['--level', 'hard']);
    expect(byFlag.code, byFlag.stderr).toBe(0);
    expect(byCase.out).toEqual(byFlag.out);
    const direct = toTexts(
      classic,
      aiOrders({ variant: classic, position: start, power: 'France', seed: '3', level: 'easy', options: {} }),
    );
    expect(byFlag.out.orders).toEqual(direct);
  });

  it('an unknown level exits 2 naming the level and the choices', async () => {
    const flag = await run(spring1901, ['--level', 'medium']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/--level: expected easy, normal, hard \(got "medium"\)/);
    const own = await run({ ...spring1901, level: 3 }, []);
    expect(own.code).toBe(2);
    expect(own.stderr).toMatch(/level: expected easy, normal, hard \(got 3\)/);
  });

  it('ai declare and cards ai accept --level', async () => {
    const declare = await aiCommand(
      ['declare', '--variant', 'classic', '--level', 'easy'],
      JSON.stringify({ ...spring1901, orders: [] }),
    );
    expect(declare.code, declare.stderr).toBe(0);
    const s = newGame({ seats: 2, seed: 'lvl-cli' });
    const cards = await cardsCommand(['ai', '--seat', '0', '--level', 'normal'], JSON.stringify(privateView(s, 0)));
    expect(cards.code, cards.stderr).toBe(0);
    const bad = await cardsCommand(['ai', '--seat', '0', '--level', 'expert'], JSON.stringify(privateView(s, 0)));
    expect(bad.code).toBe(2);
  });
});

describe('card game levels', () => {
  const seatToAct = (s: CardGameState) => (s.phase === 'choose' ? s.chooser!.seat : s.turnSeat!);
  /** Tables played at random to a point where a seat is to act in a battle or a choice of battle. */
  const tables = [
    [2, 1, 6],
    [2, 7, 12],
    [3, 2, 14],
    [4, 3, 25],
    [5, 4, 40],
    [2, 9, 20],
  ].map(([seats, seed, steps]) => {
    const r = prng(seed!);
    let s = newGame({ seats: seats!, seed: `lvl-${seed}` });
    for (let i = 0; i < steps! && s.phase !== 'finished'; i++) {
      const next = apply(s, randomAction(s, r));
      if (!next.ok || next.state.phase === 'finished') break;
      s = next.state;
    }
    return s;
  });

  it('every level answers with an action cards legal lists, the same for the same seed', () => {
    for (const level of LEVELS) {
      for (const s of tables) {
        const seat = s.phase === 'give' ? 0 : seatToAct(s);
        for (const seed of ['a', 'b', 'c']) {
          const options = { seed, level, ...(level === 'hard' ? { playouts: 20 } : {}) };
          const action = cardAiAction(privateView(s, seat), options);
          expect(action).not.toBe(null);
          expect(notListed(s, seat, action!), `${level} ${seed}`).toBe(null);
          expect(cardAiAction(privateView(s, seat), options)).toEqual(action);
        }
      }
    }
  });

  it("easy sometimes takes another of its few best actions than the fast policy's own pick", () => {
    let differs = 0;
    for (const s of tables) {
      if (s.phase === 'give') continue;
      const seat = seatToAct(s);
      for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
        const easy = cardAiAction(privateView(s, seat), { seed, level: 'easy' });
        const quick = cardAiAction(privateView(s, seat), { seed, playouts: 0 });
        if (JSON.stringify(easy) !== JSON.stringify(quick)) differs++;
      }
    }
    expect(differs).toBeGreaterThan(0);
  });
});
