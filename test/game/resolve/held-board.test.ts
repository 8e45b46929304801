/**
 * In a game that hides who plays whom, a Warhammer act that changes the board (a follower's choice, a revolt) shows at
 * the next mark of the clock, not inside the player's `/act`: until the mark the map, the status, the order pad's
 * board and the other members' choices read the board as it was, and at the mark it changes with the act's post (or
 * sooner, with it, when a public post takes it along); a phase moved on before the mark plays the act; an open game
 * shows it at once (docs/decisions.md "Hidden identities", src/game/phase/held-board.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { createGame, startGame } from '../../../src/game/lobby/index.js';
import { gmExtend } from '../../../src/game/gm/index.js';
import { editBoard } from '../../../src/game/board-edit/index.js';
import { gameStatus, playerContext, renderInputForPhase } from '../../../src/game/history/index.js';
import {
  actionChoices,
  nextWakeAt,
  resolveDuePhases,
  runAction,
  startScheduler,
  type Scheduler,
} from '../../../src/game/resolve/index.js';
import { nextProgressMark } from '../../../src/game/outbox/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import { t } from '../../../src/i18n/index.js';
import { games, phases } from '../../../src/store/schema.js';
import type { Position } from '../../../src/engine/types.js';
import {
  CHANNEL,
  GM,
  HOUR,
  internalErrors,
  joinPowers,
  makeEnv,
  ok,
  outboxRows,
  tempDbPath,
  userOf,
  type TestDeps,
  type TestEnv,
} from '../helpers.js';

const as = (power: string) => ({ channelId: CHANNEL, userId: userOf(power) });
const AT_MARK = 'the change shows on the map and in the status only at the next five-minute mark';

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

const openPhase = async (deps: TestDeps) =>
  (await deps.store.db.select().from(phases).where(isNull(phases.resolvedAt))).sort((x, y) => y.idx - x.idx)[0]!;
const gameRow = async (deps: TestDeps) => (await deps.store.db.select().from(games))[0]!;

async function setBoard(deps: TestDeps, change: (p: Position) => void) {
  const phase = await openPhase(deps);
  const position = structuredClone(phase.position);
  change(position);
  await deps.store.db.update(phases).set({ position }).where(eq(phases.id, phase.id));
}

/**
 * A Warhammer game with decisive battles, Spring 2500: the Wood Elves are conquered (the Empire holds Athel-Loren, set
 * on the stored board) and the Empire's A nuln is gone, so that the Empire builds in the Winter. The clock then stands
 * two minutes past a mark.
 */
async function conquered(e: TestEnv, press: 'open' | 'gunboat') {
  ok(
    await createGame(e.deps, {
      channelId: CHANNEL,
      guildId: 'g',
      userId: GM,
      variantId: 'warhammer',
      press,
      durations: { movement: '24h', retreat: '12h', adjustment: '12h' },
      options: { decisiveBattles: 'gm' },
    }),
  );
  await joinPowers(e.deps, CHANNEL, ['Bretonnia', 'Empire', 'Wood Elves']);
  ok(await startGame(e.deps, { channelId: CHANNEL, userId: GM }));
  await setBoard(e.deps, (p) => {
    p.units = p.units.filter((u) => u.power !== 'Wood Elves' && u.province !== 'nuln');
    p.supplyCenters['Wood Elves'] = [];
    p.supplyCenters.Empire = [...p.supplyCenters.Empire!, 'athe'];
  });
  e.clock.t = nextProgressMark(e.clock.t) + 2 * 60_000;
}

const act = async (e: TestEnv, power: string, action: string, choice: string, detail: string | null = null) =>
  ok(await runAction(e.deps, { ...as(power), by: 'player', action, choice, detail }));

/** Everything another member reads of the board: the map, the status, the order pad's board, the `/act` choices. */
async function seen(e: TestEnv) {
  const phase = await openPhase(e.deps);
  const map = (await renderInputForPhase(e.deps, phase.id))!;
  const pad = ok(await playerContext(e.deps, as('Bretonnia')));
  const masterPad = ok(await playerContext(e.deps, as('Empire')));
  const choices = await actionChoices(e.deps, {
    ...as('Wood Elves'),
    by: 'player',
    focused: 'action',
    action: null,
    typed: '',
    values: { choice: null, detail: null },
    locale: 'en',
  });
  return {
    map: map.position,
    status: ok(await gameStatus(e.deps, CHANNEL)).status.text,
    pad: pad.position,
    masterPad: masterPad.position,
    actions: choices.map((c) => c.value),
  };
}

