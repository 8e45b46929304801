/**
 * Warhammer's Decisive Battle phase in the game layer (issue 11 §3; its plug-in's phase steps,
 * src/variants/warhammer/plugin/battle-step.ts, run by src/game/steps.ts): the stored steps between the provisional
 * and the final results, each processed exactly once, declarations secret, gm reports and seeded dice rolls, and the
 * re-adjudication with the outcomes. Players act through `runAction` (what `/act` and `/gm act` call).
 *
 * Spring 2500: Bretonnia's A cour and the Empire's A altd both move into the Wasteland and bounce, so each may
 * declare a decisive move there (seed, Decisive Battle Phase 2).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { memberRef } from '../../src/game/text-refs.js';
import { eq } from 'drizzle-orm';
import { and, eq as eqSql } from 'drizzle-orm';
import {
  createGame,
  gameStatus,
  gmAdvance,
  joinGame,
  resolveDuePhases,
  runAction,
  startGame,
  submitOrders,
  toggleReady,
  gmRollback,
  queueDueReminders,
  gmExtend,
  type GameDeps,
} from '../../src/game/index.js';
import { nextWakeAt } from '../../src/game/scheduler.js';
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

function warhammerGame(env: TestEnv, decisive: string | null = null, optionsText: string | null = null) {
  ok(
    createGame(env.deps, {
      channelId: CHANNEL,
      guildId: 'g',
      userId: GM,
      variantId: 'warhammer',
      durations: { movement: '24h', retreat: '12h', adjustment: '12h' },
      options: { decisiveBattles: decisive },
      optionsText,
    }),
  );
  for (const power of SEATED) ok(joinGame(env.deps, { channelId: CHANNEL, userId: userOf(power), power }));
  ok(startGame(env.deps, { channelId: CHANNEL, userId: GM }));
  ok(submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Bretonnia'), text: 'A cour - wast; F lang H' }));
  ok(
    submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Empire'), text: 'A altd - wast; A nuln H; F midd H' }),
  );
}

const caller = (power: string) => ({ channelId: CHANNEL, userId: userOf(power) });

/** `/act action:declare choice:<battle> [detail:<commander>]`. */
const declareBattle = (
  deps: GameDeps,
  input: { channelId: string; userId: string; battle: string; commander?: string },
) =>
  runAction(deps, {
    channelId: input.channelId,
    userId: input.userId,
    by: 'player',
    action: 'declare',
    choice: input.battle,
    detail: input.commander ?? null,
  });
/** `/gm act action:battle choice:<province> detail:<winner>[, losers destroyed]`. */
const reportBattle = (
  deps: GameDeps,
  input: { channelId: string; userId: string; province: string; winner: string; destroyed?: boolean },
) =>
  runAction(deps, {
    channelId: input.channelId,
    userId: input.userId,
    by: 'gm',
    action: 'battle',
    choice: input.province,
    detail: input.destroyed ? `${input.winner}, losers destroyed` : input.winner,
  });
/** `/act action:follow choice:<role> [detail:<employer>]`. */
const follow = (deps: GameDeps, input: { channelId: string; userId: string; role: string; employer?: string }) =>
  runAction(deps, {
    channelId: input.channelId,
    userId: input.userId,
    by: 'player',
    action: 'follow',
    choice: input.role,
    detail: input.employer ?? null,
  });
/** `/act action:revolt choice:<province> detail:<unit>`. */
const revolt = (deps: GameDeps, input: { channelId: string; userId: string; province: string; unit: string }) =>
  runAction(deps, {
    channelId: input.channelId,
    userId: input.userId,
    by: 'player',
    action: 'revolt',
    choice: input.province,
    detail: input.unit,
  });

