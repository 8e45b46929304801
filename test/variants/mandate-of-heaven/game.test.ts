/**
 * Mandate of Heaven through the game layer (in part): neutrals cannot be taken, the Hsiung-Nu place
 * first, players' orders for neutral units are stored as secret votes, and the results show the adopted order,
 * never a voter. (The Discord stand-in end-to-end game is still to do.)
 */
import { first } from '../../../src/store/store.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { gameStatus, renderInputForPhase } from '../../../src/game/history/index.js';
import { gmReplace } from '../../../src/game/gm/index.js';
import { resolvePhase } from '../../../src/game/resolve/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import { phases } from '../../../src/store/schema.js';
import { CHANNEL, GM, err, internalErrors, makeEnv, ok, outboxRows, userOf, type TestEnv } from '../../game/helpers.js';

const PLAYERS = ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao', 'Wei', 'Han', 'Hsiung-Nu'];

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

async function startMandate(powers = PLAYERS) {
  ok(
    await createGame(env.deps, { channelId: CHANNEL, guildId: 'guild-1', userId: GM, variantId: 'mandate-of-heaven' }),
  );
  for (const power of powers) ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf(power), power }));
  return ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
}

const order = async (power: string, text: string) =>
  await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf(power), text });
const resolve = async () => {
  const gameId = ok(await gameStatus(env.deps, CHANNEL)).status.game.id;
  return ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
};
const channelTexts = async () =>
  (await outboxRows(env.deps)).filter((r) => r.targetKind === 'channel').map((r) => JSON.stringify(r.payload));

describe('Mandate of Heaven in the game layer', () => {
  it('a neutral power cannot be taken when the game forms', async () => {
    ok(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: 'guild-1',
        userId: GM,
        variantId: 'mandate-of-heaven',
      }),
    );
    expect(err(await joinGame(env.deps, { channelId: CHANNEL, userId: 'someone', power: 'Song' }))).toMatch(
      /Song is a neutral power/,
    );
    const joined = ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'someone' }));
    expect(PLAYERS).toContain(joined.power);
  });

  it('placement first, then votes: the adopted order is published, never the voters', async () => {
    const started = await startMandate();
    expect(started.civilDisorder).toEqual([]);
    expect(started.phase.label).toBe('Placement — winter 369 BC (Year of the Pig)');
    // Only the Hsiung-Nu have something to do in the placement phase; the status lists them, though they hold
    // nothing yet.
    const placement = ok(await gameStatus(env.deps, CHANNEL)).status.text;
    expect(placement).toMatch(/Hsiung-Nu.*0 centres.*0 units/);
    expect(err(await order('Qin', 'A yon H'))).toBe('Qin has nothing to decide this phase: no order is needed.');
    ok(await order('Hsiung-Nu', 'Build A bei; Build A lfa; Build A ysh'));
    await resolve();
    const spring = ok(await gameStatus(env.deps, CHANNEL)).status;
    expect(spring.phase!.label).toBe('Spring 369 BC movement');
    expect(spring.phase!.code).toBe('S1M'); // codes stay numeric (decisions.md)

    // Five players (15 of the 24 units) vote Song's army to Tang; one vote is illegal and refused at once.
    for (const p of ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao']) {
      const r = ok(await order(p, 'A son - tan'));
      expect(r.stored.map((s) => s.unitKey)).toEqual(['vote:son']);
      expect(r.missing.length).toBeGreaterThan(0); // a vote is not an order for the player's own units
    }
    const refused = ok(await order('Wei', 'A son - lin'));
    expect(refused.rejected[0]!.error).toMatch(/^As a vote for Song's unit/);
    // Nothing in any channel message names a vote before the phase resolves.
    expect((await channelTexts()).some((t) => t.includes('son - tan'))).toBe(false);
    const dms = (await outboxRows(env.deps))
      .filter((r) => r.targetKind === 'user')
      .map((r) => JSON.stringify(r.payload));
    expect(dms.some((t) => t.includes('A son - tan') && t.includes('your secret vote'))).toBe(true);

    // The status counts a player's own orders only: not even the number of votes shows.
    const qinStatus = ok(await gameStatus(env.deps, CHANNEL)).status.powers.find((p) => p.power === 'Qin')!;
    expect(qinStatus.ordersStored).toBe(0);
    await resolve();
    const springRow = first(await env.deps.store.db.select().from(phases).where(eq(phases.idx, 1)).limit(1))!;
    // The results map draws the players' own orders, never a vote.
    const drawn = (await renderInputForPhase(env.deps, springRow.id, { withOrders: true }))!;
    expect(drawn.orders!.filter((o) => 'unit' in o.order && o.order.unit.province === 'son')).toEqual([]);
    const song = springRow.adjudication!.results.filter((r) => r.unit === 'A son');
    expect(song).toEqual([
      expect.objectContaining({ power: 'Song', order: 'A son - tan', result: 'success', vote: 'adopted' }),
    ]);
    const post = (await outboxRows(env.deps))
      .filter((r) => r.kind === 'phase_results')
      .map((r) => (r.payload as { text: string }).text)
      .at(-1)!;
    expect(post).toContain('__Song__\n✅ `A son - tan` (adopted by vote)');
    expect(post).toMatch(/__Zhou__\n✅ `A luo H` \(no majority\)/);
    // Qin's section lists Qin's own units only.
    const qin = post.split('__Qin__')[1]!.split('__')[0]!;
    expect(qin).not.toContain('son');
  });

  it('an activated neutral can be given a player by the game master; a neutral that is not activated cannot', async () => {
    await startMandate();
    const replace = async (power: string, newUserId: string) =>
      await gmReplace(env.deps, { channelId: CHANNEL, userId: GM, power, newUserId });
    expect(err(await replace('Song', 'user-new'))).toMatch(
      /Song is a neutral power: the players' vote moves it until it grows to 3 supply centres/,
    );
    // Activation as the end-of-Fall check records it.
    const gameId = ok(await gameStatus(env.deps, CHANNEL)).status.game.id;
    const row = (await env.deps.store.db.select().from(phases).where(eq(phases.gameId, gameId))).at(-1)!;
    await env.deps.store.db
      .update(phases)
      .set({ position: { ...row.position, variantState: { activated: ['Song'] } } })
      .where(eq(phases.id, row.id));
    expect(err(await replace('Song', userOf('Qin')))).toMatch(/already plays Qin/); // one power per person; eliminated players keep theirs
    ok(await replace('Song', 'user-new'));
    ok(await order('Hsiung-Nu', 'Build A bei; Build A lfa; Build A ysh'));
    await resolve();
    // Seated, Song gives its own orders (and is no longer voted).
    const own = ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: 'user-new', text: 'A son - tan' }));
    expect(own.stored.map((o) => o.unitKey)).toEqual(['son']);
    expect(ok(await order('Qin', 'A son - hua')).rejected[0]!.error).toMatch(/belongs to Song/);
  });
});

