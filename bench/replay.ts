/**
 * Replay benchmark: the replay of a 10-year Classic game (DumbBot in every seat, about 30 phases) made
 * as the bot makes it — in the render worker, step after step, at the default width — measured in wall time, with its
 * size, frames and length. Targets: under 20 s and under 8 MiB. Also the event loop's longest delay meanwhile (the
 * calling thread only posts the steps) and a map drawn while the replay is being made (it goes before the replay's
 * next step: its wait is at most one step).
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { renderMap, stopRenderWorker, warmRenderer } from '../src/render/index.js';
import { renderReplay, REPLAY_WIDTH } from '../src/render/replay/index.js';
import { classic } from '../src/variants/classic/index.js';
import { classicGame, replayPhaseOf } from '../test/render/replay-game.js';
import type { BenchResult } from './types.js';

const load = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;

export async function benchReplay(): Promise<BenchResult[]> {
  const game = classicGame(10, 'bench');
  const phases = game.map(replayPhaseOf);
  await warmRenderer([classic]);
  // The same process idle for 5 s first: on a loaded machine the loop is late now and then with nothing to do.
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((r) => setTimeout(r, 5000));
  idle.disable();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const making = renderReplay(classic, phases, { width: REPLAY_WIDTH, palette: 'standard' });
  // A results-post map asked for while the replay is being made.
  await new Promise((r) => setTimeout(r, 1500));
  const mapAsked = performance.now();
  await renderMap(classic, game[5]!.position, {
    orders: game[5]!.orders,
    adjudication: game[5]!.adjudication,
    width: 1600,
  });
  const mapMs = performance.now() - mapAsked;
  const replay = await making;
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  loop.disable();
  const loadNow = load();
  await stopRenderWorker();
  const note = `Classic, 10 game years of DumbBot self-play (${phases.length} phases), ${replay.width}×${replay.height} px, in the render worker; ${loadNow}`;
  return [
    {
      name: `replay of a 10-year Classic game (${phases.length} phases): time`,
      value: ms / 1000,
      unit: 's',
      note: `${note}; target < 20 s`,
    },
    {
      name: 'replay of a 10-year Classic game: CPU time',
      value: (used.user + used.system) / 1e6,
      unit: 's',
      note: 'user + system time of the whole process (the render worker and this thread) while the replay was made; what the time above would be on an idle core',
    },
    {
      name: 'replay of a 10-year Classic game: size',
      value: replay.gif.length / 2 ** 20,
      unit: 'MiB',
      note: `animated GIF, ${replay.frames} frames, ${replay.seconds.toFixed(1)} s long; target < 8 MiB`,
    },
    {
      name: 'a results map asked for during the replay: time to draw',
      value: mapMs,
      unit: 'ms',
      note: "a 1600-px orders map, sent to the worker before the replay's next step (it waits for one step at most)",
    },
    {
      name: 'event loop: longest delay while the replay was made',
      value: loop.max / 1e6,
      unit: 'ms',
      note: `99th percentile ${(loop.percentile(99) / 1e6).toFixed(1)} ms; the same process idle for 5 s just before: longest ${(idle.max / 1e6).toFixed(1)} ms, 99th percentile ${(idle.percentile(99) / 1e6).toFixed(1)} ms (the machine's load, not the replay: the calling thread only posts the steps)`,
    },
  ];
}
