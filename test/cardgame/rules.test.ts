/**
 * The rule tables (docs/cardgame.md "Rule tables"): one row per sentence of the rules model, each with a case that
 * holds and a case that must fail (a refusal, or the outcome the rule forbids not happening).
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  claimPreview,
  claimsOf,
  controlRound,
  effectChoices,
  endReason,
  legalActions,
  STATE_ORDER,
  type CardGameState,
} from '../../src/cardgame/index.js';
import { boardKey } from '../../src/cardgame/board.js';
import { claimsOfEvent, play, refused, table, type TableSpec } from './fixtures.js';

interface Row {
  rule: string;
  holds: () => void;
  fails: () => void;
}

const ok = (s: CardGameState, a: Parameters<typeof apply>[1]) => {
  const r = apply(s, a);
  expect(r.ok, r.ok ? '' : r.error).toBe(true);
  return r.ok ? r.state : s;
};

/** Qin 0, Yan 1, Qi 2 at Gu; seat 0 to play. */
const three = (hands: string[][], extra: Partial<TableSpec> = {}) =>
  table({
    dynasties: ['qin', 'yan', 'qi'],
    hands,
    row: ['wild', 'dark fire', 'dark wind', 'dark spy', 'dark chariot', 'dark infantry'],
    ...extra,
  });
/** Seat 0 alone in the battle (the others fell back). */
const alone = (hands: string[][], extra: Partial<TableSpec> = {}) => {
  const t = three(hands, extra);
  t.battle.fallen = [1, 2];
  return t;
};

const wage: Row[] = [
  {
    rule: 'the first bright card of a round is free (D-3)',
    holds: () => void ok(alone([['wind/cavalry/chariot']]), { type: 'wage', seat: 0, bright: 'B61' }),
    fails: () => {
      const s = ok(alone([['fire/infantry/spy', 'wind/cavalry/chariot']]), { type: 'wage', seat: 0, bright: 'B19' });
      expect(refused(s, { type: 'wage', seat: 0, bright: 'B61' })).toMatch(
        /must match a symbol on your previous bright card/,
      );
    },
  },
  {
    rule: 'a later bright card matches the latest bright card; a wild card before or after matches anything',
    holds: () => {
      const t = alone([['fire/cavalry/chariot', 'wild', 'forest/infantry/spy', 'wind/cavalry/crossbow']]);
      const [fcc, wild, fis, wcc] = t.ids[0]!;
      let s = ok(t, { type: 'wage', seat: 0, bright: fcc! });
      ok(s, { type: 'wage', seat: 0, bright: wcc! }); // shares cavalry
      s = ok(s, { type: 'wage', seat: 0, bright: wild! }); // a wild after
      ok(s, { type: 'wage', seat: 0, bright: fis! }); // anything after a wild
    },
    fails: () => {
      const t = alone([['forest/infantry/spy', 'wind/cavalry/crossbow']]);
      const s = ok(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! });
      expect(refused(s, { type: 'wage', seat: 0, bright: t.ids[0]![1]! })).toMatch(/must match/);
    },
  },
  {
    rule: 'a dark card is never played alone, nor two in one turn',
    holds: () =>
      void ok(alone([['fire/cavalry/chariot', 'dark fire']]), { type: 'wage', seat: 0, bright: 'B01', dark: 'D16' }),
    fails: () => {
      const t = alone([['dark fire', 'dark fire']]);
      expect(refused(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! })).toMatch(/never played alone/);
      expect(refused(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]!, dark: t.ids[0]![1]! })).toMatch(
        /never played alone/,
      );
    },
  },
  {
    rule: 'a dark card matches the bright card of the same turn; any dark card goes with a wild card',
    holds: () => void ok(alone([['wild', 'dark mountain']]), { type: 'wage', seat: 0, bright: 'W1', dark: 'D22' }),
    fails: () => {
      const t = alone([['fire/cavalry/chariot', 'dark mountain']]);
      expect(refused(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]!, dark: t.ids[0]![1]! })).toMatch(
        /must match a symbol on your current bright card/,
      );
    },
  },
  {
    rule: 'only the seat to act plays, and never after falling back',
    holds: () => void ok(three([['wild'], ['wild']]), { type: 'wage', seat: 0, bright: 'W1' }),
    fails: () => {
      const t = three([['wild'], ['wild']]);
      expect(refused(t, { type: 'wage', seat: 1, bright: t.ids[1]![0]! })).toMatch(/It is Qin's turn/);
      t.battle.fallen = [1];
      expect(refused(t, { type: 'wage', seat: 1, bright: t.ids[1]![0]! })).toMatch(/has fallen back/);
    },
  },
  {
    rule: 'a seat with no legal play is offered only Fall back',
    holds: () => {
      const t = alone([['forest/infantry/spy', 'wind/cavalry/crossbow', 'dark fire']]);
      const s = ok(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! });
      expect(legalActions(s).actions.map((a) => a.type)).toEqual(['fallBack']);
    },
    fails: () => {
      const t = alone([['forest/infantry/spy', 'wind/infantry/crossbow']]);
      const s = ok(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! });
      expect(legalActions(s).actions.map((a) => a.type)).toContain('wage');
    },
  },
];

