/** A card seat whose player left (src/game/cards/seats.ts): its turns resolve at once, logged as nobody's. */
import { afterEach, describe, expect, it } from 'vitest';
import { sweepCardGames } from '../../../src/game/cards/index.js';
import { leaveSeat } from '../../../src/game/seats/index.js';
import { internalErrors, type TestEnv } from '../helpers.js';
import { at, chooseFirst, eventRows, giveAll, info, ok, outboxRows, startedCards } from './helpers.js';

let env: TestEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
  expect(internalErrors).toEqual([]);
});

describe('card game: a seat whose player left', () => {
  it('plays its turns at once, and the log says nobody holds it, not that someone is away', async () => {
    env = await startedCards(3);
    await giveAll(env);
    await chooseFirst(env);
    const g = await info(env);
    const seat = g.toAct!;
    const before = (await eventRows(env)).length;
    ok(await leaveSeat(env.deps, at(g.toActUserId!)));
    await sweepCardGames(env.deps);
    const after = (await eventRows(env)).slice(before);
    const played = after.find((r) => (r.action as { seat?: number }).seat === seat);
    expect(played?.actor).toBe('vacant');
    expect(after.some((r) => r.actor === 'away')).toBe(false);
  });

  it('its substitute call gives a deadline only when the seat is the one to act: the table’s is another seat’s turn', async () => {
    env = await startedCards(3);
    await giveAll(env);
    await chooseFirst(env);
    const g = await info(env);
    const waiting = g.seats.find((s) => s.seat !== g.toAct)!;
    const last = (await outboxRows(env)).at(-1)?.id ?? 0;
    ok(await leaveSeat(env.deps, at(waiting.userId)));
    const call = (await outboxRows(env, last))
      .map((r) => JSON.stringify(r.payload))
      .find((p) => p.includes('seats.call.head'));
    expect(call).toBeDefined();
    expect(call).toContain('seats.call.stateNoDeadline');
    expect(call).not.toContain('seats.call.state\\"');
  });
});
