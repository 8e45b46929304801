import { afterEach, describe, expect, it } from 'vitest';
import { memberRef, timeRef } from '../../../src/game/core/text-refs.js';
import {
  cardName,
  cancelFallBack,
  cardsDraft,
  cardsMyView,
  cardsPlayOptions,
  chooseBattle,
  draftBack,
  draftChoose,
  draftEffect,
  draftRecruit,
  finishFallBack,
  giveCards,
  markCardsPresent,
  setCardsNotify,
  startFallBack,
  sweepCardGames,
  wageBattle,
  STALE,
} from '../../../src/game/cards/index.js';
import { internalErrors, type TestEnv } from '../helpers.js';
import {
  at,
  chooseFirst,
  CH,
  eventRows,
  giveAll,
  info,
  ok,
  outboxRows,
  startedCards,
  storedState,
  userOfSeat,
  cardDataOf,
  cardEventOf,
} from './helpers.js';

let env: TestEnv;
afterEach(async () => {
  await env?.close();
  expect(internalErrors).toEqual([]);
});

/** Gives, chooses, and returns the users in turn order from the start seat. */
async function toBattle(n = 3, opts = {}) {
  env = await startedCards(n, opts);
  await giveAll(env);
  await chooseFirst(env);
  const g = await info(env);
  expect(g.phase).toBe('battle');
  return g;
}

describe('card game: setup give', () => {
  it('is changeable until everyone has chosen; the table says who has chosen, never what', async () => {
    env = await startedCards(3);
    const a = ok(await cardsMyView(env.deps, at(await userOfSeat(env, 0))));
    const hand = a.view.seats[0]!.hand!;
    ok(await giveCards(env.deps, at(await userOfSeat(env, 0)), hand.slice(0, 2)));
    ok(await giveCards(env.deps, at(await userOfSeat(env, 0)), hand.slice(2, 4)));
    expect((await storedState(env)).gives[0]).toEqual(hand.slice(2, 4));
    expect((await info(env)).table!.seats.map((s) => s.given)).toEqual([true, false, false]);
    expect(JSON.stringify((await info(env)).table)).not.toContain(hand[2]!);
    // the choice is refused with a sentence when a card is not in the hand (named as players read cards)
    const other = ok(await cardsMyView(env.deps, at(await userOfSeat(env, 1)))).view.seats[1]!.hand!;
    expect(await giveCards(env.deps, at(await userOfSeat(env, 0)), [hand[0]!, other[0]!])).toMatchObject({
      ok: false,
      error: `${cardName(other[0]!)} is not in your hand.`,
    });
    ok(await giveCards(env.deps, at(await userOfSeat(env, 1)), other.slice(0, 2)));
    const c = ok(await cardsMyView(env.deps, at(await userOfSeat(env, 2)))).view.seats[2]!.hand!;
    const g = ok(await giveCards(env.deps, at(await userOfSeat(env, 2)), c.slice(0, 2))).game;
    expect(g.phase).toBe('choose');
    expect(g.table!.row).toEqual([...hand.slice(2, 4), ...other.slice(0, 2), ...c.slice(0, 2)]);
    expect(await giveCards(env.deps, at(await userOfSeat(env, 0)), hand.slice(0, 2))).toMatchObject({
      ok: false,
      error: 'The recruiting cards were chosen at the start of the game.',
    });
  });
});

