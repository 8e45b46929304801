/**
 * Warhammer's Decisive Battle phase in the game layer (its plug-in's phase steps,
 * src/variants/warhammer/plugin/battle-step.ts, run by src/game/phase/steps.ts): the stored steps between the provisional
 * and the final results, each processed exactly once, declarations secret, gm reports and seeded dice rolls, and the
 * re-adjudication with the outcomes. Players act through `runAction` (what `/act` and `/gm act` call).
 *
 * Spring 2500: Bretonnia's A cour and the Empire's A altd both move into the Wasteland and bounce, so each may
 * declare a decisive move there (seed, Decisive Battle Phase 2).
 */
import { first } from '../../src/store/store.js';
import { afterEach, describe, expect, it } from 'vitest';
import { memberRef } from '../../src/game/core/text-refs.js';
import { eq, and, eq as eqSql } from 'drizzle-orm';
import { createGame, joinGame, startGame } from '../../src/game/lobby/index.js';
import { gameStatus } from '../../src/game/history/index.js';
import { gmAdvance, gmRollback, gmExtend } from '../../src/game/gm/index.js';
import { resolveDuePhases, runAction, toggleReady, queueDueReminders } from '../../src/game/resolve/index.js';
import { submitOrders } from '../../src/game/orders/index.js';
import { t } from '../../src/i18n/index.js';
import type { GameDeps } from '../../src/game/core/index.js';
import { nextWakeAt } from '../../src/game/resolve/scheduler.js';
import { games, phases, phaseSteps, variantRecords } from '../../src/store/schema.js';
import { rollBattle } from '../../src/variants/warhammer/decisive-phase.js';
import type { Battle, BattleStep } from '../../src/variants/warhammer/plugin/records.js';
import {
  CHANNEL,
  GM,
  HOUR,
  internalErrors,
  makeEnv,
  ok,
  err,
  outboxRows,
  tempDbPath,
  userOf,
  type TestEnv,
} from './helpers.js';

const SEATED = ['Bretonnia', 'Empire', 'Wood Elves'];

/** A Warhammer game started with the SEATED powers, its decisive battles as `decisive` says. */
async function startedWarhammer(env: TestEnv, decisive: string | null = null, optionsText: string | null = null) {
  ok(
    await createGame(env.deps, {
      channelId: CHANNEL,
      guildId: 'g',
      userId: GM,
      variantId: 'warhammer',
      durations: { movement: '24h', retreat: '12h', adjustment: '12h' },
      options: { decisiveBattles: decisive },
      optionsText,
    }),
  );
  for (const power of SEATED) ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf(power), power }));
  ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
}

async function warhammerGame(env: TestEnv, decisive: string | null = null, optionsText: string | null = null) {
  await startedWarhammer(env, decisive, optionsText);
  ok(
    await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Bretonnia'), text: 'A cour - wast; F lang H' }),
  );
  ok(
    await submitOrders(env.deps, {
      channelId: CHANNEL,
      userId: userOf('Empire'),
      text: 'A altd - wast; A nuln H; F midd H',
    }),
  );
}

const caller = (power: string) => ({ channelId: CHANNEL, userId: userOf(power) });

/** `/act action:declare choice:<battle> [detail:<commander>]`. */
const declareBattle = async (
  deps: GameDeps,
  input: { channelId: string; userId: string; battle: string; commander?: string },
) =>
  await runAction(deps, {
    channelId: input.channelId,
    userId: input.userId,
    by: 'player',
    action: 'declare',
    choice: input.battle,
    detail: input.commander ?? null,
  });
/** `/gm act action:battle choice:<province> detail:<winner>[, losers destroyed]`. */
const reportBattle = async (
  deps: GameDeps,
  input: { channelId: string; userId: string; province: string; winner: string; destroyed?: boolean },
) =>
  await runAction(deps, {
    channelId: input.channelId,
    userId: input.userId,
    by: 'gm',
    action: 'battle',
    choice: input.province,
    detail: input.destroyed ? `${input.winner}, losers destroyed` : input.winner,
  });
