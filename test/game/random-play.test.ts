/**
 * Random play through the use-cases (fast-check): any sequence of player and game-master commands, with legal
 * and illegal orders, never throws, never breaks the stored game's invariants, and never puts an order in a
 * channel message before its phase is resolved.
 */
import { first } from '../../src/store/store.js';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asc, eq } from 'drizzle-orm';
import { legalOrders } from '../../src/engine/options.js';
import { clearOrders, submitOrders } from '../../src/game/orders/index.js';
import { concede, voteDraw } from '../../src/game/votes/index.js';
import { gmAdvance, gmExtend, gmPause, gmResume, gmRollback } from '../../src/game/gm/index.js';
import { playerContext, gameStatus } from '../../src/game/history/index.js';
import { resolveDuePhases, toggleReady, queueDueReminders } from '../../src/game/resolve/index.js';
import { games, outbox, phases } from '../../src/store/schema.js';
import {
  CHANNEL,
  GM,
  HOUR,
  internalErrors,
  makeEnv,
  ok,
  startedGame,
  TEST_DIALECT,
  userOf,
  type TestEnv,
} from './helpers.js';

const POWERS = ['England', 'France', 'Germany', 'Russia'];

type Step =
  | { kind: 'orders'; power: number; pick: number[] }
  | { kind: 'garbage'; power: number; text: string }
  | { kind: 'clear' | 'ready' | 'draw' | 'concede'; power: number }
  | { kind: 'advance' | 'rollback' | 'pause' | 'resume' }
  | { kind: 'extend'; text: string }
  | { kind: 'time'; hours: number };

const simple = <K extends string>(kind: K) => fc.record({ kind: fc.constant(kind) });
const byPower = <K extends string>(kind: K) => fc.record({ kind: fc.constant(kind), power: fc.nat(3) });
const step = fc.oneof(
  {
    weight: 20,
    arbitrary: fc.record({
      kind: fc.constant('orders' as const),
      power: fc.nat(3),
      pick: fc.array(fc.nat(1000), { maxLength: 6 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('garbage' as const),
      power: fc.nat(3),
      text: fc.string({ maxLength: 30 }),
    }),
  },
  { weight: 2, arbitrary: byPower('clear' as const) },
  { weight: 10, arbitrary: byPower('ready' as const) },
  { weight: 1, arbitrary: byPower('draw' as const) },
  { weight: 1, arbitrary: byPower('concede' as const) },
  { weight: 8, arbitrary: simple('advance' as const) },
  { weight: 1, arbitrary: simple('rollback' as const) },
  { weight: 1, arbitrary: simple('pause' as const) },
  { weight: 3, arbitrary: simple('resume' as const) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extend' as const),
      text: fc.constantFrom('1h', '10m', 'x', '0s', '40d'),
    }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('time' as const), hours: fc.integer({ min: 1, max: 30 }) }) },
) as fc.Arbitrary<Step>;

/** `A par - bur`, `F stp/sc S A mos`, `A war B`: an order written out, as channel text must never show early. */
const ORDER_TEXT = /\b[AF] [a-z]{3}(\/[a-z]{2})? (-|S|C|R|D|B)( |$)/m;

