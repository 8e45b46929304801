/**
 * The CLI lowers the priority of V8's helper threads for a batch (src/cli/helper-threads.ts). Run in a child
 * process: in this one it would slow the test runner's own threads.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Prints, as JSON, what `yieldHelperThreads` returned and each thread's nice value (field 19 of its stat line). */
const PROBE = `
import { readdirSync, readFileSync } from 'node:fs';
import { yieldHelperThreads } from './src/cli/helper-threads.ts';
const nice = (tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
const before = nice(process.pid);
const lowered = yieldHelperThreads();
const threads = readdirSync('/proc/self/task').map((tid) => ({ main: Number(tid) === process.pid, nice: nice(tid) }));
console.log(JSON.stringify({ lowered, before, threads }));
`;

describe.runIf(process.platform === 'linux')('yieldHelperThreads', () => {
  it('lowers every thread but the main one to the lowest priority, and leaves the main thread as it was', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { lowered: number; before: number; threads: { main: boolean; nice: number }[] };
    const main = out.threads.filter((t) => t.main);
    const helpers = out.threads.filter((t) => !t.main);
    expect(main).toEqual([{ main: true, nice: out.before }]);
    // Node starts V8's platform workers before any JavaScript runs.
    expect(out.lowered).toBeGreaterThanOrEqual(4);
    expect(helpers.filter((t) => t.nice === 19).length).toBeGreaterThanOrEqual(out.lowered);
  });
});
