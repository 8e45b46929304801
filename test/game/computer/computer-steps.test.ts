/**
 * Computer seats answer a phase's steps through the plug-in's interfaces (`PhaseStep.computer`): a start
 * choice (Warhammer's Dogs of War muster) and a declaration step (its Decisive Battle phase), each stored through the
 * plug-in's own `/act` action as the seat's user, exactly as a person's answer would be. The AI runs on the calling
 * thread here (`runAiJob`), as the worker would run it.
 */
import { first } from '../../../src/store/store.js';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAiJob } from '../../../src/ai/job.js';
import { computerSeatDuties, computerSeats } from '../../../src/game/computer/computer.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { gmAdvance } from '../../../src/game/gm/index.js';
import { resolveDuePhases, toggleReady } from '../../../src/game/resolve/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import { isBallotKey } from '../../../src/game/orders/orders.js';
import { auditLog, games, orders, phases, phaseSteps, variantRecords } from '../../../src/store/schema.js';
import { CHANNEL, GM, internalErrors, makeEnv, ok, userOf, type TestEnv } from '../helpers.js';

let env: TestEnv;
const errors: unknown[] = [];
beforeEach(async () => {
  internalErrors.length = 0;
  errors.length = 0;
  env = await makeEnv();
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const seats = () => computerSeats(env.deps, { ask: async (job) => runAiJob(job), onError: (e) => errors.push(e) });
const game = async () => first(await env.deps.store.db.select().from(games).limit(1))!;
const currentPhase = async () =>
  first(
    await env.deps.store.db
      .select()
      .from(phases)
      .where(eq(phases.id, (await game()).currentPhaseId!))
      .limit(1),
  )!;
const stepName = async () =>
  first(
    await env.deps.store.db
      .select()
      .from(phaseSteps)
      .where(eq(phaseSteps.phaseId, (await game()).currentPhaseId!))
      .limit(1),
  )?.step ?? null;
const records = async (kind: string) =>
  await env.deps.store.db.select().from(variantRecords).where(eq(variantRecords.kind, kind));

/** Creates and starts a game with the computer seats named and one person. */
async function started(variantId: string, computer: string, person: string, options: Record<string, string> = {}) {
  ok(await createGame(env.deps, { channelId: CHANNEL, guildId: 'g', userId: GM, variantId, options, computer }));
  ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf(person), power: person }));
  ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
}

describe('computer seats answer the steps of a phase', () => {
  it('a start choice: the computer Dogs of War seat musters through `/act action:muster`, and the orders begin', async () => {
    await started('warhammer', 'Tilea', 'Empire');
    expect(await stepName()).toBe('muster');
    // While the step is under way the seat answers it, and gives no orders yet (the board changes when it closes).
    const duties = await computerSeatDuties(env.deps);
    expect(duties.map((d) => [d.power, d.step, d.job.kind])).toEqual([['Tilea', 'muster', 'start']]);
    await Promise.all(await seats().play());
    expect(errors).toEqual([]);
    const [choice] = await records('muster-choice');
    expect(choice).toMatchObject({ key: 'Tilea' });
    expect(
      (await env.deps.store.db.select().from(auditLog).where(eq(auditLog.userId, 'computer:normal:Tilea'))).map(
        (a) => a.action,
      ),
    ).toContain('muster');
    expect((choice!.payload as { city: string }).city).toMatch(/^(mira|rema)$/);
    // Every Dogs of War seat chose: the units are placed and the Spring orders begin, Tilea's unit on the board.
    expect(await stepName()).toBeNull();
    expect((await currentPhase()).position.units.some((u) => u.power === 'Tilea')).toBe(true);
    expect((await computerSeatDuties(env.deps)).map((d) => [d.power, d.step, d.job.kind])).toEqual([
      ['Tilea', null, 'orders'],
    ]);
  });

  it('a declaration step: the computer seat declares (or passes) for its commander through `/act action:declare`; its defaults never apply', async () => {
    await started('warhammer', 'Empire', 'Bretonnia', { decisiveBattles: 'dice' });
    // Spring 2500: Bretonnia's A cour and the Empire's A altd bounce in the Wasteland (seed, Decisive Battle Phase 2).
    ok(
      await submitOrders(env.deps, {
        channelId: CHANNEL,
        userId: userOf('Bretonnia'),
        text: 'A cour - wast; F lang H',
      }),
    );
    ok(
      await submitOrders(env.deps, {
        channelId: CHANNEL,
        userId: 'computer:normal:Empire',
        text: 'A altd - wast; A nuln H; F midd H',
      }),
    );
    ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: 'computer:normal:Empire' }));
    env.clock.t = (await game()).deadlineMs! + 1;
    await resolveDuePhases(env.deps);
    expect(await stepName()).toBe('declarations');
    const duties = await computerSeatDuties(env.deps);
    expect(duties.map((d) => [d.power, d.step, d.job.kind])).toEqual([['Empire', 'declarations', 'declare']]);
    // What it is given: the phase's orders (public since the provisional results) and the offered declarations.
    const job = duties[0]!.job as Extract<(typeof duties)[0]['job'], { kind: 'declare' }>;
    expect(job.orders.map((o) => o.text)).toEqual(expect.arrayContaining(['A cour - wast', 'A altd - wast']));
    expect(job.offered.some((d) => d.power === 'Empire' && d.unit === 'A altd')).toBe(true);
    await Promise.all(await seats().play());
    expect(errors).toEqual([]);
    const declarations = await env.deps.store.db
      .select()
      .from(variantRecords)
      .where(and(eq(variantRecords.kind, 'declaration'), eq(variantRecords.key, 'Empire|Empire')));
    expect(declarations).toHaveLength(1);
    expect(declarations[0]!.writtenBy).toBe('computer:normal:Empire');
    expect(
      (await env.deps.store.db.select().from(auditLog).where(eq(auditLog.userId, 'computer:normal:Empire'))).map(
        (a) => a.action,
      ),
    ).toContain('declare');
    // Asked once: the seat has answered, so nothing is left for it in this step.
    expect(await computerSeatDuties(env.deps)).toEqual([]);
  });

  it('ballots: a computer seat’s ballots for the units moved by the players’ vote are stored with its orders, secret like a person’s', async () => {
    await started('mandate-of-heaven', 'Qin', 'Chu');
    // Play until the first movement phase: the computer seat plays, the game master ends the phase for the rest.
    for (let i = 0; i < 6 && (await currentPhase()).type !== 'movement'; i++) {
      await Promise.all(await seats().play());
      if ((await currentPhase()).type !== 'movement') ok(await gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }));
    }
    expect((await currentPhase()).type).toBe('movement');
    await Promise.all(await seats().play());
    expect(errors).toEqual([]);
    const stored = await env.deps.store.db
      .select()
      .from(orders)
      .where(and(eq(orders.phaseId, (await currentPhase()).id), eq(orders.power, 'Qin')));
    const ballots = stored.filter((o) => isBallotKey(o.unitKey));
    expect(ballots.length).toBeGreaterThan(0);
    expect(stored.filter((o) => !isBallotKey(o.unitKey)).length).toBeGreaterThan(0);
    for (const b of ballots) expect(b.submittedBy).toBe('computer:normal:Qin');
  });
});