/** Seat 0 and seat 1 play the given brights (seat 2 has fallen back), then seat 0 falls back. */
const duel = (mine: string[], theirs: string[]) => {
  const t = three([mine, theirs, []]);
  t.battle.fallen = [2];
  let s: CardGameState = t;
  for (let i = 0; i < Math.max(mine.length, theirs.length); i++) {
    s = i < mine.length ? ok(s, { type: 'wage', seat: 0, bright: t.ids[0]![i]! }) : s;
    if (i >= mine.length) s = { ...s, turnSeat: 1 };
    s = i < theirs.length ? ok(s, { type: 'wage', seat: 1, bright: t.ids[1]![i]! }) : { ...s, turnSeat: 0 };
  }
  return s;
};
const claimed = (s: CardGameState, seat: number) =>
  claimPreview(s, seat)
    .filter((l) => l.claimed)
    .map((l) => l.symbol)
    .sort();

const claims: Row[] = [
  {
    rule: 'a strict majority claims (2 fire against 1)',
    holds: () =>
      expect(
        claimed(duel(['fire/cavalry/chariot', 'fire/crossbow/infantry'], ['forest/spy/crossbow', 'wild']), 0),
      ).toContain('fire'),
    fails: () => expect(claimed(duel(['fire/cavalry/chariot'], ['fire/spy/crossbow']), 0)).not.toContain('fire'),
  },
  {
    rule: 'a claim needs a count of at least 1',
    holds: () => expect(claimed(duel(['fire/cavalry/chariot'], ['wild']), 0)).toEqual(['cavalry', 'chariot', 'fire']),
    fails: () => expect(claimed(duel(['wild'], ['wild']), 0)).toEqual([]),
  },
  {
    rule: 'seats that fell back no longer count, and the last seat claims every remaining symbol it has',
    holds: () => {
      const s = duel(['fire/cavalry/chariot', 'fire/cavalry/crossbow'], ['fire/spy/infantry']);
      const r = play(s, { type: 'fallBack', seat: 0 }, { type: 'fallBack', seat: 1 });
      expect(claimsOfEvent(r.events, 1)).toEqual(['infantry', 'spy']); // fire went to Qin
      const t = duel(['wild'], ['fire/spy/infantry']);
      expect(claimsOfEvent(play(t, { type: 'fallBack', seat: 0 }, { type: 'fallBack', seat: 1 }).events, 1)).toEqual([
        'fire',
        'infantry',
        'spy',
      ]);
    },
    fails: () => {
      // while Qin is still in, Yan's 1 fire does not beat Qin's 2
      const s = duel(['fire/cavalry/chariot', 'fire/cavalry/crossbow'], ['fire/spy/infantry']);
      expect(claimed({ ...s, turnSeat: 1 }, 1)).not.toContain('fire');
    },
  },
  {
    rule: 'the preview names who ties ("tied with Yan")',
    holds: () => {
      const line = claimPreview(duel(['fire/cavalry/chariot'], ['fire/spy/crossbow']), 0).find(
        (l) => l.symbol === 'fire',
      )!;
      expect(line).toMatchObject({ mine: 1, best: 1, bestBy: ['yan'], claimed: false });
    },
    fails: () => {
      const line = claimPreview(duel(['fire/cavalry/chariot'], ['forest/spy/crossbow']), 0).find(
        (l) => l.symbol === 'fire',
      )!;
      expect(line).toMatchObject({ mine: 1, best: 0, bestBy: [], claimed: true });
    },
  },
];

