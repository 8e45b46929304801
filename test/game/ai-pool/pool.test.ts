/**
 * The computer players' worker (src/game/ai-pool/pool.ts): jobs answered off the event loop with exactly the answers of
 * the direct calls, an error for a job that cannot be answered, and the worker still serving after it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runAiJob, type AiJob } from '../../../src/ai/job.js';
import { newGame, privateView } from '../../../src/cardgame/index.js';
import { aiWorkerState, askComputerPlayer, stopAiWorker, warmAiWorker } from '../../../src/game/ai-pool/pool.js';
import { getVariant } from '../../../src/variants/index.js';

afterAll(() => stopAiWorker());

const classic = getVariant('classic')!;
const orders = (power: string): Extract<AiJob, { kind: 'orders' }> => ({
  kind: 'orders',
  variant: 'classic',
  position: classic.startingPosition(),
  power,
  seed: 'pool',
  budget: 40,
});

describe('askComputerPlayer', () => {
  it('answers in the worker what runAiJob answers on this thread, jobs asked together each with its own answer', async () => {
    const jobs = [
      orders('France'),
      orders('Turkey'),
      {
        kind: 'cards',
        view: privateView(newGame({ seats: 2, seed: 'pool' }), 1),
        seed: '3',
        playouts: 8,
      } satisfies AiJob,
    ];
    const answers = await Promise.all(jobs.map((j) => askComputerPlayer(j)));
    expect(aiWorkerState()).toEqual({ running: true, unavailable: null });
    expect(answers).toEqual(jobs.map((j) => runAiJob(j)));
    expect(answers[2]).toMatchObject({ kind: 'cards', action: { type: 'give', seat: 1 } });
  });

  it('refuses a job it cannot answer with the reason, and serves the next one', async () => {
    await expect(askComputerPlayer({ ...orders('France'), variant: 'atlantis' })).rejects.toThrow(
      /unknown variant "atlantis"/,
    );
    expect(await askComputerPlayer(orders('Italy'))).toEqual(runAiJob(orders('Italy')));
    expect(aiWorkerState().running).toBe(true);
  });

  it('warmAiWorker starts the worker and has it answer a small job (the bot calls it before the first computer seat)', async () => {
    await stopAiWorker();
    expect(aiWorkerState().running).toBe(false);
    await warmAiWorker();
    expect(aiWorkerState()).toEqual({ running: true, unavailable: null });
    // Once per worker: a second call is the same warm-up.
    expect(warmAiWorker()).toBe(warmAiWorker());
    expect(await askComputerPlayer(orders('Italy'))).toEqual(runAiJob(orders('Italy')));
  });
});
