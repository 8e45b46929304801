/**
 * In a game that hides who plays whom, a variant's step that every answer is in for (Warhammer's Decisive Battle
 * declarations, the Dogs of War choice) closes not inside the last player's `/act` but at the next mark of the clock,
 * by the scheduler's sweep, exactly once; the reply is the same whoever answers last (neither "you were the last" nor
 * who is left); whatever moves the phase first clears the mark; the game master's `/gm act` still closes at once; an
 * open game closes at once (docs/decisions.md "A variant's step every answer is in for"). What a player's act posts,
 * or DMs to another player, waits for the mark likewise (docs/bot.md "Hidden identities").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createGame, startGame } from '../../../src/game/lobby/index.js';
import { gmAdvance } from '../../../src/game/gm/index.js';
import { isPadRefusal, padAct, padKey, padLinkInChannel, padView } from '../../../src/game/pad/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import {
  nextWakeAt,
  resolveDuePhases,
  runAction,
  startScheduler,
  toggleReady,
  type Scheduler,
} from '../../../src/game/resolve/index.js';
import { nextProgressMark } from '../../../src/game/outbox/index.js';
import { inReadTransaction } from '../../../src/game/core/index.js';
import { pinnedStatus } from '../../../src/game/phase/index.js';
import { t } from '../../../src/i18n/index.js';
import { auditLog, games, phases, phaseSteps } from '../../../src/store/schema.js';
import { dogsOfWarChoices } from '../../../src/variants/warhammer/index.js';
import {
  CHANNEL,
  GM,
  HOUR,
  internalErrors,
  makeEnv,
  ok,
  outboxRows,
  tempDbPath,
  userOf,
  type TestDeps,
  type TestEnv,
  joinPowers,
} from '../helpers.js';

const as = (power: string) => ({ channelId: CHANNEL, userId: userOf(power) });
const HIDDEN_TAIL =
  'You may change it until the declarations close: at their deadline, or sooner at the next five-minute mark';

let env: TestEnv;
const schedulers: Scheduler[] = [];
beforeEach(() => {
  internalErrors.length = 0;
});
afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((s) => s.stop()));
  await env?.close();
  expect(internalErrors).toEqual([]);
});

async function scheduler(e: TestEnv): Promise<Scheduler> {
  const s = await startScheduler({ ...e.deps, maxSleepMs: 24 * HOUR });
  schedulers.push(s);
  return s;
}

/**
 * Spring 2500 of a Warhammer game (Bretonnia's A cour and the Empire's A altd bounce in the Wasteland), its movement
 * deadline passed: the declarations are under way. The clock then stands two minutes past a mark.
 */
async function declaring(e: TestEnv, press: 'open' | 'gunboat' | 'anonymous', decisive: 'gm' | 'dice' = 'gm') {
  ok(
    await createGame(e.deps, {
      channelId: CHANNEL,
      guildId: 'g',
      userId: GM,
      variantId: 'warhammer',
      press,
      durations: { movement: '24h', retreat: '12h', adjustment: '12h' },
      options: { decisiveBattles: decisive },
    }),
  );
  await joinPowers(e.deps, CHANNEL, ['Bretonnia', 'Empire', 'Wood Elves']);
  ok(await startGame(e.deps, { channelId: CHANNEL, userId: GM }));
  ok(await submitOrders(e.deps, { ...as('Bretonnia'), text: 'A cour - wast; F lang H' }));
  ok(await submitOrders(e.deps, { ...as('Empire'), text: 'A altd - wast; A nuln H; F midd H' }));
  e.clock.t = (await gameRow(e.deps)).deadlineMs! + 1;
  await resolveDuePhases(e.deps);
  expect(await stepOf(e.deps)).toBe('declarations');
  e.clock.t = nextProgressMark(e.clock.t) + 2 * 60_000;
}

const declare = async (e: TestEnv, power: string, choice: string) =>
  ok(await runAction(e.deps, { ...as(power), by: 'player', action: 'declare', choice }));