const followPosts = async (e: TestEnv) =>
  (await outboxRows(e.deps)).filter(
    (r) => r.targetKind === 'channel' && (r.payload as { text?: string }).text?.includes('now fights as a **Sepoy**'),
  );

describe('a hidden Warhammer game: an act that changes the board', () => {
  it('a follower’s choice and a revolt show at the next mark, with their posts, not at the act', async () => {
    env = await makeEnv();
    await conquered(env, 'gunboat');
    const before = await seen(env);
    const mark = nextProgressMark(env.clock.t);
    const followed = await act(env, 'Wood Elves', 'follow', 'sepoy');
    // The player's own answer says what they chose, and when the board shows it.
    expect(followed.reply).toContain('Wood Elves now fights as a Sepoy of Empire');
    expect(followed.reply).toContain(AT_MARK);
    expect(t('fr', followed.message)).toContain('au prochain multiple de cinq minutes');
    expect(await seen(env)).toEqual(before);
    expect(before.status).not.toContain('Sepoy');
    expect((await openPhase(env.deps)).heldUntilMs).toBe(mark);
    expect(await nextWakeAt(env.deps)).toBe(mark);

    const s = await startScheduler({ ...env.deps, maxSleepMs: 24 * HOUR });
    schedulers.push(s);
    env.clock.t = mark - 1;
    await s.sweep();
    expect(await seen(env)).toEqual(before);
    env.clock.t = mark;
    await s.sweep();
    const after = await seen(env);
    expect(after.status).toContain('Sepoy');
    expect(after.map.variantState).toMatchObject({ followers: { 'Wood Elves': { role: 'sepoy', master: 'Empire' } } });
    expect(after.pad).toEqual(after.map);
    expect(after.masterPad).toEqual(after.map);
    expect((await followPosts(env)).map((r) => r.nextAttemptAt)).toEqual([mark]);
    expect((await openPhase(env.deps)).heldPosition).toBeNull();

    // Spring and Fall pass; the Sepoy has three won battles (set on the board) and revolts in the Winter.
    for (const _season of ['spring', 'fall']) {
      // Orders, so that no seat falls silent.
      ok(await submitOrders(env.deps, { ...as('Bretonnia'), text: 'A cour H' }));
      ok(await submitOrders(env.deps, { ...as('Empire'), text: 'A altd H' }));
      env.clock.t = (await gameRow(env.deps)).deadlineMs! + 1;
      await resolveDuePhases(env.deps);
    }
    expect((await openPhase(env.deps)).position.phase.type).toBe('adjustment');
    await setBoard(env.deps, (p) => {
      (p.variantState as { followers: Record<string, { wins: number }> }).followers['Wood Elves']!.wins = 3;
    });
    env.clock.t = nextProgressMark(env.clock.t) + 60_000;
    const winter = await seen(env);
    expect(winter.actions).toContain('revolt');
    const revolted = await act(env, 'Wood Elves', 'revolt', 'athe', 'A');
    expect(revolted.reply).toContain('athe is your new capital');
    expect(revolted.reply).toContain(AT_MARK);
    expect(await seen(env)).toEqual(winter);
    expect(winter.map.units).not.toContainEqual(expect.objectContaining({ power: 'Wood Elves' }));

    // The Winter's deadline comes before the mark: the adjudication plays the revolt, in its transaction.
    const deadline = env.clock.t + 60_000;
    await env.deps.store.db.update(games).set({ deadlineMs: deadline });
    env.clock.t = deadline;
    expect(env.clock.t).toBeLessThan(nextProgressMark(env.clock.t - 60_000));
    await resolveDuePhases(env.deps);
    const spring = await openPhase(env.deps);
    expect(spring.position.phase).toMatchObject({ season: 'spring', year: 2501 });
    expect(spring.position.units).toContainEqual(expect.objectContaining({ power: 'Wood Elves', province: 'athe' }));
    expect(spring.heldPosition).toBeNull();
  });
});