const fallBack: Row[] = [
  {
    rule: 'a seat takes 2 row cards, the last seat 1; +1 from the deck when it played no card',
    holds: () => {
      const t = three([[], [], []]);
      const r = play(t, { type: 'fallBack', seat: 0, recruit: [t.row[0]!, t.row[1]!] });
      expect(r.state.seats[0]!.hand).toHaveLength(3); // 2 picks + 1 extra
      const last = alone([[]]);
      const r2 = play(last, { type: 'fallBack', seat: 0, recruit: [last.row[0]!] });
      expect(r2.state.seats[0]!.hand.slice(0, 1)).toEqual([last.row[0]]);
      expect(r2.events.some((e) => e.kind === 'extraDraw')).toBe(true);
    },
    fails: () => {
      const t = three([[], [], []]);
      expect(refused(t, { type: 'fallBack', seat: 0, recruit: [t.row[0]!] })).toMatch(/Take 2 cards/);
      expect(refused(alone([[]]), { type: 'fallBack', seat: 0, recruit: [t.row[0]!, t.row[1]!] })).toMatch(
        /Take 1 card .*last seat/,
      );
      expect(refused(t, { type: 'fallBack', seat: 0, recruit: ['B50', t.row[1]!] })).toMatch(
        /not in the recruiting row/,
      );
    },
  },
  {
    rule: 'played cards are discarded at fall back',
    holds: () => {
      const s = play(
        alone([['fire/cavalry/chariot', 'dark fire']]),
        { type: 'wage', seat: 0, bright: 'B01', dark: 'D16' },
        { type: 'fallBack', seat: 0 },
      ).state;
      expect(s.discard).toEqual(expect.arrayContaining(['B01', 'D16']));
    },
    fails: () => {
      const s = play(three([['fire/cavalry/chariot'], [], []]), { type: 'wage', seat: 0, bright: 'B01' }).state;
      expect(s.discard).not.toContain('B01');
    },
  },
  {
    rule: 'each superiority may be taken as a draw instead',
    holds: () => {
      const s = play(alone([['fire/cavalry/chariot']]), { type: 'wage', seat: 0, bright: 'B01' }).state;
      const r = play(s, {
        type: 'fallBack',
        seat: 0,
        effects: [
          { symbol: 'cavalry', draw: true },
          { symbol: 'chariot', draw: true },
          { symbol: 'fire', draw: true },
        ],
      });
      expect(r.events.filter((e) => e.kind === 'effect' && e.draw)).toHaveLength(3);
      expect(Object.values(r.state.strongholds).flat()).toEqual([]);
    },
    fails: () => {
      const s = play(alone([['fire/cavalry/chariot']]), { type: 'wage', seat: 0, bright: 'B01' }).state;
      expect(refused(s, { type: 'fallBack', seat: 0, effects: [{ symbol: 'spy', draw: true }] })).toMatch(
        /spy is not among your claims/,
      );
      expect(
        refused(s, {
          type: 'fallBack',
          seat: 0,
          effects: [
            { symbol: 'fire', draw: true },
            { symbol: 'fire', draw: true },
          ],
        }),
      ).toMatch(/resolved twice/);
    },
  },
  {
    rule: 'an effect with no legal target can only be the draw (supply 0 blocks every placement, D-10)',
    holds: () => {
      const s = play(
        alone([['forest/cavalry/chariot', 'mountain/spy/cavalry']], { supply: [0, 24, 24], strongholds: { 1: [0] } }),
        { type: 'wage', seat: 0, bright: 'B21' },
      ).state;
      for (const sym of ['cavalry', 'chariot', 'forest', 'mountain'] as const)
        expect(effectChoices(s, 0, sym)).toEqual([]);
      expect(play(s, { type: 'fallBack', seat: 0 }).events.filter((e) => e.kind === 'effect' && e.draw)).toHaveLength(
        3,
      );
    },
    fails: () => {
      const s = play(alone([['forest/cavalry/chariot']], { supply: [0, 24, 24], strongholds: { 1: [0] } }), {
        type: 'wage',
        seat: 0,
        bright: 'B21',
      }).state;
      expect(refused(s, { type: 'fallBack', seat: 0, effects: [{ symbol: 'cavalry', stronghold: 10 }] })).toMatch(
        /no army left in supply/,
      );
      expect(refused(s, { type: 'fallBack', seat: 0, effects: [{ symbol: 'forest', state: 'zhou' }] })).toMatch(
        /no army left in supply/,
      );
    },
  },
  {
    rule: 'row arithmetic: 2 per seat except the last, +1 for Spy, empties the 2n row',
    holds: () => {
      const t = three([['fire/spy/cavalry'], [], []]);
      const r = play(
        t,
        { type: 'wage', seat: 0, bright: t.ids[0]![0]! },
        { type: 'fallBack', seat: 1 },
        { type: 'fallBack', seat: 2 },
        { type: 'fallBack', seat: 0 },
      );
      expect(
        r.events
          .filter((e) => e.kind === 'recruit' || (e.kind === 'effect' && e.symbol === 'spy' && e.card))
          .flatMap((e) => (e.cards as string[]) ?? [e.card]),
      ).toHaveLength(6);
    },
    fails: () => {
      const t = three([[], [], []]);
      const r = play(t, { type: 'fallBack', seat: 0 }, { type: 'fallBack', seat: 1 }, { type: 'fallBack', seat: 2 });
      expect(r.events.filter((e) => e.kind === 'recruit').flatMap((e) => e.cards as string[])).toHaveLength(5); // one card is left and discarded
    },
  },
];

