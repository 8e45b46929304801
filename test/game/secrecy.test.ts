/**
 * What a game that hides who plays whom keeps from pairing a member with a power, in the game layer (docs/bot.md
 * "Hidden identities"): the record others read of a member (`/server player`, the `min-reliability` bar) leaves such a
 * game out until it ends; the status shows the players' own acts only at the marks of the clock, readiness only as a
 * count, and `/game status` not at all; `/ready` names no power it waits for; `/gm seats` tells the game master alone;
 * a sandbox opened from the exported file of such a game cannot be shared until it ends, as a copy of it cannot.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGame, joinGame, startGame } from '../../src/game/lobby/index.js';
import { deliverOutbox, type DeliveryRow } from '../../src/game/delivery/index.js';
import { gameStatus } from '../../src/game/history/index.js';
import { gmSeats } from '../../src/game/gm/index.js';
import { memberRecord } from '../../src/game/seats/index.js';
import { resolvePhase, toggleReady } from '../../src/game/resolve/index.js';
import { submitOrders } from '../../src/game/orders/index.js';
import { voteDraw } from '../../src/game/votes/index.js';
import { gameFileInTurns } from '../../src/game/history/game-file.js';
import { loopTurns } from '../../src/game/core/loop-turns.js';
import { nextProgressMark, PROGRESS_EVERY_MS, STATUS_MARK_KEY } from '../../src/game/outbox/write.js';
import { orderSandbox, sandboxShareRefusal, startSandboxFromFile } from '../../src/game/sandbox/sandbox.js';
import { msg } from '../../src/i18n/index.js';
import { CHANNEL, GM, internalErrors, makeEnv, ok, outboxRows, T0, userOf, type TestEnv } from './helpers.js';

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const POWERS = ['England', 'France', 'Germany'];
const as = (power: string) => ({ channelId: CHANNEL, userId: userOf(power) });

async function game(press: 'open' | 'gunboat' | 'anonymous') {
  ok(await createGame(env.deps, { channelId: CHANNEL, guildId: 'guild-1', userId: GM, variantId: 'classic', press }));
  for (const power of POWERS) ok(await joinGame(env.deps, { ...as(power), power }));
  return ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM })).game.id;
}

/** Delivers what is due now (again after a pass a busy database cut short); returns the status texts sent. */
async function deliverDue(): Promise<string[]> {
  const statuses: string[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const stats = await deliverOutbox({
      store: env.deps.store,
      now: env.deps.now,
      send: async (row: DeliveryRow) => {
        if (row.kind === 'status') statuses.push((row.payload as { text: string }).text);
        return row.kind === 'status' ? { messageId: 'status-message' } : undefined;
      },
    });
    if (stats.retried === 0) break;
  }
  return statuses;
}

const record = async (power: string, viewer: string) =>
  ok(await memberRecord(env.deps, { guildId: 'guild-1', userId: userOf(power), viewerId: viewer })).record;

describe('the record others read of a member', () => {
  it("leaves out a game that hides who plays whom until it ends; the member's own shows it, saying so", async () => {
    const gameId = await game('gunboat');
    // France gives nothing: a missed phase, which the results show as "France · ⏰ missed".
    ok(await submitOrders(env.deps, { ...as('England'), text: 'F lon - nth; F edi - nwg; A lvp - yor' }));
    ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
    expect(await record('France', userOf('Germany'))).toMatchObject({ seated: 0, missed: 0, privatePhases: 0 });
    expect(await record('England', userOf('Germany'))).toMatchObject({ seated: 0, complete: 0 });
    expect(await record('France', userOf('France'))).toMatchObject({ seated: 1, missed: 1, privatePhases: 1 });
    // Once the game is over (the final post reveals its players), everyone reads it.
    for (const power of POWERS) ok(await voteDraw(env.deps, as(power)));
    expect(await record('France', userOf('Germany'))).toMatchObject({ seated: 1, missed: 1, gamesFinished: 1 });
    expect(await record('France', userOf('France'))).toMatchObject({ seated: 1, privatePhases: 0 });
  });

  it('reads an open game at once', async () => {
    const gameId = await game('open');
    ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
    expect(await record('France', userOf('Germany'))).toMatchObject({ seated: 1, missed: 1, privatePhases: 0 });
  });
});

