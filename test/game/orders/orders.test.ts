import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearOrders, myOrders, submitOrders } from '../../../src/game/orders/index.js';
import { playerContext } from '../../../src/game/history/index.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { t } from '../../../src/i18n/index.js';
import { resolveDuePhases } from '../../../src/game/resolve/index.js';
import { orders } from '../../../src/store/schema.js';
import {
  CHANNEL,
  err,
  HOUR,
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
  env = await makeEnv();
  internalErrors.length = 0;
  await startedGame(env.deps);
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const submit = async (power: string, text: string) =>
  await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf(power), text });

describe('submitOrders', () => {
  it('stores normalized orders and replaces an earlier order for the same unit', async () => {
    const first = ok(await submit('France', 'A Paris -> Burgundy; F bre - mao'));
    expect(first.stored.map((o) => o.text)).toEqual(['A par - bur', 'F bre - mao']);
    expect(first.rejected).toEqual([]);
    expect(first.missing).toEqual(['A mar']);
    const second = ok(await submit('France', 'a par h\nA mar - spa'));
    expect(second.stored.map((o) => o.text).sort()).toEqual(['A mar - spa', 'A par H']);
    expect(second.orders.map((o) => o.text).sort()).toEqual(['A mar - spa', 'A par H', 'F bre - mao']);
    expect(second.missing).toEqual([]);
    expect(await env.deps.store.db.select().from(orders)).toHaveLength(3);
  });

  it('rejects orders for units the caller does not own and garbage, with reasons, and keeps the good ones', async () => {
    const r = ok(await submit('France', 'A mun - bur; blah blah; A par - pic; F lon - nth'));
    expect(r.stored.map((o) => o.text)).toEqual(['A par - pic']);
    expect(r.rejected).toHaveLength(3);
    expect(r.rejected[0].input).toMatch(/mun/i);
    expect(r.rejected[0].error).toMatch(/France has no unit in Munich|belongs to Germany/);
    expect(r.rejected[1].error.length).toBeGreaterThan(5);
    expect(r.rejected[2].error).toMatch(/London|lon/);
    expect(await env.deps.store.db.select().from(orders)).toHaveLength(1);
  });

  it("rejects orders the board does not allow, with the adjudicator's reason, and stores the legal ones", async () => {
    const r = ok(await submit('France', 'A par - mun; F bre - spa; A mar S A par - bur; A par - bur'));
    expect(r.stored.map((o) => o.text).sort()).toEqual(['A mar S A par - bur', 'A par - bur']);
    expect(r.rejected.map((x) => x.error)).toEqual([
      expect.stringMatching(/^Paris is not next to Munich|cannot reach Munich/),
      expect.stringMatching(/fleet in Brest cannot reach Spain/),
    ]);
    // A convoy move waiting for fleets is not judged before the phase: it depends on other orders.
    const england = ok(await submit('England', 'A lvp - bel via convoy'));
    expect(england.stored.map((o) => o.text)).toEqual(['A lvp - bel via convoy']);
  });

  it('rejects retreats and builds in a movement phase', async () => {
    const r = ok(await submit('France', 'A par B'));
    expect(r.stored).toEqual([]);
    expect(r.rejected).toHaveLength(1);
  });

  it('tells a power with nothing to decide just that, not the phase’s instructions for those who have', async () => {
    // Austria takes Serbia; in Winter 1901 it has one build, England nothing to build or disband.
    ok(await submit('Austria', 'A bud - ser'));
    for (let i = 0; i < 2; i++) {
      ok(await submit('England', 'F lon H; F edi H; A lvp H'));
      if (i === 1) ok(await submit('Austria', 'A ser H'));
      env.clock.advance(25 * HOUR);
      await resolveDuePhases(env.deps);
    }
    const refusal = await submit('England', 'F lon - nth; A lvp B');
    expect(err(refusal)).toBe('England has nothing to decide this phase: no order is needed.');
    if (refusal.ok) return;
    expect(t('fr', refusal.message!)).toBe(
      'L’Angleterre n’a rien à décider pendant cette phase : aucun ordre n’est attendu.',
    );
    expect(t('zh-CN', refusal.message!)).toBe('英国在本阶段无需做任何决定，不用下达指令。');
    // Austria, who has a build, still hears what an adjustment phase takes.
    const austria = ok(await submit('Austria', 'A ser H'));
    expect(austria.rejected.map((r) => r.error)).toEqual([expect.stringMatching(/^It is an adjustment phase/)]);
    expect(ok(await myOrders(env.deps, { channelId: CHANNEL, userId: userOf('England') })).orders).toEqual([]);
  });

  it('refuses empty text, outsiders, and channels without a game, changing nothing', async () => {
    expect(err(await submit('France', '   '))).toMatch(/No orders given/);
    expect(err(await submitOrders(env.deps, { channelId: CHANNEL, userId: 'stranger', text: 'A par H' }))).toMatch(
      /not playing/,
    );
    expect(
      err(await submitOrders(env.deps, { channelId: 'nowhere', userId: userOf('France'), text: 'A par H' })),
    ).toMatch(/no game/);
    expect(await env.deps.store.db.select().from(orders)).toEqual([]);
  });

  it('confirms the complete order set by one DM per burst to the submitter only, and never puts orders in channel messages', async () => {
    ok(await submit('France', 'A par - bur'));
    ok(await submit('France', 'F bre - mao'));
    const rows = await outboxRows(env.deps);
    const dms = rows.filter(
      (r) => r.kind === 'dm' && (r.payload as { reason: string }).reason === 'order_confirmation',
    );
    // The second /order rewrote the confirmation still waiting for its quiet period.
    expect(dms).toHaveLength(1);
    expect(dms[0]!.nextAttemptAt).toBeGreaterThan(env.clock.t);
    expect(dms.every((d) => d.target === userOf('France'))).toBe(true);
    const last = JSON.stringify(dms[0]!.payload);
    expect(last).toContain('A par - bur');
    expect(last).toContain('F bre - mao');
    const channelText = rows
      .filter((r) => r.targetKind === 'channel')
      .map((r) => JSON.stringify(r.payload))
      .join('\n');
    expect(channelText).not.toMatch(/bur|mao/);
  });
});