/** The Decisive Battle phase of the last phase that had one, as the old stored step read: stage, token, record. */
const step = (env: TestEnv) => {
  const row = env.deps.db.select().from(phaseSteps).all().at(-1);
  if (!row) return undefined;
  const record = env.deps.db
    .select()
    .from(variantRecords)
    .where(and(eqSql(variantRecords.phaseId, row.phaseId), eqSql(variantRecords.kind, 'battle-step')))
    .get();
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
const game = (env: TestEnv) => env.deps.db.select().from(games).all()[0]!;
const channelTexts = (env: TestEnv, since = 0) =>
  outboxRows(env.deps)
    .slice(since)
    .filter((r) => r.targetKind === 'channel' && r.kind !== 'status')
    .map((r) => (r.payload as { text: string }).text);

/** Moves the clock to the game's live deadline and runs the scheduler's sweep. */
function passDeadline(env: TestEnv) {
  env.clock.t = game(env).deadlineMs! + 1;
  return resolveDuePhases(env.deps);
}

describe('the Decisive Battle phase in the game layer', () => {
  let env: TestEnv;
  afterEach(() => {
    env?.close();
    expect(internalErrors).toEqual([]);
  });

  it('gm mode: provisional results, secret declarations, battles with army sizes, the reported winner takes the province', () => {
    env = makeEnv();
    warhammerGame(env);
    expect(game(env).options).toMatchObject({ decisiveBattles: 'gm' });
    const before = outboxRows(env.deps).length;
    expect(passDeadline(env)).toEqual({ resolved: 0, failures: [] });
    // The phase is not resolved: it waits for declarations, with the declaration deadline (the retreat duration).
    const s = step(env)!;
    expect(s.stage).toBe('declaring');
    expect(game(env).deadlineMs).toBe(env.clock.t + 12 * HOUR);
    expect(
      env.deps.db
        .select()
        .from(phases)
        .all()
        .map((p) => p.resolvedAt),
    ).toEqual([null]);
    const [provisional] = channelTexts(env, before);
    expect(provisional).toContain('**Spring 2500 movement: provisional results**');
    expect(provisional).toContain('`A cour - wast`');
    expect(provisional).toContain('__Bretonnia__: decisive move A cour → The Wasteland (wast)');
    expect(provisional).toContain('__Empire__: decisive move A altd → The Wasteland (wast)');
    const dms = outboxRows(env.deps)
      .slice(before)
      .filter((r) => r.targetKind === 'user');
    expect(dms.map((r) => r.target).sort()).toEqual([userOf('Bretonnia'), userOf('Empire')]);

    // Orders are closed; /ready does not skip the declarations; a running sweep before the deadline does nothing.
    expect(
      err(submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Empire'), text: 'A nuln - reik' })),
    ).toContain('Decisive Battle phase');
    expect(err(toggleReady(env.deps, caller('Empire')))).toContain('/act action:declare');
    expect(resolveDuePhases(env.deps)).toEqual({ resolved: 0, failures: [] });
    // Wood Elves have nothing to declare.
    expect(err(declareBattle(env.deps, { ...caller('Wood Elves'), battle: 'none' }))).toContain(
      'no unit that may fight',
    );
    expect(err(declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A altd' }))).toContain(
      'not a declaration Bretonnia may make',
    );

    const beforeDeclare = outboxRows(env.deps).length;
    const declared = ok(declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
    expect(declared).toMatchObject({ action: 'declare', closed: false });
    expect(declared.reply).toBe(
      '⚔️ Stored for Bretonnia: decisive move A cour → The Wasteland (wast).\nYou may change it until the deadline; a DM confirms it.',
    );
    // Secret: only Bretonnia's DM carries it; the channel gets nothing but a status edit (filled in at delivery).
    const after = outboxRows(env.deps).slice(beforeDeclare);
    expect(after.filter((r) => r.targetKind === 'channel').map((r) => r.kind)).toEqual(['status']);
    expect(after.filter((r) => r.targetKind === 'user').map((r) => r.target)).toEqual([userOf('Bretonnia')]);
    expect(ok(gameStatus(env.deps, CHANNEL)).status.text).toContain(
      `Bretonnia (${memberRef('user-bretonnia')}) · 2 centres, 2 units · ⚔️ answered`,
    );
    expect(ok(gameStatus(env.deps, CHANNEL)).status.text).toContain(
      `Empire (${memberRef('user-empire')}) · 3 centres, 3 units · ⏳ may declare`,
    );
    expect(ok(gameStatus(env.deps, CHANNEL)).status.text).not.toContain('A cour');

    // The Empire passes: everyone has answered, so the battles are set up at once.
    const beforeBattles = outboxRows(env.deps).length;
    expect(ok(declareBattle(env.deps, { ...caller('Empire'), battle: 'none' })).closed).toBe(true);
    expect(step(env)!.stage).toBe('battles');
    const [battles] = channelTexts(env, beforeBattles);
    expect(battles).toContain('⚔️ **Spring 2500 movement: decisive battles** (1)');
    expect(battles).toContain('• Bretonnia A cour (declared): Bretonnia 1,500 pts');
    expect(battles).toContain('• Empire A altd: Empire 1,500 pts');
    expect(err(declareBattle(env.deps, { ...caller('Empire'), battle: 'none' }))).toContain('Declarations are closed');
    expect(err(reportBattle(env.deps, { ...caller('Empire'), province: 'wast', winner: 'Empire' }))).toContain(
      'Only the game master',
    );
    expect(err(reportBattle(env.deps, { channelId: CHANNEL, userId: GM, province: 'wast', winner: 'Kislev' }))).toMatch(
      /Sides: .*Bretonnia \(A cour\)/,
    );

    const r = ok(
      reportBattle(env.deps, { channelId: CHANNEL, userId: GM, province: 'The Wasteland', winner: 'Bretonnia' }),
    );
    expect(r).toMatchObject({
      closed: true,
      reply:
        '⚔️ Recorded: **Bretonnia** won the battle in The Wasteland (wast). Every battle is reported: the final results are being posted.',
    });
    const spring = env.deps.db.select().from(phases).all()[0]!;
    expect(spring.resolvedAt).not.toBeNull();
    expect(spring.adjudication!.results.find((x) => x.unit === 'A cour')!.result).toBe('success');
    expect(spring.adjudication!.position.units).toContainEqual({
      power: 'Bretonnia',
      type: 'A',
      province: 'wast',
      coast: null,
    });
    expect(step(env)!.stage).toBe('done');
    const texts = channelTexts(env, beforeBattles);
    expect(texts.some((t) => t.includes('• The Wasteland (wast): **Bretonnia** (A cour) won.'))).toBe(true);
    expect(texts.some((t) => t.startsWith('**Spring 2500 movement: results**'))).toBe(true);
  });

  it('reminds the powers that have not declared yet, once, an hour before the declaration deadline, without telling what others did', () => {
    env = makeEnv();
    warhammerGame(env);
    passDeadline(env);
    const s = step(env)!;
    ok(declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
    // Not yet: the reminder is due an hour before the declaration deadline, and the scheduler wakes for it.
    expect(queueDueReminders(env.deps)).toBe(0);
    expect(nextWakeAt(env.deps)).toBe(s.declarationDeadlineMs - HOUR);
    env.clock.t = s.declarationDeadlineMs - HOUR;
    const before = outboxRows(env.deps).length;
    expect(queueDueReminders(env.deps)).toBe(1);
    const dms = outboxRows(env.deps).slice(before);
    expect(dms.map((r) => [r.kind, (r.payload as { reason: string }).reason, r.target])).toEqual([
      ['dm', 'reminder', userOf('Empire')],
    ]);
    const text = (dms[0]!.payload as { text: string }).text;
    expect(text).toContain('⏰ Empire has not declared yet in the Decisive Battle phase of **Spring 2500 movement**');
    expect(text).toContain('`/act action:declare choice:none`');
    expect(text).not.toContain('cour');
    // Once per step: a later sweep, or a restart's sweep, sends nothing more.
    env.clock.t += 10 * 60_000;
    expect(queueDueReminders(env.deps)).toBe(0);
    expect(step(env)!.remindedAt).not.toBeNull();
    expect(nextWakeAt(env.deps)).toBe(s.declarationDeadlineMs);
    // The game master extends the declarations: one new reminder before the new deadline, and never one about
    // orders (they are closed).
    ok(gmExtend(env.deps, { channelId: CHANNEL, userId: GM, duration: '3h' }));
    const extended = game(env).deadlineMs!;
    expect(extended).toBe(s.declarationDeadlineMs + 3 * HOUR);
    expect(nextWakeAt(env.deps)).toBe(extended - HOUR);
    env.clock.t = extended - HOUR;
    const beforeSecond = outboxRows(env.deps).length;
    expect(queueDueReminders(env.deps)).toBe(1);
    const second = outboxRows(env.deps)
      .slice(beforeSecond)
      .filter((r) => r.targetKind === 'user');
    expect(second.map((r) => r.target)).toEqual([userOf('Empire')]);
    expect((second[0]!.payload as { text: string }).text).toMatch(
      /^⏰ Empire has not declared yet in the Decisive Battle phase/,
    );
    env.clock.t += 60_000;
    expect(queueDueReminders(env.deps)).toBe(0);
  });

  it('Cataclysmic Battles: the game master may mark the loser destroyed, only when the game plays that option', () => {
    env = makeEnv();
    warhammerGame(env);
    passDeadline(env);
    ok(declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
    ok(declareBattle(env.deps, { ...caller('Empire'), battle: 'none' }));
    expect(
      err(
        reportBattle(env.deps, {
          channelId: CHANNEL,
          userId: GM,
          province: 'wast',
          winner: 'Bretonnia',
          destroyed: true,
        }),
      ),
    ).toContain('does not play Cataclysmic Battles');
    expect(step(env)!.stage).toBe('battles');
    env.close();

    env = makeEnv();
    warhammerGame(env, null, 'cataclysmicBattles');
    passDeadline(env);
    ok(declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
    ok(declareBattle(env.deps, { ...caller('Empire'), battle: 'none' }));
    const before = outboxRows(env.deps).length;
    const r = ok(
      reportBattle(env.deps, {
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
    const spring = env.deps.db.select().from(phases).all()[0]!;
    const units = spring.adjudication!.position.units;
    expect(units).toContainEqual({ power: 'Bretonnia', type: 'A', province: 'wast', coast: null });
    // The losing side (Empire's A altd, which also moved on the Wasteland) is destroyed, not bounced home.
    expect(units.some((u) => u.province === 'altd' && u.power === 'Empire')).toBe(false);
    expect(
      channelTexts(env, before).some((t) =>
        t.includes('**Bretonnia** (A cour) won. The losers are destroyed (Cataclysmic Battles).'),
      ),
    ).toBe(true);
  });

  it('dice mode: a seeded roll weighted by army size decides, is shown, and is the same after a restart', () => {
    env = makeEnv();
    warhammerGame(env, 'dice');
    passDeadline(env);
    ok(declareBattle(env.deps, { ...caller('Empire'), battle: 'move A altd' }));
    const beforeBattles = outboxRows(env.deps).length;
    expect(passDeadline(env)).toEqual({ resolved: 1, failures: [] });
    const s = step(env)!;
    expect(s.stage).toBe('done');
    const [battle] = s.battles as Battle[];
    const rolled = rollBattle({ ...battle!, roll: undefined } as Battle, s.token);
    const expected = { value: rolled.roll, total: rolled.total, lead: rolled.winner.lead };
    expect(battle!.roll).toEqual(expected);
    const winner = battle!.sides.find((x) => x.lead === expected.lead)!.power;
    expect(s.outcomes).toEqual({ wast: expected.lead });
    const [battles] = channelTexts(env, beforeBattles);
    expect(battles).toContain(
      `🎲 Rolled **${expected.value.toLocaleString('en-US')}** of 3,000: **${winner}** (${expected.lead}) wins.`,
    );
    expect(battles).toContain('roll 1–1,500');
    expect(battles).toContain('roll 1,501–3,000');
    const spring = env.deps.db.select().from(phases).all()[0]!;
    expect(spring.adjudication!.position.units.find((u) => u.province === 'wast')?.power).toBe(winner);
    // Processed exactly once: another sweep finds nothing to do.
    expect(resolveDuePhases(env.deps)).toEqual({ resolved: 0, failures: [] });
  });

  it('nobody declares by the deadline: the provisional result stands; off mode has no Decisive Battle phase', () => {
    env = makeEnv();
    warhammerGame(env);
    passDeadline(env);
    const before = outboxRows(env.deps).length;
    expect(passDeadline(env)).toEqual({ resolved: 1, failures: [] });
    expect(channelTexts(env, before)[0]).toContain('no decisive battle was declared, so the provisional results stand');
    const spring = env.deps.db.select().from(phases).all()[0]!;
    expect(spring.adjudication!.results.find((x) => x.unit === 'A cour')!.result).toBe('failure');
    env.close();

    env = makeEnv();
    warhammerGame(env, 'off');
    expect(passDeadline(env)).toEqual({ resolved: 1, failures: [] });
    expect(env.deps.db.select().from(phaseSteps).all()).toEqual([]);
  });

  it('gm mode: an unreported battle keeps the provisional result at its deadline; /gm advance moves each stage on', () => {
    env = makeEnv();
    warhammerGame(env);
    const adv = ok(gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(adv.resolved).toEqual([]);
    expect(step(env)!.stage).toBe('declaring');
    ok(declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
    ok(gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(step(env)!.stage).toBe('battles');
    expect(
      channelTexts(env).some((t) => t.includes('closed the decisive battle declarations of **Spring 2500 movement**')),
    ).toBe(true);
    const before = outboxRows(env.deps).length;
    expect(passDeadline(env)).toEqual({ resolved: 1, failures: [] });
    expect(channelTexts(env, before)[0]).toContain(
      '• The Wasteland (wast): not reported, so the provisional result stands.',
    );
    const spring = env.deps.db.select().from(phases).all()[0]!;
    expect(spring.adjudication!.results.find((x) => x.unit === 'A cour')!.result).toBe('failure');
  });

  it('restart-safe: the step, its deadline and the declarations survive a restart, and each stage posts once', () => {
    const db = tempDbPath();
    try {
      env = makeEnv(db.path);
      warhammerGame(env);
      passDeadline(env);
      ok(declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
      const deadline = game(env).deadlineMs!;
      env.close();
      // A new process on the same file: the scheduler's start-up sweep finds the declaration deadline.
      env = makeEnv(db.path, 2);
      env.clock.t = deadline + 1;
      expect(resolveDuePhases(env.deps)).toEqual({ resolved: 0, failures: [] });
      expect(step(env)!.stage).toBe('battles');
      expect(resolveDuePhases(env.deps)).toEqual({ resolved: 0, failures: [] });
      passDeadline(env);
      const kinds = channelTexts(env).map((t) => t.split('\n')[0]);
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
      env.close();
      db.cleanup();
    }
  });

  it('a rollback to a phase clears its declarations, so its Decisive Battle phase starts again', () => {
    env = makeEnv();
    warhammerGame(env);
    passDeadline(env);
    ok(declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'move A cour' }));
    ok(declareBattle(env.deps, { ...caller('Empire'), battle: 'none' }));
    ok(reportBattle(env.deps, { channelId: CHANNEL, userId: GM, province: 'wast', winner: 'Empire' }));
    ok(gmRollback(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(env.deps.db.select().from(phaseSteps).all()).toEqual([]);
    expect(env.deps.db.select().from(variantRecords).all()).toEqual([]);
    ok(submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Empire'), text: 'A altd H' }));
    passDeadline(env);
    expect(env.deps.db.select().from(phases).where(eq(phases.idx, 0)).get()!.resolvedAt).not.toBeNull();
  });
});

describe('Sepoys and Mercenaries in the game layer', () => {
  let env: TestEnv;
  afterEach(() => {
    env?.close();
    expect(internalErrors).toEqual([]);
  });

  /** The Wood Elves are conquered: the Empire holds Athel-Loren (set on the stored board, as the map would have it). */
  function conquerWoodElves(env: TestEnv) {
    const phase = env.deps.db.select().from(phases).all()[0]!;
    const position = structuredClone(phase.position);
    position.units = position.units.filter((u) => u.power !== 'Wood Elves');
    position.supplyCenters['Wood Elves'] = [];
    position.supplyCenters.Empire = [...position.supplyCenters.Empire!, 'athe'];
    env.deps.db.update(phases).set({ position }).where(eq(phases.id, phase.id)).run();
  }

  it('a conquered player becomes a Sepoy; the master declares a battle for it; its win is counted; a Sepoy given no battle is recorded', () => {
    env = makeEnv();
    warhammerGame(env);
    expect(err(follow(env.deps, { ...caller('Wood Elves'), role: 'sepoy' }))).toContain('still has units or centres');
    conquerWoodElves(env);
    const before = outboxRows(env.deps).length;
    expect(ok(follow(env.deps, { ...caller('Wood Elves'), role: 'sepoy' })).reply).toBe(
      '🤝 Wood Elves now fights as a Sepoy of Empire. The channel and Empire are told.',
    );
    expect(channelTexts(env, before)).toEqual([
      "🤝 Wood Elves now fights as a **Sepoy** of Empire (who holds its capital): one more battle commander for Empire's decisive battles.",
    ]);
    expect(
      outboxRows(env.deps)
        .slice(before)
        .some(
          (r) =>
            r.target === userOf('Empire') &&
            (r.payload as { text: string }).text.includes('/act action:declare detail:Wood Elves'),
        ),
    ).toBe(true);

    passDeadline(env);
    const dm = outboxRows(env.deps).find(
      (r) =>
        r.target === userOf('Empire') &&
        (r.payload as { text: string }).text.includes('Decisive Battle phase has begun'),
    )!;
    expect((dm.payload as { text: string }).text).toContain(
      '2 decisive battles (one per battle commander: Empire, Wood Elves)',
    );
    expect((dm.payload as { text: string }).text).toContain('each Sepoy must be given a decisive battle every turn');
    expect(err(declareBattle(env.deps, { ...caller('Empire'), battle: 'move A altd', commander: 'Kislev' }))).toContain(
      "not one of Empire's battle commanders (Empire, Wood Elves)",
    );
    ok(declareBattle(env.deps, { ...caller('Empire'), battle: 'move A altd', commander: 'Wood Elves' }));
    expect(err(declareBattle(env.deps, { ...caller('Empire'), battle: 'move A altd' }))).toContain(
      'Another of your commanders already declared with A altd',
    );
    ok(declareBattle(env.deps, { ...caller('Empire'), battle: 'none' }));
    ok(declareBattle(env.deps, { ...caller('Bretonnia'), battle: 'none' }));
    expect(step(env)!.stage).toBe('battles');
    ok(reportBattle(env.deps, { channelId: CHANNEL, userId: GM, province: 'wast', winner: 'Empire' }));
    const fall = env.deps.db.select().from(phases).where(eq(phases.idx, 1)).get()!;
    expect(fall.position.units.find((u) => u.province === 'wast')?.power).toBe('Empire');
    expect((fall.position.variantState as { followers: Record<string, unknown> }).followers['Wood Elves']).toEqual({
      role: 'sepoy',
      master: 'Empire',
      wins: 1,
    });
    expect(err(revolt(env.deps, { ...caller('Wood Elves'), province: 'wast', unit: 'A' }))).toContain('(1 won so far)');

    // Fall: the Empire declares without its Sepoy; the battles post records it.
    ok(submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Empire'), text: 'A wast - cour' }));
    passDeadline(env);
    const allowed = step(env)!;
    expect(allowed.stage).toBe('declaring');
    const beforeBattles = outboxRows(env.deps).length;
    ok(declareBattle(env.deps, { ...caller('Empire'), battle: 'move A wast' }));
    ok(declareBattle(env.deps, { ...caller('Empire'), battle: 'none', commander: 'Wood Elves' }));
    const [battles] = channelTexts(env, beforeBattles);
    expect(battles).toContain('⚠️ Sepoys given no battle this turn:');
    expect(battles).toContain('• Empire: ');
    expect(battles).toContain('Wood Elves');
  });

  it('a Mercenary picks any power on the board; not in games without decisive battles', () => {
    env = makeEnv();
    warhammerGame(env);
    conquerWoodElves(env);
    expect(err(follow(env.deps, { ...caller('Wood Elves'), role: 'mercenary' }))).toContain('`detail:`');
    expect(ok(follow(env.deps, { ...caller('Wood Elves'), role: 'mercenary', employer: 'bretonnia' })).reply).toContain(
      'now fights as a Mercenary of Bretonnia',
    );
    env.close();
    env = makeEnv();
    warhammerGame(env, 'off');
    conquerWoodElves(env);
    expect(err(follow(env.deps, { ...caller('Wood Elves'), role: 'sepoy' }))).toContain(
      'only in Warhammer games with decisive battles',
    );
  });
});
