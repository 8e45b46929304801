/**
 * Scoring systems against hand-computed tables (docs/bot.md, "Scoring"): one table per system, each row one game's
 * end, the points worked out by hand from the formulas of that section. Classic's seven powers and 34 centres.
 */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../../src/engine/types.js';
import {
  factsFromBoards,
  potOf,
  scoreGame,
  ScoringError,
  type GameFacts,
  type ScoringSystem,
} from '../../../src/game/scores/scoring.js';
import type { GameEnd } from '../../../src/store/schema.js';

const POWERS = ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey'];

/** The game ends of the tables. Eliminated powers fell after the phase index given (later = larger). */
const GAMES: Record<string, Omit<GameFacts, 'powers' | 'totalCentres'>> = {
  // Russia 18 of 34: a solo. Italy fell after Austria.
  solo: {
    centres: { Russia: 18, France: 6, Germany: 4, Turkey: 3, England: 3 },
    eliminated: { Austria: 10, Italy: 20 },
    end: { kind: 'solo', winner: 'Russia' },
  },
  // Five survivors draw (strict DIAS): 14-7-6-4-3.
  drawOfFive: {
    centres: { Russia: 14, Turkey: 7, France: 6, Germany: 4, England: 3 },
    eliminated: { Austria: 10, Italy: 20 },
    end: { kind: 'draw', powers: ['England', 'France', 'Germany', 'Russia', 'Turkey'] },
  },
  // Six survivors draw, England and Russia tie on 8: 8-8-7-6-4-1.
  drawOfSix: {
    centres: { England: 8, Russia: 8, France: 7, Turkey: 6, Italy: 4, Austria: 1 },
    eliminated: { Germany: 12 },
    end: { kind: 'draw', powers: ['Austria', 'England', 'France', 'Italy', 'Russia', 'Turkey'] },
  },
  // Everyone else concedes to France, who holds 12.
  concession: {
    centres: { France: 12, England: 9, Germany: 7, Italy: 6 },
    eliminated: { Austria: 8, Russia: 14, Turkey: 14 },
    end: { kind: 'concession', winner: 'France' },
  },
  // The game master ends the game of `drawOfFive`'s board: a draw of every survivor.
  abandoned: {
    centres: { Russia: 14, Turkey: 7, France: 6, Germany: 4, England: 3 },
    eliminated: { Austria: 10, Italy: 20 },
    end: { kind: 'abandoned' },
  },
};

const facts = (game: string): GameFacts => ({ powers: POWERS, totalCentres: 34, ...GAMES[game]! });

/** Points by power, in the table's column order (A E F G I R T). */
function pointsRow(system: ScoringSystem, game: string): number[] {
  const byPower = new Map(scoreGame(system, facts(game)).scores.map((s) => [s.power, s.points]));
  return POWERS.map((p) => byPower.get(p)!);
}

const TABLES: Record<ScoringSystem, [string, number[]][]> = {
  //                    Austria  England  France  Germany  Italy  Russia  Turkey
  'draw-size': [
    ['solo', [0, 0, 0, 0, 0, 100, 0]],
    ['drawOfFive', [0, 20, 20, 20, 0, 20, 20]], // 100 / 5
    ['drawOfSix', [100 / 6, 100 / 6, 100 / 6, 0, 100 / 6, 100 / 6, 100 / 6]], // 16.67 each
    ['concession', [0, 0, 100, 0, 0, 0, 0]],
    ['abandoned', [0, 20, 20, 20, 0, 20, 20]],
  ],
  // Draws: 100 × c² / Σc². Five: Σ = 196 + 49 + 36 + 16 + 9 = 306. Six: Σ = 64 + 64 + 49 + 36 + 16 + 1 = 230.
  'sum-of-squares': [
    ['solo', [0, 0, 0, 0, 0, 100, 0]],
    ['drawOfFive', [0, 900 / 306, 3600 / 306, 1600 / 306, 0, 19600 / 306, 4900 / 306]], // 2.94, 11.76, 5.23, 64.05, 16.01
    ['drawOfSix', [100 / 230, 6400 / 230, 4900 / 230, 0, 1600 / 230, 6400 / 230, 3600 / 230]], // 0.43, 27.83, 21.30, 6.96, 27.83, 15.65
    ['concession', [0, 0, 100, 0, 0, 0, 0]],
    ['abandoned', [0, 900 / 306, 3600 / 306, 1600 / 306, 0, 19600 / 306, 4900 / 306]],
  ],
  'solo-or-nothing': [
    ['solo', [0, 0, 0, 0, 0, 100, 0]],
    ['drawOfFive', [0, 0, 0, 0, 0, 0, 0]],
    ['drawOfSix', [0, 0, 0, 0, 0, 0, 0]],
    ['concession', [0, 0, 100, 0, 0, 0, 0]],
    ['abandoned', [0, 0, 0, 0, 0, 0, 0]],
  ],
  // Pot 1000 × 7·8/2 + 34 = 28,034. Places 7000 … 1000 plus a point a centre; the eliminated by when they fell.
  carnage: [
    ['solo', [0, 0, 0, 0, 0, 28034, 0]],
    ['drawOfFive', [1000, 3003, 5006, 4004, 2000, 7014, 6007]],
    // England and Russia share 1st and 2nd: (7000 + 6000) / 2 + 8 = 6508.
    ['drawOfSix', [2001, 6508, 5007, 1000, 3004, 6508, 4006]],
    ['concession', [0, 0, 28034, 0, 0, 0, 0]],
    ['abandoned', [1000, 3003, 5006, 4004, 2000, 7014, 6007]],
  ],
};