describe('a hidden Warhammer game: a restart between the act and the mark', () => {
  it('loses nothing: the start-up sweep after the mark shows the board', async () => {
    const tmp = tempDbPath();
    try {
      env = await makeEnv(tmp.path);
      await conquered(env, 'gunboat');
      const before = await seen(env);
      const mark = nextProgressMark(env.clock.t);
      await act(env, 'Wood Elves', 'follow', 'sepoy');
      await env.close(); // the bot goes down before the mark, and comes back after it
      env = await makeEnv(tmp.path);
      expect(await seen(env)).toEqual(before);
      env.clock.t = mark + 60_000;
      schedulers.push(await startScheduler({ ...env.deps, maxSleepMs: 24 * HOUR })); // its start-up sweep
      expect((await seen(env)).status).toContain('Sepoy');
      expect(await openPhase(env.deps)).toMatchObject({ heldPosition: null, heldUntilMs: null });
    } finally {
      tmp.cleanup();
    }
  });
});

describe('a hidden Warhammer game: a public post before the mark', () => {
  it('takes the held act’s post with it, and its board', async () => {
    env = await makeEnv();
    await conquered(env, 'gunboat');
    const before = await seen(env);
    await act(env, 'Wood Elves', 'follow', 'sepoy');
    expect(await seen(env)).toEqual(before);
    // The game master's extension is posted at once (a public event): what was held until the mark shows with it.
    ok(await gmExtend(env.deps, { channelId: CHANNEL, userId: GM, duration: '1h' }));
    expect((await followPosts(env)).map((r) => r.nextAttemptAt)).toEqual([env.clock.t]);
    const after = await seen(env);
    expect(after.status).toContain('Sepoy');
    expect(after.map.variantState).toMatchObject({ followers: { 'Wood Elves': { role: 'sepoy', master: 'Empire' } } });
    expect(await openPhase(env.deps)).toMatchObject({ heldPosition: null, heldUntilMs: null });
  });
});

describe('a hidden Warhammer game: the game master edits the board before the mark', () => {
  it('edits the held board, which shows with the edit', async () => {
    env = await makeEnv();
    await conquered(env, 'gunboat');
    await act(env, 'Wood Elves', 'follow', 'sepoy');
    ok(
      await editBoard(env.deps, {
        channelId: CHANNEL,
        userId: GM,
        edit: { kind: 'add', power: 'Empire', unit: 'A', place: 'nuln' },
      }),
    );
    const after = await seen(env);
    expect(after.map.units).toContainEqual(expect.objectContaining({ power: 'Empire', province: 'nuln' }));
    expect(after.map.variantState).toMatchObject({ followers: { 'Wood Elves': { role: 'sepoy', master: 'Empire' } } });
    expect((await followPosts(env)).map((r) => r.nextAttemptAt)).toEqual([env.clock.t]);
    // The mark changes nothing more.
    env.clock.t = nextProgressMark(env.clock.t);
    const s = await startScheduler({ ...env.deps, maxSleepMs: 24 * HOUR });
    schedulers.push(s);
    await s.sweep();
    expect((await seen(env)).map).toEqual(after.map);
  });
});

describe('an open Warhammer game: an act that changes the board', () => {
  it('shows at once, its post with it', async () => {
    env = await makeEnv();
    await conquered(env, 'open');
    const before = await seen(env);
    expect((await act(env, 'Wood Elves', 'follow', 'sepoy')).reply).not.toContain(AT_MARK);
    const after = await seen(env);
    expect(after).not.toEqual(before);
    expect(after.status).toContain('Sepoy');
    expect(after.map.variantState).toMatchObject({ followers: { 'Wood Elves': { role: 'sepoy', master: 'Empire' } } });
    expect((await openPhase(env.deps)).heldPosition).toBeNull();
    expect((await followPosts(env)).map((r) => r.nextAttemptAt)).toEqual([env.clock.t]);
  });
});
