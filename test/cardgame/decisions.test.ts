/**
 * The decision register of docs/rules/card-game.md "Decision register" (D-1…D-28): one test per decision, named `D-n
 * …`, so that changing a decision breaks exactly its tests.
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  claimPreview,
  controlRound,
  DATA,
  DECK_IDS,
  effectChoices,
  legalActions,
  newGame,
  privateView,
  publicView,
  defaultGive,
} from '../../src/cardgame/index.js';
import { card } from '../../src/cardgame/cards.js';
import { claimsOfEvent, play, refused, table } from './fixtures.js';

const alone = (
  dynasty: 'qin' | 'yan' | 'qi' | 'chu' | 'jin',
  hand: string[],
  extra: Parameters<typeof table>[0] extends infer T ? Partial<T> : never = {},
) => {
  const others = (['qin', 'yan', 'qi', 'chu', 'jin'] as const).filter((d) => d !== dynasty).slice(0, 2);
  const t = table({
    dynasties: [dynasty, ...others],
    hands: [hand, [], []],
    row: ['wild', 'dark fire', 'dark wind'],
    ...extra,
  });
  t.battle.fallen = [1, 2];
  return t;
};

describe('decision register', () => {
  it('D-1 Spy is a tactic symbol; the strategies are Fire, Forest, Mountain, Wind', () => {
    expect(DATA.symbols.tactics).toEqual(['cavalry', 'chariot', 'crossbow', 'infantry', 'spy']);
    expect(DATA.symbols.strategies).toEqual(['fire', 'forest', 'mountain', 'wind']);
    // so Qi may cover a spy ("cover 1 tactics")
    const t = alone('qi', ['forest/crossbow/spy'], { dynastyCards: true });
    expect(apply(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]!, dynasty: true, cover: 'spy' }).ok).toBe(true);
  });

  it('D-2 the deck: 40 combinations twice, each symbol 3 times as a dark card, 5 wild cards', () => {
    const kinds = DECK_IDS.map((id) => card(id).kind);
    expect([
      kinds.filter((k) => k === 'bright').length,
      kinds.filter((k) => k === 'dark').length,
      kinds.filter((k) => k === 'wild').length,
    ]).toEqual([80, 27, 5]);
    const combos = new Map<string, number>();
    for (const id of DECK_IDS.filter((i) => card(i).kind === 'bright')) {
      const key = [...card(id).symbols].sort().join('/');
      combos.set(key, (combos.get(key) ?? 0) + 1);
    }
    expect(combos.size).toBe(40);
    expect([...combos.values()].every((n) => n === 2)).toBe(true);
  });

  it("D-3 a seat's first bright card of a round need not match anything", () => {
    const t = alone('qin', ['wind/cavalry/chariot']);
    expect(apply(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! }).ok).toBe(true);
  });

  it('D-4 the matching reference is the latest bright card still in front', () => {
    const t = alone(
      'yan',
      ['wind/cavalry/chariot', 'fire/chariot/spy', 'forest/spy/infantry', 'mountain/cavalry/crossbow'],
      { dynastyCards: true },
    );
    const [wcc, fcs, fsi, mcc] = t.ids[0]!;
    const s = play(
      t,
      { type: 'wage', seat: 0, bright: wcc! },
      { type: 'wage', seat: 0, bright: fcs!, dynasty: true, takeBack: fcs! },
    ).state;
    expect(refused(s, { type: 'wage', seat: 0, bright: fsi! })).toMatch(
      /previous bright card .*wind\/cavalry\/chariot/,
    );
    expect(apply(s, { type: 'wage', seat: 0, bright: mcc! }).ok).toBe(true);
  });

  it('D-5 ties never claim, and a claim needs a count of at least 1', () => {
    const t = table({ dynasties: ['qin', 'yan', 'qi'], hands: [['fire/cavalry/chariot'], ['fire/spy/crossbow'], []] });
    t.battle.fallen = [2];
    const s = play(
      t,
      { type: 'wage', seat: 0, bright: t.ids[0]![0]! },
      { type: 'wage', seat: 1, bright: t.ids[1]![0]! },
    ).state;
    const preview = claimPreview(s, 0);
    expect(preview.find((l) => l.symbol === 'fire')!.claimed).toBe(false);
    expect(preview.find((l) => l.symbol === 'wind')!.claimed).toBe(false);
  });

  it('D-6 the last seat in the battle may keep waging battle alone', () => {
    const t = alone('qin', ['fire/cavalry/chariot', 'fire/cavalry/crossbow']);
    const s = play(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! }).state;
    expect(s.turnSeat).toBe(0);
    expect(apply(s, { type: 'wage', seat: 0, bright: t.ids[0]![1]! }).ok).toBe(true);
  });

  it('D-7 the Spy claimer keeps the end-of-round choice even when it took the draw', () => {
    const t = alone('qin', ['fire/cavalry/spy']);
    const s = play(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! }).state;
    const r = play(s, { type: 'fallBack', seat: 0, effects: [{ symbol: 'spy', draw: true }] });
    expect(r.state.chooser).toEqual({ seat: 0, pickStart: true });
  });

  it('D-8 Fire moves every single opponent army it can; one with no room stays', () => {
    const t = alone('qin', ['fire/cavalry/chariot'], { strongholds: { 1: [1, 2], 4: [0, 0], 5: [0] } });
    const s = play(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! }).state;
    const fire = effectChoices(s, 0, 'fire').filter((e) => 'moves' in e && e.stronghold === 1);
    expect(fire).toEqual([{ symbol: 'fire', stronghold: 1, moves: [{ owner: 2, to: 5 }] }]); // 5 has room for one; Yan stays
  });

  it('D-9 Wind passes through empty strongholds only and may end on one with 1 army', () => {
    const t = alone('qin', ['wind/cavalry/chariot'], { strongholds: { 1: [0], 4: [1], 5: [2, 2] } });
    const s = play(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! }).state;
    expect(effectChoices(s, 0, 'wind').filter((e) => 'from' in e && e.from === 1)).toEqual([
      { symbol: 'wind', from: 1, to: 4 },
    ]);
  });

  it('D-10 with no army in supply, placing superiorities can only be draws', () => {
    const t = alone('qin', ['mountain/cavalry/chariot'], { supply: [0, 24, 24], strongholds: { 1: [0] } });
    const s = play(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! }).state;
    expect(['cavalry', 'chariot', 'mountain'].map((x) => effectChoices(s, 0, x as 'cavalry').length)).toEqual([
      0, 0, 0,
    ]);
  });

  it("D-11 a control army with an empty supply comes from the winner's strongholds", () => {
    const t = table({
      dynasties: ['qin', 'yan'],
      states: { lu: [1] },
      strongholds: { 11: [0], 16: [0], 1: [0] },
      supply: [0, 23],
    });
    const r = controlRound(t, [0, 23]);
    expect(r.fromStrongholds).toEqual([{ state: 'lu', stronghold: 1, owner: 0 }]); // 1 borders 1 state; 11 and 16 border 2 and 1 — 1 is lower
  });

  it('D-12 "4 armies" is a physical count: a neutral state with two stacks of 2 around it can change', () => {
    const t = table({ dynasties: ['qin', 'yan'], strongholds: { 10: [0, 0], 15: [0, 0] } });
    expect(controlRound(t).changes).toContainEqual({ state: 'gu', from: 'neutral', to: 0 }); // and Ji, which shares 10 and 15
  });

  it('D-13 the current state may be chosen again if eligible', () => {
    const t = table({ dynasties: ['qin', 'yan'], phase: 'choose', current: 'gu' });
    t.chooser = { seat: 0, pickStart: false };
    expect(apply(t, { type: 'choose', seat: 0, state: 'gu' }).ok).toBe(true);
  });

  it('D-14 Qi cannot cover with a wild card; a covered symbol still matches', () => {
    const t = alone('qi', ['wild', 'fire/cavalry/chariot', 'mountain/chariot/spy'], { dynastyCards: true });
    const [wild, fcc, mcs] = t.ids[0]!;
    expect(refused(t, { type: 'wage', seat: 0, bright: wild!, dynasty: true, cover: 'spy' })).toMatch(/D-14/);
    const s = play(t, { type: 'wage', seat: 0, bright: fcc!, dynasty: true, cover: 'chariot' }).state;
    expect(apply(s, { type: 'wage', seat: 0, bright: mcs! }).ok).toBe(true);
  });

  it('D-15 Yan may take back the bright card just played (a waiting turn)', () => {
    const t = alone('yan', ['wind/cavalry/chariot'], { dynastyCards: true });
    const s = play(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]!, dynasty: true, takeBack: t.ids[0]![0]! }).state;
    expect(s.seats[0]!.hand).toEqual(t.ids[0]);
    expect(s.battle.played[0]).toEqual([{ dynasty: 'yan' }]);
  });

  it('D-16 the +1 card needs "no card played"; a take-back does not undo playing', () => {
    const t = alone('yan', ['wind/cavalry/chariot'], { dynastyCards: true });
    const s = play(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]!, dynasty: true, takeBack: t.ids[0]![0]! }).state;
    expect(play(s, { type: 'fallBack', seat: 0 }).events.some((e) => e.kind === 'extraDraw')).toBe(false);
    expect(play(alone('yan', []), { type: 'fallBack', seat: 0 }).events.some((e) => e.kind === 'extraDraw')).toBe(true);
  });

  it('D-17 tie-break rounds: tied seats only, all 9 superiorities available, no effects; 2 seats get a fresh resistance', () => {
    const t = table({ dynasties: ['qin', 'yan', 'qi'], hands: [['wild'], ['wild'], ['wild']] });
    t.phase = 'tiebreak';
    t.battle.tiebreak = { seats: [0, 2] };
    expect(t.battle.available).toHaveLength(9);
    expect(refused(t, { type: 'fallBack', seat: 1 })).toMatch(/not among the tied seats/);
    const s = play(t, { type: 'fallBack', seat: 0 }).state;
    expect(s.turnSeat).toBe(2); // seat 1 sits out
    const two = table({
      dynasties: ['qin', 'yan'],
      hands: [
        ['fire/cavalry/chariot', 'wild'],
        ['fire/cavalry/chariot', 'wild'],
      ],
      resistance: ['wild'],
    });
    two.phase = 'tiebreak';
    two.battle.tiebreak = { seats: [0, 1] };
    const r = play(
      two,
      { type: 'wage', seat: 0, bright: two.ids[0]![0]! },
      { type: 'wage', seat: 1, bright: two.ids[1]![0]! },
      { type: 'fallBack', seat: 0 },
      { type: 'fallBack', seat: 1 },
    );
    expect(claimsOfEvent(r.events, 0)).toEqual([]); // the wild resistance ties every single symbol
    expect(r.events.some((e) => e.kind === 'resistance')).toBe(true);
    expect(r.state.phase).toBe('tiebreak');
  });

  it('D-18 a stalemate of 3 unchanged rounds or round 40 ends the game', () => {
    const t = table({ dynasties: ['qin', 'yan'], hands: [[], []] });
    t.battle.fallen = [1];
    t.round = 40;
    expect(play(t, { type: 'fallBack', seat: 0 }).state.endReason).toBe('round-cap');
    expect(newGame({ seats: 3, seed: 'x' }).settings).toMatchObject({ stalemateRounds: 3, roundCap: 40 });
  });

  it('D-19 there is no hand limit', () => {
    const many = DECK_IDS.filter((id) => card(id).kind === 'bright').slice(0, 20);
    const t = alone('qin', many);
    const s = play(t, { type: 'fallBack', seat: 0 }).state;
    expect(s.seats[0]!.hand.length).toBe(22); // 20 + 1 recruit (last) + 1 extra
  });

  it('D-20 the start seat of round 1 is drawn from the seed', () => {
    expect(newGame({ seats: 5, seed: 'a' }).startSeat).toBe(newGame({ seats: 5, seed: 'a' }).startSeat);
    const starts = new Set(Array.from({ length: 40 }, (_, i) => newGame({ seats: 5, seed: `s${i}` }).startSeat));
    expect(starts.size).toBeGreaterThan(2);
  });

  it('D-21 the give-away is simultaneous and private; the default gives the 2 weakest cards', () => {
    const g = newGame({ seats: 3, seed: 'give' });
    const r = play(g, { type: 'give', seat: 1 });
    expect(JSON.stringify(publicView(r.state))).not.toContain(JSON.stringify(defaultGive(g.seats[1]!.hand)));
    expect(privateView(r.state, 1).seats[1]!.give).toEqual(defaultGive(g.seats[1]!.hand));
    expect(r.events.map((e) => e.text).join(' ')).not.toMatch(/[BDW]\d/);
    expect(defaultGive(['B01', 'W1', 'D05', 'B02'])).toEqual(['D05', 'B01']);
    const all = play(r.state, { type: 'give', seat: 0 }, { type: 'give', seat: 2 }).state;
    expect([all.phase, all.row.length]).toEqual(['choose', 6]);
  });

  it('D-22 hands are private, hand sizes public', () => {
    const g = newGame({ seats: 4, seed: 'views' });
    const pub = publicView(g);
    expect(pub.seats.map((x) => x.handSize)).toEqual([8, 8, 8, 8]);
    expect(pub.seats.every((x) => x.hand === undefined)).toBe(true);
    const mine = privateView(g, 2);
    expect(mine.seats[2]!.hand).toEqual(g.seats[2]!.hand);
    expect(mine.seats[1]!.hand).toBeUndefined();
    expect(legalActions(g).seat).toBe(null);
  });

  const tiebreakTable = (hands: string[][], strongholds: Record<number, (0 | 1 | 2)[]> = {}) => {
    const t = table({
      dynasties: ['qin', 'yan', 'qi'],
      hands,
      strongholds,
      dynastyCards: true,
      row: ['wild', 'dark fire'],
    });
    t.phase = 'tiebreak';
    t.battle.tiebreak = { seats: [0, 1] };
    t.currentState = null;
    return t;
  };

  it('D-23 a tie-break round that discards no card ends in the stronghold count (it could repeat for ever)', () => {
    const t = tiebreakTable([['wild'], ['wild']], { 1: [1], 2: [1], 3: [0] });
    const r = play(t, { type: 'fallBack', seat: 0 }, { type: 'fallBack', seat: 1 });
    expect([r.state.phase, r.state.winner]).toEqual(['finished', 1]);
    expect(r.events.at(-1)!.text).toMatch(/without a card; Yan has armies in the most strongholds \(2\)/);
    // still tied on strongholds and armies: a shared victory
    const even = play(
      tiebreakTable([['wild'], ['wild']], { 1: [1], 3: [0] }),
      { type: 'fallBack', seat: 0 },
      { type: 'fallBack', seat: 1 },
    );
    expect(even.state.winner).toEqual([0, 1]);
  });

  it('D-23 "run out of battle cards" means no tied seat holds a bright or wild card', () => {
    const states = Object.fromEntries(
      ['zhongshan', 'xing', 'ji', 'zhou', 'wey', 'gu', 'lu', 'zheng', 'song', 'xu'].map((st, i) => [st, [i % 2]]),
    );
    const t = table({
      dynasties: ['qin', 'yan', 'qi'],
      states,
      hands: [['dark fire'], ['dark wind'], ['wild']],
      strongholds: { 1: [0], 2: [0] },
    });
    t.battle.fallen = [1, 2];
    t.deck = []; // nothing to draw: the hands stay dark (cards need not be conserved here)
    t.discard = [];
    const r = play(t, { type: 'fallBack', seat: 0 });
    expect([r.state.phase, r.state.winner]).toEqual(['finished', 0]);
  });

  it('D-24 the tie-break round starts with the first tied seat clockwise from the Spy claimer, else from the last seat to fall back', () => {
    const states = Object.fromEntries(
      ['zhongshan', 'xing', 'ji', 'zhou', 'wey', 'gu', 'lu', 'zheng', 'song', 'xu'].map((st, i) => [st, [i % 2]]),
    );
    const t = table({ dynasties: ['qin', 'yan', 'qi'], states, hands: [['wild'], ['wild'], []] });
    t.battle.fallen = [0, 1];
    t.turnSeat = 2;
    expect(play(t, { type: 'fallBack', seat: 2 }).state.turnSeat).toBe(0); // from Qi (last): Qin
    t.battle.spyClaimer = 1;
    expect(play(t, { type: 'fallBack', seat: 2 }).state.turnSeat).toBe(1);
  });

  it("D-25 Qin's exchange is part of its card while the row has cards, and made in no tie-break round; Yan must name its card", () => {
    const q = tiebreakTable([['wind/cavalry/chariot', 'wild'], []]);
    expect(refused(q, { type: 'wage', seat: 0, bright: q.ids[0]![0]!, dynasty: true, take: 'W1', give: 'W1' })).toMatch(
      /No new battle cards are taken in a tie-break round/,
    );
    expect(apply(q, { type: 'wage', seat: 0, bright: q.ids[0]![0]!, dynasty: true }).ok).toBe(true);
    const y = alone('yan', ['wind/cavalry/chariot'], { dynastyCards: true });
    expect(refused(y, { type: 'wage', seat: 0, bright: y.ids[0]![0]!, dynasty: true })).toMatch(/"takeBack" is one of/);
  });

  it('D-26 a fall back that leaves out effects or recruits gets the defaults of docs/cardgame.md "Defaults"', () => {
    const t = alone('qin', ['fire/cavalry/spy'], { current: 'gu' });
    const s = play(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! }).state;
    const r = play(s, { type: 'fallBack', seat: 0 });
    expect(r.state.strongholds['10']).toEqual([0]); // cavalry: the lowest free Gu corner touching 3 states
    expect(r.events.filter((e) => e.kind === 'effect').map((e) => [e.symbol, e.draw ?? false])).toEqual([
      ['cavalry', false],
      ['spy', false],
      ['fire', true],
    ]);
  });

  it("D-27 the choose phase carries the next round's number; a tie-break round is a round and leaves the row as it was", () => {
    const t = table({
      dynasties: ['qin', 'yan'],
      hands: [[], []],
      row: ['wild', 'dark fire', 'dark wind', 'dark spy'],
    });
    t.battle.fallen = [1];
    expect(play(t, { type: 'fallBack', seat: 0 }).state).toMatchObject({ phase: 'choose', round: 2 });
    const tb = tiebreakTable([
      ['fire/cavalry/chariot', 'wild'],
      ['forest/spy/crossbow', 'wild'],
    ]);
    const r = play(
      tb,
      { type: 'wage', seat: 0, bright: tb.ids[0]![0]! },
      { type: 'wage', seat: 1, bright: tb.ids[1]![0]! },
      { type: 'fallBack', seat: 0 },
      { type: 'fallBack', seat: 1 },
    );
    expect(r.state).toMatchObject({ phase: 'tiebreak', round: tb.round + 1 });
    expect(r.state.row).toEqual(tb.row);
  });

  it('D-28 a winner with no army in supply nor on a stronghold leaves the state as it is', () => {
    // Qin on the 6 corners of Gu wins the 7 Yan states around them, with an empty supply: 6 armies for 7 states
    const ring = { 10: [0], 15: [0], 20: [0], 24: [0], 19: [0], 14: [0] } as Record<number, 0[]>;
    const yan = Object.fromEntries(['gu', 'xing', 'ji', 'lu', 'xu', 'song', 'wey'].map((st) => [st, [1]]));
    const t = table({ dynasties: ['qin', 'yan'], states: yan, strongholds: ring, supply: [0, 17] });
    const r = controlRound(t, [0, 17]);
    expect(r.changes).toHaveLength(6);
    expect(r.skipped).toEqual(['xu']); // the last in board order
    expect(r.board.states.xu).toEqual([1]);
    expect(Object.values(r.board.strongholds).flat()).toEqual([]);
  });
});