/** `/act action:follow choice:<role> [detail:<employer>]`. */
const follow = async (deps: GameDeps, input: { channelId: string; userId: string; role: string; employer?: string }) =>
  await runAction(deps, {
    channelId: input.channelId,
    userId: input.userId,
    by: 'player',
    action: 'follow',
    choice: input.role,
    detail: input.employer ?? null,
  });
/** `/act action:revolt choice:<province> detail:<unit>`. */
const revolt = async (deps: GameDeps, input: { channelId: string; userId: string; province: string; unit: string }) =>
  await runAction(deps, {
    channelId: input.channelId,
    userId: input.userId,
    by: 'player',
    action: 'revolt',
    choice: input.province,
    detail: input.unit,
  });

/** The Decisive Battle phase of the last phase that had one, as the old stored step read: stage, token, record. */
const step = async (env: TestEnv) => {
  const row = (await env.deps.store.db.select().from(phaseSteps)).at(-1);
  if (!row) return undefined;
  const record = first(
    await env.deps.store.db
      .select()
      .from(variantRecords)
      .where(and(eqSql(variantRecords.phaseId, row.phaseId), eqSql(variantRecords.kind, 'battle-step')))
      .limit(1),
  );
  const stage =
    row.step === 'declarations'
      ? 'declaring'
      : row.step === 'battles'
        ? 'battles'
        : row.step === null
          ? 'done'
          : row.step;
  return { stage, token: row.token, remindedAt: row.remindedAt, ...(record?.payload as BattleStep) };
};
const game = async (env: TestEnv) => (await env.deps.store.db.select().from(games))[0]!;
const channelTexts = async (env: TestEnv, since = 0) =>
  (await outboxRows(env.deps))
    .slice(since)
    .filter((r) => r.targetKind === 'channel' && r.kind !== 'status')
    .map((r) => (r.payload as { text: string }).text);

/** Moves the clock to the game's live deadline and runs the scheduler's sweep. */
async function passDeadline(env: TestEnv) {
  env.clock.t = (await game(env)).deadlineMs! + 1;
  return await resolveDuePhases(env.deps);
}