describe('audited rules in the game layer', () => {
  it('a WAIVE in the Hsiung-Nu placement is refused when typed, not stored', async () => {
    await startMandate();
    const r = ok(await order('Hsiung-Nu', 'WAIVE'));
    expect(r.stored).toEqual([]);
    expect(r.rejected[0]!.error).toMatch(
      /^The Hsiung-Nu place all three of their armies: a placement cannot be waived/,
    );
    expect(ok(await order('Hsiung-Nu', 'Build A bei')).stored.map((s) => s.unitKey)).toEqual(['bei']);
  });

  it('the status never calls a neutral moved by the players’ vote "civil disorder"', async () => {
    await startMandate(PLAYERS.filter((p) => p !== 'Han'));
    ok(await order('Hsiung-Nu', 'Build A bei; Build A lfa; Build A ysh'));
    await resolve();
    const text = ok(await gameStatus(env.deps, CHANNEL)).status.text;
    expect(text).toMatch(/^Song \(moved by the players' vote\) · 1 centre, 1 unit · the players vote on its orders$/m);
    expect(text).not.toMatch(/^Song .*civil disorder/m);
    expect(text).toMatch(/^Han \(civil disorder\) · 3 centres, 3 units · defaults apply$/m);
  });

  it('a nomad Hsiung-Nu build in Pei Choushi’s empty centre is stored as their own build, never as a vote', async () => {
    await startMandate();
    const gameId = ok(await gameStatus(env.deps, CHANNEL)).status.game.id;
    const row = (await env.deps.store.db.select().from(phases).where(eq(phases.gameId, gameId))).at(-1)!;
    const start = row.position;
    const winter = {
      ...start,
      phase: { season: 'winter' as const, year: 1, type: 'adjustment' as const },
      units: [
        ...start.units.filter((u) => u.province !== 'pch' && u.power !== 'Qin'),
        ...['bei', 'yon', 'nan'].map((province) => ({ power: 'Hsiung-Nu', type: 'A' as const, province, coast: null })),
      ],
      supplyCenters: { ...start.supplyCenters, Qin: ['xia'], 'Hsiung-Nu': ['nan', 'yon'] },
    };
    await env.deps.store.db.update(phases).set({ position: winter }).where(eq(phases.id, row.id));
    const r = ok(await order('Hsiung-Nu', 'Build A pch'));
    expect(r.stored.map((s) => s.unitKey)).toEqual(['pch']);
    expect(r.missing).toEqual([]);
  });
});

describe('who acts when only a neutral has something to decide', () => {
  it('a neutral retreat or build waits for every seated player in the game (each votes on it)', async () => {
    const { seatedToAct } = await import('../../../src/game/phase/duties.js');
    const { mandateOfHeaven: v } = await import('../../../src/variants/mandate-of-heaven/index.js');
    const start = v.startingPosition();
    const retreat = {
      ...start,
      phase: { season: 'spring' as const, year: 1, type: 'retreat' as const },
      units: start.units.filter((u) => u.province !== 'son'),
      dislodged: [
        { power: 'Song', type: 'A' as const, province: 'son', coast: null, attackerFrom: 'che', viaConvoy: false },
      ],
    };
    expect(seatedToAct(v, retreat, ['Qin', 'Chu', 'Hsiung-Nu'])).toEqual(['Chu', 'Qin']);
    const classic = (await import('../../../src/variants/index.js')).getVariant('classic')!;
    expect(seatedToAct(classic, classic.startingPosition(), ['France'])).toEqual(['France']);
  });
});
