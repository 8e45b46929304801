/**
 * The compiled build, run as an operator runs it: `node dist/…` with plain Node, no tsx.
 * One file, in order, because every test uses the same dist/ folder: the build and its staleness check, the
 * compiled CLI (pure JSON on stdout, even when it had to rebuild first), the compiled render worker, the
 * compiled bot starting before Discord can be reached (retries, one log line per attempt), and the bot sharded
 * (SHARDS=auto from the stand-in's GET /gateway/bot) with games in guilds on both shards resolving and posting
 * exactly once after a restart that finds their deadlines passed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBenchCases } from '../../bench/cli-input.js';
import { runAiJob, type AiJob } from '../../src/ai/job.js';
import { getVariant } from '../../src/variants/index.js';
import { FakeDiscord, shardOfGuild, textOf } from '../support/fake-discord/index.js';
import { freshPostgresDatabase } from '../support/postgres.js';
import { freePort } from '../support/ports.js';

const ROOT = resolve(import.meta.dirname, '../..');
const STAMP = join(ROOT, 'dist', '.build-stamp');
const dir = mkdtempSync(join(tmpdir(), 'zhanguo-dist-'));

function run(args: string[], input = '', env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, args, {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface Proc {
  lines(): { msg: string; [k: string]: unknown }[];
  waitFor(pred: (l: { msg: string; [k: string]: unknown }) => boolean, timeoutMs?: number): Promise<void>;
  stop(): Promise<number | null>;
  kill(): Promise<number | null>;
  errors(): string;
}

/** The compiled bot as a process, its JSON log lines parsed. */
function startBot(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [join(ROOT, 'dist/main.js')], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  const lines = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string });
  return {
    lines,
    errors: () => err,
    waitFor: (pred, timeoutMs = 30_000) =>
      expect.poll(() => lines().some(pred), { timeout: timeoutMs, interval: 50 }).toBe(true),
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      return exited;
    },
  };
}