/** Seat 0 (Qin) resolves one effect on a draft of the board. */
const effect = (
  spec: Partial<TableSpec>,
  e: Parameters<typeof apply>[1] extends infer _ ? import('../../src/cardgame/index.js').Effect : never,
) => {
  const claimsFor = {
    cavalry: 'cavalry',
    fire: 'fire',
    forest: 'forest',
    mountain: 'mountain',
    wind: 'wind',
  } as Record<string, string>;
  const card = {
    cavalry: 'fire/cavalry/chariot',
    fire: 'fire/cavalry/chariot',
    forest: 'forest/cavalry/chariot',
    mountain: 'mountain/cavalry/chariot',
    wind: 'wind/cavalry/chariot',
  }[claimsFor[e.symbol]!]!;
  const t = alone([[card]], spec);
  const s = ok(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! });
  // the card's other superiorities are taken as draws, so only `e` touches the board
  const draws = claimsOf(s, 0)
    .filter((x) => x !== e.symbol)
    .map((symbol) => ({ symbol, draw: true as const }));
  return apply(s, { type: 'fallBack', seat: 0, effects: [e, ...draws] });
};
const after = (r: ReturnType<typeof effect>) => {
  expect(r.ok, r.ok ? '' : r.error).toBe(true);
  return r.ok ? r.state : (undefined as never);
};
const why = (r: ReturnType<typeof effect>) => (r.ok ? '(accepted)' : r.error);

