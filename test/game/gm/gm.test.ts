import { first } from '../../../src/store/store.js';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameStatus } from '../../../src/game/history/index.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import {
  gmAdvance,
  gmCancel,
  gmExtend,
  gmPause,
  gmReplace,
  gmResume,
  gmRollback,
  gmTransfer,
} from '../../../src/game/gm/index.js';
import { myOrders, submitOrders } from '../../../src/game/orders/index.js';
import { resolveDuePhases, toggleReady } from '../../../src/game/resolve/index.js';
import { voteDraw } from '../../../src/game/votes/index.js';
import { auditLog, outbox, phases } from '../../../src/store/schema.js';
import {
  CHANNEL,
  GM,
  HOUR,
  T0,
  err,
  internalErrors,
  makeEnv,
  ok,
  outboxRows,
  startedGame,
  userOf,
  type TestEnv,
} from '../helpers.js';

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
  await startedGame(env.deps);
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const gm = { channelId: CHANNEL, userId: GM };
const status = async () => ok(await gameStatus(env.deps, CHANNEL)).status;

describe('game-master commands', () => {
  it('are refused to anyone but the game master', async () => {
    const player = { channelId: CHANNEL, userId: userOf('France') };
    expect(err(await gmAdvance(env.deps, player))).toMatch(/Only the game master/);
    expect(err(await gmPause(env.deps, player))).toMatch(/Only the game master/);
    expect(err(await gmRollback(env.deps, player))).toMatch(/Only the game master/);
    expect(err(await gmExtend(env.deps, { ...player, duration: '1h' }))).toMatch(/Only the game master/);
    expect(err(await gmReplace(env.deps, { ...player, power: 'France', newUserId: 'x' }))).toMatch(
      /Only the game master/,
    );
  });

  it('extend moves the deadline; malformed durations are refused', async () => {
    expect(ok(await gmExtend(env.deps, { ...gm, duration: '2h' })).deadline).toBe(T0 + 26 * HOUR);
    expect(err(await gmExtend(env.deps, { ...gm, duration: 'later' }))).toMatch(/not a duration/);
    expect((await status()).game.deadline).toBe(T0 + 26 * HOUR);
    env.clock.advance(25 * HOUR);
    expect((await resolveDuePhases(env.deps)).resolved).toBe(0);
  });

  it('pause stops the clock and resume restores the time left', async () => {
    env.clock.advance(20 * HOUR);
    expect(ok(await gmPause(env.deps, gm)).remaining).toBe(4 * HOUR);
    // orders may still be written, but nothing resolves while paused
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A par H' }));
    expect(err(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf('France') }))).toMatch(/paused/);
    expect(err(await gmAdvance(env.deps, gm))).toMatch(/paused/);
    env.clock.advance(100 * HOUR);
    expect((await resolveDuePhases(env.deps)).resolved).toBe(0);
    expect(ok(await gmExtend(env.deps, { ...gm, duration: '1h' })).remaining).toBe(5 * HOUR);
    expect(ok(await gmResume(env.deps, gm)).deadline).toBe(env.clock.t + 5 * HOUR);
    expect(err(await gmResume(env.deps, gm))).toMatch(/not paused/);
  });

  it('advance resolves now', async () => {
    const r = ok(await gmAdvance(env.deps, gm));
    expect(r.resolved.map((p) => p.code)).toEqual(['S1901M']);
    expect((await status()).phase!.code).toBe('F1901M');
  });

  it("advance's notice names the phase in the variant's own calendar", async () => {
    const channelId = 'channel-moh';
    ok(await createGame(env.deps, { channelId, guildId: 'guild-1', userId: GM, variantId: 'mandate-of-heaven' }));
    for (const power of ['Qin', 'Chu']) ok(await joinGame(env.deps, { channelId, userId: userOf(power), power }));
    ok(await startGame(env.deps, { channelId, userId: GM }));
    ok(await gmAdvance(env.deps, { channelId, userId: GM }));
    const notice = (await outboxRows(env.deps)).find((r) => r.dedupeKey.startsWith('advance:'))!;
    expect((notice.payload as { text: string }).text).toContain('369 BC');
  });

  it('rollback returns to the start of the previous phase, keeping its orders and cancelling unsent messages about it', async () => {
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A par - bur' }));
    ok(await gmAdvance(env.deps, gm));
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A bur - mun' }));
    expect(await env.deps.store.db.select().from(phases)).toHaveLength(2);
    env.clock.advance(HOUR);
    const r = ok(await gmRollback(env.deps, gm));
    expect(r.phase.code).toBe('S1901M');
    expect(r.game.deadline).toBe(env.clock.t + 24 * HOUR);
    const rows = await env.deps.store.db.select().from(phases);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ resolvedAt: null, adjudication: null });
    const mine = ok(await myOrders(env.deps, { channelId: CHANNEL, userId: userOf('France') }));
    expect(mine.orders.map((o) => o.text)).toEqual(['A par - bur']);
    const cancelled = (await outboxRows(env.deps)).filter((o) => o.lastError === 'cancelled by a game-master rollback');
    expect(cancelled.map((o) => o.kind)).toContain('phase_results');
    expect(
      (await outboxRows(env.deps)).some(
        (o) => o.kind === 'notice' && JSON.stringify(o.payload).includes('rolled the game back'),
      ),
    ).toBe(true);
    // the phase can be resolved again
    expect(ok(await gmAdvance(env.deps, gm)).resolved.map((p) => p.code)).toEqual(['S1901M']);
    expect(err(await gmRollback(env.deps, { channelId: 'other', userId: GM }))).toMatch(/no game/);
  });

  it('rollback and cancel finish a results post the channel already has the first parts of', async () => {
    ok(await gmAdvance(env.deps, gm));
    const results = (await outboxRows(env.deps)).find((o) => o.kind === 'phase_results')!;
    // Two parts of it are in the channel; the rest is still to send.
    await env.deps.store.db.update(outbox).set({ partsSent: 2 }).where(eq(outbox.id, results.id));
    ok(await gmRollback(env.deps, gm));
    expect((await outboxRows(env.deps)).find((o) => o.id === results.id)).toMatchObject({
      failedAt: null,
      sentAt: null,
    });
    // The same row without a part sent would have been cancelled.
    ok(await gmAdvance(env.deps, gm));
    const again = (await outboxRows(env.deps)).filter((o) => o.kind === 'phase_results' && o.id !== results.id);
    expect(again).toHaveLength(1);
    ok(await gmRollback(env.deps, gm));
    expect((await outboxRows(env.deps)).find((o) => o.id === again[0]!.id)!.lastError).toBe(
      'cancelled by a game-master rollback',
    );
    // Cancelling the game drops unsent notices, but not one the channel has the first part of.
    const notices = (await outboxRows(env.deps)).filter(
      (o) => o.kind === 'notice' && o.sentAt === null && o.failedAt === null,
    );
    expect(notices.length).toBeGreaterThanOrEqual(2);
    await env.deps.store.db.update(outbox).set({ partsSent: 1 }).where(eq(outbox.id, notices[0]!.id));
    ok(await gmCancel(env.deps, { ...gm, canManageServer: false }));
    const after = await outboxRows(env.deps);
    expect(after.find((o) => o.id === notices[0]!.id)).toMatchObject({ failedAt: null });
    for (const n of notices.slice(1))
      expect(after.find((o) => o.id === n.id)!.lastError).toBe('cancelled with the game');
  });

  it('a retreat only a civil-disorder power has to make resolves at once, and rollback goes back past it', async () => {
    await env.close();
    env = await makeEnv();
    const started = await startedGame(env.deps, ['France']);
    // France stands in Burgundy and the Ruhr, ready to dislodge the German army in Munich.
    const row = first(await env.deps.store.db.select().from(phases).limit(1))!;
    const units = row.position.units.map((u) =>
      u.province === 'par' ? { ...u, province: 'bur' } : u.province === 'mar' ? { ...u, province: 'ruh' } : u,
    );
    await env.deps.store.db.update(phases).set({ position: { ...row.position, units } });
    ok(
      await submitOrders(env.deps, {
        channelId: CHANNEL,
        userId: userOf('France'),
        text: 'A bur - mun; A ruh S A bur - mun',
      }),
    );
    const r = ok(await gmAdvance(env.deps, gm));
    expect(r.resolved.map((p) => p.code)).toEqual(['S1901M', 'S1901R']);
    expect((await status()).phase!.code).toBe('F1901M');
    expect((await status()).powers.find((p) => p.power === 'Germany')!.units).toBe(2);
    const back = ok(await gmRollback(env.deps, gm));
    expect(back.phase.code).toBe('S1901M');
    expect(back.phase.id).toBe(started.phase.id);
    expect(await env.deps.store.db.select().from(phases)).toHaveLength(1);
  });

  it('rollback at the first phase is refused', async () => {
    expect(err(await gmRollback(env.deps, gm))).toMatch(/no previous phase/);
  });

  it('rollback reopens a game that ended in a draw', async () => {
    ok(await gmAdvance(env.deps, gm));
    for (const p of ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey']) {
      ok(await voteDraw(env.deps, { channelId: CHANNEL, userId: userOf(p) }));
    }
    expect((await status()).game.status).toBe('finished');
    const r = ok(await gmRollback(env.deps, gm));
    expect(r.game.status).toBe('active');
    expect(r.game.end).toBeNull();
    // the votes that ended it were cleared (and the notice says so); a second unanimous vote ends it again
    expect(ok(await voteDraw(env.deps, { channelId: CHANNEL, userId: userOf('France') })).end).toBeNull();
    expect(
      JSON.stringify((await outboxRows(env.deps)).filter((o) => o.kind === 'notice').map((o) => o.payload)),
    ).toMatch(/draw votes and concessions that ended the game were cleared/);
    for (const p of ['Austria', 'England', 'Germany', 'Italy', 'Russia', 'Turkey'])
      ok(await voteDraw(env.deps, { channelId: CHANNEL, userId: userOf(p) }));
    expect((await outboxRows(env.deps)).filter((o) => o.kind === 'game_over')).toHaveLength(2);
  });

  it('replace hands a power to another user, who must not already play', async () => {
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A par H; A mar H' }));
    const r = ok(await gmReplace(env.deps, { ...gm, power: 'france', newUserId: 'newbie' }));
    // How many orders it cleared, so the game master's reply says only what happened.
    expect(r).toMatchObject({ power: 'France', previousUserId: userOf('France'), cleared: 2 });
    expect(ok(await gmReplace(env.deps, { ...gm, power: 'Germany', newUserId: 'other' })).cleared).toBe(0);
    expect((await status()).powers.find((p) => p.power === 'France')!.userId).toBe('newbie');
    expect(err(await gmReplace(env.deps, { ...gm, power: 'Italy', newUserId: 'newbie' }))).toMatch(
      /already plays France/,
    );
    expect(err(await gmReplace(env.deps, { ...gm, power: 'Atlantis', newUserId: 'x' }))).toMatch(/not a power/);
    expect(
      err(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A par H' })),
    ).toMatch(/not playing/);
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: 'newbie', text: 'A par H' }));
    const dm = (await env.deps.store.db.select().from(outbox)).find((o) => o.target === 'newbie' && o.kind === 'dm');
    expect(dm).toBeDefined();
  });

  it('a member with Manage Server hands the role of any game over, as its master would, audited and told once', async () => {
    const manager = { channelId: CHANNEL, userId: 'user-admin' };
    const player = { channelId: CHANNEL, userId: userOf('France') };
    expect(err(await gmTransfer(env.deps, { ...player, newUserId: player.userId }))).toMatch(
      /Only the game master, or a member with Manage Server/,
    );
    expect(err(await gmTransfer(env.deps, { ...manager, newUserId: GM, canManageServer: true }))).toBe(
      `⟦member:${GM}⟧ is already the game master.`,
    );
    // The master left the server: a manager takes the role themselves.
    const r = ok(await gmTransfer(env.deps, { ...manager, newUserId: manager.userId, canManageServer: true }));
    expect(r).toMatchObject({ previousUserId: GM, byManager: true });
    expect((await status()).game.gmUserId).toBe(manager.userId);
    const notices = (await outboxRows(env.deps)).filter((o) => o.dedupeKey.startsWith('transfer:'));
    expect(notices.map((o) => (o.payload as { text: string }).text)).toEqual([
      `👑 ⟦member:user-admin⟧ is now the game master in place of ⟦member:${GM}⟧ (handed over by ⟦member:user-admin⟧, a server manager).`,
    ]);
    const logged = await env.deps.store.db.select().from(auditLog).where(eq(auditLog.action, 'gm_transfer'));
    expect(logged.map((a) => [a.userId, a.detail])).toEqual([
      ['user-admin', { from: GM, to: 'user-admin', byManager: true }],
    ]);
    // The new master hands it on as any master does; the old one is a member like another now.
    expect(err(await gmTransfer(env.deps, { channelId: CHANNEL, userId: GM, newUserId: GM }))).toMatch(
      /Only the game master, or a member with Manage Server/,
    );
    ok(await gmTransfer(env.deps, { ...manager, newUserId: player.userId }));
    expect((await status()).game.gmUserId).toBe(player.userId);
  });

  it("a manager's transfer in a game that hides who plays whom names nobody", async () => {
    const channelId = 'channel-gunboat';
    ok(
      await createGame(env.deps, { channelId, guildId: 'guild-1', userId: GM, variantId: 'classic', press: 'gunboat' }),
    );
    ok(await gmTransfer(env.deps, { channelId, userId: 'user-admin', newUserId: 'user-admin', canManageServer: true }));
    const notice = (await outboxRows(env.deps)).filter((o) => o.dedupeKey.startsWith('transfer:'));
    expect(notice.map((o) => (o.payload as { text: string }).text)).toEqual([
      '👑 A server manager handed the game over to another member, who is now its game master.',
    ]);
  });

  it('in a game that hides who plays whom, the role never goes to a player, nor tells a manager who plays', async () => {
    const channelId = 'channel-gunboat';
    ok(
      await createGame(env.deps, { channelId, guildId: 'guild-1', userId: GM, variantId: 'classic', press: 'gunboat' }),
    );
    ok(await joinGame(env.deps, { channelId, userId: 'user-p' }));
    ok(await joinGame(env.deps, { channelId, userId: 'user-admin-p' }));
    const manager = (userId: string, newUserId: string) =>
      gmTransfer(env.deps, { channelId, userId, newUserId, canManageServer: true });
    // A manager who plays would read every seat with /gm seats.
    expect(err(await manager('user-admin-p', 'user-admin-p'))).toBe(
      'This game hides who plays whom, and its game master reads who plays which power: the role cannot go to you, as you play in it.',
    );
    // A manager handing it to another member reads one answer whether that member plays or not.
    const others = err(await manager('user-admin', 'user-p'));
    expect(others).toMatch(/a server manager can take its game-master role only for themselves/);
    expect(err(await manager('user-admin', 'user-outsider'))).toBe(others);
    expect(err(await manager('user-admin-p', 'user-outsider'))).toBe(others);
    // The master never hands it to a player; a member who does not play takes it.
    expect(err(await gmTransfer(env.deps, { channelId, userId: GM, newUserId: 'user-p' }))).toMatch(
      /the role cannot go to ⟦member:user-p⟧, who plays in it/,
    );
    ok(await manager('user-admin', 'user-admin'));
    ok(await gmTransfer(env.deps, { channelId, userId: 'user-admin', newUserId: 'user-outsider' }));
    expect((await env.deps.store.db.select().from(auditLog).where(eq(auditLog.action, 'gm_transfer'))).length).toBe(2);
  });
});