async function run(env: TestEnv, s: Step): Promise<void> {
  const deps = env.deps;
  const caller = (i: number) => ({ channelId: CHANNEL, userId: userOf(POWERS[i]) });
  const gm = { channelId: CHANNEL, userId: GM };
  switch (s.kind) {
    case 'orders': {
      const ctx = await playerContext(deps, caller(s.power));
      if (!ctx.ok) return;
      const options = legalOrders(ctx.variant, ctx.position, ctx.power).flatMap((u) => u.orders);
      if (options.length === 0 || s.pick.length === 0) return;
      const text = s.pick.map((i) => options[i % options.length]).join('; ');
      const r = await submitOrders(deps, { ...caller(s.power), text });
      if (r.ok && ctx.position.phase.type !== 'adjustment') expect(r.rejected).toEqual([]);
      return;
    }
    case 'garbage':
      await submitOrders(deps, { ...caller(s.power), text: s.text });
      return;
    case 'clear':
      await clearOrders(deps, caller(s.power));
      return;
    case 'ready':
      await toggleReady(deps, caller(s.power));
      return;
    case 'draw':
      await voteDraw(deps, caller(s.power));
      return;
    case 'concede':
      await concede(deps, { ...caller(s.power), to: ['England', 'France', 'Germany', 'Russia'][s.power % 4]! });
      return;
    case 'advance':
      await gmAdvance(deps, gm);
      return;
    case 'rollback':
      await gmRollback(deps, gm);
      return;
    case 'pause':
      await gmPause(deps, gm);
      return;
    case 'resume':
      await gmResume(deps, gm);
      return;
    case 'extend':
      await gmExtend(deps, { ...gm, duration: s.text });
      return;
    case 'time':
      env.clock.advance(s.hours * HOUR);
      await queueDueReminders(deps);
      await resolveDuePhases(deps);
      return;
  }
}

async function checkInvariants(env: TestEnv): Promise<void> {
  const db = env.deps.store.db;
  const game = first(await db.select().from(games).limit(1))!;
  const rows = await db.select().from(phases).where(eq(phases.gameId, game.id)).orderBy(asc(phases.idx));
  expect(rows.map((p) => p.idx)).toEqual(rows.map((_, i) => i));
  const last = rows[rows.length - 1];
  expect(game.currentPhaseId).toBe(last.id);
  expect(last.resolvedAt).toBeNull();
  for (const p of rows.slice(0, -1)) {
    expect(p.resolvedAt).not.toBeNull();
    expect(p.adjudication).not.toBeNull();
  }
  expect(game.status === 'finished').toBe(game.end !== null);
  if (game.status === 'active') expect(game.deadlineMs).not.toBeNull();
  else expect(game.deadlineMs).toBeNull();
  const resolved = new Set(rows.filter((p) => p.resolvedAt !== null).map((p) => p.id));
  for (const row of await db.select().from(outbox).where(eq(outbox.targetKind, 'channel'))) {
    // A row may carry no text (an edit such as a closed substitute call's button): it shows no order either.
    const payload = row.payload as { type: string; phaseId?: number; text?: string };
    if (payload.type === 'phase_results') {
      // results only of resolved phases (or cancelled by a rollback before delivery)
      expect(resolved.has(payload.phaseId!) || row.failedAt !== null).toBe(true);
    } else {
      expect(payload.text ?? '').not.toMatch(ORDER_TEXT);
    }
  }
  // The status text (built when delivered) never shows orders either.
  expect(ok(await gameStatus(env.deps, CHANNEL)).status.text).not.toMatch(ORDER_TEXT);
  // Order confirmations go only to the player of the power they list.
  for (const row of await db.select().from(outbox).where(eq(outbox.targetKind, 'user'))) {
    const payload = row.payload as { reason: string; text: string };
    if (payload.reason !== 'order_confirmation') continue;
    const power = /Your orders for (\w+)/.exec(payload.text)![1];
    expect(row.target).toBe(userOf(power));
  }
}

describe('random play', () => {
  it('keeps the game consistent and the orders secret', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 60 }), fc.integer(), async (steps, seed) => {
        internalErrors.length = 0;
        const env = await makeEnv(':memory:', seed);
        try {
          await startedGame(env.deps, POWERS);
          for (const s of steps) {
            await run(env, s);
            await checkInvariants(env);
          }
          expect(internalErrors).toEqual([]);
        } finally {
          await env.close();
        }
      }),
      // The sequences test the use-cases, which are the same on both databases; PostgreSQL runs a quarter of them.
      { numRuns: TEST_DIALECT === 'postgres' ? 10 : 40 },
    );
    // Forty games, each with its own database: on PostgreSQL under a loaded machine this takes minutes, not seconds.
  }, 300_000);
});