const effects: Row[] = [
  {
    rule: 'Cavalry takes an empty corner of the current state if any, else one with 1 army',
    holds: () => {
      expect(
        after(effect({ current: 'gu', strongholds: { 10: [1] } }, { symbol: 'cavalry', stronghold: 15 })).strongholds[
          '15'
        ],
      ).toEqual([0]);
      const full = { 10: [1], 15: [1], 20: [1], 24: [1, 1], 19: [2], 14: [2, 2] } as const;
      expect(
        after(effect({ current: 'gu', strongholds: full as never }, { symbol: 'cavalry', stronghold: 10 })).strongholds[
          '10'
        ],
      ).toEqual([1, 0]);
    },
    fails: () => {
      expect(why(effect({ current: 'gu', strongholds: { 10: [1] } }, { symbol: 'cavalry', stronghold: 10 }))).toMatch(
        /must choose an empty stronghold if possible/,
      );
      expect(why(effect({ current: 'gu' }, { symbol: 'cavalry', stronghold: 1 }))).toMatch(/not one of its corners/);
      const all = { 10: [1, 1], 15: [1, 1], 20: [1, 1], 24: [1, 1], 19: [2, 2], 14: [2, 2] };
      expect(why(effect({ current: 'gu', strongholds: all }, { symbol: 'cavalry', stronghold: 10 }))).toMatch(
        /already holds 2 armies/,
      );
    },
  },
  {
    rule: 'Fire moves every single opponent army of one stronghold; [Yan, Qi] both go',
    holds: () => {
      const s = after(
        effect(
          { strongholds: { 14: [1, 2] } },
          {
            symbol: 'fire',
            stronghold: 14,
            moves: [
              { owner: 2, to: 9 },
              { owner: 1, to: 9 },
            ],
          },
        ),
      );
      expect([s.strongholds['14'], s.strongholds['9']]).toEqual([[], [2, 1]]);
      // an army with no room stays: only one neighbour has room for one army
      const t = after(
        effect(
          { strongholds: { 14: [1, 2], 9: [0, 0], 10: [0, 0], 19: [0] } },
          { symbol: 'fire', stronghold: 14, moves: [{ owner: 1, to: 19 }] },
        ),
      );
      expect([t.strongholds['14'], t.strongholds['19']]).toEqual([[2], [0, 1]]);
    },
    fails: () => {
      expect(
        why(effect({ strongholds: { 14: [1, 1] } }, { symbol: 'fire', stronghold: 14, moves: [{ owner: 1, to: 9 }] })),
      ).toMatch(/2 armies of the same opponent/);
      expect(
        why(effect({ strongholds: { 14: [1, 2] } }, { symbol: 'fire', stronghold: 14, moves: [{ owner: 1, to: 9 }] })),
      ).toMatch(/must move too/);
      expect(
        why(effect({ strongholds: { 14: [1] } }, { symbol: 'fire', stronghold: 14, moves: [{ owner: 1, to: 1 }] })),
      ).toMatch(/not next to 14/);
    },
  },
  {
    rule: "Forest goes beneath the only army of a state, neutral or an opponent's",
    holds: () =>
      expect(after(effect({ states: { lu: [1] } }, { symbol: 'forest', state: 'lu' })).states.lu).toEqual([0, 1]),
    fails: () => {
      expect(why(effect({ states: { lu: [0] } }, { symbol: 'forest', state: 'lu' }))).toMatch(/not beneath your own/);
      expect(why(effect({ states: { lu: [2, 1] } }, { symbol: 'forest', state: 'lu' }))).toMatch(
        /already holds 2 armies/,
      );
    },
  },
  {
    rule: 'Mountain stacks only on exactly 1 own army',
    holds: () =>
      expect(
        after(effect({ strongholds: { 5: [0] } }, { symbol: 'mountain', stronghold: 5 })).strongholds['5'],
      ).toEqual([0, 0]),
    fails: () => {
      expect(why(effect({ strongholds: { 5: [1] } }, { symbol: 'mountain', stronghold: 5 }))).toMatch(
        /exactly 1 army of your own/,
      );
      expect(why(effect({ strongholds: { 5: [0, 0] } }, { symbol: 'mountain', stronghold: 5 }))).toMatch(
        /exactly 1 army of your own/,
      );
    },
  },
  {
    rule: 'Wind passes only through empty strongholds and stops at the first army',
    holds: () =>
      expect(
        after(effect({ strongholds: { 1: [0], 5: [1] } }, { symbol: 'wind', from: 1, to: 5 })).strongholds['5'],
      ).toEqual([1, 0]),
    fails: () => {
      expect(why(effect({ strongholds: { 1: [0], 5: [1], 4: [2] } }, { symbol: 'wind', from: 1, to: 9 }))).toMatch(
        /Wind cannot reach 9 from 1/,
      );
      expect(why(effect({ strongholds: { 1: [0], 5: [1, 1], 4: [2] } }, { symbol: 'wind', from: 1, to: 5 }))).toMatch(
        /cannot reach 5/,
      );
    },
  },
];

