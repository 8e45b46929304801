/**
 * `/gm set` and `/game create`'s clock in the game layer (docs/table.md): the columns each setting writes, the lengths
 * a clock gives when none was typed, the refusals that change nothing, and the rule shown on the order pad.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { gmSet } from '../../../src/game/settings/index.js';
import { readPadView } from '../../../src/game/pad/view.js';
import { games } from '../../../src/store/schema.js';
import { playerByUser } from '../../../src/store/queries.js';
import { t } from '../../../src/i18n/index.js';
import { CHANNEL, GM, HOUR, err, makeEnv, ok, userOf } from '../helpers.js';

type Env = Awaited<ReturnType<typeof makeEnv>>;

describe('game settings before the start', () => {
  let env: Env;
  const row = async () => (await env.deps.store.db.select().from(games).where(eq(games.channelId, CHANNEL)))[0]!;
  const set = (setting: string, value: string, userId = GM) =>
    gmSet(env.deps, { channelId: CHANNEL, userId, setting, value });
  const create = (extra: Parameters<typeof createGame>[1] extends infer I ? Partial<I> : never = {}) =>
    createGame(env.deps, { channelId: CHANNEL, guildId: 'guild-1', userId: GM, variantId: 'classic', ...extra });

  beforeEach(async () => {
    env = await makeEnv();
  });
  afterEach(async () => {
    await env.close();
  });

  it('stores each setting in its column, and the clock as it is completed', async () => {
    ok(await create());
    const zone = ok(await set('timezone', 'europe/paris'));
    expect(zone.clock).toEqual({ state: 'incomplete' });
    ok(await set('days', 'mon-fri'));
    expect((await row()).clock).toEqual({ at: '', zone: 'Europe/Paris', days: ['mon', 'tue', 'wed', 'thu', 'fri'] });
    const at = ok(await set('deadline-at', '21:00'));
    expect(at.clock.state).toBe('on');
    if (at.clock.state === 'on')
      expect(t('en', at.clock.rule)).toMatch(/^21:00 Europe\/Paris, Mon–Fri \(Central European .*Time\)$/);
    ok(await set('pause-limit', '48h'));
    ok(await set('muster', '1d'));
    ok(await set('fog', 'on'));
    ok(await set('locale', 'fr'));
    const r = await row();
    expect([r.pauseLimitMs, r.musterMs, r.fog, r.locale]).toEqual([48 * HOUR, 24 * HOUR, true, 'fr']);
    // the clock's default lengths: 12h each when none was typed
    expect([r.movementMs, r.retreatMs, r.adjustmentMs]).toEqual([12 * HOUR, 12 * HOUR, 12 * HOUR]);
    ok(await set('deadline-at', 'off'));
    const off = await row();
    expect(off.clock).toBeNull();
    expect([off.movementMs, off.retreatMs, off.adjustmentMs]).toEqual([24 * HOUR, 12 * HOUR, 12 * HOUR]);
  });

  it('keeps the lengths the game master typed as the minimums', async () => {
    ok(await create({ durations: { movement: '36h' } }));
    ok(await set('deadline-at', '20:00'));
    const r = await row();
    expect([r.movementMs, r.retreatMs, r.adjustmentMs]).toEqual([36 * HOUR, 12 * HOUR, 12 * HOUR]);
  });

  it('creates a clock game with 12h lengths unless given', async () => {
    ok(await create({ table: { deadlineAt: '21:00', timezone: 'Asia/Shanghai', muster: '12h', fog: 'on' } }));
    const r = await row();
    expect(r.clock).toEqual({ at: '21:00', zone: 'Asia/Shanghai', days: null });
    expect([r.movementMs, r.musterMs, r.fog]).toEqual([12 * HOUR, 12 * HOUR, true]);
  });

  it('refuses a bad value, another member, an unknown setting and any setting after the start, changing nothing', async () => {
    ok(await create({ table: { deadlineAt: '21:00' } }));
    const before = await row();
    expect(err(await set('timezone', 'Mars/Olympus'))).toMatch(/`Mars\/Olympus` is not a value for `timezone`/);
    expect(err(await set('days', 'someday'))).toMatch(/`someday` is not a value for `days`/);
    expect(err(await set('colour', 'red'))).toMatch(/There is no setting `colour`/);
    expect(err(await set('fog', 'on', userOf('France')))).toMatch(/game master/);
    expect(await row()).toEqual(before);
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf('France'), power: 'France' }));
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(err(await set('fog', 'on'))).toMatch(/`fog` can only be set before `\/game start`/);
    expect((await row()).fog).toBe(false);
  });

  it('starts on the clock and shows the rule on the order pad', async () => {
    // T0 is 1 January 2026, 12:00 UTC: 13:00 in Paris; with a 12h minimum the first 21:00 is the next day's
    ok(await create({ table: { deadlineAt: '21:00', timezone: 'Europe/Paris' } }));
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf('France'), power: 'France' }));
    const started = ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(started.game.deadline).toBe(Date.UTC(2026, 0, 2, 20, 0, 0));
    const game = await row();
    const view = await env.deps.store.transaction(async (tx) => {
      const player = (await playerByUser(tx, game.id, userOf('France')))!;
      return await readPadView(tx, env.deps, { game, player });
    });
    if (!view.ok) throw new Error('no view');
    expect(view.phase.deadline).toBe(Date.UTC(2026, 0, 2, 20, 0, 0));
    expect(t('fr', view.phase.rule!)).toMatch(
      /^Dates limites à heure fixe : 21:00 Europe\/Paris, tous les jours \(heure .*Europe centrale\)$/,
    );
  });

  it('takes fog of war on Warhammer, whose own steps show each power its view (docs/rules/warhammer.md)', async () => {
    ok(await create({ variantId: 'warhammer', table: { fog: 'on' } }));
    expect((await row()).fog).toBe(true);
    ok(await set('fog', 'off'));
    expect((await row()).fog).toBe(false);
    ok(await set('fog', 'on'));
    expect((await row()).fog).toBe(true);
  });

  it('takes fog of war on Classic, from /game create and from /gm set', async () => {
    ok(await create({ table: { fog: 'on' } }));
    expect((await row()).fog).toBe(true);
    ok(await set('fog', 'off'));
    ok(await set('fog', 'on'));
    expect((await row()).fog).toBe(true);
  });
});
