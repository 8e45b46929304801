/**
 * The bot as a child process that a test kills with SIGKILL (test/support/bot-process.ts), for the kill -9 tests of
 * test/bot: started on a database file against the stand-in, killed at once or right after the stand-in stored a
 * message (before the bot hears back), and started again on the same database, as a supervisor would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { botProcessArgs } from './bot-build.js';
import type { FakeDiscord, FakeMessage } from './fake-discord/index.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface CrashBot {
  /** Starts a bot process and waits until it is ready (or until this test killed it, which may happen first). */
  start(): Promise<void>;
  /** SIGKILL, then waits until the process is gone. */
  kill(): Promise<void>;
  /**
   * Kills the bot right after the stand-in stores the first bot message (not an interaction's) matching `match`,
   * synchronously, before the stand-in answers the request. Resolves once the process is gone (or at `disarm`).
   */
  killWhenStored(match: (m: FakeMessage) => boolean): Promise<void>;
  /** Forgets a `killWhenStored` that has not fired yet. */
  disarm(): void;
  /** A process runs that this test has not killed (it may still be starting). */
  readonly alive: boolean;
  /** The game clock moves on by `stepMs` (in the running bot, if any, and in any started later): a deadline passes. */
  passDeadline(): void;
  /** SIGTERM (SIGKILL after 5 s) if a process still runs. */
  stop(): Promise<void>;
  /** How many processes were killed. */
  readonly kills: number;
  /** What the processes wrote (for a failure message). */
  readonly log: string;
}

interface CrashBotOptions {
  /** The store: a SQLite file (`DATABASE_PATH`) or a PostgreSQL URL (`DATABASE_URL`). */
  dbPath?: string;
  databaseUrl?: string;
  stepMs: number;
  /** The game clock's lead over real time when the first process starts (CLOCK_OFFSET_MS). */
  offset?: number;
  /** More environment for the child (`HEARTBEAT_TIMEOUT_MS`, `LOG_LEVEL`). */
  env?: Record<string, string>;
  /** Prefixes the log's lines (`[a] …`) when several processes run at once. */
  name?: string;
}

export function crashBot(fake: FakeDiscord, opts: CrashBotOptions): CrashBot {
  let offset = opts.offset ?? 0;
  let child: ChildProcess | null = null;
  let kills = 0;
  let log = '';
  let armed: { onMessage: (m: FakeMessage) => void; done: () => void } | null = null;
  const disarm = () => {
    if (!armed) return;
    fake.state.events.off('message', armed.onMessage);
    armed.done();
    armed = null;
  };
  /** The processes this test killed (their exit before `ready` is no failure). */
  const killed = new WeakSet<ChildProcess>();

  const kill = async (): Promise<void> => {
    const proc = child;
    if (!proc) return;
    child = null;
    killed.add(proc);
    const exited = new Promise((res) => proc.once('exit', res));
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGKILL');
      kills++;
    }
    await exited;
  };

  return {
    get kills() {
      return kills;
    },
    get log() {
      return log;
    },
    get alive() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    async start() {
      const proc = spawn(process.execPath, await botProcessArgs(), {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DISCORD_TOKEN: fake.token,
          DISCORD_API_BASE: fake.apiBase,
          DEV_GUILD_ID: fake.guildId,
          ...(opts.dbPath !== undefined ? { DATABASE_PATH: opts.dbPath } : {}),
          ...(opts.databaseUrl !== undefined ? { DATABASE_URL: opts.databaseUrl } : {}),
          CLOCK_OFFSET_MS: String(offset),
          CLOCK_STEP_MS: String(opts.stepMs),
          ...opts.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const prefix = opts.name !== undefined ? `[${opts.name}] ` : '';
      for (const stream of [proc.stdout!, proc.stderr!])
        stream.on('data', (d: Buffer) => (log += prefix + d.toString()));
      child = proc;
      await new Promise<void>((res, rej) => {
        proc.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && res());
        proc.on('exit', (code, signal) =>
          killed.has(proc) ? res() : rej(new Error(`bot exited before ready (${code ?? signal})\n${log.slice(-2000)}`)),
        );
      });
    },
    kill,
    killWhenStored(match) {
      disarm();
      return new Promise((res) => {
        const onMessage = (m: FakeMessage) => {
          if (m.interactionId || !match(m)) return;
          fake.state.events.off('message', onMessage);
          armed = null;
          if (child) killed.add(child);
          child?.kill('SIGKILL'); // synchronously, before the stand-in answers the request
          res(kill());
        };
        armed = { onMessage, done: res };
        fake.state.events.on('message', onMessage);
      });
    },
    disarm,
    passDeadline() {
      offset += opts.stepMs; // a process started later starts on the moved clock
      child?.kill('SIGUSR2');
    },
    async stop() {
      const last = child;
      child = null;
      if (!last || last.exitCode !== null || last.signalCode !== null) return;
      const exited = new Promise((res) => last.once('exit', res));
      last.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      last.kill('SIGKILL');
    },
  };
}