const gameRow = async (deps: TestDeps) => (await deps.store.db.select().from(games))[0]!;
const stepOf = async (deps: TestDeps) => (await deps.store.db.select().from(phaseSteps)).at(-1)?.step ?? null;
/** The channel's posts but the status edits, with when each was queued. */
const posts = async (deps: TestDeps) =>
  (await outboxRows(deps))
    .filter((r) => r.targetKind === 'channel' && r.kind !== 'status')
    .map((r) => ({ at: r.createdAt, text: (r.payload as { text: string }).text }));
const battlesPosts = async (deps: TestDeps) =>
  (await posts(deps)).filter((p) => p.text.includes('decisive battles**')).map((p) => p.at);
async function resolutions(deps: TestDeps) {
  return (await deps.store.db.select().from(auditLog).where(eq(auditLog.action, 'resolve'))).map(
    (r) => (r.detail as { reason: string }).reason,
  );
}

/** The pinned status's text as an edit delivered now would word it (English). */
async function pinText(deps: TestDeps): Promise<string> {
  const r = await inReadTransaction(deps, async (tx) => {
    const status = await pinnedStatus(tx, await gameRow(deps), deps.now());
    return { ok: true, text: 'lines' in status ? status.lines.map((line) => t('en', line)).join('\n') : status.text };
  });
  return ok(r).text;
}