beforeAll(() => {
  const built = run(['scripts/dist.mjs', 'build']);
  expect(built.err).toContain('build: compiled src/ to dist/');
  expect(built.code).toBe(0);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run build', () => {
  it('bundles the bot, the render worker and the CLI into dist/, and knows when dist/ is stale', () => {
    for (const f of [
      'main.js',
      'render/worker.js',
      'render/map-job.js',
      'game/ai-pool/worker.js',
      'store/checkpoint-worker.js',
      'cli/main.js',
    ])
      expect(existsSync(join(ROOT, 'dist', f))).toBe(true);
    // The compiled code never needs tsx (a development dependency) to run.
    expect(readFileSync(join(ROOT, 'dist/main.js'), 'utf8')).not.toMatch(/from ['"]tsx/);
    expect(run(['scripts/dist.mjs', 'check']).code).toBe(0);
    // A build older than every source file (1970).
    utimesSync(STAMP, 0, 0);
    expect(run(['scripts/dist.mjs', 'check'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('src/ changed since the last build'),
    });
  });

  it('runs the compiled CLI, rebuilding a stale dist/ first, with nothing but JSON on stdout', () => {
    utimesSync(STAMP, 0, 0);
    const r = run(['scripts/dist.mjs', 'run', 'cli/main.js', 'parse'], 'A Paris - Burgundy\nF lon - nth\n');
    expect(r.code).toBe(0);
    expect(r.err).toContain('compiling');
    expect(JSON.parse(r.out)).toMatchObject([
      { ok: true, text: 'A par - bur' },
      { ok: true, text: 'F lon - nth' },
    ]);
    expect(run(['scripts/dist.mjs', 'check']).code).toBe(0);
    const direct = run(
      ['dist/cli/main.js', 'adjudicate'],
      JSON.stringify({
        phase: { season: 'spring', year: 1901, type: 'movement' },
        units: [{ power: 'France', type: 'A', province: 'par' }],
        orders: [{ power: 'France', text: 'A Paris -> Burgundy' }],
      }),
    );
    expect(direct.code).toBe(0);
    expect(JSON.parse(direct.out)).toMatchObject({ units: [{ province: 'bur' }] });
  });

  it('adjudicates a large batch on two threads with exactly the sequential output and errors', () => {
    const cases = cliBenchCases(400, 7);
    const input = JSON.stringify(cases);
    const sequential = spawnSync(process.execPath, ['dist/cli/main.js', 'adjudicate'], {
      cwd: ROOT,
      input,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      env: { ...process.env, ZHANGUO_CLI_THREADS: '1' },
    });
    const parallel = run(['dist/cli/main.js', 'adjudicate'], input, { ZHANGUO_CLI_THREADS: '2' });
    expect(parallel.code).toBe(0);
    expect(sequential.status).toBe(0);
    expect(parallel.out).toBe(sequential.stdout);
    expect((JSON.parse(parallel.out) as { id: number }[]).map((c) => c.id)).toEqual(cases.map((c) => c.id));
    // One unreadable case deep in the batch: the same message and exit code as a sequential run.
    const broken = JSON.stringify([
      ...cases.slice(0, 350),
      { ...cases[350], units: [{ power: 'France', type: 'A', province: 'atlantis' }] },
      ...cases.slice(351),
    ]);
    const failed = run(['dist/cli/main.js', 'adjudicate'], broken, { ZHANGUO_CLI_THREADS: '2' });
    expect(failed).toMatchObject({
      code: 2,
      out: '',
      err: 'case 350: unit A atlantis: no province "atlantis" in classic\n',
    });
  });

  it('draws maps in the compiled render worker', () => {
    const out = join(dir, 'map.png');
    const r = run(
      ['dist/cli/main.js', 'render', '--variant', 'classic', '--out', out],
      JSON.stringify({
        phase: { season: 'spring', year: 1901, type: 'movement' },
        units: [{ power: 'France', type: 'A', province: 'par' }],
        orders: [{ power: 'France', text: 'A par - bur' }],
      }),
    );
    expect(r.err).not.toContain('worker unavailable');
    expect(r.code).toBe(0);
    expect(readFileSync(out).subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers a computer player in the compiled AI worker (the same orders as the sources)', () => {
    const job = {
      kind: 'orders',
      variant: 'classic',
      position: getVariant('classic')!.startingPosition(),
      power: 'Italy',
      seed: 'dist',
      budget: 50,
    };
    const worker = pathToFileURL(join(ROOT, 'dist/game/ai-pool/worker.js')).href;
    const script = `import { Worker } from 'node:worker_threads';
      const w = new Worker(new URL(${JSON.stringify(worker)}), { execArgv: [] });
      w.on('message', (m) => { if (m.ready) return; process.stdout.write(JSON.stringify(m)); w.terminate(); });
      w.postMessage({ id: 1, job: ${JSON.stringify(job)} });`;
    const r = run(['--input-type=module', '-e', script]);
    expect(r.err).toBe('');
    expect(JSON.parse(r.out)).toEqual({ id: 1, ok: true, answer: runAiJob(job as AiJob) });
  });

  it('checkpoints a database in the compiled WAL checkpoint worker', () => {
    const file = join(dir, 'checkpoint.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (x TEXT)');
    db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(100_000));
    const worker = pathToFileURL(join(ROOT, 'dist/store/checkpoint-worker.js')).href;
    const script = `import { Worker } from 'node:worker_threads';
      const w = new Worker(new URL(${JSON.stringify(worker)}), { execArgv: [] });
      w.on('message', (m) => { if (m.ready) return; process.stdout.write(JSON.stringify(m)); w.terminate(); });
      w.postMessage({ file: ${JSON.stringify(file)} });`;
    const r = run(['--input-type=module', '-e', script]);
    db.close();
    expect(r.err).toBe('');
    const answer = JSON.parse(r.out) as { file: string; log: number; checkpointed: number };
    expect(answer.file).toBe(file);
    expect(answer.log).toBeGreaterThan(0);
    expect(answer.checkpointed).toBe(answer.log);
  });

  it('draws the card table with the compiled `cards render` (the renderer is in the CLI bundle)', () => {
    const game = run(['dist/cli/main.js', 'cards', 'new', '--players', '3', '--seed', 'dist']);
    expect(game.code).toBe(0);
    const out = join(dir, 'cards.png');
    const r = run(['dist/cli/main.js', 'cards', 'render', '--out', out, '--changed', 'gu'], game.out);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // The board, the empty row and 3 seats below it, the legend's rows below them (docs/cardgame.md "Table image").
    expect(JSON.parse(r.out)).toMatchObject({ file: out, width: 1600, height: 1416 });
    const png = readFileSync(out);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1600, 1416]); // the IHDR's width and height
  });
});

describe('the compiled bot', () => {
  it('retries with backoff while Discord cannot be reached, logging each attempt, then runs', async () => {
    const port = await freePort();
    const bot = startBot({
      DISCORD_TOKEN: 'fake-token',
      DISCORD_API_BASE: `http://127.0.0.1:${port}/api`,
      DATABASE_PATH: join(dir, 'retry.db'),
    });
    let fake: FakeDiscord | null = null;
    try {
      await bot.waitFor((l) => l.msg.startsWith('cannot log in to Discord') && l.attempt === 2, 20_000);
      const attempts = bot.lines().filter((l) => l.msg.startsWith('cannot log in to Discord'));
      expect(attempts.map((l) => l.attempt)).toEqual([1, 2]);
      expect(attempts[0]).toMatchObject({ level: 40, reason: expect.stringContaining('ECONNREFUSED') });
      expect(attempts[1]!.retryInMs as number).toBeGreaterThan(attempts[0]!.retryInMs as number);
      fake = await FakeDiscord.start({ users: ['alice'], channels: ['main'], port });
      await bot.waitFor((l) => l.msg === 'scheduler started', 20_000);
      expect(bot.lines().find((l) => l.msg.startsWith('log in to Discord: succeeded'))).toBeDefined();
      const reply = await fake.slash('alice', 'main', 'game status');
      expect(reply.text).toMatch(/no game in this channel/);
      expect(await bot.stop()).toBe(0);
      expect(fake.unexpectedErrors()).toEqual([]);
    } finally {
      await bot.stop();
      await fake?.close();
    }
  });

  it('sharded (SHARDS=auto, 2 shards): each shard answers its own guilds; deadlines resolve and post exactly once', async () => {
    // Different people in each game, so per-user cooldowns and limits never get in the way.
    const people = [0, 1, 2, 3].map((k) => ({ gm: `gm${k}`, france: `france${k}`, germany: `germany${k}` }));
    const fake = await FakeDiscord.start({
      users: people.flatMap((p) => [p.gm, p.france, p.germany]),
      channels: [],
      recommendedShards: 2,
    });
    const guilds = [0, 1].map((shard) =>
      fake.addGuild(`Guild on shard ${shard}`, ['game-a', 'game-b'], { onShard: [shard, 2] }),
    );
    const channels = guilds.flatMap((g) => g.channels);
    expect(guilds.map((g) => shardOfGuild(g.id, 2))).toEqual([0, 1]);
    const dbPath = join(dir, 'sharded.db');
    const env = {
      DISCORD_TOKEN: fake.token,
      DISCORD_API_BASE: fake.apiBase,
      DATABASE_PATH: dbPath,
      SHARDS: 'auto',
      SHARD_SPAWN_DELAY_MS: '0',
    };
    try {
      let bot = startBot(env);
      try {
        await bot.waitFor((l) => l.msg === 'scheduler started' && l.shard === 1);
        await bot.waitFor((l) => l.msg === 'scheduler started' && l.shard === 0);
        expect(bot.lines().find((l) => l.msg === 'starting the shard manager')).toMatchObject({ shards: 2 });
        expect(fake.gateway.connectedShards().sort()).toEqual([
          [0, 2],
          [1, 2],
        ]);
        for (const [k, channel] of channels.entries()) {
          const { gm, france, germany } = people[k]!;
          expect(
            (await fake.slash(gm, channel, 'game create', { variant: 'classic', movement: '1d' })).text,
          ).not.toMatch(/⚠️/);
          await fake.slash(france, channel, 'game join', { power: 'France' });
          await fake.slash(germany, channel, 'game join', { power: 'Germany' });
          expect((await fake.slash(gm, channel, 'game start')).text).not.toMatch(/⚠️/);
          expect((await fake.slash(france, channel, 'order', { orders: 'A par - bur' })).text).toMatch(/A par - bur/);
        }
        // Every command was answered by the shard that holds its guild.
        const handled = bot.lines().filter((l) => l.msg === 'command handled');
        for (const g of guilds) {
          const ids = new Set(g.channels.map((c) => c.id));
          const shards = new Set(handled.filter((l) => ids.has(String(l.channel))).map((l) => l.shard));
          expect([...shards]).toEqual([shardOfGuild(g.id, 2)]);
        }
        // The child's log reaches this process after the reply did: wait for the last line rather than read it at once.
        await expect.poll(() => bot.lines().filter((l) => l.msg === 'game started').length).toBe(4);
      } finally {
        expect(await bot.stop()).toBe(0);
      }
      // While the bot is down, every deadline passes; both shards sweep at start-up and race for each phase.
      const sqlite = new Database(dbPath);
      expect(
        sqlite.prepare('UPDATE games SET deadline_ms = ? WHERE status = ?').run(Date.now() - 1000, 'active').changes,
      ).toBe(4);
      sqlite.close();
      bot = startBot(env);
      try {
        const resultsIn = (channelId: string) =>
          fake.channelMessages(channelId).filter((m) => /Spring 1901.*results/i.test(textOf(m)));
        await expect
          .poll(() => channels.map((c) => resultsIn(c.id).length), { timeout: 30_000, interval: 100 })
          .toEqual([1, 1, 1, 1]);
        const begun = (user: string) => fake.dms(user).filter((m) => /has begun/.test(textOf(m)));
        const players = people.flatMap((p) => [p.france, p.germany]);
        await expect
          .poll(() => players.map((u) => begun(u).length), { timeout: 30_000, interval: 100 })
          .toEqual(players.map(() => 1));
        // Give a duplicate every chance to appear, then count again.
        await new Promise((r) => setTimeout(r, 1500));
        expect(channels.map((c) => resultsIn(c.id).length)).toEqual([1, 1, 1, 1]);
        expect(resultsIn(channels[0]!.id)[0]!.content).toMatch(/A par - bur/);
        // The map was drawn by the compiled render worker of the shard that posted it.
        expect(channels.every((c) => resultsIn(c.id)[0]!.attachments.some((a) => a.contentType === 'image/png'))).toBe(
          true,
        );
        expect(bot.errors()).not.toContain('worker unavailable');
        expect(players.map((u) => begun(u).length)).toEqual(players.map(() => 1));
        const resolved = bot.lines().filter((l) => l.msg === 'phase resolved');
        expect(resolved).toHaveLength(4);
        expect(
          resolved.every(
            (l) => l.reason === 'deadline' && typeof l.ms === 'number' && l.phase === 'Spring 1901 movement',
          ),
        ).toBe(true);
        expect(JSON.stringify(bot.lines())).not.toMatch(/par - bur/i);
        // Losing a race to the other shard is not an error.
        expect(bot.lines().filter((l) => (l.level as number) >= 50)).toEqual([]);
      } finally {
        expect(await bot.stop()).toBe(0);
      }
      expect(fake.unexpectedErrors()).toEqual([]);
    } finally {
      await fake.close();
    }
  }, 180_000); // two shard processes started twice: on a loaded machine, over a minute

  it('two machines on one PostgreSQL (SHARDS=2, SHARD_IDS=0 and 1): each runs its shard; one killed, the other resolves and posts its games', async () => {
    const people = [0, 1].map((k) => ({ gm: `gm${k}`, france: `france${k}` }));
    const fake = await FakeDiscord.start({ users: people.flatMap((p) => [p.gm, p.france]), channels: [] });
    const guilds = [0, 1].map((shard) => fake.addGuild(`Machine ${shard}'s guild`, ['game'], { onShard: [shard, 2] }));
    const url = await freshPostgresDatabase('machines');
    const machineEnv = (ids: string) => ({
      DISCORD_TOKEN: fake.token,
      DISCORD_API_BASE: fake.apiBase,
      DATABASE_URL: url,
      DATABASE_PATH: join(dir, 'never-written.db'),
      SHARDS: '2',
      SHARD_IDS: ids,
      SHARD_SPAWN_DELAY_MS: '0',
    });
    const first = startBot(machineEnv('0'));
    const second = startBot(machineEnv('1'));
    try {
      await first.waitFor((l) => l.msg === 'scheduler started' && l.shard === 0);
      await second.waitFor((l) => l.msg === 'scheduler started' && l.shard === 1);
      expect(first.lines().find((l) => l.msg === 'starting the shard manager')).toMatchObject({ shards: 2, ids: [0] });
      expect(fake.gateway.connectedShards().sort()).toEqual([
        [0, 2],
        [1, 2],
      ]);
      // A one-minute game in each machine's guild, created through its own shard.
      for (const k of [1, 0]) {
        const channel = guilds[k]!.channels[0]!.id;
        const { gm, france } = people[k]!;
        expect((await fake.slash(gm, channel, 'game create', { variant: 'classic', movement: '1m' })).text).not.toMatch(
          /⚠️/,
        );
        await fake.slash(france, channel, 'game join', { power: 'France' });
        expect((await fake.slash(gm, channel, 'game start')).text).not.toMatch(/⚠️/);
      }
      const handledBy = (machine: typeof first) =>
        new Set(
          machine
            .lines()
            .filter((l) => l.msg === 'command handled')
            .map((l) => String(l.channel)),
        );
      expect([...handledBy(first)]).toEqual([guilds[0]!.channels[0]!.id]);
      expect([...handledBy(second)]).toEqual([guilds[1]!.channels[0]!.id]);
      // The second machine dies (kill -9); its shard goes down with it.
      await second.kill();
      await expect.poll(() => fake.gateway.connectedShards(), { timeout: 15_000 }).toEqual([[0, 2]]);
      // Both deadlines brought forward to a few seconds from now; an order on the first machine makes its scheduler
      // read the deadlines again (it would within its longest sleep anyway), and at the deadline it resolves both games,
      // the dead machine's guild's too.
      const database = new pg.Client({ connectionString: url });
      await database.connect();
      try {
        const passed = await database.query("UPDATE games SET deadline_ms = $1 WHERE status = 'active'", [
          Date.now() + 3000,
        ]);
        expect(passed.rowCount).toBe(2);
      } finally {
        await database.end();
      }
      const { france } = people[0]!;
      expect((await fake.slash(france, guilds[0]!.channels[0]!.id, 'order', { orders: 'A par - bur' })).text).toMatch(
        /A par - bur/,
      );
      const resultsIn = (channelId: string) =>
        fake.channelMessages(channelId).filter((m) => /Spring 1901.*results/i.test(textOf(m)));
      await expect
        .poll(() => guilds.map((g) => resultsIn(g.channels[0]!.id).length), { timeout: 60_000, interval: 250 })
        .toEqual([1, 1]);
      expect(first.lines().filter((l) => l.msg === 'phase resolved')).toHaveLength(2);
      expect(existsSync(join(dir, 'never-written.db'))).toBe(false);
    } finally {
      await second.kill();
      expect(await first.stop()).toBe(0);
      await fake.close();
    }
    expect(fake.unexpectedErrors()).toEqual([]);
  }, 180_000);
});