describe('scoring systems: hand-computed tables (docs/bot.md "Scoring")', () => {
  for (const [system, rows] of Object.entries(TABLES) as [ScoringSystem, [string, number[]][]][]) {
    describe(system, () => {
      it.each(rows)('%s', (game, expected) => {
        const got = pointsRow(system, game);
        got.forEach((points, i) => expect(points, POWERS[i]).toBeCloseTo(expected[i]!, 9));
      });
    });
  }

  it('gives out the whole pot in a solo and in a DSS or SoS draw', () => {
    for (const system of ['draw-size', 'sum-of-squares'] as const) {
      for (const game of Object.keys(GAMES)) {
        const total = scoreGame(system, facts(game)).scores.reduce((a, s) => a + s.points, 0);
        expect(total, `${system} ${game}`).toBeCloseTo(100, 9);
      }
    }
  });

  it("Carnage's pot grows with the powers: 21 powers and 100 centres", () => {
    expect(potOf('carnage', { powers: POWERS, totalCentres: 34 })).toBe(28034);
    expect(potOf('carnage', { powers: Array.from({ length: 21 }, (_, i) => `P${i}`), totalCentres: 100 })).toBe(
      231_100,
    );
  });

  it('Carnage: powers eliminated at the same time split their places', () => {
    const s = scoreGame('carnage', facts('concession'));
    const tied = {
      ...facts('concession'),
      end: { kind: 'draw', powers: ['England', 'France', 'Germany', 'Italy'] } as GameEnd,
    };
    expect(s.scores.find((x) => x.power === 'France')!.points).toBe(28034);
    const byPower = new Map(scoreGame('carnage', tied).scores.map((x) => [x.power, x.points]));
    // France 12, England 9, Germany 7, Italy 6 take 7000 … 4000; Russia and Turkey (fell together, after Austria)
    // share 3000 and 2000; Austria, first out, 1000.
    expect([...byPower.entries()].sort()).toEqual([
      ['Austria', 1000],
      ['England', 6009],
      ['France', 7012],
      ['Germany', 5007],
      ['Italy', 4006],
      ['Russia', 2500],
      ['Turkey', 2500],
    ]);
  });

  it('SoS: a draw whose members own no centre shares equally', () => {
    const bare: GameFacts = {
      powers: ['A', 'B', 'C'],
      totalCentres: 3,
      centres: { C: 0 },
      eliminated: { C: 1 },
      end: { kind: 'draw', powers: ['A', 'B'] },
    };
    expect(scoreGame('sum-of-squares', bare).scores.map((s) => [s.power, s.points])).toEqual([
      ['A', 50],
      ['B', 50],
      ['C', 0],
    ]);
  });
});