describe('card game: turns', () => {
  it('refuses a play out of turn, a stale table and an illegal card, changing nothing', async () => {
    const g = await toBattle();
    const me = g.toActUserId!;
    const other = g.seats.find((s) => s.userId !== me)!.userId;
    const before = await storedState(env);
    const o = ok(await cardsPlayOptions(env.deps, at(me)));
    expect(o.wages.length).toBeGreaterThan(0);
    expect(await wageBattle(env.deps, at(other), { ...o.wages[0]!, version: g.version })).toMatchObject({
      ok: false,
      error: `It is ${memberRef(me)}'s turn (deadline ${timeRef(g.deadline!, 'R')}).`,
    });
    expect(await wageBattle(env.deps, at(me), { ...o.wages[0]!, version: g.version - 1 })).toMatchObject({
      ok: false,
      error: STALE,
    });
    const notMine = (await storedState(env)).seats.find((_, i) => i !== o.seat)!.hand[0]!;
    expect(await wageBattle(env.deps, at(me), { bright: notMine, version: g.version })).toMatchObject({ ok: false });
    expect(await wageBattle(env.deps, at('stranger'), { bright: notMine })).toMatchObject({
      ok: false,
      error: 'You are not seated in this game.',
    });
    expect(await storedState(env)).toEqual(before);
    expect((await info(env)).version).toBe(g.version);
    // two confirms from one wizard: the second gets "the table changed"
    ok(await wageBattle(env.deps, at(me), { ...o.wages[0]!, version: g.version }));
    expect(await wageBattle(env.deps, at(me), { ...o.wages[0]!, version: g.version })).toMatchObject({
      ok: false,
      error: STALE,
    });
  });

  it('stores one event row, one log line, one table edit and one ping per action', async () => {
    const g = await toBattle();
    const rows0 = (await outboxRows(env)).length;
    const seq0 = (await eventRows(env)).length;
    const me = g.toActUserId!;
    const o = ok(await cardsPlayOptions(env.deps, at(me)));
    const after = ok(await wageBattle(env.deps, at(me), { ...o.wages[0]!, version: g.version })).game;
    const rows = (await outboxRows(env)).slice(rows0);
    expect((await eventRows(env)).length).toBe(seq0 + 1);
    expect(rows.map((r) => cardEventOf(r) ?? r.kind).sort()).toEqual(['log', 'status', 'turn']);
    const ping = rows.find((r) => cardEventOf(r) === 'turn')!;
    expect(ping.payload).toMatchObject({
      type: 'kind',
      kind: 'cards',
      event: 'turn',
      prompt: true,
      data: { userId: after.toActUserId, reminder: false },
    });
    expect(cardDataOf(rows.find((r) => cardEventOf(r) === 'log')!, 'log').text).toMatch(
      /^Round 1 · .* waged battle with /,
    );
  });

  it('notify mode dm sends the turn ping as a DM, off sends none', async () => {
    const g = await toBattle();
    const next = g.seats.find((s) => s.seat === (g.toAct! + 1) % 3)!.userId;
    ok(await setCardsNotify(env.deps, at(next), 'dm'));
    expect(await setCardsNotify(env.deps, at(next), 'loud')).toMatchObject({
      ok: false,
      error: expect.stringContaining('Unknown notify mode "loud"'),
    });
    const n0 = (await outboxRows(env)).length;
    const me = g.toActUserId!;
    ok(
      await wageBattle(env.deps, at(me), {
        ...ok(await cardsPlayOptions(env.deps, at(me))).wages[0]!,
        version: g.version,
      }),
    );
    const ping = (await outboxRows(env)).slice(n0).find((r) => cardEventOf(r) === 'turn')!;
    expect(ping).toMatchObject({ targetKind: 'user', target: next });
  });
});

