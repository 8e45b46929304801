import { first } from '../../../src/store/store.js';
/**
 * A sandbox plays a phase as the game plays it: the variant plug-in's own phase steps and actions, run
 * on the sandbox, give the same board and the same results as the live game's on the same position — each case
 * plays one phase in a live Warhammer game (players' `/act`, the game master's `/gm act`, deadlines) and the same
 * phase in a sandbox copied from it (the owner's `/sandbox act` for each seat and as game master, `/sandbox next`),
 * and compares them: Cataclysmic Battles and a battle won for a Sepoy, the Dogs of War start choice, a Sepoy's
 * revolt. What a step posts is compared too (its deadlines aside: a sandbox has none).
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Position } from '../../../src/engine/types.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { resolveDuePhases, runAction } from '../../../src/game/resolve/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import {
  actSandbox,
  nextSandbox,
  orderSandbox,
  previewSandbox,
  startSandbox,
  viewSandbox,
} from '../../../src/game/sandbox/sandbox.js';
import { games, phases, sandboxes } from '../../../src/store/schema.js';
import { t, type Msg } from '../../../src/i18n/index.js';
import { dogsOfWarChoices } from '../../../src/variants/warhammer/index.js';
import { gameTablesOfStore } from '../../support/game-tables.js';
import { CHANNEL, GM, internalErrors, makeEnv, ok, outboxRows, userOf, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
  // The sandboxes outlive the game's deadlines here.
  env.deps.limits = { sandboxIdleMs: 30 * 24 * 3_600_000 };
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const OWNER = 'user-owner';
const me = { userId: OWNER };
const gameTables = () => gameTablesOfStore(env.deps.store);

async function warhammerGame(seated: string[], optionsText: string | null = null) {
  ok(
    await createGame(env.deps, {
      channelId: CHANNEL,
      guildId: 'g',
      userId: GM,
      variantId: 'warhammer',
      durations: { movement: '24h', retreat: '12h', adjustment: '12h' },
      optionsText,
      // Seats stay silent here; vacant seats are test/game/seats/seats.test.ts.
      vacateAfter: 0,
    }),
  );
  for (const power of seated) ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf(power), power }));
  ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
}

const game = async () => (await env.deps.store.db.select().from(games))[0]!;
const currentPhase = async () =>
  first(
    await env.deps.store.db
      .select()
      .from(phases)
      .where(eq(phases.id, (await game()).currentPhaseId!))
      .limit(1),
  )!;
const phaseAt = async (idx: number) =>
  first(await env.deps.store.db.select().from(phases).where(eq(phases.idx, idx)).limit(1))!;
/** The game's current board, changed by `change` (as the map would have it after some turns). */
async function setBoard(change: (p: Position) => void) {
  const phase = await currentPhase();
  const position = structuredClone(phase.position);
  change(position);
  await env.deps.store.db.update(phases).set({ position }).where(eq(phases.id, phase.id));
}
async function passDeadline() {
  env.clock.t = (await game()).deadlineMs! + 1;
  return await resolveDuePhases(env.deps);
}
const act = async (power: string, action: string, choice: string | null, detail: string | null = null) =>
  ok(await runAction(env.deps, { channelId: CHANNEL, userId: userOf(power), by: 'player', action, choice, detail }));
const gmAct = async (action: string, choice: string, detail: string) =>
  ok(await runAction(env.deps, { channelId: CHANNEL, userId: GM, by: 'gm', action, choice, detail }));
const sandboxAct = async (power: string | null, action: string, choice: string | null, detail: string | null = null) =>
  ok(await actSandbox(env.deps, { ...me, by: power === null ? 'gm' : 'player', power, action, choice, detail }));
/** The variant's posts in the game's channel since `since` (not the status, results or start posts). */
const stepPosts = async (since: number) =>
  (await outboxRows(env.deps))
    .slice(since)
    .filter((r) => r.targetKind === 'channel' && (r.kind === 'notice' || r.kind === 'step_post'))
    .map((r) => (r.payload as { text: string }).text);
/** A post without its moments (the game's deadlines; a sandbox has none). */
const timeless = (text: string) => text.replace(/⟦time:\d+:[Rf]⟧/g, '<t>');
/** A sandbox's post (message lines) as the English channel reads it. */
const english = (lines: readonly Msg[]) => lines.map((line) => t('en', line)).join('\n');
const sandboxRow = async () => (await env.deps.store.db.select().from(sandboxes))[0]!;

/** The Wood Elves are conquered (the Empire holds Athel-Loren) and fight on as the Empire's Sepoy. */
async function woodElvesSepoy() {
  await setBoard((p) => {
    p.units = p.units.filter((u) => u.power !== 'Wood Elves');
    p.supplyCenters['Wood Elves'] = [];
    p.supplyCenters.Empire = [...p.supplyCenters.Empire!, 'athe'];
  });
  await act('Wood Elves', 'follow', 'sepoy');
}

