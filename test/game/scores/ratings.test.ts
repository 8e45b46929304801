/**
 * Ratings (docs/bot.md, "Ratings"): openskill's Weng-Lin update, checked for what it must do — the better place gains
 * more, tied places gain alike, computer players never move a person's rating unless the game says so — and against
 * the library's own numbers for the same match, never against figures of our own.
 */
import { rate } from 'openskill';
import { describe, expect, it } from 'vitest';
import {
  displayRating,
  newRating,
  rateGame,
  RATING_MODEL,
  RatingError,
  type RatedSeat,
  type Rating,
} from '../../../src/game/scores/ratings.js';

const person = (id: string, rating: Rating | null = null) => ({ id, computer: false, rating });
const computer = (id: string, rating: Rating | null = null) => ({ id, computer: true, rating });
const seat = (name: string, rank: number, ...members: RatedSeat['members'][number][]): RatedSeat => ({
  seat: name,
  rank,
  members,
});

/** Classic's solo row of docs/bot.md "Scoring": R 1, F 2, G 3, E and T 4, I 6, A 7 — everyone new. */
const SOLO: RatedSeat[] = [
  seat('Russia', 1, person('r')),
  seat('France', 2, person('f')),
  seat('Germany', 3, person('g')),
  seat('England', 4, person('e')),
  seat('Turkey', 4, person('t')),
  seat('Italy', 6, person('i')),
  seat('Austria', 7, person('a')),
];

const afterOf = (changes: ReturnType<typeof rateGame>) => new Map(changes.map((c) => [c.id, c.after]));

describe('rateGame: the direction of every change', () => {
  it('a solo: the better the place, the higher the new rating; tied places move alike', () => {
    const after = afterOf(rateGame(SOLO));
    const mu = (id: string) => after.get(id)!.mu;
    const start = newRating().mu;
    expect(mu('r')).toBeGreaterThan(mu('f'));
    expect(mu('f')).toBeGreaterThan(mu('g'));
    expect(mu('g')).toBeGreaterThan(mu('e'));
    expect(mu('e')).toBe(mu('t'));
    expect(mu('t')).toBeGreaterThan(mu('i'));
    expect(mu('i')).toBeGreaterThan(mu('a'));
    expect(mu('r')).toBeGreaterThan(start);
    expect(mu('a')).toBeLessThan(start);
    // Every rating is surer after a game.
    for (const r of after.values()) expect(r.sigma).toBeLessThan(newRating().sigma);
  });

  it('gives the library’s own numbers for the same match (ties passed as equal ranks)', () => {
    const fromLibrary = rate(
      SOLO.map(() => [newRating()]),
      { ...RATING_MODEL, rank: SOLO.map((s) => s.rank) },
    );
    expect(rateGame(SOLO).map((c) => c.after)).toEqual(fromLibrary.map(([r]) => ({ mu: r!.mu, sigma: r!.sigma })));
  });

  it('a draw of five: the five members end equal and up, the eliminated down', () => {
    const draw = SOLO.map((s, i) => ({ ...s, rank: i < 5 ? 1 : i + 1 }));
    const after = afterOf(rateGame(draw));
    const start = newRating().mu;
    for (const id of ['f', 'g', 'e', 't']) expect(after.get(id)).toEqual(after.get('r'));
    expect(after.get('r')!.mu).toBeGreaterThan(start);
    expect(after.get('i')!.mu).toBeLessThan(start);
    expect(after.get('a')!.mu).toBeLessThan(after.get('i')!.mu);
  });

  it("a draw's members end ahead of every place below them (the library's default model breaks this with ties)", () => {
    // Two powers draw, five below them by centres: the drawn pair must not end below the third place.
    const ranks = [1, 1, 3, 4, 5, 6, 7];
    const seats = ranks.map((rank, i) => seat(`P${i}`, rank, person(`p${i}`)));
    const after = rateGame(seats).map((c) => c.after.mu);
    for (let i = 1; i < after.length; i++)
      expect(after[i - 1], `place ${ranks[i - 1]} against ${ranks[i]}`).toBeGreaterThanOrEqual(after[i]!);
    expect(after[0]).toBe(after[1]);
    // The same match through openskill's default (Plackett-Luce): the drawn pair ends below the third.
    const defaultModel = rate(
      ranks.map(() => [newRating()]),
      { rank: ranks },
    );
    expect(defaultModel[0]![0]!.mu).toBeLessThan(defaultModel[2]![0]!.mu);
  });

  it('one game of 21 powers leaves every rating uncertain', () => {
    const seats = Array.from({ length: 21 }, (_, i) => seat(`P${i}`, i < 3 ? 1 : i + 1, person(`p${i}`)));
    for (const c of rateGame(seats)) expect(c.after.sigma).toBeGreaterThan(newRating().sigma / 2);
  });

  it('beating a stronger member gains more than beating an equal one', () => {
    const strong = { mu: 35, sigma: 4 };
    const even = rateGame([seat('A', 1, person('x')), seat('B', 2, person('y'))]);
    const upset = rateGame([seat('A', 1, person('x')), seat('B', 2, person('y', strong))]);
    const gain = (changes: ReturnType<typeof rateGame>) => changes[0]!.after.mu - changes[0]!.before.mu;
    expect(gain(upset)).toBeGreaterThan(gain(even));
    expect(upset[1]!.after.mu).toBeLessThan(strong.mu);
  });

  it('does not depend on the order the seats are listed in', () => {
    const forward = afterOf(rateGame(SOLO));
    const backward = afterOf(rateGame([...SOLO].reverse()));
    for (const [id, r] of forward) {
      expect(backward.get(id)!.mu, id).toBeCloseTo(r.mu, 12);
      expect(backward.get(id)!.sigma, id).toBeCloseTo(r.sigma, 12);
    }
  });

  it("a seat played by two members (a substitute): both move with the seat's place", () => {
    const after = afterOf(rateGame([seat('A', 1, person('first'), person('substitute')), seat('B', 2, person('y'))]));
    expect(after.get('first')!.mu).toBeGreaterThan(newRating().mu);
    expect(after.get('substitute')!.mu).toBeGreaterThan(newRating().mu);
    expect(after.get('y')!.mu).toBeLessThan(newRating().mu);
  });

  it('shows mu − 3 sigma: 0 for a newcomer, rising after a win', () => {
    expect(displayRating(newRating())).toBeCloseTo(0, 12);
    const [winner] = rateGame(SOLO);
    expect(winner!.shownBefore).toBeCloseTo(0, 12);
    expect(winner!.shownAfter).toBeGreaterThan(0);
    expect(winner!.shownAfter).toBe(displayRating(winner!.after));
  });
});