describe("the players' progress in a game that hides who plays whom", () => {
  it('edits the status once at the next mark of the clock for every act until then, never at each act', async () => {
    await game('gunboat');
    await deliverDue();
    const mark = nextProgressMark(T0 + 60_000);
    expect(mark).toBe(T0 + PROGRESS_EVERY_MS);
    env.clock.t = T0 + 60_000;
    ok(await submitOrders(env.deps, { ...as('France'), text: 'A par - bur' }));
    env.clock.t = T0 + 120_000;
    ok(await toggleReady(env.deps, as('England')));
    // No edit queued for now: one, held for the mark (the players' joins before the start share it).
    const queued = (await outboxRows(env.deps)).filter(
      (r) => r.kind === 'status' && r.sentAt === null && r.failedAt === null && r.nextAttemptAt > T0,
    );
    expect(queued.map((r) => [r.dedupeKey, r.nextAttemptAt])).toEqual([[`${STATUS_MARK_KEY}1:${mark}`, mark]]);
    env.clock.t = mark - 1;
    expect(await deliverDue()).toEqual([]);
    env.clock.t = mark;
    const [shown, ...more] = await deliverDue();
    expect(more).toEqual([]);
    expect(shown).toMatch(/France \(a player\) .* · ✏️ some orders/);
    // Readiness is counted, never shown per power.
    expect(shown).not.toContain('🟢 ready');
    expect(shown).toContain('🟢 Ready: 1 of 3.');
    expect(shown).toContain('in batches, every five minutes');
  });

  it('an open game shows each act at once, readiness per power', async () => {
    await game('open');
    await deliverDue();
    ok(await toggleReady(env.deps, as('England')));
    const [shown] = await deliverDue();
    expect(shown).toMatch(/England .* · 🟢 ready/);
  });

  it('/game status shows none of it between two marks; /ready names no power it waits for', async () => {
    await game('anonymous');
    ok(await submitOrders(env.deps, { ...as('France'), text: 'A par - bur' }));
    const status = ok(await gameStatus(env.deps, CHANNEL)).status;
    expect(status.text).not.toMatch(/✅|✏️|⏳|🟢/);
    expect(status.text).toContain("shows only in the channel's pinned status message");
    expect(status.powers.every((p) => !p.submitted && !p.ready && p.ordersStored === 0)).toBe(true);
    const ready = ok(await toggleReady(env.deps, as('France')));
    expect(ready).toMatchObject({ waitingFor: [], waiting: 2 });
  });
});

describe('/gm seats', () => {
  it('tells the game master who holds which power, and nobody else', async () => {
    await game('gunboat');
    const seats = ok(await gmSeats(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(seats.hidden).toBe(true);
    expect(seats.seats.filter((s) => s.userId !== null).map((s) => [s.power, s.userId])).toEqual(
      POWERS.map((p) => [p, userOf(p)]),
    );
    expect(await gmSeats(env.deps, as('France'))).toMatchObject({
      ok: false,
      error: 'Only the game master can use `/gm` commands.',
    });
  });
});

describe('a sandbox opened from the file of a running game that hides who plays whom', () => {
  it('cannot be shared until that game ends, as a copy of the game cannot; an open game’s file can', async () => {
    const gameId = await game('gunboat');
    ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
    const { file } = ok(await gameFileInTurns(env.deps, CHANNEL, loopTurns()));
    expect(file.over).toBe(false);
    const place = { channelId: 'chan-elsewhere', guildId: 'guild-1', userId: userOf('France') };
    const opened = ok(await startSandboxFromFile(env.deps, { ...place, fileName: file.name, text: file.text }));
    expect(opened.sandbox.gameChannelId).toBe(CHANNEL);
    ok(await orderSandbox(env.deps, { userId: userOf('France'), text: 'F bre - mao' }));
    expect(await sandboxShareRefusal(env.deps, { userId: userOf('France') })).toEqual(
      msg('sandbox.refused.hiddenShare'),
    );
    // A member who plays nothing opens it too: still the running game's board, still not shared.
    const stranger = { ...place, userId: 'user-stranger' };
    ok(await startSandboxFromFile(env.deps, { ...stranger, fileName: file.name, text: file.text }));
    expect(await sandboxShareRefusal(env.deps, { userId: 'user-stranger' })).toEqual(
      msg('sandbox.refused.hiddenShare'),
    );
    // Once it is over, the final post revealed the players: the sandbox may be shared.
    for (const power of POWERS) ok(await voteDraw(env.deps, as(power)));
    expect(await sandboxShareRefusal(env.deps, { userId: userOf('France') })).toBeNull();
  });

  it('a file naming a game of another server is opened with no game behind it', async () => {
    const gameId = await game('open');
    ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
    const { file } = ok(await gameFileInTurns(env.deps, CHANNEL, loopTurns()));
    const other = { channelId: 'chan-x', guildId: 'guild-2', userId: 'user-stranger' };
    const opened = ok(await startSandboxFromFile(env.deps, { ...other, fileName: file.name, text: file.text }));
    expect(opened.sandbox.gameChannelId).toBe('');
    expect(await sandboxShareRefusal(env.deps, { userId: 'user-stranger' })).toBeNull();
  });
});