describe('card game: the fall-back draft', () => {
  /** Seat to act wages, everyone else falls back with defaults: the waging seat is then last with claims. */
  async function lastWithClaims() {
    const g = await toBattle();
    const me = g.toActUserId!;
    const o = ok(await cardsPlayOptions(env.deps, at(me)));
    const bright = o.wages.find((w) => !w.dark && !w.dynasty && /^B/.test(w.bright))!;
    ok(await wageBattle(env.deps, at(me), { ...bright, version: g.version }));
    for (let i = 0; i < 2; i++) {
      const cur = await info(env);
      ok(await startFallBack(env.deps, at(cur.toActUserId!), { version: cur.version }));
      ok(await finishFallBack(env.deps, at(cur.toActUserId!), { version: cur.version }));
    }
    expect((await info(env)).toActUserId).toBe(me);
    return me;
  }

  it('resolves superiorities one at a time, undoes with Back, recruits, and applies everything at Done', async () => {
    const me = await lastWithClaims();
    const g = await info(env);
    const d0 = ok(await startFallBack(env.deps, at(me), { version: g.version })).draft;
    expect(d0.claims.length).toBe(3);
    expect(d0.remaining).toEqual(d0.claims);
    expect(d0.recruitCount).toBe(1);
    // nothing is public while drafting
    expect((await info(env)).version).toBe(g.version);
    const first = d0.remaining[0]!;
    const effect = d0.choices[first]![0] ?? { symbol: first, draw: true };
    const d1 = ok(await draftEffect(env.deps, at(me), { version: g.version, effect })).draft;
    expect(d1.effects).toEqual([effect]);
    expect(d1.remaining).toEqual(d0.remaining.slice(1));
    expect(await draftEffect(env.deps, at(me), { version: g.version, effect })).toMatchObject({
      ok: false,
      error: expect.stringContaining('already resolved'),
    });
    expect(await draftEffect(env.deps, at(me), { version: g.version, effect: { symbol: 'nonsense' } })).toMatchObject({
      ok: false,
      error: 'That effect is not understood; choose it again from the list.',
    });
    expect(ok(await draftBack(env.deps, at(me), { version: g.version })).draft.effects).toEqual([]);
    ok(await draftEffect(env.deps, at(me), { version: g.version, effect }));
    const second = d1.remaining[0]!;
    const d2 = ok(
      await draftEffect(env.deps, at(me), { version: g.version, effect: { symbol: second, draw: true } }),
    ).draft;
    expect(await draftRecruit(env.deps, at(me), { version: g.version, cards: d2.row.slice(0, 2) })).toMatchObject({
      ok: false,
      error: 'Take 1 card from the recruiting row, not 2.',
    });
    const pick = d2.row[d2.row.length - 1]!;
    expect(ok(await draftRecruit(env.deps, at(me), { version: g.version, cards: [pick] })).draft.recruit).toEqual([
      pick,
    ]);
    // the draft is read back as stored (a reopened wizard)
    expect(ok(await cardsDraft(env.deps, at(me))).draft.effects.map((e) => e.symbol)).toEqual([first, second]);
    const round = g.round;
    const done = ok(await finishFallBack(env.deps, at(me), { version: g.version })).game;
    // last seat: the control round and the end of the round ran in the same transaction
    expect(done.round).toBe(round + 1);
    expect(['choose', 'finished']).toContain(done.phase);
    const last = (await eventRows(env)).at(-1)!;
    expect(last.action).toEqual({
      type: 'fallBack',
      seat: d0.seat,
      effects: [effect, { symbol: second, draw: true }],
      recruit: [pick],
    });
    const events = (await outboxRows(env)).map(cardEventOf);
    expect(events).toContain('round');
  });

  it('a wizard screen is one step (several effects and the recruit at once); Back undoes the whole step', async () => {
    const me = await lastWithClaims();
    const g = await info(env);
    const d0 = ok(await startFallBack(env.deps, at(me), { version: g.version })).draft;
    expect(d0.steps).toBe(0);
    const [a, b, c] = d0.remaining as [string, string, string];
    const first = d0.choices[a as 'spy']![0] ?? { symbol: a, draw: true };
    const pick = d0.row.at(-1)!;
    // refused as a whole: nothing stored
    expect(
      await draftChoose(env.deps, at(me), { version: g.version, effects: [first, { symbol: a, draw: true }] }),
    ).toMatchObject({ ok: false, error: expect.stringContaining('already resolved') });
    expect(
      await draftChoose(env.deps, at(me), { version: g.version, effects: [{ symbol: 'nonsense' }] }),
    ).toMatchObject({
      ok: false,
      error: 'That choice is not understood; choose it again from the list.',
    });
    expect(await draftChoose(env.deps, at(me), { version: g.version })).toMatchObject({
      ok: false,
      error: 'Nothing was chosen.',
    });
    expect(ok(await cardsDraft(env.deps, at(me))).draft).toMatchObject({ effects: [], recruit: null, steps: 0 });
    // one screen: two effects and the recruit; the next screen: the third
    const d1 = ok(
      await draftChoose(env.deps, at(me), {
        version: g.version,
        effects: [first, { symbol: b, draw: true }],
        recruit: [pick],
      }),
    ).draft;
    expect([d1.effects, d1.recruit, d1.steps, d1.remaining]).toEqual([
      [first, { symbol: b, draw: true }],
      [pick],
      1,
      [c],
    ]);
    expect(await draftChoose(env.deps, at(me), { version: g.version, recruit: [pick] })).toMatchObject({
      ok: false,
      error: 'Your recruits are already chosen; Back undoes them.',
    });
    const d2 = ok(
      await draftChoose(env.deps, at(me), { version: g.version, effects: [{ symbol: c, draw: true }] }),
    ).draft;
    expect([d2.effects.length, d2.steps, d2.remaining]).toEqual([3, 2, []]);
    // Back undoes the last screen, then the one before (its two effects and the recruit together)
    expect(ok(await draftBack(env.deps, at(me), { version: g.version })).draft).toMatchObject({
      effects: [first, { symbol: b, draw: true }],
      recruit: [pick],
      steps: 1,
    });
    expect(ok(await draftBack(env.deps, at(me), { version: g.version })).draft).toMatchObject({
      effects: [],
      recruit: null,
      steps: 0,
    });
    expect(await draftBack(env.deps, at(me), { version: g.version })).toMatchObject({
      ok: false,
      error: 'Nothing to undo: nothing is chosen yet.',
    });
    // a recruit that is not in the row is named as players read cards
    expect(await draftChoose(env.deps, at(me), { version: g.version, recruit: ['B99'] })).toMatchObject({ ok: false });
    ok(
      await draftChoose(env.deps, at(me), {
        version: g.version,
        effects: [first, { symbol: b, draw: true }, { symbol: c, draw: true }],
        recruit: [pick],
      }),
    );
    ok(await finishFallBack(env.deps, at(me), { version: g.version }));
    expect((await eventRows(env)).at(-1)!.action).toEqual({
      type: 'fallBack',
      seat: d0.seat,
      effects: [first, { symbol: b, draw: true }, { symbol: c, draw: true }],
      recruit: [pick],
    });
  });

  it('Cancel returns to the turn with every choice dropped; a draft of an older table is stale', async () => {
    const me = await lastWithClaims();
    const g = await info(env);
    const d = ok(await startFallBack(env.deps, at(me), { version: g.version })).draft;
    ok(await draftEffect(env.deps, at(me), { version: g.version, effect: { symbol: d.remaining[0]!, draw: true } }));
    ok(await cancelFallBack(env.deps, at(me)));
    expect(ok(await cardsDraft(env.deps, at(me))).draft).toMatchObject({ effects: [], recruit: null });
    expect((await info(env)).version).toBe(g.version); // nothing public happened
    expect(await startFallBack(env.deps, at(me), { version: g.version - 1 })).toMatchObject({
      ok: false,
      error: STALE,
    });
  });

  it('confirming Fall back with under 2 minutes left extends the deadline to 2 minutes, once a turn', async () => {
    const g = await toBattle(3, { preset: 'live' });
    const me = g.toActUserId!;
    expect(g.deadline).toBe(env.clock.t + 120_000);
    env.clock.advance(110_000);
    ok(await startFallBack(env.deps, at(me), { version: g.version }));
    const graced = env.clock.t + 120_000;
    expect((await info(env)).deadline).toBe(graced);
    // Fall back → Cancel → Fall back never renews it: the turn cannot be held beyond its deadline plus one grace
    for (let i = 0; i < 5; i++) {
      env.clock.advance(20_000);
      ok(await cancelFallBack(env.deps, at(me)));
      ok(await startFallBack(env.deps, at(me), { version: g.version }));
      expect((await info(env)).deadline).toBe(graced);
    }
    expect(graced).toBeLessThanOrEqual(g.deadline! + 120_000);
    env.clock.t = graced + 1;
    expect((await sweepCardGames(env.deps)).timedOut).toBe(1);
    expect((await eventRows(env)).at(-1)).toMatchObject({ actor: 'timeout', action: { type: 'fallBack' } });
  });

  it('the next turn gets its own grace', async () => {
    const g = await toBattle(3, { preset: 'live' });
    env.clock.advance(110_000);
    ok(await startFallBack(env.deps, at(g.toActUserId!), { version: g.version }));
    ok(await finishFallBack(env.deps, at(g.toActUserId!), { version: g.version }));
    const next = await info(env);
    env.clock.advance(115_000);
    ok(await startFallBack(env.deps, at(next.toActUserId!), { version: next.version }));
    expect((await info(env)).deadline).toBe(env.clock.t + 120_000);
  });

  it('the chooser alone chooses, among eligible states only', async () => {
    env = await startedCards(3);
    await giveAll(env);
    const g = await info(env);
    const other = g.seats.find((s) => s.seat !== g.toAct)!.userId;
    expect(await chooseBattle(env.deps, at(other), { version: g.version, state: 'gu' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('They choose the next battle.'),
    });
    expect(await chooseBattle(env.deps, at(g.toActUserId!), { version: g.version, state: 'atlantis' })).toMatchObject({
      ok: false,
      error: 'There is no state "atlantis".',
    });
    expect(
      await chooseBattle(env.deps, at(g.toActUserId!), { version: g.version, state: 'gu', start: (g.toAct! + 1) % 3 }),
    ).toMatchObject({ ok: false, error: expect.stringContaining('Only the Spy claimer chooses the start player') });
    const after = ok(await chooseBattle(env.deps, at(g.toActUserId!), { version: g.version, state: 'gu' })).game;
    expect(after.table!.currentState).toBe('gu');
    expect(await markCardsPresent(env.deps, at(other))).toEqual({ ok: true });
    expect(CH).toBe(after.channelId);
  });

  it('no state named (the wizard’s default button) takes the default state', async () => {
    env = await startedCards(3);
    await giveAll(env);
    const g = await info(env);
    const after = ok(await chooseBattle(env.deps, at(g.toActUserId!), { version: g.version, state: '' })).game;
    expect(after.phase).toBe('battle');
    expect(after.table!.currentState).toBeTruthy();
  });
});

describe('card game: the round summary', () => {
  it('lists every fall back of the round and the control round, and names the states that changed', async () => {
    env = await startedCards(3);
    await giveAll(env);
    await chooseFirst(env);
    const round = (await info(env)).round;
    for (let i = 0; i < 30 && (await info(env)).round === round; i++) {
      const g = await info(env);
      ok(await startFallBack(env.deps, at(g.toActUserId!), { version: g.version }));
      ok(await finishFallBack(env.deps, at(g.toActUserId!), { version: g.version }));
    }
    const summary = (await outboxRows(env)).find((r) => cardEventOf(r) === 'round')!;
    const p = cardDataOf(summary, 'round');
    expect(p.round).toBe(round);
    expect(p.text.startsWith(`**Round ${round} is over.**`)).toBe(true);
    expect(p.text.match(/fell back/g)).toHaveLength(3);
    expect(p.text).toContain('Control round:');
    expect(p.changed).toEqual([]);
    expect(p.board.round).toBe(round + 1);
  });
});