const stacking: Row[] = [
  {
    rule: 'no stronghold or state ever holds 3 armies',
    holds: () =>
      expect(
        after(effect({ strongholds: { 9: [1] } }, { symbol: 'fire', stronghold: 9, moves: [{ owner: 1, to: 5 }] }))
          .strongholds['5'],
      ).toEqual([1]),
    fails: () =>
      expect(
        why(
          effect(
            { strongholds: { 9: [1], 5: [2, 2], 13: [2, 2], 14: [0] } },
            { symbol: 'fire', stronghold: 9, moves: [{ owner: 1, to: 5 }] },
          ),
        ),
      ).toMatch(/already holds 2 armies/),
  },
];

const board = (spec: Partial<TableSpec>) => table({ dynasties: ['qin', 'yan', 'qi'], ...spec });
const control: Row[] = [
  {
    rule: 'a neutral state needs 4 armies around; a controlled one none',
    holds: () =>
      expect(controlRound(board({ strongholds: { 10: [0, 0], 15: [0], 20: [1] } })).changes).toEqual([
        { state: 'gu', from: 'neutral', to: 0 },
      ]),
    fails: () => expect(controlRound(board({ strongholds: { 10: [0, 0], 15: [0] } })).changes).toEqual([]),
  },
  {
    rule: 'the top army counts, the bottom one only breaks a tie',
    holds: () =>
      expect(controlRound(board({ states: { lu: [0, 1] }, strongholds: { 11: [0] } })).changes).toEqual([
        { state: 'lu', from: 1, to: 0 },
      ]),
    fails: () => expect(controlRound(board({ states: { lu: [0, 1] } })).changes).toEqual([]), // Yan 1 (top) to Qin 0: the bottom army scores nothing
  },
  {
    rule: 'a stack of 2 of one dynasty counts once',
    holds: () =>
      expect(controlRound(board({ states: { lu: [1] }, strongholds: { 11: [0], 16: [0] } })).changes).toHaveLength(1),
    fails: () => expect(controlRound(board({ states: { lu: [1] }, strongholds: { 11: [0, 0] } })).changes).toEqual([]), // 1–1: Yan keeps it
  },
  {
    rule: 'simultaneity: adjacent states change in one round, each scored on the same board',
    holds: () => {
      // Gu and Lu share 15 and 20; Qin takes both
      const r = controlRound(board({ states: { gu: [1], lu: [1] }, strongholds: { 15: [0], 20: [0] } }));
      expect(r.changes.map((c) => c.state)).toEqual(['gu', 'lu']);
    },
    fails: () => {
      // scored one by one, Lu would see Gu's new Qin army; it does not count for Lu (states count only for themselves)
      const r = controlRound(board({ states: { gu: [1], lu: [2] }, strongholds: { 15: [0], 20: [0] } }));
      expect(r.board.states).toMatchObject({ gu: [0], lu: [0] });
    },
  },
  {
    rule: 'a change returns the armies to supply and removes neutral armies from the game',
    holds: () => {
      const s = board({ states: { gu: [1, 'neutral'] }, strongholds: { 10: [0], 15: [0], 20: [0], 24: [2] } });
      const r = controlRound(
        s,
        s.seats.map((x) => x.supply),
      );
      expect(r.board.states.gu).toEqual([0]);
      expect([r.supplyDelta.get(0), r.supplyDelta.get(1)]).toEqual([-1, 1]);
    },
    fails: () => {
      // no change: Yan's army beneath stays on the board, the neutral army stays in the game
      const s = board({ states: { gu: [1, 'neutral'] }, strongholds: { 10: [0], 15: [0] } });
      const r = controlRound(
        s,
        s.seats.map((x) => x.supply),
      );
      expect([r.supplyDelta.size, r.board.states.gu]).toEqual([0, [1, 'neutral']]);
    },
  },
  {
    rule: 'D-11: with an empty supply the army comes from a stronghold (a double stack first)',
    holds: () => {
      const s = board({ states: { lu: [1] }, strongholds: { 11: [0], 16: [0], 3: [0, 0] }, supply: [0, 23, 24] });
      const r = controlRound(
        s,
        s.seats.map((x) => x.supply),
      );
      expect(r.board.states.lu).toEqual([0]);
      expect(r.fromStrongholds).toEqual([{ state: 'lu', stronghold: 3, owner: 0 }]);
      expect(r.board.strongholds['3']).toEqual([0]);
    },
    fails: () => {
      const s = board({ states: { lu: [1] }, strongholds: { 11: [0], 16: [0] }, supply: [5, 23, 24] });
      expect(
        controlRound(
          s,
          s.seats.map((x) => x.supply),
        ).fromStrongholds,
      ).toEqual([]);
    },
  },
];

