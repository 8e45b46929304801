/**
 * Sandboxes in the game layer: a private copy of a game's board in which the owner orders every power,
 * adjudicates as often as they like and steps through retreats and adjustments, never touching the real game's
 * tables and never starting with its orders; bounded per user and per server, expiring when unused; Warhammer's
 * battle winners and Mandate of Heaven's neutral orders chosen through the variants' plug-ins.
 */
import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { msg, t, type Msg } from '../../../src/i18n/index.js';

/** A sandbox's post (message lines) as the English channel reads it. */
const english = (lines: readonly Msg[]) => lines.map((line) => t('en', line)).join('\n');
import { legalOrders } from '../../../src/engine/options.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { resolvePhase } from '../../../src/game/resolve/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import {
  actSandbox,
  clearSandboxOrders,
  endSandbox,
  listSandboxes,
  nextSandbox,
  orderSandbox,
  orderSandboxInTurns,
  previewSandbox,
  previewSandboxInTurns,
  SANDBOX_ORDERS_PER_PIECE,
  sandboxPreviewInput,
  sandboxRenderInput,
  startSandbox,
  viewSandbox,
} from '../../../src/game/sandbox/sandbox.js';
import { sandboxWords } from '../../../src/game/sandbox/rules.js';
import { createCardGame } from '../../../src/game/cards/index.js';
import { mandateOfHeaven } from '../../../src/variants/mandate-of-heaven/index.js';
import { sandboxes } from '../../../src/store/schema.js';
import { loopTurns, type LoopTurns } from '../../../src/game/core/loop-turns.js';
import { gameTablesOfStore } from '../../support/game-tables.js';
import { CHANNEL, err, GM, HOUR, internalErrors, makeEnv, ok, startedGame, userOf, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const ONLOOKER = 'user-onlooker';
const GUILD = 'guild-1';
const start = async (userId = ONLOOKER, phase: string | null = null, channelId = CHANNEL) =>
  await startSandbox(env.deps, { channelId, guildId: GUILD, userId, phase });
const me = { userId: ONLOOKER };
/** `/sandbox next` that plays the phase (no step of the variant opens on the way). */
function played(r: Awaited<ReturnType<typeof nextSandbox>>) {
  const next = ok(r);
  if (next.kind !== 'resolved') throw new Error(`expected the phase to be played, got ${next.kind}`);
  return next;
}

const gameTables = () => gameTablesOfStore(env.deps.store);
const sandboxRows = async () =>
  JSON.stringify(await env.deps.store.db.select().from(sandboxes).orderBy(asc(sandboxes.id)));

describe('a sandbox of a Classic game', () => {
  it('starts without the real orders, orders every power, adjudicates as often as asked and never writes to the game', async () => {
    await startedGame(env.deps, ['France', 'Germany']);
    ok(
      await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A par - pic; F bre - mao' }),
    );
    const before = await gameTables();

    const started = ok(await start()).sandbox;
    expect(started).toMatchObject({
      variantName: { key: 'variant.title.classic' },
      source: 'S1901M',
      label: 'Spring 1901 movement',
      orders: [],
      steps: 0,
      last: null,
      winner: null,
    });
    // The copy has none of France's stored orders.
    const copy = ok(await viewSandbox(env.deps, me));
    expect(JSON.stringify([copy.sandbox, copy.board.orders, copy.board.stage])).not.toMatch(/pic|mao/);
    expect(started.duties.map((d) => d.power)).toEqual([
      'Austria',
      'England',
      'France',
      'Germany',
      'Italy',
      'Russia',
      'Turkey',
    ]);

    // Orders for any power's units in one text; the owner is taken from the board.
    const r = ok(await orderSandbox(env.deps, { ...me, text: 'A par - bur; A mun - bur; F kie - den; F lon - nth' }));
    expect(r.stored.map((o) => [o.power, o.text])).toEqual([
      ['France', 'A par - bur'],
      ['Germany', 'A mun - bur'],
      ['Germany', 'F kie - den'],
      ['England', 'F lon - nth'],
    ]);
    expect(r.rejected).toEqual([]);
    // Replacing an order, a fleet's coast from the board, and the same checks as /order.
    const again = ok(
      await orderSandbox(env.deps, { ...me, text: 'A par - gas; F stp - bot; A ber - mos; A war - sil; WAIVE' }),
    );
    expect(again.replaced).toEqual([{ before: 'A par - bur', after: 'A par - gas' }]);
    expect(again.stored.map((o) => o.text)).toEqual(['A par - gas', 'F stp/sc - bot', 'A war - sil']);
    expect(again.rejected.map((x) => x.input)).toEqual(['A ber - mos', 'WAIVE']);
    expect(again.rejected[0]!.error).toMatch(/Moscow/);
    expect(again.rejected[1]!.error).toMatch(/build left out is waived/);

    // Adjudicate as often as you like: nothing moves on.
    const first = ok(await previewSandbox(env.deps, me)).adjudication;
    const second = ok(await previewSandbox(env.deps, me)).adjudication;
    expect(second).toEqual(first);
    expect(first.results.find((x) => x.unit === 'F kie')).toMatchObject({ result: 'success' });
    expect(ok(await viewSandbox(env.deps, me)).sandbox.label).toBe('Spring 1901 movement');

    const next = ok(await nextSandbox(env.deps, me));
    expect(next.sandbox).toMatchObject({ label: 'Fall 1901 movement', orders: [], steps: 1 });
    expect(next.sandbox.last?.label).toBe('Spring 1901 movement');
    expect(ok(await viewSandbox(env.deps, me)).board.position.units).toContainEqual(
      expect.objectContaining({ power: 'Germany', province: 'den' }),
    );

    // The real game: every table byte for byte as it was.
    expect(await gameTables()).toBe(before);
  });

  it('steps through a retreat and an adjustment, with the maps of each picture', async () => {
    await startedGame(env.deps, ['France']);
    ok(await start());
    ok(await orderSandbox(env.deps, { ...me, text: 'A mun - bur; F kie - hol' }));
    ok(await nextSandbox(env.deps, me));
    ok(await orderSandbox(env.deps, { ...me, text: 'A par - bur; A mar S A par - bur; F hol H' }));
    const fall = played(await nextSandbox(env.deps, me));
    expect(fall.sandbox.label).toBe('Fall 1901 retreat');
    expect(fall.sandbox.duties).toEqual([
      { power: 'Germany', missing: ['A bur'], shown: [{ text: 'A bur', in: { fr: 'A Bourgogne' } }] },
    ]);
    expect(fall.adjudication.dislodged.map((d) => d.province)).toEqual(['bur']);
    const retreat = ok(await orderSandbox(env.deps, { ...me, text: 'A bur R ruh; A par - pic' }));
    expect(retreat.stored.map((o) => o.text)).toEqual(['A bur R ruh']);
    expect(retreat.rejected[0]!.error).toMatch(/No unit was dislodged in Paris/);
    const winter = played(await nextSandbox(env.deps, me));
    expect(winter.sandbox.label).toBe('Winter 1901 adjustment');
    expect(winter.sandbox.duties.find((d) => d.power === 'Germany')?.missing[0]).toMatch(/^1 build/);
    const build = ok(await orderSandbox(env.deps, { ...me, text: 'Build A kie; A par B' }));
    expect(build.stored.map((o) => o.text)).toEqual(['A kie B']);
    expect(build.rejected[0]!.error).toMatch(/France has no builds/);
    const spring = played(await nextSandbox(env.deps, me));
    expect(spring.sandbox.label).toBe('Spring 1902 movement');
    expect(ok(await viewSandbox(env.deps, me)).board.position.units).toContainEqual(
      expect.objectContaining({ power: 'Germany', province: 'kie', type: 'A' }),
    );

    const last = ok(await sandboxRenderInput(env.deps, me, 'last')).input!;
    expect(last.title).toBe('Classic Diplomacy · sandbox · Winter 1901 adjustment · orders and results');
    expect(last.orders).toHaveLength(1);
    ok(await orderSandbox(env.deps, { ...me, text: 'A kie - ber' }));
    const board = ok(await sandboxRenderInput(env.deps, me, 'board')).input!;
    expect(board).toMatchObject({
      title: 'Classic Diplomacy · sandbox · Spring 1902 movement · 1 order',
      orders: [{ power: 'Germany' }],
    });
    // the title the bot draws for a member of another locale (src/bot/commands/sandbox.ts)
    for (const input of [last, board]) expect(t('en', input.caption!)).toBe(input.title);
    expect(t('fr', board.caption!)).toBe('Diplomatie classique · bac à sable · Printemps 1902, mouvements · 1 ordre');
    expect(t('zh-CN', last.caption!)).toContain('· 沙盘 ·');
    expect(t('zh-CN', last.caption!)).toContain('· 指令与结果');
    const preview = ok(await previewSandbox(env.deps, me));
    expect(sandboxPreviewInput(preview.board, preview.adjudication)).toMatchObject({
      title: 'Classic Diplomacy · sandbox · Spring 1902 movement · orders and results',
      orders: [{ power: 'Germany' }],
    });
    expect(sandboxPreviewInput(preview.board, preview.adjudication).results).toHaveLength(22 + 1);
  });

  it("copies any earlier phase from the history, and clears one power's orders or all", async () => {
    await startedGame(env.deps, ['France']);
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A par - bur' }));
    ok(await resolvePhase(env.deps, { gameId: 1, reason: 'deadline' }));
    expect(ok(await start(ONLOOKER)).sandbox.label).toBe('Fall 1901 movement');
    const old = ok(await start(ONLOOKER, 's1901m')).sandbox;
    expect(old).toMatchObject({ label: 'Spring 1901 movement', source: 'S1901M', orders: [] });
    expect(err(await start(ONLOOKER, 'W1950A'))).toMatch(/No phase "W1950A" in this game\. Phases: S1901M, F1901M/);
    ok(await orderSandbox(env.deps, { ...me, sandboxId: old.id, text: 'A par - bur; A mun - ruh; A vie - gal' }));
    expect(ok(await clearSandboxOrders(env.deps, { ...me, sandboxId: old.id, power: 'germany' })).cleared).toBe(1);
    expect(err(await clearSandboxOrders(env.deps, { ...me, sandboxId: old.id, power: 'Mordor' }))).toMatch(
      /no power "Mordor"/,
    );
    const cleared = ok(await clearSandboxOrders(env.deps, { ...me, sandboxId: old.id }));
    expect(cleared).toMatchObject({ cleared: 2, sandbox: { orders: [] } });
  });

  it("names the powers in the reader's language: the view's powers, `power:` and the refusal of a won line", async () => {
    await startedGame(env.deps, ['France']);
    const { sandbox } = ok(await start());
    const inFrench = (power: string) => t('fr', msg('text.plain', { text: sandbox.powers[power]! }));
    expect([inFrench('England'), inFrench('Germany')]).toEqual(['Angleterre', 'Allemagne']);
    expect(t('en', msg('text.plain', { text: sandbox.powers.England! }))).toBe('England');
    ok(await orderSandbox(env.deps, { ...me, text: 'F lon - nth; A mun - ruh' }));
    // `power:` takes the name the reader reads, as `as:` does.
    expect(ok(await clearSandboxOrders(env.deps, { ...me, power: 'Angleterre' })).cleared).toBe(1);
    ok(await nextSandbox(env.deps, me));
    // A line won: the refusal names the winner in the reader's language.
    const [row] = await env.deps.store.db.select().from(sandboxes);
    const last = { ...row!.last!, adjudication: { ...row!.last!.adjudication, winner: 'England' } };
    await env.deps.store.db.update(sandboxes).set({ last });
    const won = await orderSandbox(env.deps, { ...me, text: 'A par - bur' });
    expect(err(won)).toBe('England has won in this sandbox: start a new one to play another line.');
    if (won.ok || !('message' in won)) throw new Error('expected a worded refusal');
    expect(t('fr', won.message!)).toMatch(/^L’Angleterre /);
  });

  it('refuses bad input with the reason and changes nothing', async () => {
    await startedGame(env.deps, ['France']);
    expect(err(await orderSandbox(env.deps, { ...me, text: 'A par H' }))).toMatch(/no sandbox.*\/sandbox start/);
    expect(err(await start(ONLOOKER, null, 'elsewhere'))).toMatch(/run `\/sandbox start` in the channel of the game/);
    ok(await start());
    ok(await orderSandbox(env.deps, { ...me, text: 'A par - bur' }));
    const before = await sandboxRows();
    const tables = await gameTables();
    for (const text of [
      '',
      '   ',
      'A xyz - bur',
      'F par - bur',
      ';;;',
      'x'.repeat(5000),
      'A par - bur;'.repeat(70),
      '\u0000\u{1F600}',
      'A Munich Munich Munich',
    ]) {
      const r = await orderSandbox(env.deps, { ...me, text });
      if (r.ok) expect(r.stored).toEqual([]);
      else expect(r.error.length).toBeGreaterThan(10);
    }
    expect(err(await orderSandbox(env.deps, { ...me, text: 42 as unknown as string }))).toMatch(/No orders given/);
    expect(err(await orderSandbox(env.deps, { ...me, sandboxId: 999, text: 'A par H' }))).toMatch(
      /no sandbox #999; yours: #1/,
    );
    expect(
      err(
        await actSandbox(env.deps, { ...me, by: 'gm', power: null, action: 'battle', choice: 'bur', detail: 'France' }),
      ),
    ).toBe("Classic Diplomacy has no game master's actions beyond the orders.");
    expect(err(await actSandbox(env.deps, { ...me, by: 'player', power: 'France', action: 'declare' }))).toBe(
      'Classic Diplomacy has no actions beyond the orders.',
    );
    expect(err(await nextSandbox(env.deps, { userId: 'user-other' }))).toMatch(/no sandbox/);
    expect(err(await endSandbox(env.deps, { userId: 'user-other', sandboxId: 1 }))).toMatch(/no sandbox/);
    expect(await sandboxRows()).toBe(before);
    expect(await gameTables()).toBe(tables);
  });

  it('a long order text in pieces (one transaction per loop turn) stores, refuses and replaces as the whole text at once does; a preview in two turns adjudicates alike', async () => {
    await startedGame(env.deps, ['France']);
    const whole = { userId: 'user-whole' };
    ok(await start(whole.userId));
    ok(await start());
    ok(await orderSandbox(env.deps, { ...me, text: 'A par H' }));
    ok(await orderSandbox(env.deps, { ...whole, text: 'A par H' }));
    const units = ok(await viewSandbox(env.deps, me)).board.position.units.map((u) => `${u.type} ${u.province} H`);
    // 22 holds, a unit ordered twice in the text, refused lines, blank ones: 27 orders, so 3 pieces.
    const text = [
      ...units.slice(0, 12),
      'A par - bur',
      'A xyz - bur',
      '',
      ...units.slice(12),
      'F lon - wal',
      'F par - bur',
      'A mun - sil',
    ].join(';\n');
    let pieces = 0;
    const turn = loopTurns();
    const counted: LoopTurns = (piece) => turn(() => (pieces++, piece()));
    const inTurns = ok(await orderSandboxInTurns(env.deps, { ...me, text }, counted));
    const atOnce = ok(await orderSandbox(env.deps, { ...whole, text }));
    expect(pieces).toBe(Math.ceil(27 / SANDBOX_ORDERS_PER_PIECE));
    expect(inTurns.stored).toEqual(atOnce.stored);
    expect(inTurns.rejected).toEqual(atOnce.rejected);
    expect(inTurns.replaced).toEqual(atOnce.replaced);
    expect(inTurns.replaced).toEqual([
      { before: 'A par H', after: 'A par - bur' },
      { before: 'F lon H', after: 'F lon - wal' },
      { before: 'A mun H', after: 'A mun - sil' },
    ]);
    expect(inTurns.sandbox.orders).toEqual(atOnce.sandbox.orders);
    expect(inTurns.sandbox.orders).toHaveLength(22);
    // Adjudicated on a turn after the read, the same results as at once.
    const preview = ok(await previewSandboxInTurns(env.deps, me, counted));
    expect(preview.adjudication).toEqual(ok(await previewSandbox(env.deps, whole)).adjudication);
    expect(preview.board.orders).toEqual(ok(await viewSandbox(env.deps, me)).board.orders);
    // Refused as a whole, before any piece: nothing stored.
    const before = await sandboxRows();
    expect(err(await orderSandboxInTurns(env.deps, { ...me, text: 'A par - bur;'.repeat(70) }, counted))).toMatch(
      /too many orders/,
    );
    expect(err(await orderSandboxInTurns(env.deps, { ...me, text: '  ' }, counted))).toMatch(/No orders given/);
    expect(ok(await orderSandboxInTurns(env.deps, { ...me, text: ' ;; ' }, counted)).stored).toEqual([]);
    expect(await sandboxRows()).toBe(before);
  });

  it('is bounded per user and per server, expires when unused, and says which limit', async () => {
    env.deps.limits = { sandboxesPerUser: 2, sandboxesPerServer: 3, sandboxIdleMs: HOUR };
    await startedGame(env.deps, ['France']);
    ok(await start('user-a'));
    ok(await start('user-a'));
    expect(err(await start('user-a'))).toBe(
      'You already keep 2 sandboxes, the most one member may: end one with `/sandbox end` first (each also ends after 1h unused).',
    );
    ok(await start('user-b'));
    expect(err(await start('user-c'))).toBe(
      'This server already has 3 sandboxes, the most a server may keep at once: try again when one ends (each ends after 1h unused).',
    );
    expect(ok(await endSandbox(env.deps, { userId: 'user-a' })).id).toBe(2);
    ok(await start('user-c'));
    // A use renews the lease; an unused sandbox is gone after an hour.
    env.clock.advance(HOUR / 2);
    ok(await orderSandbox(env.deps, { userId: 'user-a', text: 'A par H' }));
    env.clock.advance(HOUR / 2);
    expect(ok(await listSandboxes(env.deps, 'user-a')).sandboxes.map((s) => s.id)).toEqual([1]);
    expect(err(await viewSandbox(env.deps, { userId: 'user-b' }))).toMatch(/no sandbox/);
    ok(await start('user-d'));
    expect((await env.deps.store.db.select().from(sandboxes)).map((s) => s.ownerUserId)).toEqual(['user-a', 'user-d']);
  });

  it('has no sandbox for a card game or a game not started yet', async () => {
    ok(await createGame(env.deps, { channelId: CHANNEL, guildId: GUILD, userId: GM, variantId: 'classic' }));
    expect(err(await start())).toMatch(/not started yet/);
    ok(await createCardGame(env.deps, { channelId: 'cards', guildId: GUILD, userId: 'user-dealer', seats: 3 }));
    expect(err(await start(ONLOOKER, null, 'cards'))).toMatch(/card game has no sandbox/);
  });
});

describe('a sandbox chooses what the variant leaves to people besides the orders', () => {
  it("Warhammer: the owner declares the battle for a seat and reports its winner as the game master, through the plug-in's own steps", async () => {
    ok(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: GUILD,
        userId: GM,
        variantId: 'warhammer',
        durations: { movement: '24h', retreat: '12h', adjustment: '12h' },
      }),
    );
    for (const power of ['Bretonnia', 'Empire'])
      ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf(power), power }));
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    const before = await gameTables();
    ok(await start());
    ok(await orderSandbox(env.deps, { ...me, text: 'A cour - wast; A altd - wast' }));
    // Orders open: no step under way, and no seat is conquered, so none may offer to follow (as in the game); the
    // preview is the provisional result (both moves fail).
    expect(ok(await viewSandbox(env.deps, me)).sandbox).toMatchObject({ step: null, actions: [] });
    expect(
      ok(await previewSandbox(env.deps, me))
        .adjudication.results.filter((r) => r.order.endsWith('- wast'))
        .map((r) => r.result),
    ).toEqual(['failure', 'failure']);

    // `next` at the orders' end: the Decisive Battle phase opens, as at the game's movement deadline.
    const declaring = ok(await nextSandbox(env.deps, me));
    expect(declaring.kind).toBe('step');
    expect(english(declaring.posts[0]!)).toContain('**Spring 2500 movement: provisional results**');
    expect(english(declaring.posts[0]!)).toContain('__Bretonnia__: decisive move A cour → The Wasteland (wast)');
    expect(declaring.sandbox.step).toMatchObject({
      name: 'declarations',
      at: 'claim',
      progress: {
        powers: [
          { power: 'Bretonnia', answered: false },
          { power: 'Empire', answered: false },
        ],
      },
    });
    // The bot words the line in the owner's locale, its commands as the sandbox takes them (`sandboxWords`).
    expect(sandboxWords(t('en', declaring.sandbox.step!.line))).toContain('`/sandbox act action:declare`');
    expect(declaring.sandbox.actions).toEqual([
      { name: 'declare', shown: expect.objectContaining({ key: 'act.choice' }), as: ['Bretonnia', 'Empire'] },
    ]);
    expect(err(await orderSandbox(env.deps, { ...me, text: 'A altd H' }))).toBe(
      'Orders for this phase are closed: the Decisive Battle phase is under way. Declare a decisive battle with `/sandbox act action:declare`.',
    );
    expect(
      err(
        await actSandbox(env.deps, {
          ...me,
          by: 'player',
          power: 'Bretonnia',
          action: 'declare',
          choice: 'move A altd',
        }),
      ),
    ).toContain('not a declaration Bretonnia may make');
    expect(
      err(await actSandbox(env.deps, { ...me, by: 'player', power: 'Kislev', action: 'declare', choice: 'none' })),
    ).toMatch(/^Nobody plays Kislev in the game this sandbox copies/);
    const declared = ok(
      await actSandbox(env.deps, { ...me, by: 'player', power: 'Bretonnia', action: 'declare', choice: 'move A cour' }),
    );
    expect(t('en', declared.reply)).toBe('⚔️ Stored for Bretonnia: decisive move A cour → The Wasteland (wast).');
    expect(declared.settled).toBe(false);
    expect(
      ok(await actSandbox(env.deps, { ...me, by: 'player', power: 'Empire', action: 'declare', choice: 'none' }))
        .settled,
    ).toBe(true);

    // `next`: the battles, waiting for the game master's report (the owner's).
    const battles = ok(await nextSandbox(env.deps, me));
    expect(battles).toMatchObject({
      kind: 'step',
      sandbox: { step: { name: 'battles', progress: { powers: [], gameMaster: true } } },
    });
    expect(english(battles.posts[0]!)).toContain('⚔️ **Spring 2500 movement: decisive battles** (1)');
    expect(
      ok(
        await actSandbox(env.deps, {
          ...me,
          by: 'gm',
          power: null,
          action: 'battle',
          choice: 'wast',
          detail: 'Bretonnia',
        }),
      ),
    ).toMatchObject({ settled: true });
    // The preview now has the reported winner; the play too.
    expect(ok(await previewSandbox(env.deps, me)).adjudication.results.find((r) => r.unit === 'A cour')).toMatchObject({
      result: 'success',
    });
    const next = played(await nextSandbox(env.deps, me));
    expect(english(next.posts[0]!)).toContain('• The Wasteland (wast): **Bretonnia** (A cour) won.');
    expect(next.adjudication.results.find((r) => r.unit === 'A cour')).toMatchObject({ result: 'success' });
    expect(next.sandbox).toMatchObject({ label: 'Fall 2500 movement', step: null, posts: [] });
    expect(ok(await viewSandbox(env.deps, me)).board.position.units).toContainEqual(
      expect.objectContaining({ power: 'Bretonnia', province: 'wast' }),
    );
    expect(await gameTables()).toBe(before);
  });

  it("Mandate of Heaven: the owner's order for a neutral unit is carried out (the vote decided by the owner alone)", async () => {
    ok(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: GUILD,
        userId: GM,
        variantId: 'mandate-of-heaven',
        durations: { movement: '24h', retreat: '12h', adjustment: '12h' },
      }),
    );
    for (const power of ['Qin', 'Chu', 'Hsiung-Nu'])
      ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf(power), power }));
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    ok(await start());
    // The placement, then the first spring.
    const spring = ok(await nextSandbox(env.deps, me)).sandbox;
    expect(spring.label).toMatch(/^Spring/);
    const position = ok(await viewSandbox(env.deps, me)).board.position;
    const neutral = legalOrders(mandateOfHeaven, position, 'Song')[0]!;
    const move = neutral.orders.find((o) => o.includes(' - ') && !o.includes('via'))!;
    expect(move).toBeDefined();
    const r = ok(await orderSandbox(env.deps, { ...me, text: move }));
    expect(r.stored).toEqual([expect.objectContaining({ power: 'Song', text: move })]);
    const result = played(await nextSandbox(env.deps, me)).adjudication.results.find(
      (x) => x.power === 'Song' && x.order === move,
    );
    expect(result).toMatchObject({ result: 'success', vote: 'adopted' });
  });
});
