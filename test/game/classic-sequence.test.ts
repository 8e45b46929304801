/**
 * A 3-phase Classic sequence at the use-case level: Spring 1901 (resolved by everyone being ready), Fall 1901
 * with a dislodgement (resolved by the deadline), the retreat, and Winter 1901 builds (resolved by the GM).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { gameStatus, history, renderInputForPhase, why } from '../../src/game/history/index.js';
import { gmAdvance } from '../../src/game/gm/index.js';
import { myOrders, submitOrders } from '../../src/game/orders/index.js';
import { isPadRefusal, padKey, padLinkInChannel, padView } from '../../src/game/pad/index.js';
import { resolveDuePhases, toggleReady } from '../../src/game/resolve/index.js';
import {
  CHANNEL,
  CLASSIC_POWERS,
  GM,
  HOUR,
  err,
  internalErrors,
  makeEnv,
  ok,
  outboxRows,
  startedGame,
  userOf,
  type TestEnv,
} from './helpers.js';

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const order = async (power: string, text: string) => {
  const r = ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf(power), text }));
  expect(r.rejected).toEqual([]);
  return r;
};
const phaseCode = async () => ok(await gameStatus(env.deps, CHANNEL)).status.phase!.code;
const units = async () => ok(await gameStatus(env.deps, CHANNEL)).status;

describe('Classic 1901 through the use-cases', () => {
  it('spring, fall with a dislodgement, retreat, winter builds', async () => {
    await startedGame(env.deps);

    // Spring 1901: resolved the moment all seven are ready.
    await order('France', 'A par - pic; F bre - mao; A mar H');
    await order('Germany', 'A mun - bur; F kie - den; A ber H');
    for (const p of CLASSIC_POWERS.slice(0, -1))
      ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf(p) }));
    const spring = ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf('Turkey') }));
    expect(spring.resolved.map((p) => p.code)).toEqual(['S1901M']);
    expect(await phaseCode()).toBe('F1901M');

    // Fall 1901: France dislodges the German army in Burgundy; resolved by the deadline.
    await order('France', 'A pic - bur; A mar S A pic - bur; F mao - por');
    await order('Germany', 'A bur H; F den H');
    // Secret until adjudicated: nothing queued for the channel mentions the fall orders.
    const channelText = async () =>
      (await outboxRows(env.deps))
        .filter((r) => r.targetKind === 'channel')
        .map((r) => JSON.stringify(r.payload))
        .join('\n');
    expect(await channelText()).not.toMatch(/pic - bur|mao - por|F den H/);
    env.clock.advance(24 * HOUR);
    expect((await resolveDuePhases(env.deps)).resolved).toBe(1);
    expect(await channelText()).toMatch(/pic - bur/);
    expect(await phaseCode()).toBe('F1901R');
    const fall = ok(await history(env.deps, { channelId: CHANNEL, phase: 'F1901M' })).detail!;
    expect(fall.text).toMatch(/Dislodged/);
    expect(fall.text).toMatch(
      /Germany A bur was dislodged; it may retreat to ([A-Z][\w ]+ \([a-z]{3}\)(, | or )?)+, or disband\./,
    );
    // Missed orders stand out: their own mark and a count per power.
    expect(fall.text).toMatch(/__\w+__ · ⏰ \d+ missed/);
    expect(fall.text).not.toMatch(/✅ `[^`]+` \(no order\)/);
    const whyBur = ok(await why(env.deps, { channelId: CHANNEL, province: 'Burgundy' }));
    expect(whyBur.results[0].order).toBe('A bur H');
    expect(whyBur.results.map((r) => r.order)).toEqual(expect.arrayContaining(['A pic - bur', 'A mar S A pic - bur']));
    expect(whyBur.lines.map((l) => t('en', l)).join('\n')).toMatch(/dislodged/);
    expect(err(await why(env.deps, { channelId: CHANNEL, province: 'Atlantis' }))).toMatch(/not a province/);

    // Only Germany has something to decide in the retreat phase.
    const status = await units();
    expect(status.powers.filter((p) => p.toAct).map((p) => p.power)).toEqual(['Germany']);
    const francePending = ok(await myOrders(env.deps, { channelId: CHANNEL, userId: userOf('France') }));
    expect(francePending.unordered).toEqual([]);
    // Orders from a power with nothing to decide are refused whole, saying so (docs/bot.md).
    expect(
      err(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A bur - par' })),
    ).toBe('France has nothing to decide this phase: no order is needed.');
    await order('Germany', 'A bur R mun');
    const retreat = ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf('Germany') }));
    expect(retreat.resolved.map((p) => p.code)).toEqual(['F1901R']);
    expect(await phaseCode()).toBe('W1901A');
    const afterRetreat = ok(await history(env.deps, { channelId: CHANNEL, phase: 'F1901R' })).detail!.text;
    expect(ok(await history(env.deps, { channelId: CHANNEL, phase: 'fall 1901' })).detail!.phase.code).toBe('F1901M');
    expect(afterRetreat).toMatch(/Portugal \(por\): neutral → France/);
    expect(afterRetreat).toMatch(/Denmark \(den\): neutral → Germany/);

    // Winter 1901: France and Germany each have one build.
    const mine = ok(await myOrders(env.deps, { channelId: CHANNEL, userId: userOf('France') }));
    expect(mine.adjustment).toMatchObject({ builds: 1, disbands: 0 });
    expect(mine.adjustment!.buildSites.sort()).toEqual(['bre', 'par']);
    // The order pad offers the waive at either site, not only at the first.
    const key = padKey({ botToken: 'a test bot token' });
    const { token } = ok(await padLinkInChannel(env.deps, key, { channelId: CHANNEL, userId: userOf('France') }));
    const pad = await padView(env.deps, key, token);
    if (isPadRefusal(pad)) throw new Error(`the pad refused: ${pad.reason}`);
    expect(pad.pieces.map((p) => [p.province, p.choices.map((c) => c.kind).sort()])).toEqual([
      ['bre', ['build-army', 'build-fleet', 'waive']],
      ['par', ['build-army', 'waive']],
    ]);
    const tooMany = ok(
      await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A par B; F bre B' }),
    );
    expect(tooMany.stored.map((o) => o.text)).toEqual(['A par B']);
    expect(tooMany.rejected[0].error).toMatch(/only 1 build/);
    const badSite = ok(
      await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Germany'), text: 'A mun B' }),
    );
    expect(badSite.stored).toEqual([]);
    await order('Germany', 'F kie B');
    const winter = ok(await gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(winter.resolved.map((p) => p.code)).toEqual(['W1901A']);
    expect(await phaseCode()).toBe('S1902M');

    const final = ok(await gameStatus(env.deps, CHANNEL)).status;
    const count = (p: string) => final.powers.find((x) => x.power === p)!;
    expect(count('France')).toMatchObject({ supplyCenters: 4, units: 4 });
    expect(count('Germany')).toMatchObject({ supplyCenters: 4, units: 4 });

    // Four results posts in order, each naming its resolved phase; the map inputs carry the orders.
    const posts = (await outboxRows(env.deps)).filter((r) => r.kind === 'phase_results');
    expect(posts.map((r) => (r.payload as { text: string }).text.split('\n')[0])).toEqual([
      '**Spring 1901 movement: results**',
      '**Fall 1901 movement: results**',
      '**Fall 1901 retreat: results**',
      '**Winter 1901 adjustment: results**',
    ]);
    const input = (await renderInputForPhase(env.deps, (posts[1].payload as { phaseId: number }).phaseId, {
      withOrders: true,
    }))!;
    expect(input.orders!.some((o) => o.power === 'France')).toBe(true);
    expect(input.adjudication!.dislodged).toHaveLength(1);
    expect(ok(await history(env.deps, { channelId: CHANNEL })).phases.map((p) => p.code)).toEqual([
      'S1901M',
      'F1901M',
      'F1901R',
      'W1901A',
      'S1902M',
    ]);
  });
});