describe('a hidden Warhammer game, every declaration in', () => {
  it('the last declaration closes nothing, the mark does, once; replies alike; /gm act closes at once', async () => {
    env = await makeEnv();
    await declaring(env, 'gunboat');
    const mark = nextProgressMark(env.clock.t);
    const first = await declare(env, 'Bretonnia', 'move A cour');
    // The last answer from the order pad, which runs the same action.
    const key = padKey({ botToken: 'a test bot token' });
    const { token } = ok(await padLinkInChannel(env.deps, key, as('Empire')));
    const view = await padView(env.deps, key, token);
    if (isPadRefusal(view)) throw new Error(`the pad refused: ${view.reason}`);
    const phaseId = view.phase.id;
    const last = ok(await padAct(env.deps, key, token, { action: 'declare', choice: 'none', detail: null, phaseId }));
    expect([first.closed, last.closed]).toEqual([false, false]);
    // The same tail whoever answers, first or last: neither "everyone has answered" nor who is left.
    for (const r of [first, last]) {
      expect(r.reply).toContain(HIDDEN_TAIL);
      expect(r.reply).not.toMatch(/Everyone has answered|still to|Bretonnia.*Empire/s);
    }
    expect(t('fr', last.message)).toContain('au prochain multiple de cinq minutes');
    expect(await stepOf(env.deps)).toBe('declarations');
    expect(await battlesPosts(env.deps)).toEqual([]);
    expect((await gameRow(env.deps)).readyAtMarkMs).toBe(mark);
    expect(await nextWakeAt(env.deps)).toBe(mark);

    const s = await scheduler(env);
    env.clock.t = mark - 1;
    await s.sweep();
    expect(await stepOf(env.deps)).toBe('declarations');
    env.clock.t = mark;
    await s.sweep();
    await s.sweep();
    expect(await stepOf(env.deps)).toBe('battles');
    expect(await battlesPosts(env.deps)).toEqual([mark]);
    expect((await gameRow(env.deps)).readyAtMarkMs).toBeNull();

    // The game master's report is public: it closes the battles at once.
    env.clock.t = mark + 60_000;
    const report = ok(
      await runAction(env.deps, {
        channelId: CHANNEL,
        userId: GM,
        by: 'gm',
        action: 'battle',
        choice: 'wast',
        detail: 'Bretonnia',
      }),
    );
    expect(report.closed).toBe(true);
    expect(report.reply).toContain('Every battle is reported');
    expect(await stepOf(env.deps)).toBeNull();
    expect(await resolutions(env.deps)).toEqual(['step']);
  });

  it("the pin shows a declaration at the next mark, whichever edit shows it before (the step's answers kept)", async () => {
    env = await makeEnv();
    await declaring(env, 'gunboat');
    const before = await pinText(env.deps);
    await declare(env, 'Bretonnia', 'move A cour');
    env.clock.t += 60_000;
    // Between two marks, any edit (a public event's, a late one) shows the answers as they were at the last mark.
    expect(await pinText(env.deps)).toBe(before);
    env.clock.t = nextProgressMark(env.clock.t);
    expect(await pinText(env.deps)).not.toBe(before);
  });

  it('two processes sweeping at the mark close the declarations once', async () => {
    const tmp = tempDbPath();
    try {
      env = await makeEnv(tmp.path);
      await declaring(env, 'anonymous', 'dice');
      const mark = nextProgressMark(env.clock.t);
      await declare(env, 'Bretonnia', 'move A cour');
      expect((await declare(env, 'Empire', 'move A altd')).closed).toBe(false);
      const other = await makeEnv(tmp.path, 2);
      try {
        const [a, b] = [await scheduler(env), await scheduler(other)];
        env.clock.t = mark;
        other.clock.t = mark;
        const swept = await Promise.all([a.sweep(), b.sweep()]);
        expect(swept.map((r) => r.resolved).sort()).toEqual([0, 1]);
        expect(swept.flatMap((r) => r.failures)).toEqual([]);
        // Rolled and resolved once, with the reason a last declaration closes them with at once in an open game.
        expect(await resolutions(env.deps)).toEqual(['step']);
        expect(await battlesPosts(env.deps)).toEqual([mark]);
      } finally {
        await Promise.all(schedulers.splice(0).map((s) => s.stop()));
        await other.close();
      }
    } finally {
      tmp.cleanup();
    }
  });

  it('a restart between the last declaration and the mark still closes the declarations at the mark', async () => {
    const tmp = tempDbPath();
    try {
      env = await makeEnv(tmp.path);
      await declaring(env, 'gunboat');
      const mark = nextProgressMark(env.clock.t);
      await declare(env, 'Bretonnia', 'move A cour');
      await declare(env, 'Empire', 'none');
      await env.close(); // the bot goes down before the mark, and comes back after it
      env = await makeEnv(tmp.path);
      env.clock.t = mark + 60_000;
      const s = await scheduler(env); // its start-up sweep
      expect(await stepOf(env.deps)).toBe('battles');
      await s.sweep();
      expect(await battlesPosts(env.deps)).toEqual([mark + 60_000]);
    } finally {
      tmp.cleanup();
    }
  });

  it('a /gm advance before the mark moves the phase and clears the mark: the mark does nothing', async () => {
    env = await makeEnv();
    await declaring(env, 'gunboat');
    const mark = nextProgressMark(env.clock.t);
    await declare(env, 'Bretonnia', 'move A cour');
    await declare(env, 'Empire', 'none');
    ok(await gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(await stepOf(env.deps)).toBe('battles');
    expect((await gameRow(env.deps)).readyAtMarkMs).toBeNull();
    const s = await scheduler(env);
    env.clock.t = mark;
    await s.sweep();
    expect(await stepOf(env.deps)).toBe('battles');
    expect(await battlesPosts(env.deps)).toHaveLength(1);
  });
});

describe('an open Warhammer game', () => {
  it('the last declaration closes the declarations at once, and says so', async () => {
    env = await makeEnv();
    await declaring(env, 'open');
    const at = env.clock.t;
    expect((await declare(env, 'Bretonnia', 'move A cour')).reply).toContain('You may change it until the deadline');
    const last = await declare(env, 'Empire', 'none');
    expect(last.closed).toBe(true);
    expect(last.reply).toContain('Everyone has answered');
    expect(await stepOf(env.deps)).toBe('battles');
    expect(await battlesPosts(env.deps)).toEqual([at]);
    expect((await gameRow(env.deps)).readyAtMarkMs).toBeNull();
  });
});

describe('a hidden Warhammer game, every Dogs of War choice in', () => {
  it('closes at the mark, not at the last choice; a /ready meanwhile keeps the mark', async () => {
    env = await makeEnv();
    ok(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: 'g',
        userId: GM,
        variantId: 'warhammer',
        press: 'gunboat',
        durations: { movement: '24h', retreat: '12h', adjustment: '12h' },
      }),
    );
    await joinPowers(env.deps, CHANNEL, ['Empire', 'Tilea', 'Estalia']);
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(await stepOf(env.deps)).toBe('muster');
    env.clock.t = nextProgressMark(env.clock.t) + 60_000;
    const mark = nextProgressMark(env.clock.t);
    const [row] = await env.deps.store.db
      .select()
      .from(phases)
      .where(eq(phases.id, (await gameRow(env.deps)).currentPhaseId!));
    const replies = [];
    for (const choice of dogsOfWarChoices(row!.position, ['Tilea', 'Estalia'])) {
      const city = choice.cities[0]!;
      const unit = choice.types[city]![0]!;
      replies.push(
        ok(
          await runAction(env.deps, {
            ...as(choice.power),
            by: 'player',
            action: 'muster',
            choice: city,
            detail: unit,
          }),
        ),
      );
    }
    expect(replies.map((r) => r.closed)).toEqual([false, false]);
    for (const r of replies) {
      expect(r.reply).toContain('You may change it until the choice closes');
      expect(r.reply).not.toContain('Every Dogs of War player has chosen:');
    }
    expect(await stepOf(env.deps)).toBe('muster');
    // The Empire's /ready while the muster is under way does not end the muster's wait for the mark.
    ok(await toggleReady(env.deps, as('Empire')));
    expect((await gameRow(env.deps)).readyAtMarkMs).toBe(mark);
    const s = await scheduler(env);
    env.clock.t = mark;
    await s.sweep();
    expect(await stepOf(env.deps)).toBeNull();
    expect((await gameRow(env.deps)).deadlineMs).toBe(mark + 24 * HOUR);
  });
});

