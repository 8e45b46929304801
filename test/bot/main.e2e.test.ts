/**
 * `npm start` as a process (src/main.ts, compiled as `npm start` runs it): without a token it says what to put in .env
 * and exits 1; with the stand-in's token and DISCORD_API_BASE it opens the database, registers the commands, answers a command,
 * and shuts down cleanly on SIGTERM (exit 0). With `DATABASE_URL` it does the same with everything in PostgreSQL, and
 * writes no SQLite file.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { FakeDiscord } from '../support/fake-discord/index.js';
import { freshPostgresDatabase } from '../support/postgres.js';
import { freePort } from '../support/ports.js';
import { botProcessArgs } from '../support/bot-build.js';

/**
 * The bot as `npm start` runs it: the compiled bundle (`dist/main.js`), built once per run beside the crash tests' child
 * (test/support/bot-build.ts). Through tsx's loader each start spent some 3 s compiling and loading the sources.
 */
async function startMain(env: Record<string, string>, cwd: string) {
  const [compiled] = await botProcessArgs();
  const main = join(dirname(compiled!), 'main.js');
  // Only what the test gives: no .env is read from `cwd` (a fresh temp folder).
  const child = spawn(process.execPath, [main], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  return { child, exited, output: () => out, errors: () => err };
}

describe('npm start (src/main.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-main-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('without a token prints what to put in .env and exits 1', async () => {
    const run = await startMain({}, dir);
    expect(await run.exited).toBe(1);
    expect(run.errors()).toContain('DISCORD_TOKEN is missing');
    expect(run.errors()).toContain('DISCORD_TOKEN=<your bot token>');
  });

  it('a DATABASE_PATH that is a folder or another file: one line naming it, no stack, exit 1, nothing changed', async () => {
    const folder = join(dir, 'games');
    mkdirSync(folder);
    chmodSync(folder, 0o755);
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'my notes\n');
    chmodSync(notes, 0o644);
    for (const path of [folder, notes]) {
      const run = await startMain({ DISCORD_TOKEN: 'abc', DATABASE_PATH: path }, dir);
      expect(await run.exited).toBe(1);
      const lines = run.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!) as { level: number; msg: string; err?: unknown };
      expect(line.level).toBe(60);
      expect(line.msg).toContain(`DATABASE_PATH=${path}`);
      expect(line.msg).toContain('left untouched');
      expect(line.err).toBeUndefined();
      expect(run.output()).not.toContain('    at ');
      expect(statSync(path).mode & 0o777).toBe(path === folder ? 0o755 : 0o644);
      expect(existsSync(`${path}-wal`)).toBe(false);
    }
  });

  it('a DATABASE_URL nothing answers at: one line naming DATABASE_URL and the cause, no stack, exit 1', async () => {
    const port = await freePort();
    const run = await startMain({ DISCORD_TOKEN: 'abc', DATABASE_URL: `postgres://u:secret@127.0.0.1:${port}/z` }, dir);
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('check DATABASE_URL');
    expect(lines[0]).toContain('ECONNREFUSED');
    expect(run.output()).not.toContain('    at ');
    expect(run.output()).not.toContain('secret');
  });

  it('runs against the stand-in and stops cleanly on SIGTERM', async () => {
    const fake = await FakeDiscord.start({ users: ['alice'], channels: ['main'] });
    try {
      const dbPath = join(dir, 'nested', 'bot.db');
      const port = await freePort();
      const run = await startMain(
        {
          DISCORD_TOKEN: fake.token,
          DISCORD_API_BASE: fake.apiBase,
          DEV_GUILD_ID: fake.guildId,
          DATABASE_PATH: dbPath,
          LOG_LEVEL: 'info',
          WEB_PORT: String(port), // without PUBLIC_URL: the pad is off, nothing listens there
          // Left blank as .env.example has them (README.md step 4): one process, no shards.
          SHARDS: '',
          SHARD_IDS: '',
          SHARD_SPAWN_DELAY_MS: '',
          PUBLIC_URL: '',
          PAD_SECRET: '',
        },
        dir,
      );
      await expect.poll(() => run.output(), { timeout: 20_000, interval: 100 }).toContain('slash commands registered');
      expect(existsSync(dbPath)).toBe(true);
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
      expect(run.output()).not.toContain('order pad listening');
      const reply = await fake.slash('alice', 'main', 'game status');
      expect(reply.text).toMatch(/no game in this channel/);
      const messages = () =>
        run
          .output()
          .trim()
          .split('\n')
          .map((l) => (JSON.parse(l) as { msg: string }).msg);
      await expect.poll(messages, { timeout: 5000 }).toContain('command handled');
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('goodbye');
      expect(fake.unexpectedErrors()).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it('with PUBLIC_URL serves the order pad on WEB_PORT, and /orders pad links to it', async () => {
    const fake = await FakeDiscord.start({ users: ['gm', 'alice', 'bob'], channels: ['main'] });
    try {
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      const run = await startMain(
        {
          DISCORD_TOKEN: fake.token,
          DISCORD_API_BASE: fake.apiBase,
          DEV_GUILD_ID: fake.guildId,
          DATABASE_PATH: join(dir, 'pad.db'),
          LOG_LEVEL: 'info',
          PUBLIC_URL: publicUrl,
          WEB_PORT: String(port),
        },
        dir,
      );
      await expect.poll(() => run.output(), { timeout: 30_000, interval: 100 }).toContain('order pad listening');
      await fake.slash('gm', 'main', 'game create', { variant: 'classic' });
      await fake.slash('alice', 'main', 'game join', { power: 'France' });
      await fake.slash('bob', 'main', 'game join', { power: 'Germany' });
      await fake.slash('gm', 'main', 'game start');
      const reply = await fake.slash('alice', 'main', 'orders pad');
      const [link] = fake.buttons(reply);
      expect(link).toMatchObject({ style: 5 });
      expect(link!.url).toMatch(new RegExp(`^${publicUrl}/pad/`));
      const page = await fetch(link!.url!);
      expect(page.status).toBe(200);
      expect(run.output()).not.toContain(link!.url!.split('/pad/')[1]!.split('?')[0]!);
      // SIGTERM stops the pad with the bot, cleanly.
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      await expect(fetch(`${publicUrl}/`)).rejects.toThrow();
    } finally {
      await fake.close();
    }
  });

  it('with PUBLIC_URL and WEB_PORT in use: one line naming WEB_PORT and the cause, no stack, exit 1', async () => {
    const fake = await FakeDiscord.start({ users: ['alice'], channels: ['main'] });
    const port = await freePort();
    const taken = createServer().listen(port, '127.0.0.1');
    await new Promise((res) => taken.once('listening', res));
    try {
      const run = await startMain(
        {
          DISCORD_TOKEN: fake.token,
          DISCORD_API_BASE: fake.apiBase,
          DEV_GUILD_ID: fake.guildId,
          DATABASE_PATH: join(dir, 'busy.db'),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          WEB_PORT: String(port),
        },
        dir,
      );
      expect(await run.exited).toBe(1);
      const fatal = run
        .output()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { level: number; msg: string; reason?: string; err?: unknown })
        .filter((l) => l.level === 60);
      expect(fatal).toHaveLength(1);
      expect(fatal[0]!.msg).toContain('check WEB_PORT and WEB_HOST');
      expect(fatal[0]!.reason).toContain('EADDRINUSE');
      expect(fatal[0]!.err).toBeUndefined();
      expect(run.output()).not.toContain('    at ');
      // Found before anything was opened or asked of Discord.
      expect(existsSync(join(dir, 'busy.db'))).toBe(false);
      expect(fake.requests).toEqual([]);
    } finally {
      taken.close();
      await fake.close();
    }
  });

  it('with DATABASE_URL keeps everything in PostgreSQL: a game is created there, no SQLite file is written', async () => {
    const fake = await FakeDiscord.start({ users: ['gm', 'alice'], channels: ['main'] });
    const url = await freshPostgresDatabase('main');
    const folder = mkdtempSync(join(dir, 'pg-'));
    try {
      const run = await startMain(
        {
          DISCORD_TOKEN: fake.token,
          DISCORD_API_BASE: fake.apiBase,
          DEV_GUILD_ID: fake.guildId,
          DATABASE_URL: url,
          DATABASE_PATH: join(folder, 'data', 'zhanguo.db'),
          LOG_LEVEL: 'info',
        },
        folder,
      );
      await expect.poll(() => run.output(), { timeout: 30_000, interval: 100 }).toContain('slash commands registered');
      const created = await fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h' });
      expect(created.text).toContain('Classic');
      expect((await fake.slash('alice', 'main', 'game join', { power: 'France' })).text).toContain('France');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const games = await client.query('SELECT variant_id, status FROM games');
        expect(games.rows).toEqual([{ variant_id: 'classic', status: 'forming' }]);
        expect((await client.query('SELECT power FROM players')).rows).toEqual([{ power: 'France' }]);
      } finally {
        await client.end();
      }
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      // No SQLite database (nor its folder), and the password never in a log line.
      expect(readdirSync(folder)).toEqual([]);
      expect(run.output()).not.toContain(new URL(url).password);
      expect(run.output()).toContain('database ready');
      expect(fake.unexpectedErrors()).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