/** All seats but seat 0 fell back; seat 0 (no card played) falls back now and ends the round. */
const endRound = (
  spec: Partial<TableSpec> & { dynasties?: TableSpec['dynasties'] },
  tweak: (s: CardGameState) => void = () => {},
) => {
  const t = table({ dynasties: ['qin', 'yan', 'qi'], row: ['wild', 'dark fire', 'dark wind', 'dark spy'], ...spec });
  t.battle.fallen = t.seats.map((_, i) => i).filter((i) => i !== 0);
  tweak(t);
  return play(t, { type: 'fallBack', seat: 0 });
};

const endOfRound: Row[] = [
  {
    rule: 'the row is discarded and refilled to 2n; the discard is reshuffled when the deck is short',
    holds: () => {
      const r = endRound({}, (s) => {
        s.discard = s.deck.slice(3);
        s.deck = s.deck.slice(0, 3);
      });
      expect(r.state.row).toHaveLength(6);
      expect(r.events.some((e) => e.kind === 'reshuffled')).toBe(true);
    },
    fails: () => {
      const r = endRound({}, (s) => {
        s.discard = [];
        s.row = [];
        s.deck = s.deck.slice(0, 3);
      });
      expect(r.state.row).toHaveLength(2); // nothing to reshuffle: 1 extra draw, then only 2 cards left for the row
    },
  },
  {
    rule: 'the Spy claimer chooses the start seat; otherwise the last seat to fall back starts and chooses',
    holds: () => {
      const r = endRound({}, (s) => (s.battle.spyClaimer = 2));
      expect(r.state.chooser).toEqual({ seat: 2, pickStart: true });
      ok(r.state, { type: 'choose', seat: 2, state: 'gu', start: 1 });
    },
    fails: () => {
      const r = endRound({});
      expect(r.state.chooser).toEqual({ seat: 0, pickStart: false });
      expect(refused(r.state, { type: 'choose', seat: 0, state: 'gu', start: 1 })).toMatch(
        /Only the Spy claimer chooses the start player/,
      );
      expect(refused(r.state, { type: 'choose', seat: 1, state: 'gu' })).toMatch(/Qin chooses the next battle/);
    },
  },
  {
    rule: 'only neutral states or states with fewer than 4 armies around may be chosen; the current one again if eligible',
    holds: () => {
      const ten = { 10: [1, 1], 15: [1, 1], 20: [2, 2], 24: [2, 2], 19: [2], 14: [1] };
      const r = endRound({ strongholds: ten as never, current: 'gu' }, (s) => (s.seats[1]!.supply = 24 - 5));
      expect(r.state.states.gu).toEqual(['neutral']); // tied 3–3 (stacks count once): still neutral, with 10 around
      ok(r.state, { type: 'choose', seat: 0, state: 'gu' });
    },
    fails: () => {
      const r = endRound({ states: { lu: [1] }, strongholds: { 11: [1], 16: [1], 21: [1], 25: [1] } });
      expect(refused(r.state, { type: 'choose', seat: 0, state: 'lu' })).toMatch(
        /cannot be chosen: it is controlled by Yan and has 4 armies around it/,
      );
    },
  },
];

/** A 3-seat board (5 states to win) with `n` states controlled by seat 0. */
const owning = (n: number, seats: TableSpec['dynasties'] = ['qin', 'yan', 'qi']) =>
  table({ dynasties: seats, states: Object.fromEntries(STATE_ORDER.slice(0, n).map((st) => [st, [0]])) });

