/**
 * Production figures, each measured once, with the machine's load noted beside it:
 * - the compiled CLI (`node dist/cli/main.js adjudicate`, start-up included) on 2,000 random 15–34-unit Classic
 *   movement phases given as player text, in one call;
 * - the compiled bot's start-up (`node dist/main.js`) against the local stand-in: process start to commands
 *   registered and scheduler armed, then the first command's acknowledgement while the start-up's background work
 *   (the map renderer's warm-up) runs;
 * - 1,000 live games in one SQLite file, 100 of them with a passed deadline: a restart (fresh process) resolves
 *   and queues all of them; time and resident memory.
 */
import { sqliteStoreOf } from '../src/store/sqlite-store.js';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { inArray } from 'drizzle-orm';
import { createGame, joinGame, startGame } from '../src/game/lobby/index.js';
import type { GameDeps } from '../src/game/core/index.js';
import { openDatabase } from '../src/store/db.js';
import { games } from '../src/store/schema.js';
import { classic } from '../src/variants/classic/index.js';
import { RemoteFakeDiscord } from '../test/support/fake-discord/remote.js';
import { rng } from '../test/support/random.js';
import { cliBenchCases } from './cli-input.js';
import type { BenchResult } from './types.js';

const ROOT = resolve(import.meta.dirname, '..');
const load = () => `load average ${os.loadavg()[0]!.toFixed(2)} (1 min) on ${os.cpus().length} cores`;

export async function benchProduction(): Promise<BenchResult[]> {
  const built = spawnSync(process.execPath, ['scripts/dist.mjs', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-bench-prod-'));
  try {
    return [await cli(dir), cliStartup(), ...(await startup(dir)), await restart(dir)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function tmpdir(): string {
  return os.tmpdir();
}

async function cli(dir: string): Promise<BenchResult> {
  const cases = cliBenchCases(2000);
  const input = join(dir, 'cases.json');
  writeFileSync(input, JSON.stringify(cases));
  const units = cases.reduce((n, c) => n + c.units.length, 0);
  const loadBefore = load();
  // Output to a file, so the figure is the CLI's own time, not this process decoding 10 MiB from a pipe on the
  // same two cores; median of 3 runs.
  const output = join(dir, 'out.json');
  const times: number[] = [];
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    const r = spawnSync('sh', ['-c', `"${process.execPath}" dist/cli/main.js adjudicate < "${input}" > "${output}"`], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    times.push(performance.now() - t0);
    if (r.status !== 0) throw new Error(`cli failed: ${r.stderr}`);
  }
  const ms = [...times].sort((a, b) => a - b)[1]!;
  const stdout = readFileSync(output, 'utf8');
  const out = JSON.parse(stdout) as unknown[];
  if (out.length !== cases.length) throw new Error('cli: wrong number of results');
  return {
    name: 'CLI: 2,000 random Classic movement phases (15–34 units, orders as player text), one call',
    value: ms,
    unit: 'ms wall',
    note: `\`node dist/cli/main.js adjudicate < cases.json\` (start-up included; target < 500 ms; one thread, the default), median of 3 (${times.map((t) => t.toFixed(0)).join(', ')} ms): ${units} units and orders, ${(stdout.length / 2 ** 20).toFixed(1)} MiB of JSON out to a file; ${loadBefore} when it started`,
  };
}

/** The CLI's own start-up: `adjudicate` of an empty batch (Node's start-up included, npm's not), median of 5. */
function cliStartup(): BenchResult {
  const loadBefore = load();
  const times: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['dist/cli/main.js', 'adjudicate'], {
      cwd: ROOT,
      input: '[]',
      encoding: 'utf8',
    });
    times.push(performance.now() - t0);
    if (r.status !== 0 || r.stdout !== '[]\n') throw new Error(`cli start-up run failed: ${r.stderr}`);
  }
  const bare: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    bare.push(performance.now() - t0);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    name: 'CLI start-up: `adjudicate` of an empty batch',
    value: median(times),
    unit: 'ms wall',
    note: `median of 5 runs of \`node dist/cli/main.js adjudicate\` with \`[]\` on stdin (only the variant a batch names is loaded; no zod on this path); \`node -e 0\` takes ${median(bare).toFixed(0)} ms on the same machine; ${loadBefore} when it started`,
  };
}

async function startup(dir: string): Promise<BenchResult[]> {
  const fake = await RemoteFakeDiscord.start({ users: ['alice'], channels: ['main'] });
  try {
    const loadBefore = load();
    const t0 = performance.now();
    const child = spawn(process.execPath, [join(ROOT, 'dist/main.js')], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        DISCORD_TOKEN: fake.token,
        DISCORD_API_BASE: fake.apiBase,
        DATABASE_PATH: join(dir, 'startup.db'),
        LOG_LEVEL: 'info',
      },
    });
    const exited = new Promise((r) => child.on('exit', r));
    const ms = await new Promise<number>((res, rej) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('"msg":"scheduler started"')) res(performance.now() - t0);
      });
      child.on('exit', (code) => rej(new Error(`the bot exited (${code}) before it was ready`)));
    });
    // At once, as a member who was waiting for the bot: the largest variant's create.
    const created = await fake.slash('alice', 'main', 'game create', { variant: 'warhammer' });
    child.kill('SIGTERM');
    await exited;
    return [
      {
        name: 'Bot start-up to ready (compiled, against the local stand-in)',
        value: ms,
        unit: 'ms',
        note: `\`node dist/main.js\` from process start to "scheduler started" (database created and migrated, logged in, slash commands registered, scheduler armed; the map renderer warms up after that, in steps); target < 1500 ms; ${loadBefore} when it started`,
      },
      {
        name: 'Bot: the first command right after ready, acknowledged in',
        value: created.ackMs ?? Number.NaN,
        unit: 'ms',
        note: `\`/game create variant:warhammer\` sent the moment the bot logged "scheduler started", while its start-up work runs in the background (the map renderer's warm-up; the time zones' names wait 15 s: docs/table.md); Discord refuses an acknowledgement after 3000 ms; ${created.ephemeral ? 'a private' : 'a public'} reply${created.text.includes('Warhammer') ? ' naming the game' : ''}; ${loadBefore} when the bot started`,
      },
    ];
  } finally {
    await fake.close();
  }
}

