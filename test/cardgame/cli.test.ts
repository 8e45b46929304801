/**
 * The `cards` CLI in-process (contract: docs/cli.md "cards", docs/cardgame.md "CLI"; actions: docs/cardgame.md
 * "Actions").
 */
import { describe, expect, it } from 'vitest';
import { cardsCommand } from '../../src/cli/commands/cards.js';
import { main } from '../../src/cli/main.js';
import { apply, newGame, type Action } from '../../src/cardgame/index.js';
import { play } from './fixtures.js';
import { prng, randomAction } from './random-game.js';

const run = async (args: string[], input: unknown = '') => {
  const r = await cardsCommand(args, typeof input === 'string' ? input : JSON.stringify(input));
  return { ...r, out: r.code === 0 && r.stdout ? JSON.parse(r.stdout) : undefined };
};

describe('cards new', () => {
  it('prints a new game after the deal, the same for the same seed', async () => {
    const a = await run(['new', '--players', '3', '--seed', 'abc']);
    expect(a.code).toBe(0);
    expect(a.out.phase).toBe('give');
    expect(a.out.seats.map((x: { hand: string[] }) => x.hand.length)).toEqual([8, 8, 8]);
    expect(a.out.winner).toBe(null);
    expect((await run(['new', '--players', '3', '--seed', 'abc'])).stdout).toBe(a.stdout);
    const d = await run(['new', '--players', '2', '--seed', 'abc', '--dynasty-cards', '--dynasties', 'yan,qin']);
    expect(d.out.settings).toMatchObject({ seats: 2, dynastyCards: true, victoryStates: 7 });
    expect(d.out.seats.map((x: { dynasty: string }) => x.dynasty)).toEqual(['yan', 'qin']);
  });

  it.each([
    [['new', '--players', '6', '--seed', 'x'], /--players 2 to 5/],
    [['new', '--players', '3'], /needs --seed/],
    [['new', '--players', '2', '--seed', 'x', '--dynasties', 'qin,wei'], /unknown dynasty "wei"/],
    [['new', '--players', '3', '--seed', 'x', '--colour', 'red'], /unknown option --colour \(known: .*--dynasty-cards/],
    [['new', '--players', '3', '--seed', 'x', '--dynasty-cards=yes'], /option --dynasty-cards takes no value/],
    [['deal'], /unknown cards command "deal"/],
  ])('%j exits 2 with a one-line reason', async (args, reason) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(reason);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('cards apply', () => {
  const fresh = () => newGame({ seats: 3, seed: 'cli' });

  it('applies one action or a list; a refused action is a result naming its index, the state unchanged', async () => {
    const one = await run(['apply'], { state: fresh(), action: { type: 'give', seat: 0 } });
    expect(one.code).toBe(0);
    expect(one.out.ok).toBe(true);
    expect(one.out.events[0].kind).toBe('give');
    const many = await run(['apply'], {
      state: fresh(),
      actions: [
        { type: 'give', seat: 0 },
        { type: 'give', seat: 1 },
        { type: 'give', seat: 2 },
      ],
    });
    expect(many.out.state.phase).toBe('choose');
    expect(many.out.state.row).toHaveLength(6);
    const bad = await run(['apply'], {
      state: fresh(),
      actions: [
        { type: 'give', seat: 0 },
        { type: 'wage', seat: 1, bright: 'B01' },
      ],
    });
    expect(bad.code).toBe(0);
    expect(bad.out).toEqual({ ok: false, error: expect.stringMatching(/game is in the give phase/), at: 1 });
    const garbled = await run(['apply'], { state: fresh(), action: { type: 'dance', seat: 0 } });
    expect(garbled.out).toMatchObject({ ok: false, at: 0, error: expect.stringMatching(/not understood/) });
  });

  it('an array in gives an array out, in order', async () => {
    const r = await run(
      ['apply'],
      [
        { state: fresh(), action: { type: 'give', seat: 0 } },
        { state: fresh(), action: { type: 'give', seat: 9 } },
      ],
    );
    expect(r.out.map((x: { ok: boolean }) => x.ok)).toEqual([true, false]);
  });

  it('plays a whole game: the finished state has phase "finished" and a seat number (or seats) as winner', async () => {
    const r = prng(5);
    let s = newGame({ seats: 4, seed: 'cli-full' });
    const actions: Action[] = [];
    while (s.phase !== 'finished') {
      const a = randomAction(s, r);
      actions.push(a);
      const res = apply(s, a);
      if (!res.ok) throw new Error(res.error);
      s = res.state;
    }
    const out = await run(['apply'], { state: newGame({ seats: 4, seed: 'cli-full' }), actions });
    expect(out.out.ok).toBe(true);
    expect(out.out.state.phase).toBe('finished');
    const w = out.out.state.winner;
    expect(typeof w === 'number' || (Array.isArray(w) && w.length > 1)).toBe(true);
    expect(out.out.state).toEqual(JSON.parse(JSON.stringify(s)));
  });

  it.each([
    ['not JSON', '{state', /not JSON/],
    ['no action', { state: {} }, /must be \{state, action\}/],
    ['a state that is not one', { state: { seats: 3 }, action: { type: 'give', seat: 0 } }, /is not a card-game state/],
    [
      'an unknown card in a hand',
      (() => {
        const s = newGame({ seats: 2, seed: 'x' });
        s.seats[0]!.hand[0] = 'Z99';
        return { state: s, action: { type: 'give', seat: 0 } };
      })(),
      /seats\.0\.hand\.0: unknown card id/,
    ],
    [
      'a card in two places',
      (() => {
        const s = newGame({ seats: 2, seed: 'x' });
        s.row.push(s.seats[0]!.hand[0]!);
        return { state: s, action: { type: 'give', seat: 0 } };
      })(),
      /a card is in two places at once/,
    ],
    [
      'a battle without the seat to act',
      (() => {
        const s = newGame({ seats: 2, seed: 'x' });
        s.phase = 'battle';
        return { state: s, action: { type: 'give', seat: 0 } };
      })(),
      /turnSeat: a battle phase needs the seat to act/,
    ],
  ])('%s exits 2 with one line', async (_name, input, reason) => {
    const r = await run(['apply'], input);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(reason);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('cards view, legal and control', () => {
  it("view --seat K shows only that seat's hand, no deck order and no shuffle state", async () => {
    const s = newGame({ seats: 3, seed: 'view' });
    const r = await run(['view', '--seat', '1'], s);
    expect(r.out.seats[1].hand).toEqual(s.seats[1]!.hand);
    expect(r.out.seats[0].hand).toBeUndefined();
    expect(r.out.seats[0].handSize).toBe(8);
    expect(r.out.deckSize).toBe(s.deck.length);
    expect(r.stdout).not.toContain(s.rng);
    expect(r.out.deck).toBeUndefined();
    const pub = await run(['view'], [s, s]);
    expect(pub.out).toHaveLength(2);
    expect(pub.out[0].seats.every((x: { hand?: unknown }) => x.hand === undefined)).toBe(true);
    expect((await run(['view', '--seat', '3'], s)).code).toBe(2);
  });

  it("legal lists each seat's gives with seat null, then the chooser's choices", async () => {
    const s = newGame({ seats: 2, seed: 'legal' });
    const r = await run(['legal'], s);
    expect(r.out.seat).toBe(null);
    expect(r.out.actions).toHaveLength(2 * 28);
    expect(new Set(r.out.actions.map((a: { seat: number }) => a.seat))).toEqual(new Set([0, 1]));
    const { state: chosen } = play(s, { type: 'give', seat: 0 }, { type: 'give', seat: 1 });
    const c = await run(['legal'], [chosen]);
    expect(c.out[0].seat).toBe(s.startSeat);
    expect(c.out[0].actions).toHaveLength(12);
  });

  it('every listed action, the fall-back entry with its preview included, can be fed back to apply', async () => {
    const { state } = play(
      newGame({ seats: 3, seed: 'feed' }),
      { type: 'give', seat: 0 },
      { type: 'give', seat: 1 },
      { type: 'give', seat: 2 },
    );
    const chooser = state.chooser!.seat;
    const battle = play(state, { type: 'choose', seat: chooser, state: 'gu' }).state;
    const legal = (await run(['legal'], battle)).out;
    expect(legal.seat).toBe(chooser);
    const fb = legal.actions.at(-1);
    expect(fb).toMatchObject({ type: 'fallBack', seat: chooser, claims: [], recruitCount: 2, extraDraw: true });
    const results = (
      await run(
        ['apply'],
        legal.actions.map((action: unknown) => ({ state: battle, action })),
      )
    ).out;
    expect(results.filter((r: { ok: boolean }) => !r.ok)).toEqual([]);
  });

  it("control applies the control round to a board (the seed's left and right state)", async () => {
    const board = {
      states: { gu: [0, 'neutral'], lu: [1] },
      strongholds: { 10: [0], 15: [0], 20: [1, 1], 24: [1], 16: [0], 21: [2] },
    };
    const r = await run(['control'], [board, { strongholds: {}, states: {} }]);
    expect(r.out[0].changes).toEqual([{ state: 'gu', from: 'neutral', to: 0 }]);
    expect(r.out[0].states.gu).toEqual([0]);
    expect(r.out[0].states.lu).toEqual([1]);
    expect(r.out[1].changes).toEqual([]);
    expect((await run(['control'], { strongholds: { 40: [0] }, states: {} })).stderr).toMatch(
      /strongholds are 1 to 37/,
    );
    expect((await run(['control'], { strongholds: { 4: ['neutral'] }, states: {} })).stderr).toMatch(
      /neutral armies stand only in states/,
    );
  });

  it("is reached through the CLI's main dispatch", async () => {
    let out = '';
    const code = await main(['cards', 'new', '--players', '2', '--seed', 'main'], {
      stdin: async () => '',
      write: (s) => (out += s),
      warn: () => {},
    });
    expect(code).toBe(0);
    expect(JSON.parse(out).settings.seats).toBe(2);
  });
});