describe('computer players are rated apart', () => {
  /** Two people and five computer seats; the computers take the first places. */
  const MIXED: RatedSeat[] = [
    seat('Russia', 1, computer('computer:Russia')),
    seat('France', 2, computer('computer:France')),
    seat('Germany', 3, person('g')),
    seat('England', 4, computer('computer:England')),
    seat('Turkey', 5, person('t')),
    seat('Italy', 6, computer('computer:Italy')),
    seat('Austria', 7, computer('computer:Austria')),
  ];

  it("by default a person's change is that of the match of the people alone", () => {
    const mixed = afterOf(rateGame(MIXED));
    const peopleOnly = afterOf(rateGame(MIXED.filter((s) => !s.members[0]!.computer)));
    expect(mixed.get('g')).toEqual(peopleOnly.get('g'));
    expect(mixed.get('t')).toEqual(peopleOnly.get('t'));
  });

  it("one person among computers: the person's rating does not move, unless the game says so", () => {
    const alone = MIXED.map((s) => (s.seat === 'Turkey' ? seat('Turkey', 5, computer('computer:Turkey')) : s));
    const byDefault = rateGame(alone).find((c) => c.id === 'g')!;
    expect(byDefault.after).toEqual(byDefault.before);
    const counted = rateGame(alone, { peopleAgainstComputers: true }).find((c) => c.id === 'g')!;
    // Third of seven: ahead of four, behind two equal opponents.
    expect(counted.after).not.toEqual(counted.before);
  });

  it('the computers are rated on the whole match, people as their opponents', () => {
    const changes = rateGame(MIXED);
    const everyone = rate(
      MIXED.map(() => [newRating()]),
      { ...RATING_MODEL, rank: MIXED.map((s) => s.rank) },
    );
    MIXED.forEach((s, i) => {
      const c = changes.find((x) => x.seat === s.seat)!;
      if (c.computer) expect(c.after).toEqual({ mu: everyone[i]![0]!.mu, sigma: everyone[i]![0]!.sigma });
    });
    expect(changes.find((c) => c.id === 'computer:Russia')!.after.mu).toBeGreaterThan(newRating().mu);
  });

  it('with peopleAgainstComputers every member moves as in the whole match', () => {
    const changes = rateGame(MIXED, { peopleAgainstComputers: true });
    const everyone = rate(
      MIXED.map(() => [newRating()]),
      { ...RATING_MODEL, rank: MIXED.map((s) => s.rank) },
    );
    expect(changes.map((c) => c.after)).toEqual(everyone.map(([r]) => ({ mu: r!.mu, sigma: r!.sigma })));
  });

  it('a demonstration table (computers only) moves no person and rates the computers', () => {
    const demo = MIXED.map((s, i) => seat(s.seat, s.rank, computer(`computer:${i}`)));
    const changes = rateGame(demo);
    // Every computer's rating is surer after the game (the middle place of seven equals keeps its mean).
    for (const c of changes) expect(c.after.sigma).toBeLessThan(c.before.sigma);
    expect(changes[0]!.after.mu).toBeGreaterThan(changes[0]!.before.mu);
  });
});

describe('input the caller got wrong is refused', () => {
  it.each([
    [
      'a member in two seats',
      [seat('A', 1, person('x')), seat('B', 2, person('x'))],
      /x plays in two seats \(A and B\)/,
    ],
    ['a place of 0', [seat('A', 0, person('x')), seat('B', 2, person('y'))], /seat A: place 0/],
    ['a seat without members', [seat('A', 1), seat('B', 2, person('y'))], /seat A has no member/],
    [
      'a broken rating',
      [seat('A', 1, person('x', { mu: Number.NaN, sigma: 1 })), seat('B', 2, person('y'))],
      /x: rating/,
    ],
  ] as [string, RatedSeat[], RegExp][])('%s', (_, seats, message) => {
    expect(() => rateGame(seats)).toThrow(RatingError);
    expect(() => rateGame(seats)).toThrow(message);
  });
});
