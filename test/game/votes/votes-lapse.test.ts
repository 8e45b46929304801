/**
 * Votes never lapse silently (docs/table.md "Pauses that cannot freeze a game"): a power a phase eliminates loses its
 * votes and every concession to it, and the channel is told once, after the results; a power whose last unit is only
 * dislodged is not out yet (it may retreat).
 */
import { and, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Position, Unit } from '../../../src/engine/types.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { gameStatus } from '../../../src/game/history/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import { resolvePhase } from '../../../src/game/resolve/index.js';
import { concede, voteDraw } from '../../../src/game/votes/index.js';
import { games, outbox, phases, votes } from '../../../src/store/schema.js';
import { CHANNEL, GM, internalErrors, makeEnv, ok, startedGame, userOf, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const caller = (power: string) => ({ channelId: CHANNEL, userId: userOf(power) });
const army = (power: string, province: string): Unit => ({ power, type: 'A', province, coast: null });
/** The notices of powers that lost everything (`votes-out:` rows) the game queued. */
const votesOutNotices = async (gameId: number) =>
  await env.deps.store.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.gameId, gameId), like(outbox.dedupeKey, 'votes-out:%')));

describe('an elimination clears votes', () => {
  it("clears the eliminated power's votes and the concessions to it, said once when it is out", async () => {
    const started = await startedGame(env.deps, ['Austria', 'Russia', 'England']);
    const db = env.deps.store.db;
    const game = (await db.select().from(games).where(eq(games.id, started.game.id)))[0]!;
    const phase = (await db.select().from(phases).where(eq(phases.id, game.currentPhaseId!)))[0]!;
    // Austria keeps one army in Vienna and no centre; Russia attacks it with support.
    const position: Position = {
      ...phase.position,
      units: [
        ...phase.position.units.filter((u) => u.power !== 'Austria' && u.power !== 'Russia'),
        army('Austria', 'vie'),
        army('Russia', 'gal'),
        army('Russia', 'boh'),
      ],
      supplyCenters: { ...phase.position.supplyCenters, Austria: [] },
    };
    await db.update(phases).set({ position }).where(eq(phases.id, phase.id));
    ok(await voteDraw(env.deps, caller('Austria')));
    ok(await concede(env.deps, { ...caller('England'), to: 'Austria' }));
    ok(await submitOrders(env.deps, { ...caller('Russia'), text: 'A gal - vie; A boh S A gal - vie' }));
    const notices = async () => await votesOutNotices(game.id);
    // Dislodged, Austria may still retreat: not out, its votes stand.
    ok(await resolvePhase(env.deps, { gameId: game.id, reason: 'deadline' }));
    expect(await notices()).toHaveLength(0);
    expect((await db.select().from(votes).where(eq(votes.gameId, game.id))).length).toBe(2);
    // Its retreat missing, the unit disbands: Austria is out.
    ok(await resolvePhase(env.deps, { gameId: game.id, reason: 'deadline' }));
    const said = await notices();
    expect(said).toHaveLength(1);
    expect(said[0]!.payload).toMatchObject({ text: expect.stringContaining('Austria is out of the game') });
    expect(await db.select().from(votes).where(eq(votes.gameId, game.id))).toEqual([]);
  });

  it('powers eliminated in the same phase are told in one notice', async () => {
    const started = await startedGame(env.deps, ['Austria', 'Russia', 'France']);
    const db = env.deps.store.db;
    const game = (await db.select().from(games).where(eq(games.id, started.game.id)))[0]!;
    const phase = (await db.select().from(phases).where(eq(phases.id, game.currentPhaseId!)))[0]!;
    // Austria and Italy keep one army each and no centre; Russia and France dislodge both.
    const gone = ['Austria', 'Russia', 'Italy', 'France'];
    const position: Position = {
      ...phase.position,
      units: [
        ...phase.position.units.filter((u) => !gone.includes(u.power)),
        army('Austria', 'vie'),
        army('Russia', 'gal'),
        army('Russia', 'boh'),
        army('Italy', 'pie'),
        army('France', 'mar'),
        { power: 'France', type: 'F', province: 'lyo', coast: null },
      ],
      supplyCenters: { ...phase.position.supplyCenters, Austria: [], Italy: [] },
    };
    await db.update(phases).set({ position }).where(eq(phases.id, phase.id));
    ok(await submitOrders(env.deps, { ...caller('Russia'), text: 'A gal - vie; A boh S A gal - vie' }));
    ok(await submitOrders(env.deps, { ...caller('France'), text: 'A mar - pie; F lyo S A mar - pie' }));
    ok(await resolvePhase(env.deps, { gameId: game.id, reason: 'deadline' }));
    ok(await resolvePhase(env.deps, { gameId: game.id, reason: 'deadline' }));
    const said = await votesOutNotices(game.id);
    expect(said.map((r) => (r.payload as { text: string }).text)).toEqual([
      '🗳️ Austria, Italy are out of the game: any draw vote, concession or pause vote they had no longer counts, and any concession to one of them is withdrawn. (Votes are secret, so this is said at every elimination.)',
    ]);
  });

  it('a power an ability of its own may bring back is told it has nothing left, not that it is out', async () => {
    // Warhammer's Vampire Counts are never beyond return (Immortality, docs/rules/warhammer.md).
    ok(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: 'g',
        userId: GM,
        variantId: 'warhammer',
        durations: { movement: '24h', retreat: '12h', adjustment: '12h' },
        options: { decisiveBattles: 'off' },
      }),
    );
    for (const power of ['Empire', 'Vampire Counts'])
      ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf(power), power }));
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    const db = env.deps.store.db;
    const game = (await db.select().from(games))[0]!;
    const phase = (await db.select().from(phases).where(eq(phases.id, game.currentPhaseId!)))[0]!;
    // Spring: the Vampire Counts keep one army in Sylvania and no centre; the Empire takes Sylvania with support.
    const position: Position = {
      ...phase.position,
      units: [
        ...phase.position.units.filter((u) => u.power !== 'Vampire Counts' && u.power !== 'Empire'),
        army('Vampire Counts', 'sylv'),
        army('Empire', 'gfor'),
        army('Empire', 'ostm'),
      ],
      supplyCenters: { ...phase.position.supplyCenters, 'Vampire Counts': [] },
    };
    await db.update(phases).set({ position }).where(eq(phases.id, phase.id));
    ok(await voteDraw(env.deps, caller('Vampire Counts')));
    ok(await submitOrders(env.deps, { ...caller('Empire'), text: 'A gfor - sylv; A ostm S A gfor - sylv' }));
    ok(await resolvePhase(env.deps, { gameId: game.id, reason: 'deadline' }));
    // Its retreat missing, the army disbands: the votes lapse, and the channel is told the Vampire Counts may return.
    ok(await resolvePhase(env.deps, { gameId: game.id, reason: 'deadline' }));
    const said = await votesOutNotices(game.id);
    expect(said.map((r) => (r.payload as { text: string }).text)).toEqual([
      '🗳️ Vampire Counts has no unit and no centre left: any draw vote, concession or pause vote it had no longer counts, and any concession to Vampire Counts is withdrawn. It is not out of the game: an ability of its own may bring it back, and then it votes again. (Votes are secret, so this is said whenever a power loses everything.)',
    ]);
    expect(await db.select().from(votes).where(eq(votes.gameId, game.id))).toEqual([]);
    // Not out: the status still lists its seat, with nothing on the board.
    const status = ok(await gameStatus(env.deps, CHANNEL)).status.text;
    expect(status).toMatch(/\nVampire Counts \(.+\) · 0 centres, 0 units · nothing to do(\n|$)/);
  });
});