describe('the Decisive Battle phase in the game layer', () => {
  let env: TestEnv;
  afterEach(async () => {
    await env?.close();
    expect(internalErrors).toEqual([]);
  });

  it('gm mode: provisional results, secret declarations, battles with army sizes, the reported winner takes the province', async () => {
    env = await makeEnv();
    await warhammerGame(env);
    expect((await game(env)).options).toMatchObject({ decisiveBattles: 'gm' });
    const before = (await outboxRows(env.deps)).length;
    expect(await passDeadline(env)).toEqual({ resolved: 0, failures: [] });
    // The phase is not resolved: it waits for declarations, with the declaration deadline (the retreat duration).
    const s = (await step(env))!;
    expect(s.stage).toBe('declaring');
    expect((await game(env)).deadlineMs).toBe(env.clock.t + 12 * HOUR);
    expect((await env.deps.store.db.select().from(phases)).map((p) => p.resolvedAt)).toEqual([null]);
    const [provisional] = await channelTexts(env, before);
    expect(provisional).toContain('**Spring 2500 movement: provisional results**');
    expect(provisional).toContain('`A cour - wast`');
    expect(provisional).toContain('__Bretonnia__: decisive move A cour → The Wasteland (wast)');
    expect(provisional).toContain('__Empire__: decisive move A altd → The Wasteland (wast)');
    // The provisional results name a power nobody plays as the final results do: in civil disorder, nothing missed;
    // a seated power that gave no order missed it.
    expect(provisional).toContain('__Chaos__ · civil disorder: no player; A eyec, F hung, A kurg, F manc held.');
    expect(provisional).toContain('__Wood Elves__ · ⏰ 1 missed: no orders; A athe held.');
    expect(provisional).not.toMatch(/^__(?!Wood Elves)[^_]+__ · ⏰/m);
    const dms = (await outboxRows(env.deps)).slice(before).filter((r) => r.targetKind === 'user');
    expect(dms.map((r) => r.target).sort()).toEqual([userOf('Bretonnia'), userOf('Empire')]);

    // Orders are closed; /ready does not skip the declarations; a running sweep before the deadline does nothing.
    expect(
      err(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Empire'), text: 'A nuln - reik' })),
    ).toContain('Decisive Battle phase');
    expect(err(await toggleReady(env.deps, caller('Empire')))).toContain('/act action:declare');
    expect(await resolveDuePhases(env.deps)).toEqual({ resolved: 0, failures: [] });
    // Wood Elves have nothing to declare.
    expect(err(await declareBattle(env.deps, { ...caller('Wood Elves'), battle: 'none' }))).toContain(
      'no unit that may fight',
    );
    expect(err(await declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A altd' }))).toContain(
      'not a declaration Bretonnia may make',
    );

    const beforeDeclare = (await outboxRows(env.deps)).length;
    const declared = ok(await declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
    expect(declared).toMatchObject({ action: 'declare', closed: false });
    expect(declared.reply).toBe(
      '⚔️ Stored for Bretonnia: decisive move A cour → The Wasteland (wast).\nYou may change it until the deadline; a DM confirms it.',
    );
    // Secret: only Bretonnia's DM carries it; the channel gets nothing but a status edit (filled in at delivery).
    const after = (await outboxRows(env.deps)).slice(beforeDeclare);
    expect(after.filter((r) => r.targetKind === 'channel').map((r) => r.kind)).toEqual(['status']);
    expect(after.filter((r) => r.targetKind === 'user').map((r) => r.target)).toEqual([userOf('Bretonnia')]);
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.text).toContain(
      `Bretonnia (${memberRef('user-bretonnia')}) · 2 centres, 2 units · ⚔️ answered`,
    );
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.text).toContain(
      `Empire (${memberRef('user-empire')}) · 3 centres, 3 units · ⏳ may declare`,
    );
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.text).not.toContain('A cour');

    // The Empire passes: everyone has answered, so the battles are set up at once.
    const beforeBattles = (await outboxRows(env.deps)).length;
    expect(ok(await declareBattle(env.deps, { ...caller('Empire'), battle: 'none' })).closed).toBe(true);
    expect((await step(env))!.stage).toBe('battles');
    const [battles] = await channelTexts(env, beforeBattles);
    expect(battles).toContain('⚔️ **Spring 2500 movement: decisive battles** (1)');
    expect(battles).toContain('• Bretonnia A cour (declared): Bretonnia 1,500 pts');
    expect(battles).toContain('• Empire A altd: Empire 1,500 pts');
    expect(err(await declareBattle(env.deps, { ...caller('Empire'), battle: 'none' }))).toContain(
      'Declarations are closed',
    );
    expect(err(await reportBattle(env.deps, { ...caller('Empire'), province: 'wast', winner: 'Empire' }))).toContain(
      'Only the game master',
    );
    expect(
      err(await reportBattle(env.deps, { channelId: CHANNEL, userId: GM, province: 'wast', winner: 'Kislev' })),
    ).toMatch(/Sides: .*Bretonnia \(A cour\)/);

    const r = ok(
      await reportBattle(env.deps, { channelId: CHANNEL, userId: GM, province: 'The Wasteland', winner: 'Bretonnia' }),
    );
    expect(r).toMatchObject({
      closed: true,
      reply:
        '⚔️ Recorded: **Bretonnia** won the battle in The Wasteland (wast). Every battle is reported: the final results are being posted.',
    });
    const spring = (await env.deps.store.db.select().from(phases).orderBy(phases.id))[0]!;
    expect(spring.resolvedAt).not.toBeNull();
    expect(spring.adjudication!.results.find((x) => x.unit === 'A cour')!.result).toBe('success');
    expect(spring.adjudication!.position.units).toContainEqual({
      power: 'Bretonnia',
      type: 'A',
      province: 'wast',
      coast: null,
    });
    expect((await step(env))!.stage).toBe('done');
    const texts = await channelTexts(env, beforeBattles);
    expect(texts.some((t) => t.includes('• The Wasteland (wast): **Bretonnia** (A cour) won.'))).toBe(true);
    expect(texts.some((t) => t.startsWith('**Spring 2500 movement: results**'))).toBe(true);
  });

  it('the last /ready of the orders opens the Decisive Battle phase, and its reply says so (not "run /ready again")', async () => {
    env = await makeEnv();
    await warhammerGame(env);
    for (const power of ['Bretonnia', 'Empire'])
      expect(ok(await toggleReady(env.deps, caller(power))).stepped).toBeUndefined();
    const last = ok(await toggleReady(env.deps, caller('Wood Elves')));
    expect(last.resolved).toEqual([]);
    expect((await step(env))!.stage).toBe('declaring');
    expect(t('en', last.stepped!)).toBe(
      '✅ Wood Elves is ready. Everyone is: the orders of **Spring 2500 movement** are closed, and the phase goes on in the channel (see the post there).',
    );
  });

  it('reminds the powers that have not declared yet, once, an hour before the declaration deadline, without telling what others did', async () => {
    env = await makeEnv();
    await warhammerGame(env);
    await passDeadline(env);
    const s = (await step(env))!;
    ok(await declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
    // Not yet: the reminder is due an hour before the declaration deadline, and the scheduler wakes for it.
    expect(await queueDueReminders(env.deps)).toBe(0);
    expect(await nextWakeAt(env.deps)).toBe(s.declarationDeadlineMs - HOUR);
    env.clock.t = s.declarationDeadlineMs - HOUR;
    const before = (await outboxRows(env.deps)).length;
    expect(await queueDueReminders(env.deps)).toBe(1);
    const dms = (await outboxRows(env.deps)).slice(before);
    expect(dms.map((r) => [r.kind, (r.payload as { reason: string }).reason, r.target])).toEqual([
      ['dm', 'reminder', userOf('Empire')],
    ]);
    const text = (dms[0]!.payload as { text: string }).text;
    expect(text).toContain('⏰ Empire has not declared yet in the Decisive Battle phase of **Spring 2500 movement**');
    expect(text).toContain('`/act action:declare choice:none`');
    expect(text).not.toContain('cour');
    // Once per step: a later sweep, or a restart's sweep, sends nothing more.
    env.clock.t += 10 * 60_000;
    expect(await queueDueReminders(env.deps)).toBe(0);
    expect((await step(env))!.remindedAt).not.toBeNull();
    expect(await nextWakeAt(env.deps)).toBe(s.declarationDeadlineMs);
    // The game master extends the declarations: one new reminder before the new deadline, and never one about
    // orders (they are closed).
    ok(await gmExtend(env.deps, { channelId: CHANNEL, userId: GM, duration: '3h' }));
    const extended = (await game(env)).deadlineMs!;
    expect(extended).toBe(s.declarationDeadlineMs + 3 * HOUR);
    expect(await nextWakeAt(env.deps)).toBe(extended - HOUR);
    env.clock.t = extended - HOUR;
    const beforeSecond = (await outboxRows(env.deps)).length;
    expect(await queueDueReminders(env.deps)).toBe(1);
    const second = (await outboxRows(env.deps)).slice(beforeSecond).filter((r) => r.targetKind === 'user');
    expect(second.map((r) => r.target)).toEqual([userOf('Empire')]);
    expect((second[0]!.payload as { text: string }).text).toMatch(
      /^⏰ Empire has not declared yet in the Decisive Battle phase/,
    );
    env.clock.t += 60_000;
    expect(await queueDueReminders(env.deps)).toBe(0);
  });

  it('Cataclysmic Battles: the game master may mark the loser destroyed, only when the game plays that option', async () => {
    env = await makeEnv();
    await warhammerGame(env);
    await passDeadline(env);
    ok(await declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
    ok(await declareBattle(env.deps, { ...caller('Empire'), battle: 'none' }));
    expect(
      err(
        await reportBattle(env.deps, {
          channelId: CHANNEL,
          userId: GM,
          province: 'wast',
          winner: 'Bretonnia',
          destroyed: true,
        }),
      ),
    ).toContain('does not play Cataclysmic Battles');
    expect((await step(env))!.stage).toBe('battles');
    await env.close();

    env = await makeEnv();
    await warhammerGame(env, null, 'cataclysmicBattles');
    await passDeadline(env);
    ok(await declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
    ok(await declareBattle(env.deps, { ...caller('Empire'), battle: 'none' }));
    const before = (await outboxRows(env.deps)).length;
    const r = ok(
      await reportBattle(env.deps, {
        channelId: CHANNEL,
        userId: GM,
        province: 'wast',
        winner: 'Bretonnia',
        destroyed: true,
      }),
    );
    expect(r).toMatchObject({ closed: true });
    expect(r.reply).toContain(
      '**Bretonnia** won the battle in The Wasteland (wast). The losers are destroyed (Cataclysmic Battles).',
    );
    const spring = (await env.deps.store.db.select().from(phases).orderBy(phases.id))[0]!;
    const units = spring.adjudication!.position.units;
    expect(units).toContainEqual({ power: 'Bretonnia', type: 'A', province: 'wast', coast: null });
    // The losing side (Empire's A altd, which also moved on the Wasteland) is destroyed, not bounced home.
    expect(units.some((u) => u.province === 'altd' && u.power === 'Empire')).toBe(false);
    expect(
      (await channelTexts(env, before)).some((t) =>
        t.includes('**Bretonnia** (A cour) won. The losers are destroyed (Cataclysmic Battles).'),
      ),
    ).toBe(true);
  });

  it('dice mode: a seeded roll weighted by army size decides, is shown, and is the same after a restart', async () => {
    env = await makeEnv();
    await warhammerGame(env, 'dice');
    await passDeadline(env);
    ok(await declareBattle(env.deps, { ...caller('Empire'), battle: 'move A altd' }));
    const beforeBattles = (await outboxRows(env.deps)).length;
    expect(await passDeadline(env)).toEqual({ resolved: 1, failures: [] });
    const s = (await step(env))!;
    expect(s.stage).toBe('done');
    const [battle] = s.battles as Battle[];
    const rolled = rollBattle({ ...battle!, roll: undefined } as Battle, s.token);
    const expected = { value: rolled.roll, total: rolled.total, lead: rolled.winner.lead };
    expect(battle!.roll).toEqual(expected);
    const winner = battle!.sides.find((x) => x.lead === expected.lead)!.power;
    expect(s.outcomes).toEqual({ wast: expected.lead });
    const [battles] = await channelTexts(env, beforeBattles);
    expect(battles).toContain(
      `🎲 Rolled **${expected.value.toLocaleString('en-US')}** of 3,000: **${winner}** (${expected.lead}) wins.`,
    );
    expect(battles).toContain('roll 1–1,500');
    expect(battles).toContain('roll 1,501–3,000');
    const spring = (await env.deps.store.db.select().from(phases).orderBy(phases.id))[0]!;
    expect(spring.adjudication!.position.units.find((u) => u.province === 'wast')?.power).toBe(winner);
    // Processed exactly once: another sweep finds nothing to do.
    expect(await resolveDuePhases(env.deps)).toEqual({ resolved: 0, failures: [] });
  });

  it.each(['dice', 'gm'])(
    '%s mode: a battle with one side is won unopposed, without a roll or a report',
    async (mode) => {
      env = await makeEnv();
      await startedWarhammer(env, mode);
      // Bretonnia's A chet moves to the Wasteland and bounces there; the Empire's A reik bounces off it in Cheton Forest.
      // A chet moved away and was not dislodged, so it is no side at Cheton Forest (docs/rules/warhammer.md).
      const start = (await env.deps.store.db.select().from(phases).orderBy(phases.id))[0]!;
      const position = structuredClone(start.position);
      position.units.push(
        { power: 'Empire', type: 'A', province: 'reik', coast: null },
        { power: 'Bretonnia', type: 'A', province: 'chet', coast: null },
      );
      await env.deps.store.db.update(phases).set({ position }).where(eq(phases.id, start.id));
      ok(await submitOrders(env.deps, { ...caller('Bretonnia'), text: 'A chet - wast; A cour H; F lang H' }));
      ok(
        await submitOrders(env.deps, { ...caller('Empire'), text: 'A altd - wast; A reik - chet; A nuln H; F midd H' }),
      );
      await passDeadline(env);
      ok(await declareBattle(env.deps, { ...caller('Empire'), battle: 'move A reik' }));
      const before = (await outboxRows(env.deps)).length;
      expect(await passDeadline(env)).toEqual({ resolved: 1, failures: [] });
      const [battles] = await channelTexts(env, before);
      expect(battles).toContain('**Cheton Forest (chet)**\n• Empire A reik (declared): Empire 1,500 pts\n');
      expect(battles).toContain('⚔️ Unopposed: **Empire** (A reik) wins.\nThe final results follow.');
      expect(battles).not.toMatch(/roll 1–1,500|Rolled|reports each winner/);
      // Resolved at once, the Empire in Cheton Forest; the Wasteland's bounce stands.
      const spring = (await env.deps.store.db.select().from(phases).orderBy(phases.id))[0]!;
      expect(spring.resolvedAt).not.toBeNull();
      expect(spring.adjudication!.position.units.find((u) => u.province === 'chet')?.power).toBe('Empire');
    },
  );

  it('nobody declares by the deadline: the provisional result stands; off mode has no Decisive Battle phase', async () => {
    env = await makeEnv();
    await warhammerGame(env);
    await passDeadline(env);
    const before = (await outboxRows(env.deps)).length;
    expect(await passDeadline(env)).toEqual({ resolved: 1, failures: [] });
    expect((await channelTexts(env, before))[0]).toContain(
      'no decisive battle was declared, so the provisional results stand',
    );
    const spring = (await env.deps.store.db.select().from(phases).orderBy(phases.id))[0]!;
    expect(spring.adjudication!.results.find((x) => x.unit === 'A cour')!.result).toBe('failure');
    await env.close();

    env = await makeEnv();
    await warhammerGame(env, 'off');
    expect(await passDeadline(env)).toEqual({ resolved: 1, failures: [] });
    expect(await env.deps.store.db.select().from(phaseSteps)).toEqual([]);
  });

  it('two sweeps racing at the movement deadline (a poke and the timer, two processes): the late one leaves the declarations open', async () => {
    env = await makeEnv();
    await warhammerGame(env, 'dice');
    env.clock.t = (await game(env)).deadlineMs! + 1;
    // Both read the due games before either opened the declarations; the second then finds a deadline an hour away.
    const sweeps = await Promise.all([resolveDuePhases(env.deps), resolveDuePhases(env.deps)]);
    expect(sweeps).toEqual([
      { resolved: 0, failures: [] },
      { resolved: 0, failures: [] },
    ]);
    expect((await step(env))!.stage).toBe('declaring');
    expect((await env.deps.store.db.select().from(phases)).map((p) => p.resolvedAt)).toEqual([null]);
    ok(await declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
  });

  it('gm mode: an unreported battle keeps the provisional result at its deadline; /gm advance moves each stage on', async () => {
    env = await makeEnv();
    await warhammerGame(env);
    const adv = ok(await gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(adv.resolved).toEqual([]);
    expect((await step(env))!.stage).toBe('declaring');
    ok(await declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
    ok(await gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }));
    expect((await step(env))!.stage).toBe('battles');
    expect(
      (await channelTexts(env)).some((t) =>
        t.includes('closed the decisive battle declarations of **Spring 2500 movement**'),
      ),
    ).toBe(true);
    const before = (await outboxRows(env.deps)).length;
    expect(await passDeadline(env)).toEqual({ resolved: 1, failures: [] });
    expect((await channelTexts(env, before))[0]).toContain(
      '• The Wasteland (wast): not reported, so the provisional result stands.',
    );
    const spring = (await env.deps.store.db.select().from(phases).orderBy(phases.id))[0]!;
    expect(spring.adjudication!.results.find((x) => x.unit === 'A cour')!.result).toBe('failure');
  });

  it('restart-safe: the step, its deadline and the declarations survive a restart, and each stage posts once', async () => {
    const db = tempDbPath();
    try {
      env = await makeEnv(db.path);
      await warhammerGame(env);
      await passDeadline(env);
      ok(await declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
      const deadline = (await game(env)).deadlineMs!;
      await env.close();
      // A new process on the same file: the scheduler's start-up sweep finds the declaration deadline.
      env = await makeEnv(db.path, 2);
      env.clock.t = deadline + 1;
      expect(await resolveDuePhases(env.deps)).toEqual({ resolved: 0, failures: [] });
      expect((await step(env))!.stage).toBe('battles');
      expect(await resolveDuePhases(env.deps)).toEqual({ resolved: 0, failures: [] });
      await passDeadline(env);
      const kinds = (await channelTexts(env)).map((t) => t.split('\n')[0]);
      for (const head of [
        '**Spring 2500 movement: provisional results**',
        '⚔️ **Spring 2500 movement: decisive battles** (1)',
        '⚔️ **Spring 2500 movement: battle outcomes**',
        '**Spring 2500 movement: results**',
      ]) {
        expect(
          kinds.filter((k) => k === head),
          head,
        ).toHaveLength(1);
      }
    } finally {
      await env.close();
      db.cleanup();
    }
  });

  it('a rollback to a phase clears its declarations, so its Decisive Battle phase starts again', async () => {
    env = await makeEnv();
    await warhammerGame(env);
    await passDeadline(env);
    ok(await declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
    ok(await declareBattle(env.deps, { ...caller('Empire'), battle: 'none' }));
    ok(await reportBattle(env.deps, { channelId: CHANNEL, userId: GM, province: 'wast', winner: 'Empire' }));
    ok(await gmRollback(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(await env.deps.store.db.select().from(phaseSteps)).toEqual([]);
    expect(await env.deps.store.db.select().from(variantRecords)).toEqual([]);
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Empire'), text: 'A altd H' }));
    await passDeadline(env);
    expect(
      first(await env.deps.store.db.select().from(phases).where(eq(phases.idx, 0)).limit(1))!.resolvedAt,
    ).not.toBeNull();
  });
});

describe('Sepoys and Mercenaries in the game layer', () => {
  let env: TestEnv;
  afterEach(async () => {
    await env?.close();
    expect(internalErrors).toEqual([]);
  });

  /** The Wood Elves are conquered: the Empire holds Athel-Loren (set on the stored board, as the map would have it). */
  async function conquerWoodElves(env: TestEnv) {
    const phase = (await env.deps.store.db.select().from(phases).orderBy(phases.id))[0]!;
    const position = structuredClone(phase.position);
    position.units = position.units.filter((u) => u.power !== 'Wood Elves');
    position.supplyCenters['Wood Elves'] = [];
    position.supplyCenters.Empire = [...position.supplyCenters.Empire!, 'athe'];
    await env.deps.store.db.update(phases).set({ position }).where(eq(phases.id, phase.id));
  }

  it('a conquered player becomes a Sepoy; the master declares a battle for it; its win is counted; a Sepoy given no battle is recorded', async () => {
    env = await makeEnv();
    await warhammerGame(env);
    expect(err(await follow(env.deps, { ...caller('Wood Elves'), role: 'sepoy' }))).toContain(
      'still has units or centres',
    );
    await conquerWoodElves(env);
    const before = (await outboxRows(env.deps)).length;
    expect(ok(await follow(env.deps, { ...caller('Wood Elves'), role: 'sepoy' })).reply).toBe(
      '🤝 Wood Elves now fights as a Sepoy of Empire. The channel and Empire are told.',
    );
    expect(await channelTexts(env, before)).toEqual([
      "🤝 Wood Elves now fights as a **Sepoy** of Empire (who holds its capital): one more battle commander for Empire's decisive battles.",
    ]);
    expect(
      (await outboxRows(env.deps))
        .slice(before)
        .some(
          (r) =>
            r.target === userOf('Empire') &&
            (r.payload as { text: string }).text.includes('/act action:declare detail:Wood Elves'),
        ),
    ).toBe(true);

    await passDeadline(env);
    const dm = (await outboxRows(env.deps)).find(
      (r) =>
        r.target === userOf('Empire') &&
        (r.payload as { text: string }).text.includes('Decisive Battle phase has begun'),
    )!;
    expect((dm.payload as { text: string }).text).toContain(
      '2 decisive battles (one per battle commander: Empire, Wood Elves)',
    );
    expect((dm.payload as { text: string }).text).toContain('each Sepoy must be given a decisive battle every turn');
    expect(
      err(await declareBattle(env.deps, { ...caller('Empire'), battle: 'move A altd', commander: 'Kislev' })),
    ).toContain("not one of Empire's battle commanders (Empire, Wood Elves)");
    ok(await declareBattle(env.deps, { ...caller('Empire'), battle: 'move A altd', commander: 'Wood Elves' }));
    expect(err(await declareBattle(env.deps, { ...caller('Empire'), battle: 'move A altd' }))).toContain(
      'Another of your commanders already declared with A altd',
    );
    ok(await declareBattle(env.deps, { ...caller('Empire'), battle: 'none' }));
    ok(await declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'none' }));
    expect((await step(env))!.stage).toBe('battles');
    ok(await reportBattle(env.deps, { channelId: CHANNEL, userId: GM, province: 'wast', winner: 'Empire' }));
    const fall = first(await env.deps.store.db.select().from(phases).where(eq(phases.idx, 1)).limit(1))!;
    expect(fall.position.units.find((u) => u.province === 'wast')?.power).toBe('Empire');
    expect((fall.position.variantState as { followers: Record<string, unknown> }).followers['Wood Elves']).toEqual({
      role: 'sepoy',
      master: 'Empire',
      wins: 1,
    });
    expect(err(await revolt(env.deps, { ...caller('Wood Elves'), province: 'wast', unit: 'A' }))).toContain(
      '(1 won so far)',
    );

    // Fall: the Empire declares without its Sepoy; the battles post records it.
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Empire'), text: 'A wast - cour' }));
    await passDeadline(env);
    const allowed = (await step(env))!;
    expect(allowed.stage).toBe('declaring');
    const beforeBattles = (await outboxRows(env.deps)).length;
    ok(await declareBattle(env.deps, { ...caller('Empire'), battle: 'move A wast' }));
    ok(await declareBattle(env.deps, { ...caller('Empire'), battle: 'none', commander: 'Wood Elves' }));
    const [battles] = await channelTexts(env, beforeBattles);
    expect(battles).toContain('⚠️ Sepoys given no battle this turn:');
    expect(battles).toContain('• Empire: ');
    expect(battles).toContain('Wood Elves');
  });

  it('a Mercenary picks any power on the board; not in games without decisive battles', async () => {
    env = await makeEnv();
    await warhammerGame(env);
    await conquerWoodElves(env);
    expect(err(await follow(env.deps, { ...caller('Wood Elves'), role: 'mercenary' }))).toContain('`detail:`');
    expect(
      ok(await follow(env.deps, { ...caller('Wood Elves'), role: 'mercenary', employer: 'bretonnia' })).reply,
    ).toContain('now fights as a Mercenary of Bretonnia');
    await env.close();
    env = await makeEnv();
    await warhammerGame(env, 'off');
    await conquerWoodElves(env);
    expect(err(await follow(env.deps, { ...caller('Wood Elves'), role: 'sepoy' }))).toContain(
      'only in Warhammer games with decisive battles',
    );
  });
});