async function restart(dir: string): Promise<BenchResult> {
  const path = join(dir, 'live.db');
  const opened = openDatabase(path);
  const r = rng(14_2026);
  let t = Date.now();
  const deps: GameDeps = { store: sqliteStoreOf(opened), now: () => t, random: r };
  const ids: number[] = [];
  // 1,000 games in 50 servers of 20 (a server holds at most 25 live games by default: src/game/core/limits.ts).
  for (let i = 0; i < 1000; i++) {
    const channelId = `${100_000_000_000_000_000n + BigInt(i)}`;
    const created = await createGame(deps, {
      channelId,
      guildId: `${1 + Math.floor(i / 20)}`,
      userId: `9${i}`,
      variantId: 'classic',
    });
    if (!created.ok) throw new Error(created.error);
    for (const [k, p] of classic.powers.entries())
      await joinGame(deps, { channelId, userId: `${i}${k}00000000000000`, power: p.name });
    const started = await startGame(deps, { channelId, userId: `9${i}` });
    if (!started.ok) throw new Error(started.error);
    ids.push(created.game.id);
    t += 1;
  }
  await opened.db
    .update(games)
    .set({ deadlineMs: Date.now() - 60_000 })
    .where(inArray(games.id, ids.slice(0, 100)));
  opened.close();
  const loadBefore = load();
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'bench/restart-child.ts', path], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`restart failed: ${child.stderr}`);
  const m = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as {
    opening: number;
    sweepMs: number;
    resolved: number;
    queued: number;
    rssMb: number;
  };
  if (m.resolved !== 100) throw new Error(`restart resolved ${m.resolved} phases, expected 100`);
  return {
    name: '1,000 live games, restart with 100 passed deadlines: resolve and queue all',
    value: m.sweepMs,
    unit: 'ms',
    note: `the scheduler's start-up sweep in a fresh process (open + migrations check ${m.opening.toFixed(0)} ms before it): ${m.resolved} phases resolved, ${m.queued} messages queued (rendering and delivery excluded); resident memory ${m.rssMb.toFixed(0)} MiB (target < 300 MiB); ${loadBefore} when it started`,
  };
}