const endOfGame: Row[] = [
  ...(
    [
      [2, 7],
      [3, 5],
      [4, 4],
      [5, 3],
    ] as const
  ).map(
    ([seats, states]): Row => ({
      rule: `${seats} seats: the game ends when a dynasty controls ${states} states`,
      holds: () =>
        expect(endReason(owning(states, (['qin', 'yan', 'qi', 'chu', 'jin'] as const).slice(0, seats) as never))).toBe(
          'victory-states',
        ),
      fails: () =>
        expect(
          endReason(owning(states - 1, (['qin', 'yan', 'qi', 'chu', 'jin'] as const).slice(0, seats) as never)),
        ).toBe(null),
    }),
  ),
  {
    rule: 'the game ends when all neutral armies have been removed',
    holds: () =>
      expect(
        endReason(
          table({
            dynasties: ['qin', 'yan', 'qi'],
            states: Object.fromEntries(STATE_ORDER.map((st, i) => [st, [i % 3]])),
          }),
        ),
      ).toBe('no-neutral-armies'),
    fails: () =>
      expect(
        endReason(
          table({
            dynasties: ['qin', 'yan', 'qi'],
            states: Object.fromEntries(STATE_ORDER.slice(1).map((st, i) => [st, [i % 3]])),
          }),
        ),
      ).toBe(null),
  },
  {
    rule: 'the game ends when every state has 8 or more armies around it',
    holds: () => {
      const full = Object.fromEntries(Array.from({ length: 37 }, (_, i) => [i + 1, [i % 3, (i + 1) % 3]]));
      expect(endReason(table({ dynasties: ['qin', 'yan', 'qi'], strongholds: full, supply: [24, 24, 24] }))).toBe(
        'all-states-8',
      );
    },
    fails: () => {
      const full = Object.fromEntries(
        Array.from({ length: 37 }, (_, i) => [i + 1, [32, 35, 37].includes(i + 1) ? [] : [i % 3, (i + 1) % 3]]),
      );
      expect(endReason(table({ dynasties: ['qin', 'yan', 'qi'], strongholds: full, supply: [24, 24, 24] }))).toBe(null); // Chen has 6 around
    },
  },
  {
    rule: 'D-18: the game ends after 3 rounds with an unchanged board, but not after 2',
    holds: () => {
      const r = endRound({}, (s) => {
        s.stillRounds = 2;
        s.roundStartBoard = boardKey(s);
      });
      expect(r.state.endReason).toBe('stalemate');
    },
    fails: () => {
      const r = endRound({}, (s) => {
        s.stillRounds = 1;
        s.roundStartBoard = boardKey(s);
      });
      expect([r.state.stillRounds, r.state.phase]).toEqual([2, 'choose']);
    },
  },
  {
    rule: 'D-18: the game ends after round 40',
    holds: () => expect(endRound({}, (s) => (s.round = 40)).state.endReason).toBe('round-cap'),
    fails: () => expect(endRound({}, (s) => (s.round = 39)).state.phase).toBe('choose'),
  },
  {
    rule: 'tied leaders play a tie-break battle; a single leader wins',
    holds: () => {
      const states = Object.fromEntries(STATE_ORDER.slice(0, 10).map((st, i) => [st, [i % 2]]));
      const r = endRound({ states, hands: [['wild'], ['wild'], []] });
      expect(r.state.phase).toBe('tiebreak');
      expect(r.state.battle.tiebreak).toEqual({ seats: [0, 1] });
    },
    fails: () => {
      const states = Object.fromEntries(STATE_ORDER.slice(0, 6).map((st) => [st, [1]]));
      const r = endRound({ states });
      expect([r.state.phase, r.state.winner]).toEqual(['finished', 1]);
    },
  },
];

const tables: [string, Row[]][] = [
  ['Wage battle', wage],
  ['Claims', claims],
  ['Fall back', fallBack],
  ['Effects', effects],
  ['Stacking', stacking],
  ['Control', control],
  ['End of round', endOfRound],
  ['End of game', endOfGame],
];

for (const [name, rows] of tables) {
  describe(name, () => {
    it.each(rows)('$rule', (row) => row.holds());
    it.each(rows)('$rule — the failing case', (row) => row.fails());
  });
}
