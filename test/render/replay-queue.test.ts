/**
 * The render queue (pool.ts): a replay is made in steps queued behind every map, so maps asked for while a replay is
 * being made are sent to the worker before the replay's next step (a replay never delays a game's results
 * post by more than one step). Asserts the order and the counts of what the worker was sent, never timings.
 */
import { describe, expect, it } from 'vitest';
import { renderMap } from '../../src/render/index.js';
import { observeRenderQueue, type RenderQueueEvent } from '../../src/render/pool.js';
import { renderReplay } from '../../src/render/replay/index.js';
import { classic } from '../../src/variants/classic/index.js';
import { classicGame, overtaking, replayPhaseOf } from './replay-game.js';

describe('render queue: maps before replay steps', () => {
  it('sends maps asked for during replays before any further step of them, and every step once', async () => {
    const game = classicGame(1, 'queue-test');
    const phases = game.map(replayPhaseOf);
    const events: (RenderQueueEvent | 'maps asked')[] = [];
    const stop = observeRenderQueue((e) => events.push(e));
    try {
      let asked: Promise<unknown> | null = null;
      const stepSent = new Promise<void>((resolve) => {
        const off = observeRenderQueue((e) => {
          if (e.priority !== 'replay' || e.event !== 'sent' || asked) return;
          off();
          resolve();
        });
      });
      // Two replays at once: while the worker is on the first one's step, the other's step waits in the queue.
      const making = Promise.all([
        renderReplay(classic, phases, { width: 600, palette: 'standard' }),
        renderReplay(classic, phases.slice(0, 2), { width: 600, palette: 'colorblind' }),
      ]);
      await stepSent;
      // While the worker is on the replay's first step: three maps of a live game (a results post, a /map, another).
      events.push('maps asked');
      asked = Promise.all(
        [0, 1, 2].map((i) =>
          renderMap(classic, game[i]!.position, {
            orders: game[i]!.orders,
            adjudication: game[i]!.adjudication,
            width: 600,
          }),
        ),
      );
      await asked;
      const [replay, other] = await making;
      expect(replay.frames).toBeGreaterThan(phases.length);
      expect(other.frames).toBeGreaterThan(2);

      const from = events.indexOf('maps asked');
      const after = events.slice(from + 1) as RenderQueueEvent[];
      const lastMap = after.map((e) => e.priority === 'map' && e.event === 'sent').lastIndexOf(true);
      const before = after.slice(0, lastMap + 1);
      // The step the worker was on finishes; no other replay step is sent before the three maps.
      expect(before.filter((e) => e.priority === 'replay' && e.event === 'sent')).toEqual([]);
      expect(before.filter((e) => e.priority === 'replay' && e.event === 'done').length).toBeLessThanOrEqual(1);
      expect(before.filter((e) => e.priority === 'map' && e.event === 'sent')).toHaveLength(3);
      // Each map: no replay step sent between its being queued and sent; at most the one the worker was on finished.
      // Only the maps asked here: the render queue is the process's, and a test file before this one in the same
      // worker may have left a map of its own in it.
      const maps = overtaking(after);
      expect(maps).toHaveLength(3);
      for (const m of maps) expect(m).toMatchObject({ stepsSent: 0 });
      for (const m of maps) expect(m.stepsDone).toBeLessThanOrEqual(1);
      // Every step of each replay was sent once: open, the plans (4 phases each), one draw per phase, finish.
      const steps = events.filter((e) => e !== 'maps asked' && e.priority === 'replay' && e.event === 'sent').length;
      const stepsOf = (n: number) => 1 + Math.ceil(n / 4) + n + 1;
      expect(steps).toBe(stepsOf(phases.length) + stepsOf(2));
    } finally {
      stop();
    }
  });
});
