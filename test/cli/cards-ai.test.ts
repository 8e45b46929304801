/**
 * `cards ai --seat K [--seed S]` (docs/ai.md "The card game"): seat K's view in, `{seat, action}` out; the action
 * is one `cards legal` lists for seat K in the full state; arrays in give arrays out; the same input and seed
 * give the same answer, a case's own `seed` overriding `--seed`; nothing hidden from the seat changes the answer.
 */
import { describe, expect, it } from 'vitest';
import { cardsCommand } from '../../src/cli/commands/cards.js';
import { apply, newGame, privateView, type Action, type CardGameState } from '../../src/cardgame/index.js';
import { canonical, notListed } from '../ai/cards/listed.js';
import { prng, randomAction } from '../cardgame/random-game.js';

const run = async (args: string[], input: unknown) => {
  const r = await cardsCommand(args, JSON.stringify(input));
  return { ...r, out: r.code === 0 && r.stdout ? JSON.parse(r.stdout) : undefined };
};

const seatToAct = (s: CardGameState) => (s.phase === 'choose' ? s.chooser!.seat : s.turnSeat!);

/** A game played at random up to its `steps`-th action (always in a phase with a seat to act). */
function midGame(seats: number, seed: number, steps: number): CardGameState {
  const r = prng(seed);
  let s = newGame({ seats, seed: `cli-ai-${seed}` });
  for (let i = 0; i < steps && s.phase !== 'finished'; i++) {
    const next = apply(s, randomAction(s, r));
    if (!next.ok) throw new Error(next.error);
    if (next.state.phase === 'finished') break;
    s = next.state;
  }
  return s;
}

describe('cards ai', () => {
  it("answers from seat K's view with an action cards legal lists for seat K in the full state", async () => {
    for (const [seats, seed, steps] of [
      [2, 1, 6],
      [3, 2, 14],
      [4, 3, 25],
      [5, 4, 40],
      [2, 5, 2],
      [3, 6, 3],
    ] as const) {
      const s = midGame(seats, seed, steps);
      const seat = s.phase === 'give' ? 1 : seatToAct(s);
      const r = await run(['ai', '--seat', String(seat), '--seed', 'x', '--playouts', '30'], privateView(s, seat));
      expect(r.code).toBe(0);
      expect(r.out.seat).toBe(seat);
      expect(notListed(s, seat, r.out.action)).toBe(null);
      expect(apply(s, r.out.action as Action).ok).toBe(true);
    }
  });

  it("gives the same answer for the same input and seed; a case's seed overrides --seed; an array gives an array", async () => {
    const s = midGame(3, 7, 20);
    const seat = seatToAct(s);
    const v = privateView(s, seat);
    const args = ['ai', '--seat', String(seat), '--seed', '11', '--playouts', '40'];
    const a = await run(args, v);
    expect((await run(args, v)).stdout).toBe(a.stdout);
    const many = await run(args, [v, { ...v, seed: 11 }, { ...v, seed: '11' }]);
    expect(many.out).toHaveLength(3);
    expect(canonical(many.out[0])).toBe(canonical(a.out));
    for (const x of many.out) expect(notListed(s, seat, x.action)).toBe(null);
  });

  it('never reads what the seat cannot see: other hands, the deck and the shuffle state change nothing', async () => {
    const s = midGame(3, 8, 12);
    const seat = seatToAct(s);
    // swap a card of another hand with one of the deck, and change the engine's shuffle state
    const other = (seat + 1) % 3;
    const t = structuredClone(s);
    [t.seats[other]!.hand[0], t.deck[0]] = [t.deck[0]!, t.seats[other]!.hand[0]!];
    t.rng = 'f'.repeat(32);
    t.deck.reverse();
    const args = ['ai', '--seat', String(seat), '--seed', 's', '--playouts', '30'];
    const fromView = await run(args, privateView(s, seat));
    expect((await run(args, privateView(t, seat))).stdout).toBe(fromView.stdout);
    // a full state is reduced to the seat's view first
    expect((await run(args, s)).stdout).toBe(fromView.stdout);
    expect((await run(args, t)).stdout).toBe(fromView.stdout);
  });

  it("in the setup, answers seat K's give; when the seat has nothing to decide, the action is null", async () => {
    const s = newGame({ seats: 3, seed: 'cli-ai-give' });
    const give = await run(['ai', '--seat', '2'], privateView(s, 2));
    expect(give.out.action).toMatchObject({ type: 'give', seat: 2, cards: expect.any(Array) });
    expect(notListed(s, 2, give.out.action)).toBe(null);
    const battle = midGame(3, 9, 12);
    const idle = (seatToAct(battle) + 1) % 3;
    expect((await run(['ai', '--seat', String(idle)], privateView(battle, idle))).out).toEqual({
      seat: idle,
      action: null,
    });
  });

  it.each([
    [['ai'], {}, /needs --seat K/],
    [['ai', '--seat', '0', '--depth', '3'], {}, /unknown option --depth/],
    [['ai', '--seat', '0', '--playouts', '-1'], {}, /--playouts is a whole number/],
    [['ai', '--seat', '0'], { hello: 1 }, /not a seat's view/],
  ])('%j with bad input exits 2 with a one-line reason', async (args, input, reason) => {
    const r = await run(args, input);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(reason);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it("refuses another seat's view and the public view, naming the seat it needs", async () => {
    const s = midGame(2, 10, 4);
    expect((await run(['ai', '--seat', '0'], privateView(s, 1))).stderr).toMatch(/is seat 1's view, not seat 0's/);
    const { viewer: _v, ...rest } = privateView(s, 0);
    expect((await run(['ai', '--seat', '0'], { ...rest, viewer: null })).stderr).toMatch(/public view/);
    expect((await run(['ai', '--seat', '2'], privateView(s, 0))).stderr).toMatch(/seats 0 to 1/);
  });
});