describe("a hidden Warhammer game, a player's act that posts", () => {
  /** Spring 2500, two minutes past a mark; the Wood Elves conquered (the Empire holds Athel-Loren). */
  async function conquered(press: 'open' | 'gunboat') {
    env = await makeEnv();
    ok(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: 'g',
        userId: GM,
        variantId: 'warhammer',
        press,
        durations: { movement: '24h', retreat: '12h', adjustment: '12h' },
        options: { decisiveBattles: 'gm' },
      }),
    );
    await joinPowers(env.deps, CHANNEL, ['Bretonnia', 'Empire', 'Wood Elves']);
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    const phase = (await env.deps.store.db.select().from(phases).orderBy(phases.id))[0]!;
    const position = structuredClone(phase.position);
    position.units = position.units.filter((u) => u.power !== 'Wood Elves');
    position.supplyCenters['Wood Elves'] = [];
    position.supplyCenters.Empire = [...position.supplyCenters.Empire!, 'athe'];
    await env.deps.store.db.update(phases).set({ position }).where(eq(phases.id, phase.id));
    env.clock.t = nextProgressMark(env.clock.t) + 2 * 60_000;
  }
  const follow = async () =>
    ok(await runAction(env.deps, { ...as('Wood Elves'), by: 'player', action: 'follow', choice: 'sepoy' }));
  /** What is queued since row `since` for the channel and the Empire's player, due by now. */
  const dueSince = async (since: number) =>
    (await outboxRows(env.deps))
      .filter((r) => r.id > since && r.nextAttemptAt <= env.clock.t && r.kind !== 'status')
      .filter((r) => r.target === CHANNEL || r.target === userOf('Empire'))
      .map((r) => r.target);

  it("a Sepoy's choice reaches the channel and its master at the next mark, never right after the act", async () => {
    await conquered('gunboat');
    const since = Math.max(0, ...(await outboxRows(env.deps)).map((r) => r.id));
    const mark = nextProgressMark(env.clock.t);
    await follow();
    expect(await dueSince(since)).toEqual([]);
    env.clock.t = mark;
    expect(await dueSince(since)).toEqual([CHANNEL, userOf('Empire')]);
  });

  it('an open game posts it at once', async () => {
    await conquered('open');
    const since = Math.max(0, ...(await outboxRows(env.deps)).map((r) => r.id));
    await follow();
    expect(await dueSince(since)).toEqual([CHANNEL, userOf('Empire')]);
  });
});