describe('myOrders / clearOrders / playerContext', () => {
  it('lists my orders and my units without orders; clear removes them', async () => {
    ok(await submit('Russia', 'F stp/sc - bot'));
    const mine = ok(await myOrders(env.deps, { channelId: CHANNEL, userId: userOf('Russia') }));
    expect(mine.orders.map((o) => o.text)).toEqual(['F stp/sc - bot']);
    expect(mine.unordered.sort()).toEqual(['A mos', 'A war', 'F sev']);
    expect(mine.adjustment).toBeNull();
    expect(ok(await clearOrders(env.deps, { channelId: CHANNEL, userId: userOf('Russia') })).cleared).toBe(1);
    expect(ok(await myOrders(env.deps, { channelId: CHANNEL, userId: userOf('Russia') })).orders).toEqual([]);
  });

  it('says a power with nothing to decide has nothing to decide, not that every unit has an order', async () => {
    // Mandate of Heaven opens with the nomads' placement: the other powers have nothing to decide.
    const channelId = 'mandate';
    ok(await createGame(env.deps, { channelId, guildId: 'guild-1', userId: 'gm', variantId: 'mandate-of-heaven' }));
    for (const power of ['Qin', 'Chu']) ok(await joinGame(env.deps, { channelId, userId: userOf(power), power }));
    ok(await startGame(env.deps, { channelId, userId: 'gm' }));
    const mine = ok(await myOrders(env.deps, { channelId, userId: userOf('Qin') }));
    expect(mine.lines.slice(1).map((line) => t('en', line))).toEqual(['Nothing to decide this phase.']);
    expect(mine.lines.slice(1).map((line) => t('zh-CN', line))).toEqual(['本阶段无需做任何决定。']);
  });

  it('gives the caller their power, position and own orders only', async () => {
    ok(await submit('Russia', 'A war - gal'));
    ok(await submit('Austria', 'A vie - gal'));
    const ctx = ok(await playerContext(env.deps, { channelId: CHANNEL, userId: userOf('Russia') }));
    expect(ctx.power).toBe('Russia');
    expect(ctx.position.units).toHaveLength(22);
    expect(ctx.orders).toHaveLength(1);
    expect(ctx.orders[0].power).toBe('Russia');
  });
});