describe('a Warhammer sandbox plays its phase as the live game does', () => {
  it('the Decisive Battle phase: declarations (one for a Sepoy), the battles, a Cataclysmic report — the same board, results and posts', async () => {
    await warhammerGame(['Bretonnia', 'Empire', 'Wood Elves'], 'cataclysmicBattles');
    await woodElvesSepoy();
    // The copy, before anyone orders; then the same phase played twice.
    ok(await startSandbox(env.deps, { channelId: CHANNEL, guildId: 'g', userId: OWNER }));
    const before = await gameTables();
    const orders = { Bretonnia: 'A cour - wast; F lang H', Empire: 'A altd - wast; A nuln S A altd - wast; F midd H' };
    for (const [power, text] of Object.entries(orders))
      ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf(power), text }));
    ok(await orderSandbox(env.deps, { ...me, text: Object.values(orders).join('; ') }));
    const sandboxPreview = ok(await previewSandbox(env.deps, me)).adjudication;

    // The movement deadline: the provisional results and the declarations.
    let since = (await outboxRows(env.deps)).length;
    await passDeadline();
    const liveProvisional = await stepPosts(since);
    const declaring = ok(await nextSandbox(env.deps, me));
    expect(declaring.kind).toBe('step');
    expect(declaring.posts.map(english).map(timeless)).toEqual(liveProvisional.map(timeless));
    expect(liveProvisional[0]).toContain('provisional results');

    // The same declarations: the Empire's battle led by its Sepoy, the Empire itself passing; Bretonnia's own.
    await act('Empire', 'declare', 'move A altd', 'Wood Elves');
    await act('Empire', 'declare', 'none');
    since = (await outboxRows(env.deps)).length;
    await act('Bretonnia', 'declare', 'move A cour');
    const liveBattles = await stepPosts(since);
    await sandboxAct('Empire', 'declare', 'move A altd', 'Wood Elves');
    await sandboxAct('Empire', 'declare', 'none');
    expect((await sandboxAct('Bretonnia', 'declare', 'move A cour')).settled).toBe(true);
    const battles = ok(await nextSandbox(env.deps, me));
    expect(battles.posts.map(english).map(timeless)).toEqual(liveBattles.map(timeless));
    expect(liveBattles[0]).toContain('led by its Sepoy Wood Elves');

    // The game master's report: the Empire wins and destroys the losers.
    since = (await outboxRows(env.deps)).length;
    await gmAct('battle', 'wast', 'Empire, losers destroyed');
    const liveOutcome = await stepPosts(since);
    await sandboxAct(null, 'battle', 'wast', 'Empire, losers destroyed');
    const sandboxFinal = ok(await previewSandbox(env.deps, me)).adjudication;
    const played = ok(await nextSandbox(env.deps, me));
    if (played.kind !== 'resolved') throw new Error(played.kind);
    expect(played.posts.map(english).map(timeless)).toEqual(liveOutcome.map(timeless));

    // The same adjudication, to the last field: the destroyed losers, and the Sepoy's win on the next board.
    const live = (await phaseAt(0)).adjudication!;
    expect(played.adjudication).toEqual(live);
    expect(sandboxFinal).toEqual(live);
    expect(sandboxPreview).not.toEqual(live);
    expect(live.position.units.some((u) => u.power === 'Bretonnia' && u.province === 'cour')).toBe(false);
    expect((live.position.variantState as { followers: Record<string, unknown> }).followers['Wood Elves']).toEqual({
      role: 'sepoy',
      master: 'Empire',
      wins: 1,
    });
    expect(ok(await viewSandbox(env.deps, me)).board.position).toEqual((await currentPhase()).position);
    // The game was changed by its own players only: the sandbox wrote nothing to it.
    expect(await gameTables()).not.toBe(before);
    const after = await gameTables();
    ok(await viewSandbox(env.deps, me));
    expect(await gameTables()).toBe(after);
  });

  it('a dice game\'s sandbox leaves each battle to its owner as game master (docs/rules/warhammer.md, "Warhammer in a sandbox")', async () => {
    await warhammerGame(['Bretonnia', 'Empire'], 'decisiveBattles=dice');
    expect((await game()).options).toMatchObject({ decisiveBattles: 'dice' });
    ok(await startSandbox(env.deps, { channelId: CHANNEL, guildId: 'g', userId: OWNER }));
    ok(await orderSandbox(env.deps, { ...me, text: 'A cour - wast; A altd - wast' }));
    expect(english(ok(await nextSandbox(env.deps, me)).posts[0]!)).toContain(
      'The game master then reports each winner',
    );
    await sandboxAct('Bretonnia', 'declare', 'move A cour');
    await sandboxAct('Empire', 'declare', 'none');
    expect(ok(await nextSandbox(env.deps, me)).sandbox.step).toMatchObject({
      name: 'battles',
      progress: { gameMaster: true },
    });
    await sandboxAct(null, 'battle', 'wast', 'Empire');
    const played = ok(await nextSandbox(env.deps, me));
    expect(played.kind === 'resolved' && played.adjudication.results.find((r) => r.unit === 'A altd')).toMatchObject({
      result: 'success',
    });
  });

  it('the Dogs of War start choice: copied while it is open, made by the owner for the seat — the same first board', async () => {
    await warhammerGame(['Empire', 'Tilea']);
    const [choice] = dogsOfWarChoices((await currentPhase()).position, ['Tilea']);
    const city = choice!.cities.find((c) => choice!.types[c]!.includes('F')) ?? choice!.cities[0]!;
    const unit = choice!.types[city]!.includes('F') ? 'fleet' : 'army';
    const started = ok(await startSandbox(env.deps, { channelId: CHANNEL, guildId: 'g', userId: OWNER })).sandbox;
    expect(started.step).toMatchObject({
      name: 'muster',
      at: 'start',
      progress: { powers: [{ power: 'Tilea', answered: false }] },
    });
    expect(english(started.posts[0]!)).toContain('First the Dogs of War choose their city and unit');
    expect(started.actions.find((a) => a.name === 'muster')?.as).toEqual(['Tilea']);
    // Orders may be written meanwhile, as in the game.
    ok(await orderSandbox(env.deps, { ...me, text: 'A altd H' }));

    const since = (await outboxRows(env.deps)).length;
    await act('Tilea', 'muster', city, unit);
    const mustered = await sandboxAct('Tilea', 'muster', city, unit);
    expect(mustered.settled).toBe(true);
    expect(t('en', mustered.reply)).toContain(`in ${city}`);
    const begun = ok(await nextSandbox(env.deps, me));
    expect(begun.kind).toBe('orders');
    expect(begun.sandbox).toMatchObject({ step: null, label: 'Spring 2500 movement', orders: [{ text: 'A altd H' }] });
    expect(ok(await viewSandbox(env.deps, me)).board.position).toEqual((await currentPhase()).position);
    expect((await currentPhase()).position.units).toContainEqual(
      expect.objectContaining({ power: 'Tilea', province: city }),
    );
    const announce = (await outboxRows(env.deps)).slice(since).find((r) => r.kind === 'game_started')!;
    expect((announce.payload as { text: string }).text).toContain(english(begun.posts[0]!));

    // Copied from the history after the choice: the board already has the unit, and no choice opens.
    expect(
      ok(await startSandbox(env.deps, { channelId: CHANNEL, guildId: 'g', userId: OWNER, phase: 'S2500M' })).sandbox
        .step,
    ).toBeNull();
  });

  it('a Sepoy with three won battles revolts in an adjustment phase — the same board and the same builds', async () => {
    await warhammerGame(['Bretonnia', 'Empire', 'Wood Elves']);
    await woodElvesSepoy();
    // Spring and Fall pass without a battle; the Empire, holding Athel-Loren and with Nuln empty, builds in the Winter.
    await setBoard((p) => void (p.units = p.units.filter((u) => u.province !== 'nuln')));
    await passDeadline();
    await passDeadline();
    expect((await currentPhase()).position.phase.type).toBe('adjustment');
    await setBoard((p) => {
      (p.variantState as { followers: Record<string, { wins: number }> }).followers['Wood Elves']!.wins = 3;
    });
    ok(await startSandbox(env.deps, { channelId: CHANNEL, guildId: 'g', userId: OWNER }));
    expect(ok(await viewSandbox(env.deps, me)).sandbox.actions.find((a) => a.name === 'revolt')?.as).toEqual([
      'Wood Elves',
    ]);

    await act('Wood Elves', 'revolt', 'athe', 'army');
    expect(t('en', (await sandboxAct('Wood Elves', 'revolt', 'athe', 'army')).reply)).toContain(
      'athe is your new capital',
    );
    expect(ok(await viewSandbox(env.deps, me)).board.position).toEqual((await currentPhase()).position);
    expect((await sandboxRow()).position.units).toContainEqual(
      expect.objectContaining({ power: 'Wood Elves', province: 'athe' }),
    );

    // The adjustments that follow, the same on both.
    const adjustment = await currentPhase();
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Empire'), text: 'Build A nuln' }));
    expect(
      ok(await orderSandbox(env.deps, { ...me, text: 'Build A nuln' })).stored.map((o) => [o.power, o.text]),
    ).toEqual([['Empire', 'A nuln B']]);
    await passDeadline();
    const played = ok(await nextSandbox(env.deps, me));
    if (played.kind !== 'resolved') throw new Error(played.kind);
    const live = first(await env.deps.store.db.select().from(phases).where(eq(phases.id, adjustment.id)).limit(1))!
      .adjudication!;
    expect(played.adjudication).toEqual(live);
    expect(live.position.units).toContainEqual(expect.objectContaining({ power: 'Empire', province: 'nuln' }));
  });
});
