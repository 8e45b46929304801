/**
 * The move from phase to phase alone (src/game/phase/transition.ts): a phase's frame and a "does anybody decide here"
 * rule in, the moves out, with no database and no sandbox (the game's and the sandbox's appliers are tested in
 * test/game/resolve and test/game/sandbox). Played on the Beacons test variant (test/variants/beacons).
 */
import { describe, expect, it } from 'vitest';
import type { Position, PowerOrder } from '../../../src/engine/types.js';
import type { PhaseFrame } from '../../../src/game/phase/frame.js';
import {
  MAX_CHAINED_PHASES,
  phaseTransition,
  type DecidesIn,
  type PhaseMove,
} from '../../../src/game/phase/transition.js';
import { definePlugin, PLAIN, type VariantPlugin } from '../../../src/variants/plugin/index.js';
import { beacons, beaconsPlugin } from '../../variants/beacons/index.js';

const NOW = 1_000_000;
const DURATIONS = { movement: 86_400_000, retreat: 43_200_000, adjustment: 21_600_000 };
const start = beacons.startingPosition();

function frameOf(
  plugin: VariantPlugin,
  position: Position,
  orders: (p: Position) => PowerOrder[] = () => [],
): PhaseFrame {
  return {
    variant: beacons,
    plugin,
    game: { id: 1, channelId: 'chan', options: {}, durations: DURATIONS, deadline: null, gmUserId: 'gm' },
    phase: { id: 7, index: 0, position, resolved: false, adjudication: null },
    seats: [{ power: 'Red', userId: 'user-Red' }],
    steps: { step: null, startedAt: NOW, token: 'token' },
    records: [],
    orders,
    now: NOW,
    random: () => 0.5,
  };
}

/** Plays every move, answering each chained adjudication with the frame of the position it left. */
function play(first: PhaseFrame, decidesIn: DecidesIn): PhaseMove[] {
  const moves = phaseTransition(first, decidesIn);
  const seen: PhaseMove[] = [];
  for (let r = moves.next(); !r.done; ) {
    const move = r.value;
    seen.push(move);
    const next =
      move.kind === 'adjudicated' && move.after === 'chain'
        ? frameOf(first.plugin, move.adjudication.position)
        : undefined;
    r = moves.next(next);
  }
  return seen;
}

const summary = (moves: PhaseMove[]) =>
  moves.map((m) => (m.kind === 'waits' ? `waits:${m.decision.kind}` : `adjudicated:${m.after}`));

/** Red holds three centres when Fall's orders are adjudicated: Beacons is won at three. */
const redWinsBoard: Position = {
  ...start,
  phase: { season: 'fall', year: 1901, type: 'movement' },
  units: [
    { power: 'Red', type: 'A', province: 'b', coast: null },
    { power: 'Red', type: 'A', province: 'e', coast: null },
    { power: 'Red', type: 'A', province: 'a', coast: null },
    { power: 'Blue', type: 'A', province: 'f', coast: null },
  ],
};

/** A claim step that changes the board without asking anyone: Red's army in Ashford is gone before the adjudication. */
const sweepPlugin = definePlugin({
  beforeClaim(ctx) {
    ctx.setPosition({ ...ctx.phase.position, units: ctx.phase.position.units.filter((u) => u.province !== 'a') });
    return null;
  },
});

describe('the move from phase to phase', () => {
  const rows: { name: string; plugin: VariantPlugin; position: Position; decides: DecidesIn; moves: string[] }[] = [
    {
      name: 'someone decides in the next phase: one adjudication, then that phase is played',
      plugin: PLAIN,
      position: start,
      decides: () => true,
      moves: ['adjudicated:decide'],
    },
    {
      name: 'nobody ever decides: phases chain up to the bound, and the last waits for its deadline',
      plugin: PLAIN,
      position: start,
      decides: () => false,
      moves: [...Array<string>(MAX_CHAINED_PHASES - 1).fill('adjudicated:chain'), 'adjudicated:bound'],
    },
    {
      name: 'a step opens at the orders’ end: the phase waits, nothing is adjudicated',
      plugin: beaconsPlugin,
      position: start,
      decides: () => false,
      moves: ['waits:open'],
    },
    {
      name: 'a chained phase opens a step: the move stops there',
      plugin: beaconsPlugin,
      position: { ...start, phase: { ...start.phase, type: 'retreat' } },
      decides: () => false,
      moves: ['adjudicated:chain', 'waits:open'],
    },
    {
      name: 'a solo winner ends it, whoever would decide next',
      plugin: PLAIN,
      position: redWinsBoard,
      decides: () => false,
      moves: ['adjudicated:end'],
    },
  ];
  for (const row of rows)
    it(row.name, () => {
      expect(summary(play(frameOf(row.plugin, row.position), row.decides))).toEqual(row.moves);
    });

  it('asks the rule about the position each adjudication leaves', () => {
    const asked: string[] = [];
    play(frameOf(PLAIN, start), (position) => {
      asked.push(`${position.phase.season}-${position.phase.year}-${position.phase.type}`);
      return asked.length === 2;
    });
    expect(asked).toEqual(['fall-1901-movement', 'spring-1902-movement']);
  });

  it('adjudicates the board the steps left, with the orders given on it', () => {
    const given: Position[] = [];
    const orders = (p: Position): PowerOrder[] => {
      given.push(p);
      const unit = { type: 'A' as const, province: 'f', coast: null };
      return [{ power: 'Blue', order: { kind: 'move', unit, to: { province: 'e', coast: null }, viaConvoy: false } }];
    };
    const [move] = play(frameOf(sweepPlugin, start, orders), () => true);
    expect(move?.kind).toBe('adjudicated');
    if (move?.kind !== 'adjudicated') return;
    expect(given.map((p) => p.units.map((u) => u.province))).toEqual([['f']]);
    expect(move.adjudication.position.units.map((u) => `${u.power} ${u.province}`)).toEqual(['Blue e']);
    expect(move.crossing.effects.map((e) => e.kind)).toEqual(['position', 'adjudicate']);
  });

  it('refuses to chain without the frame of the phase that follows', () => {
    const moves = phaseTransition(frameOf(PLAIN, start), () => false);
    expect(moves.next().value).toMatchObject({ kind: 'adjudicated', after: 'chain' });
    expect(() => moves.next()).toThrow(/frame of the phase that follows/);
  });
});