describe('places for the ratings: the same in every system', () => {
  const places = (game: string) =>
    Object.fromEntries(scoreGame('draw-size', facts(game)).scores.map((s) => [s.power, [s.outcome, s.rank]]));

  it('a solo: the winner first, the others by centres, the eliminated last, the later fallen first', () => {
    expect(places('solo')).toEqual({
      Russia: ['won', 1],
      France: ['survived', 2],
      Germany: ['survived', 3],
      England: ['survived', 4],
      Turkey: ['survived', 4],
      Italy: ['eliminated', 6],
      Austria: ['eliminated', 7],
    });
  });

  it("a draw: its members tied first whatever their centres; a game master's ending likewise", () => {
    const expected = {
      England: ['drawn', 1],
      France: ['drawn', 1],
      Germany: ['drawn', 1],
      Russia: ['drawn', 1],
      Turkey: ['drawn', 1],
      Italy: ['eliminated', 6],
      Austria: ['eliminated', 7],
    };
    expect(places('drawOfFive')).toEqual(expected);
    expect(places('abandoned')).toEqual(expected);
  });

  it('does not depend on the scoring system, and lists the best first in the variant order', () => {
    for (const game of Object.keys(GAMES)) {
      const ranks = (system: ScoringSystem) => scoreGame(system, facts(game)).scores.map((s) => `${s.power}:${s.rank}`);
      expect(ranks('carnage')).toEqual(ranks('draw-size'));
      expect(ranks('solo-or-nothing')).toEqual(ranks('sum-of-squares'));
    }
    expect(scoreGame('draw-size', facts('drawOfSix')).scores.map((s) => s.power)).toEqual([
      'Austria',
      'England',
      'France',
      'Italy',
      'Russia',
      'Turkey',
      'Germany',
    ]);
  });

  it('a draw that leaves a survivor out ranks it after the members', () => {
    const partial = { ...facts('drawOfFive'), end: { kind: 'draw', powers: ['Russia', 'Turkey'] } as GameEnd };
    const s = scoreGame('draw-size', partial).scores;
    expect(s.map((x) => [x.power, x.outcome, x.rank, x.points])).toEqual([
      ['Russia', 'drawn', 1, 50],
      ['Turkey', 'drawn', 1, 50],
      ['France', 'survived', 3, 0],
      ['Germany', 'survived', 4, 0],
      ['England', 'survived', 5, 0],
      ['Italy', 'eliminated', 6, 0],
      ['Austria', 'eliminated', 7, 0],
    ]);
  });
});

describe('facts that contradict themselves are refused', () => {
  const cases: [string, Partial<GameFacts>, RegExp][] = [
    ['a winner not scored', { end: { kind: 'solo', winner: 'Spain' } }, /Spain, which is not among the powers/],
    ['an eliminated winner', { end: { kind: 'concession', winner: 'Austria' } }, /Austria wins but is eliminated/],
    [
      'an eliminated power in the draw',
      { end: { kind: 'draw', powers: ['Italy', 'Russia'] } },
      /Italy is in the draw but eliminated/,
    ],
    ['an empty draw', { end: { kind: 'draw', powers: [] } }, /a draw of no power/],
    ['an eliminated power with centres', { eliminated: { Russia: 3 } }, /Russia is eliminated but owns 18 centres/],
    ['a negative count', { centres: { Russia: -1 } }, /centres of Russia: -1 is not a count/],
    ['a power twice', { powers: [...POWERS, 'Russia'] }, /a power is listed twice/],
  ];
  it.each(cases)('%s', (_, change, message) => {
    expect(() => scoreGame('draw-size', { ...facts('solo'), ...change })).toThrow(ScoringError);
    expect(() => scoreGame('draw-size', { ...facts('solo'), ...change })).toThrow(message);
  });
});

describe('the facts of a game from its boards', () => {
  const board = (units: [string, string][], centres: Record<string, string[]>): Position => ({
    phase: { season: 'spring', year: 1901, type: 'movement' },
    units: units.map(([power, province]) => ({ power, type: 'A', province, coast: null })),
    dislodged: [],
    contested: [],
    supplyCenters: centres,
  });
  it('final centres; the eliminated at the first board they never held anything again, survivors with units only kept', () => {
    const boards = [
      board(
        [
          ['A', 'a1'],
          ['B', 'b1'],
          ['C', 'c1'],
        ],
        { A: ['a1'], B: ['b1'], C: ['c1'] },
      ),
      board(
        [
          ['A', 'a1'],
          ['B', 'b1'],
        ],
        { A: ['a1', 'c1'], B: ['b1'] },
      ),
      board(
        [
          ['A', 'a1'],
          ['A', 'b1'],
          ['D', 'x'],
        ],
        { A: ['a1', 'c1', 'b1'] },
      ),
      board(
        [
          ['A', 'a1'],
          ['A', 'b1'],
          ['D', 'x'],
        ],
        { A: ['a1', 'c1', 'b1'] },
      ),
    ];
    const facts = factsFromBoards({
      powers: ['A', 'B', 'C', 'D', 'E'],
      totalCentres: 3,
      end: { kind: 'solo', winner: 'A' },
      boards,
    });
    expect(facts.centres).toEqual({ A: 3, B: 0, C: 0, D: 0, E: 0 });
    // C had nothing from board 1 on, B from board 2; D survives on a unit alone; E never had anything.
    expect(facts.eliminated).toEqual({ B: 2, C: 1, E: 0 });
    expect(
      scoreGame('carnage', { ...facts, end: { kind: 'draw', powers: ['A', 'D'] } }).scores.map((s) => [
        s.power,
        s.rank,
      ]),
    ).toEqual([
      ['A', 1],
      ['D', 1],
      ['B', 3],
      ['C', 4],
      ['E', 5],
    ]);
  });
});
