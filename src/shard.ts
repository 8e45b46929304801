/**
 * Sharding: with `SHARDS=auto` or `SHARDS=<n>` the bot runs under discord.js's own
 * ShardingManager, the standard way a bot grows past one process (Discord requires shards from 2,500 servers).
 * This process only supervises: it asks Discord how many shards to run (`auto`: the bot's own
 * `GET /gateway/bot`, through DISCORD_API_BASE like every other request), forks one process per shard running
 * this same entry point, restarts a shard that dies, and stops them all on SIGTERM. Each shard process is the
 * whole bot (src/bot/app.ts) for its own guilds, sharing the one database.
 */
import { REST, Routes, ShardingManager, type Shard } from 'discord.js';
import { withRetry } from './bot/client.js';
import type { Logger } from './log.js';

export type ShardSetting = 'auto' | number;

/** `SHARDS`: unset or empty = one process without a manager; `auto`; or a whole number of shards from 1. */
export function parseShards(
  value: string | undefined,
): { ok: true; shards: ShardSetting | null } | { ok: false; error: string } {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '') return { ok: true, shards: null };
  if (v === 'auto') return { ok: true, shards: 'auto' };
  if (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10_000) return { ok: true, shards: Number(v) };
  return { ok: false, error: `SHARDS must be "auto" or a number of shards (1 or more), not "${value}"` };
}

/**
 * `SHARD_IDS`: the shards this process runs, out of `SHARDS` (unset: every one). Several processes, on one machine or
 * several, with the same `SHARDS` and disjoint `SHARD_IDS` serve every guild together: a guild's events and
 * commands go to its shard only, and every process runs the scheduler and the outbox for all games.
 */
export function parseShardIds(
  value: string | undefined,
  shards: ShardSetting | null,
): { ok: true; ids: number[] | null } | { ok: false; error: string } {
  const v = value?.trim() ?? '';
  if (v === '') return { ok: true, ids: null };
  if (typeof shards !== 'number')
    return { ok: false, error: 'SHARD_IDS needs SHARDS set to the total number of shards (SHARDS=<n>, not auto)' };
  const parts = v.split(',').map((p) => p.trim());
  const ids = parts.map(Number);
  const bad = parts.find((p, i) => !/^\d+$/.test(p) || ids[i]! >= shards);
  if (bad !== undefined)
    return { ok: false, error: `SHARD_IDS must list shard numbers from 0 to ${shards - 1}, like 0,1 (not "${bad}")` };
  if (new Set(ids).size !== ids.length) return { ok: false, error: 'SHARD_IDS lists a shard twice' };
  return { ok: true, ids: [...ids].sort((a, b) => a - b) };
}

/** Is this process a shard that a ShardingManager started? (discord.js sets SHARDING_MANAGER for its children.) */
export function isShardProcess(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SHARDING_MANAGER !== undefined;
}

/** The shard count Discord recommends for this bot, from its own `GET /gateway/bot`. */
export async function recommendedShardCount(token: string, apiBase: string | undefined): Promise<number> {
  const rest = new REST({ ...(apiBase ? { api: apiBase } : {}) }).setToken(token);
  try {
    const body = (await rest.get(Routes.gatewayBot())) as { shards?: unknown };
    const shards = Number(body.shards);
    if (!Number.isInteger(shards) || shards < 1)
      throw new Error(`GET /gateway/bot answered shards=${String(body.shards)}`);
    return shards;
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
}

export interface ManagerOptions {
  token: string;
  apiBase?: string;
  shards: ShardSetting;
  log: Logger;
  /** The script each shard runs (this entry point). */
  file: string;
  /** Wait between shard starts (default 5.5 s: Discord lets a bot identify one shard per 5 s). */
  spawnDelayMs?: number;
  /** Ends the retries of `auto` while Discord cannot be reached. */
  signal?: AbortSignal;
  /** The shards this process runs (`SHARD_IDS`); unset: all of them. */
  shardIds?: number[] | null;
}

export interface RunningManager {
  manager: ShardingManager;
  /** Stops every shard (SIGTERM, then SIGKILL after `graceMs`) and resolves once all have exited. */
  stop(graceMs?: number): Promise<void>;
}

export async function startShardManager(opts: ManagerOptions): Promise<RunningManager> {
  const { log } = opts;
  const count =
    opts.shards === 'auto'
      ? await withRetry(() => recommendedShardCount(opts.token, opts.apiBase), {
          log,
          what: 'ask Discord for the shard count',
          signal: opts.signal,
        })
      : opts.shards;
  const shardList = opts.shardIds ?? 'auto';
  log.info({ shards: count, setting: opts.shards, ids: shardList }, 'starting the shard manager');
  const manager = new ShardingManager(opts.file, {
    token: opts.token,
    totalShards: count,
    // discord.js's shardList: only these of the `count` shards run here (the other processes run the rest).
    shardList,
    respawn: true,
    mode: 'process',
    // Shards run like this process (e.g. with tsx's loader when started from the sources).
    execArgv: process.execArgv,
  });
  manager.on('shardCreate', (shard: Shard) => {
    log.info({ shard: shard.id }, 'shard process started');
    shard.on('death', (child) => {
      const code = 'exitCode' in child ? child.exitCode : null;
      if (manager.respawn) log.warn({ shard: shard.id, code }, 'shard process exited; restarting it');
      else log.info({ shard: shard.id, code }, 'shard process stopped');
    });
    shard.on('ready', () => log.info({ shard: shard.id }, 'shard ready'));
  });
  // Do not wait for each shard's ready (timeout -1): a shard that cannot reach Discord keeps retrying on its own.
  await manager.spawn({ amount: count, delay: opts.spawnDelayMs ?? 5500, timeout: -1 });

  return {
    manager,
    stop: async (graceMs = 15_000) => {
      manager.respawn = false;
      await Promise.all(
        [...manager.shards.values()].map(async (shard) => {
          const child = shard.process;
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          await exited;
          clearTimeout(timer);
        }),
      );
    },
  };
}
