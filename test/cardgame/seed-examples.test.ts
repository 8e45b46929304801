/**
 * Every example of the card game's seed rebuilt (S1–S7, docs/cardgame.md "Seed examples"; the errata E1–E4 of
 * docs/rules/card-game.md "Errata of the seed"), named after the example it rebuilds.
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  claimPreview,
  controlRound,
  countPlayed,
  effectChoices,
  legalActions,
  legalWages,
  STATE_ORDER,
  type CardGameState,
  type GameEvent,
} from '../../src/cardgame/index.js';
import { applyEffect, windDestinations } from '../../src/cardgame/effects.js';
import { cloneState } from '../../src/cardgame/clone.js';
import { claimsOfEvent, play, refused, sorted, table } from './fixtures.js';

const brightsOffered = (s: CardGameState, seat: number) => sorted(new Set(legalWages(s, seat).map((a) => a.bright)));

describe('S1. "Qin plays Fire/Chariot/Cavalry together with a matching Advisor/Chariot. Yan responds with a Forest/Infantry/Chariot"', () => {
  // seats: Qin 0, Yan 1, Qi 2; Qi has already fallen back this round
  const start = () => {
    const t = table({
      dynasties: ['qin', 'yan', 'qi'],
      hands: [
        [
          'fire/chariot/cavalry',
          'dark chariot',
          'forest/infantry/spy',
          'wind/crossbow/infantry',
          'mountain/chariot/spy',
          'wild',
          'dark spy',
        ],
        ['forest/infantry/chariot', 'dark chariot', 'wind/spy/cavalry'],
        [],
      ],
      current: 'wey',
      start: 0,
    });
    t.battle.fallen = [2];
    return t;
  };
  const [qinFcc, darkChariot, , , mcs, wild, darkSpy] = start().ids[0]!;
  const [yanFic, yanDarkChariot] = start().ids[1]!;

  it('(a) "Qin\'s next card must have a Fire, a Chariot or a Cavalry (or be a wild card)": only mountain/chariot/spy and the wild are offered', () => {
    const { state } = play(
      start(),
      { type: 'wage', seat: 0, bright: qinFcc!, dark: darkChariot },
      { type: 'wage', seat: 1, bright: yanFic! },
    );
    expect(brightsOffered(state, 0)).toEqual(sorted([mcs!, wild!]));
  });

  it('(b) "a matching Advisor/Chariot" is legal; a dark spy with it is refused', () => {
    expect(apply(start(), { type: 'wage', seat: 0, bright: qinFcc!, dark: darkChariot }).ok).toBe(true);
    expect(refused(start(), { type: 'wage', seat: 0, bright: qinFcc!, dark: darkSpy })).toMatch(
      /must match a symbol on your current bright card/,
    );
  });

  it('(c) E1, the literal rule: Qin falling back now claims fire, chariot and cavalry (chariot 2–1)', () => {
    const { events } = play(
      start(),
      { type: 'wage', seat: 0, bright: qinFcc!, dark: darkChariot },
      { type: 'wage', seat: 1, bright: yanFic! },
      { type: 'fallBack', seat: 0 },
    );
    expect(claimsOfEvent(events, 0)).toEqual(['cavalry', 'chariot', 'fire']);
  });

  it('(d) E1, the variant of the seed\'s sentence: "Qin will then give up the Chariot superiority to Yan" when Yan has 2 chariots too', () => {
    const { events } = play(
      start(),
      { type: 'wage', seat: 0, bright: qinFcc!, dark: darkChariot },
      { type: 'wage', seat: 1, bright: yanFic!, dark: yanDarkChariot },
      { type: 'fallBack', seat: 0 },
      { type: 'fallBack', seat: 1 },
    );
    expect(claimsOfEvent(events, 0)).toEqual(['cavalry', 'fire']);
    expect(claimsOfEvent(events, 1)).toEqual(['chariot', 'forest', 'infantry']);
  });
});

describe('S2. "Qin has a superiority at the left state": the legal targets of each superiority', () => {
  // Qin 0, Yan 1, Qi 2; current state Wey; Gu is Qi's
  const fixture = () =>
    table({
      dynasties: ['qin', 'yan', 'qi'],
      current: 'wey',
      states: { gu: [2] },
      strongholds: { 13: [0], 19: [1], 14: [2] },
      row: ['wild', 'dark fire', 'fire/chariot/cavalry'],
    });
  const targets = (sym: Parameters<typeof effectChoices>[2]) => effectChoices(fixture(), 0, sym);

  it('"Cavalry etc.: Place 1 army in stronghold": the empty Wey corners 9, 18, 23', () => {
    expect(targets('cavalry').map((e) => ('stronghold' in e ? e.stronghold : 0))).toEqual([9, 18, 23]);
  });
  it('"Spy: Take 1 battle card from recruiting row": any row card', () => {
    expect(targets('spy').map((e) => ('card' in e ? e.card : ''))).toEqual(fixture().row);
  });
  it('"Fire: Move 1 red Yan or 1 blue Qi army": sources 14 and 19; Yan from 19 may go to 14, 23 or 24', () => {
    const fire = targets('fire').filter((e) => 'moves' in e) as {
      stronghold: number;
      moves: { owner: number; to: number }[];
    }[];
    expect(sorted(new Set(fire.map((e) => e.stronghold)))).toEqual([14, 19]);
    expect(fire.filter((e) => e.stronghold === 19).map((e) => e.moves[0]!.to)).toEqual([14, 23, 24]);
  });
  it('"Forest: Place 1 army beneath the black neutral or the blue Qi army": the 11 neutral states and Gu', () => {
    expect(sorted(targets('forest').map((e) => ('state' in e ? e.state : '')))).toEqual(sorted(STATE_ORDER));
  });
  it('"Mountain: Place 1 army on top of the yellow own army": only 13', () => {
    expect(targets('mountain')).toEqual([{ symbol: 'mountain', stronghold: 13 }]);
  });
  it('"Wind: Move 1 yellow own army and stop at red Yan army": 14 and 19 are reached, and every empty stronghold', () => {
    const dests = windDestinations(fixture(), 13);
    expect(dests).toContain(14);
    expect(dests).toContain(19);
    expect(dests).toHaveLength(36);
  });
  it('Wind "must stop if it enters a stronghold with 1 army": Qin on 1, Yan on 5, Qi on 4 → {4, 5}; with 5 = [Yan, Yan] → {4}', () => {
    expect(
      windDestinations(table({ dynasties: ['qin', 'yan', 'qi'], strongholds: { 1: [0], 5: [1], 4: [2] } }), 1),
    ).toEqual([4, 5]);
    expect(
      windDestinations(table({ dynasties: ['qin', 'yan', 'qi'], strongholds: { 1: [0], 5: [1, 1], 4: [2] } }), 1),
    ).toEqual([4]);
  });
  it('after Fire on 14 (Qi to 9) the Qi army is on 9 and 14 is empty', () => {
    const s = cloneState(fixture());
    applyEffect(s, 0, { symbol: 'fire', stronghold: 14, moves: [{ owner: 2, to: 9 }] }, []);
    expect(s.strongholds['9']).toEqual([2]);
    expect(s.strongholds['14']).toEqual([]);
  });
});

describe('S3. The control-change examples ("Qin\'s army beneath the neutral army breaks the tie"; "Yan keeps the state")', () => {
  // Qin 0, Yan 1, Qi 2
  const board = () =>
    table({
      dynasties: ['qin', 'yan', 'qi'],
      states: { gu: [0, 'neutral'], lu: [1] },
      strongholds: { 10: [0], 15: [0], 20: [1, 1], 24: [1], 16: [0], 21: [2] },
    });

  it("Gu: 5 armies around, Qin 2, Yan 2 (the stack counts 1), neutral 1; Qin's army beneath breaks the tie; Lu stays with Yan", () => {
    const s = board();
    const r = controlRound(
      s,
      s.seats.map((x) => x.supply),
    );
    expect(r.changes).toEqual([{ state: 'gu', from: 'neutral', to: 0 }]);
    expect(r.board.states.gu).toEqual([0]);
    expect(r.board.states.lu).toEqual([1]);
    expect(r.supplyDelta.get(0) ?? 0).toBe(0); // its beneath army returns, 1 goes out
    const gu = r.scores.find((x) => x.state === 'gu')!;
    expect(gu.count).toBe(5);
    expect(gu.scores).toEqual(
      expect.arrayContaining([
        { owner: 0, score: 2 },
        { owner: 1, score: 2 },
        { owner: 'neutral', score: 1 },
      ]),
    );
    const lu = r.scores.find((x) => x.state === 'lu')!;
    expect(lu.scores).toEqual(
      expect.arrayContaining([
        { owner: 0, score: 2 },
        { owner: 1, score: 2 },
        { owner: 2, score: 1 },
      ]),
    );
  });

  it('(i) a neutral state with only 3 armies around does not change, even with a unique leader', () => {
    const s = table({ dynasties: ['qin', 'yan'], strongholds: { 10: [0], 15: [0], 20: [0] } });
    expect(controlRound(s).changes).toEqual([]);
    const four = table({ dynasties: ['qin', 'yan'], strongholds: { 10: [0], 15: [0], 20: [0], 24: [1] } });
    expect(controlRound(four).changes).toEqual([{ state: 'gu', from: 'neutral', to: 0 }]);
  });

  it('says why a neutral state stays, one army in the singular', () => {
    const one = table({ dynasties: ['qin', 'yan'], strongholds: { 10: [0] } });
    const why = (s: CardGameState) => controlRound(s).scores.find((x) => x.state === 'gu')!.why;
    expect(why(one)).toMatch(/ — neutral with 1 army around \(a neutral state needs 4\)$/);
    const two = table({ dynasties: ['qin', 'yan'], strongholds: { 10: [0], 15: [1] } });
    expect(why(two)).toMatch(/ — neutral with 2 armies around /);
  });

  it('(ii) a controlled state has no threshold: Lu (Yan) goes to Qin alone on 2 corners', () => {
    const s = table({ dynasties: ['qin', 'yan'], states: { lu: [1] }, strongholds: { 11: [0], 16: [0] } });
    expect(controlRound(s).changes).toEqual([{ state: 'lu', from: 1, to: 0 }]);
  });

  it('(iii) a tie between the top owner and the bottom owner goes to the bottom owner', () => {
    const s = table({ dynasties: ['qin', 'yan'], states: { lu: [0, 1] }, strongholds: { 11: [0] } });
    expect(controlRound(s).changes).toEqual([{ state: 'lu', from: 1, to: 0 }]);
  });
});

describe('S4. The end-game example: "Qin and Yan are tied … Qin becomes the First Emperor!"', () => {
  // Qin 0, Yan 1, Qi 2 (not tied); a tie-break round between Qin and Yan, Qin starts
  const tiebreak = (hands: string[][], extra: Partial<Parameters<typeof table>[0]> = {}) => {
    const t = table({ dynasties: ['qin', 'yan', 'qi'], hands, row: ['wild', 'dark fire'], ...extra });
    t.phase = 'tiebreak';
    t.battle.tiebreak = { seats: [0, 1] };
    t.currentState = null;
    t.turnSeat = 0;
    return t;
  };
  const seedHands = [
    ['forest/infantry/cavalry', 'forest/crossbow/spy'],
    ['fire/chariot/crossbow', 'dark crossbow', 'wind/infantry/spy'],
    ['mountain/spy/cavalry'],
  ];

  it('Qin 4 – Yan 3: Yan cannot follow and is offered only Fall back; no army placed, no card taken', () => {
    const t = tiebreak(seedHands);
    const [fic, fcs] = t.ids[0]!;
    const [fcc, dcb, wis] = t.ids[1]!;
    let { state } = play(
      t,
      { type: 'wage', seat: 0, bright: fic! },
      { type: 'wage', seat: 1, bright: fcc!, dark: dcb },
      { type: 'wage', seat: 0, bright: fcs! },
    );
    expect(legalActions(state).actions.map((a) => a.type)).toEqual(['fallBack']);
    expect(refused(state, { type: 'wage', seat: 1, bright: wis! })).toMatch(/must match/);
    const before = { board: JSON.stringify([t.strongholds, t.states]), row: [...t.row], deck: [...t.deck] };
    const r = play(state, { type: 'fallBack', seat: 1 }, { type: 'fallBack', seat: 0 });
    state = r.state;
    expect(claimsOfEvent(r.events, 1)).toEqual(['chariot', 'crossbow', 'fire']);
    expect(claimsOfEvent(r.events, 0)).toEqual(['cavalry', 'forest', 'infantry', 'spy']);
    expect(state.phase).toBe('finished');
    expect(state.winner).toBe(0);
    expect(JSON.stringify([state.strongholds, state.states])).toBe(before.board);
    expect(state.row).toEqual(before.row);
    expect(state.deck).toEqual(before.deck);
    expect(state.seats[1]!.hand).toEqual([wis]);
    expect(r.events.find((e) => e.kind === 'tiebreakResult')!.text).toMatch(/Qin 4 – Yan 3/);
  });

  it('a tie-break round may not place armies or take cards', () => {
    const t = tiebreak(seedHands);
    expect(refused(t, { type: 'fallBack', seat: 0, recruit: ['W1'] })).toMatch(
      /no armies are placed and no cards are taken/,
    );
  });

  it('"If more than one player has the most, they play another battle round": 3–3 leads to a second tie-break round', () => {
    const t = tiebreak([
      ['forest/infantry/cavalry', 'wild'],
      ['fire/chariot/crossbow', 'wild'],
    ]);
    const { state, events } = play(
      t,
      { type: 'wage', seat: 0, bright: t.ids[0]![0]! },
      { type: 'wage', seat: 1, bright: t.ids[1]![0]! },
      { type: 'fallBack', seat: 0 },
      { type: 'fallBack', seat: 1 },
    );
    expect(events.find((e) => e.kind === 'tiebreakResult')!.text).toMatch(/Qin 3 – Yan 3/);
    expect(state.phase).toBe('tiebreak');
    expect(state.battle.tiebreak).toEqual({ seats: [0, 1] });
  });

  it('"If all run out of battle cards, the player with armies in the most strongholds wins"', () => {
    const t = tiebreak([['forest/infantry/cavalry'], ['fire/chariot/crossbow']], {
      strongholds: { 1: [0], 2: [0], 3: [1, 1] },
    });
    const { state, events } = play(
      t,
      { type: 'wage', seat: 0, bright: t.ids[0]![0]! },
      { type: 'wage', seat: 1, bright: t.ids[1]![0]! },
      { type: 'fallBack', seat: 0 },
      { type: 'fallBack', seat: 1 },
    );
    expect(state.phase).toBe('finished');
    expect(state.winner).toBe(0);
    expect(events.at(-1)!.text).toMatch(/armies in the most strongholds \(2\)/);
  });
});

describe('S5. The 4-player sample game, one full round (Chu, Yan, Qin, Qi)', () => {
  const build = () =>
    table({
      dynasties: ['chu', 'yan', 'qin', 'qi'],
      hands: [
        ['forest/chariot/cavalry', 'forest/chariot/cavalry', 'dark forest'],
        ['fire/chariot/infantry', 'fire/chariot/spy', 'wild', 'dark mountain'],
        ['wind/cavalry/crossbow', 'mountain/cavalry/infantry'],
        ['wind/cavalry/crossbow', 'wild', 'mountain/cavalry/crossbow', 'dark mountain'],
      ],
      row: [
        'fire/infantry/spy',
        'forest/infantry/spy',
        'mountain/infantry/spy',
        'wind/infantry/spy',
        'dark wind',
        'dark spy',
        'dark infantry',
        'dark fire',
      ],
      current: 'gu',
      start: 0,
    });
  const t = build();
  const [chu1, chu2, chuDark] = t.ids[0]!;
  const [yan1, yan2, yanWild, yanDark] = t.ids[1]!;
  const [qin1, qin2] = t.ids[2]!;
  const [qi1, qiWild, qi2, qiDark] = t.ids[3]!;
  const row = [...t.row];
  const preview = (s: CardGameState, seat: number) =>
    claimPreview(s, seat)
      .filter((l) => l.claimed)
      .map((l) => l.symbol)
      .sort();

  it('plays, fall backs, the control round and the end of round as the seed tells them', () => {
    let s: CardGameState = t;
    const events: GameEvent[] = [];
    const step = (...actions: Parameters<typeof play>[1][]) => {
      const r = play(s, ...actions);
      s = r.state;
      events.push(...r.events);
    };
    // 1. "Chu chooses to battle in 顧 and plays 1 bright card and 1 dark card. The other players play 1 bright card each."
    step(
      { type: 'wage', seat: 0, bright: chu1!, dark: chuDark },
      { type: 'wage', seat: 1, bright: yan1! },
      { type: 'wage', seat: 2, bright: qin1! },
      { type: 'wage', seat: 3, bright: qi1! },
    );
    expect(preview(s, 0)).toEqual(['forest']); // "Chu only has Forest superiority"
    // 2. "…and plays a 2nd bright card matching the chariot of the 1st bright card."
    step({ type: 'wage', seat: 0, bright: chu2! });
    expect(preview(s, 0)).toEqual(['cavalry', 'chariot', 'forest']);
    // 3. "Yan plays a card with a 2nd Chariot and Qin plays a card with a 2nd Cavalry. Qi … plays a wild card"
    step({ type: 'wage', seat: 1, bright: yan2! }, { type: 'wage', seat: 2, bright: qin2! });
    expect(preview(s, 3)).toEqual([]);
    step({ type: 'wage', seat: 3, bright: qiWild! });
    expect(preview(s, 3)).toEqual([]);
    expect(preview(s, 0)).toEqual(['forest']);
    // 4. "Chu falls back, uses the Forest superiority to place an army beneath a neutral army in 周"
    step({ type: 'fallBack', seat: 0, effects: [{ symbol: 'forest', state: 'zhou' }], recruit: [row[0]!, row[1]!] });
    expect(claimsOfEvent(events, 0)).toEqual(['forest']);
    expect(s.states.zhou).toEqual([0, 'neutral']);
    expect(s.row).toHaveLength(6);
    // 5. "Yan plays a wild card and a dark card"
    step({ type: 'wage', seat: 1, bright: yanWild!, dark: yanDark });
    // 6. "Qin falls back with a Cavalry superiority … to place an army in a 顧 stronghold"
    step({ type: 'fallBack', seat: 2, recruit: [row[2]!, row[3]!] });
    expect(claimsOfEvent(events, 2)).toEqual(['cavalry']);
    expect(s.strongholds['10']).toEqual([2]);
    expect(s.row).toHaveLength(4);
    // 7. "Qi does not give up but plays another bright and dark card."
    step({ type: 'wage', seat: 3, bright: qi2!, dark: qiDark });
    // 8. "Yan … place 2 armies in 顧 strongholds, choose 1 extra card … and move away the Qin army"
    step({
      type: 'fallBack',
      seat: 1,
      effects: [
        { symbol: 'chariot', stronghold: 20 },
        { symbol: 'infantry', stronghold: 24 },
        { symbol: 'spy', card: row[4]! },
        { symbol: 'fire', stronghold: 10, moves: [{ owner: 2, to: 6 }] },
      ],
      recruit: [row[5]!, row[6]!],
    });
    expect(claimsOfEvent(events, 1)).toEqual(['chariot', 'fire', 'infantry', 'spy']);
    expect(s.row).toEqual([row[7]]);
    expect(s.strongholds['6']).toEqual([2]);
    // 9. "Qi falls back with superiorities in Crossbow, Mountain and Wind. (The Cavalry is already claimed.)"
    const beforeControl = events.length;
    step({
      type: 'fallBack',
      seat: 3,
      effects: [
        { symbol: 'crossbow', stronghold: 14 },
        { symbol: 'mountain', stronghold: 14 },
        { symbol: 'wind', from: 14, to: 19 },
      ],
      recruit: [row[7]!], // E2: the last to fall back (Qi) takes only 1
    });
    expect(claimsOfEvent(events, 3)).toEqual(['crossbow', 'mountain', 'wind']);
    // "only 顧 has the 4+ armies needed for a control change. However, Yan and Qi both have 2 armies each so the state remains neutral."
    const control = events.slice(beforeControl).find((e) => e.kind === 'control')!;
    expect(control.changes).toEqual([]);
    expect(s.states.gu).toEqual(['neutral']);
    expect(s.states.zhou).toEqual([0, 'neutral']);
    expect(s.strongholds['14']).toEqual([3]);
    expect(s.strongholds['19']).toEqual([3]);
    // "8 cards are drawn from the deck to form a new recruiting row. Yan (Spy superiority) chooses the next start player and state"
    expect(s.row).toHaveLength(8);
    expect(s.phase).toBe('choose');
    expect(s.chooser).toEqual({ seat: 1, pickStart: true });
    const choices = legalActions(s).actions;
    expect(new Set(choices.map((a) => (a as { start: number }).start))).toEqual(new Set([0, 1, 2, 3]));
    expect(new Set(choices.map((a) => (a as { state: string }).state)).size).toBe(12);
    expect(s.seats.map((x) => x.supply)).toEqual([23, 22, 23, 22]);
    const kinds = events.map((e) => e.kind);
    expect(kinds.indexOf('control')).toBeGreaterThan(kinds.lastIndexOf('fallBack'));
    expect(kinds.indexOf('roundEnd')).toBeGreaterThan(kinds.indexOf('control'));
  });
});

describe('S6. The 2-player example: "Qin does not claim superiority in Cavalry, only in Fire and Chariot"', () => {
  // Yan 0, Qin 1; the resistance: "1 Mountain, 1 Chariot and 2 Cavalry"
  const build = () =>
    table({
      dynasties: ['yan', 'qin'],
      hands: [
        ['mountain/infantry/crossbow', 'wild'],
        ['fire/chariot/cavalry', 'fire/chariot/cavalry'],
      ],
      resistance: ['dark cavalry', 'mountain/chariot/cavalry'],
      row: ['wild', 'dark fire', 'dark wind', 'dark spy'],
      current: 'gu',
    });

  it('Yan claims crossbow and infantry (mountain 1–1 with the resistance) and places 2 armies; Qin claims fire and chariot', () => {
    const t = build();
    const { state, events } = play(
      t,
      { type: 'wage', seat: 0, bright: t.ids[0]![0]! },
      { type: 'wage', seat: 1, bright: t.ids[1]![0]! },
      { type: 'fallBack', seat: 0 },
      { type: 'wage', seat: 1, bright: t.ids[1]![1]! },
      { type: 'fallBack', seat: 1 },
    );
    expect(claimsOfEvent(events, 0)).toEqual(['crossbow', 'infantry']);
    expect(events.filter((e) => e.kind === 'effect' && e.seat === 0 && e.stronghold !== undefined)).toHaveLength(2);
    expect(claimsOfEvent(events, 1)).toEqual(['chariot', 'fire']);
    // "at the end of each round (before choosing start player and state to battle for), draw 1 battle card"
    const kinds = events.map((e) => e.kind);
    expect(kinds.lastIndexOf('resistance')).toBeLessThan(kinds.lastIndexOf('chooser'));
    expect(state.resistance).not.toEqual(t.resistance);
    expect(state.resistance.length).toBeGreaterThan(0);
  });

  it('"wild cards count as 1 of each strategy and tactics for the local resistance": 1 of each claims nothing, 2 fire claims fire', () => {
    const t = table({
      dynasties: ['yan', 'qin'],
      hands: [['fire/chariot/cavalry', 'dark fire'], []],
      resistance: ['wild'],
    });
    t.battle.fallen = [1];
    const one = play(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! }).state;
    expect(claimPreview(one, 0).filter((l) => l.claimed)).toEqual([]);
    const two = play(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]!, dark: t.ids[0]![1]! }).state;
    expect(
      claimPreview(two, 0)
        .filter((l) => l.claimed)
        .map((l) => l.symbol),
    ).toEqual(['fire']);
  });

  it('"The victory condition is 7 states"', () => {
    expect(build().settings.victoryStates).toBe(7);
  });
});

describe('S7. The dynasty abilities (back page)', () => {
  type D = 'chu' | 'jin' | 'qi' | 'qin' | 'yan';
  /** Seat 0 holds the dynasty; seats 1 and 2 have fallen back unless `rival` gives seat 1 cards to play. */
  const dyn = (dynasty: D, hand: string[], rival?: string[]) => {
    const others = (['chu', 'jin', 'qi', 'qin', 'yan'] as D[]).filter((d) => d !== dynasty).slice(0, 2);
    const t = table({
      dynasties: [dynasty, ...others],
      hands: [hand, rival ?? [], []],
      dynastyCards: true,
      row: ['dark fire', 'wild', 'dark wind'],
    });
    t.battle.fallen = rival ? [2] : [1, 2];
    return t;
  };

  it('Chu, "Ignore the matching requirement for the accompanying bright card. Following bright cards must match the latest card."', () => {
    const t = dyn('chu', [
      'wind/cavalry/chariot',
      'fire/infantry/spy',
      'forest/chariot/cavalry',
      'mountain/infantry/crossbow',
    ]);
    const [wcc, fis, fcc, mic] = t.ids[0]!;
    const s = play(t, { type: 'wage', seat: 0, bright: wcc! }).state;
    expect(refused(s, { type: 'wage', seat: 0, bright: fis! })).toMatch(/must match/);
    const after = play(s, { type: 'wage', seat: 0, bright: fis!, dynasty: true }).state;
    expect(refused(after, { type: 'wage', seat: 0, bright: fcc! })).toMatch(
      /must match a symbol on your previous bright card .*fire, infantry, spy/,
    );
    expect(apply(after, { type: 'wage', seat: 0, bright: mic! }).ok).toBe(true);
  });

  it('Jin, "Count it as 1 extra spy to your played battle cards": Jin claims spy against a seat with no spy', () => {
    const t = dyn('jin', ['wind/cavalry/chariot'], ['fire/infantry/crossbow']);
    const s = play(
      t,
      { type: 'wage', seat: 0, bright: t.ids[0]![0]!, dynasty: true },
      { type: 'wage', seat: 1, bright: t.ids[1]![0]! },
    ).state;
    expect(countPlayed(s.battle.played[0]!).spy).toBe(1);
    expect(claimPreview(s, 0).find((l) => l.symbol === 'spy')!.claimed).toBe(true);
  });

  it('Qi, "Cover 1 tactics of the accompanying bright card. Do not count the covered tactics but count the uncovered one twice."', () => {
    const t = dyn('qi', ['fire/cavalry/chariot', 'mountain/chariot/spy', 'wild']);
    const [fcc, mcs, wild] = t.ids[0]!;
    const s = play(t, { type: 'wage', seat: 0, bright: fcc!, dynasty: true, cover: 'chariot' }).state;
    const c = countPlayed(s.battle.played[0]!);
    expect([c.fire, c.cavalry, c.chariot]).toEqual([1, 2, 0]);
    expect(apply(s, { type: 'wage', seat: 0, bright: mcs! }).ok).toBe(true); // D-14: the covered chariot still matches
    expect(refused(t, { type: 'wage', seat: 0, bright: wild!, dynasty: true, cover: 'chariot' })).toMatch(
      /cannot go with a wild card/,
    );
  });

  it('Qin, "Immediately draw 1 battle card from the recruiting row and replace it with any 1 battle card from your hand"', () => {
    const t = dyn('qin', ['wind/cavalry/chariot', 'dark spy']);
    const [wcc, spy] = t.ids[0]!;
    const take = t.row[1]!;
    const s = play(t, { type: 'wage', seat: 0, bright: wcc!, dynasty: true, take, give: spy! }).state;
    expect(s.row).toHaveLength(t.row.length);
    expect(s.row[1]).toBe(spy);
    expect(s.seats[0]!.hand).toEqual([take]);
    const same = play(t, { type: 'wage', seat: 0, bright: wcc!, dynasty: true, take, give: take }).state;
    expect(same.row).toEqual(t.row);
    expect(refused(t, { type: 'wage', seat: 0, bright: wcc!, dynasty: true })).toMatch(
      /takes 1 card from the recruiting row/,
    );
  });

  it('Yan, "Take back 1 previously placed card to your hand (including the card just placed)" (D-4, D-15, D-16)', () => {
    const t = dyn('yan', [
      'wind/cavalry/chariot',
      'fire/chariot/spy',
      'mountain/infantry/crossbow',
      'forest/cavalry/crossbow',
    ]);
    const [wcc, fcs, mic, fcc] = t.ids[0]!;
    const s = play(
      t,
      { type: 'wage', seat: 0, bright: wcc! },
      { type: 'wage', seat: 0, bright: fcs!, dynasty: true, takeBack: fcs! },
    ).state;
    expect(s.battle.played[0]).toEqual([{ card: wcc }, { dynasty: 'yan' }]);
    expect(s.seats[0]!.hand).toContain(fcs);
    // matching falls back to the previous bright card: wind/cavalry/chariot
    expect(refused(s, { type: 'wage', seat: 0, bright: mic! })).toMatch(/must match/);
    expect(apply(s, { type: 'wage', seat: 0, bright: fcc! }).ok).toBe(true);
    // D-16: it still counts as having played, so no extra card at fall back
    const { events } = play(s, { type: 'fallBack', seat: 0 });
    expect(events.some((e) => e.kind === 'extraDraw')).toBe(false);
  });

  it('every dynasty card returns to hand at fall back; a second one in the same round is refused; without the option there is none', () => {
    const t = dyn('jin', ['wind/cavalry/chariot', 'wind/infantry/spy']);
    const [a, b] = t.ids[0]!;
    const s = play(t, { type: 'wage', seat: 0, bright: a!, dynasty: true }).state;
    expect(s.seats[0]!.dynastyCardInHand).toBe(false);
    expect(refused(s, { type: 'wage', seat: 0, bright: b!, dynasty: true })).toMatch(/already in front of you/);
    expect(play(s, { type: 'fallBack', seat: 0 }).state.seats[0]!.dynastyCardInHand).toBe(true);
    const off = table({ dynasties: ['jin', 'qin'], hands: [['wind/cavalry/chariot'], []] });
    expect(off.seats[0]!.dynastyCardInHand).toBe(false);
    expect(refused(off, { type: 'wage', seat: 0, bright: off.ids[0]![0]!, dynasty: true })).toMatch(/not in play/);
  });
});
