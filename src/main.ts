/**
 * `npm start` (dist/main.js, compiled from here): read the environment (.env), then either
 * - run the bot in this process: open the database (migrations applied), log in to Discord (retrying with
 *   backoff while it cannot be reached), register the slash commands, and run the phase scheduler and the
 *   outbox deliverer until SIGTERM/SIGINT; or
 * - with `SHARDS=auto|<n>`, supervise one such process per shard (src/shard.ts). Each shard process runs this
 *   same file; discord.js tells it its shard through the environment.
 */
import 'dotenv/config';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { startBot, type RunningBot } from './bot/app.js';
import { envWarnings, limitsFromEnv, loadEnv, type Env } from './config/env.js';
import { createLogger, type Logger } from './log.js';
import { isShardProcess, parseShardIds, parseShards, startShardManager } from './shard.js';
import { openFailureMessage, openStore, redactedDatabaseUrl, storeConfigFromEnv } from './store/open.js';
import type { Store } from './store/store.js';
import type { PadSettings } from './bot/pad.js';
import { padKey } from './game/pad/index.js';
import { startWebServer, type RunningWebServer } from './web/server.js';

async function main(): Promise<number> {
  const loaded = loadEnv(process.env);
  if (!loaded.ok) {
    process.stderr.write(`${loaded.error}\n`);
    return 1;
  }
  const env = loaded.env;
  if (isShardProcess())
    return runBot(env, createLogger(env.LOG_LEVEL).child({ shard: Number(process.env.SHARDS) }), shardPortOffset());
  const log = createLogger(env.LOG_LEVEL);
  const sharding = parseShards(process.env.SHARDS);
  // `SHARDS=` left blank as in .env.example means one process (README.md "Set up the Discord application"), but
  // discord.js's Client reads any SHARDS it finds in the environment as JSON: a blank one must not reach it.
  if (process.env.SHARDS?.trim() === '') delete process.env.SHARDS;
  if (!sharding.ok) {
    process.stderr.write(`${sharding.error}\n`);
    return 1;
  }
  const ids = parseShardIds(process.env.SHARD_IDS, sharding.shards);
  if (!ids.ok) {
    process.stderr.write(`${ids.error}\n`);
    return 1;
  }
  return sharding.shards === null ? runBot(env, log) : runManager(env, log, sharding.shards, ids.ids);
}

/** Resolves with the signal once SIGTERM or SIGINT arrives (or the shard manager that started us is gone). */
function stopSignal(onStop: () => void): Promise<string> {
  return new Promise((resolve) => {
    const stop = (why: string) => {
      onStop();
      resolve(why);
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
    // A shard whose manager died (kill -9) stops too, instead of running on unsupervised.
    if (isShardProcess()) process.once('disconnect', () => stop('manager gone'));
  });
}

/**
 * A shard process's web port offset (docs/pad.md "Turning it on"): its place among the shards this machine runs,
 * so each shard's pad listens on a port of its own (`WEB_PORT`, `WEB_PORT + 1`, …).
 */
function shardPortOffset(): number {
  const shard = Number(process.env.SHARDS);
  const ids = process.env.SHARD_IDS?.split(',').map((x) => Number(x.trim()));
  const at = ids?.indexOf(shard) ?? -1;
  return at >= 0 ? at : Number.isFinite(shard) ? shard : 0;
}

/** The order pad's settings from the environment (null when `PUBLIC_URL` is unset: no pad at all). */
function padSettingsOf(env: Env): PadSettings | null {
  if (!env.PUBLIC_URL) return null;
  return {
    publicUrl: env.PUBLIC_URL,
    key: padKey({ padSecret: env.PAD_SECRET, botToken: env.DISCORD_TOKEN }),
    activity: env.DISCORD_CLIENT_SECRET !== undefined,
  };
}

/** Starts the pad's web server beside a running bot; null when the pad is off. */
async function startPad(env: Env, log: Logger, bot: RunningBot, pad: PadSettings | null, portOffset: number) {
  if (!pad) return null;
  const clientId = bot.client.application?.id ?? bot.client.user?.id ?? '';
  return await startWebServer({
    deps: bot.deps,
    log,
    key: pad.key,
    port: env.WEB_PORT + portOffset,
    host: env.WEB_HOST,
    warm: true,
    activity: env.DISCORD_CLIENT_SECRET
      ? {
          clientId,
          clientSecret: env.DISCORD_CLIENT_SECRET,
          apiBase: env.DISCORD_API_BASE ?? 'https://discord.com/api',
        }
      : null,
  });
}

/**
 * With the pad on, whether its port can be listened on, tried before the database is opened and Discord is reached,
 * so a port in use stops the start before anything is written (the pad itself listens once the bot is logged in).
 */
async function padPortProblem(env: Env, portOffset: number): Promise<string | null> {
  if (!env.PUBLIC_URL) return null;
  const probe = createServer();
  return await new Promise((resolve) => {
    probe.once('error', (err) => resolve(err.message));
    probe.listen(env.WEB_PORT + portOffset, env.WEB_HOST, () => probe.close(() => resolve(null)));
  });
}

/** Logs the one line a pad that cannot listen gets (no stack: the port is the operator's to fix). */
function padCannotListen(log: Logger, reason: string, port: number): void {
  log.fatal({ reason, port }, 'the order pad could not listen (check WEB_PORT and WEB_HOST)');
}

async function runBot(env: Env, log: Logger, portOffset = 0): Promise<number> {
  for (const warning of envWarnings(env)) log.warn(warning);
  const busy = await padPortProblem(env, portOffset);
  if (busy !== null) {
    padCannotListen(log, busy, env.WEB_PORT + portOffset);
    return 1;
  }
  const onPostgres = env.DATABASE_URL !== undefined;
  const where = onPostgres ? { database: redactedDatabaseUrl(env.DATABASE_URL!) } : { path: env.DATABASE_PATH };
  let store: Store;
  const config = storeConfigFromEnv(env);
  try {
    store = await openStore(config);
  } catch (err) {
    // One line naming the variable and the cause (README.md "Set up the Discord application"); the stack at debug.
    log.debug({ err }, 'database open failed');
    log.fatal(where, openFailureMessage(config, err));
    return 1;
  }
  log.info(where, 'database ready');

  // A stop that arrives while still waiting for Discord ends the retries.
  const aborting = new AbortController();
  const stopped = stopSignal(() => aborting.abort());
  let bot: RunningBot;
  const pad = padSettingsOf(env);
  try {
    bot = await startBot({
      pad,
      token: env.DISCORD_TOKEN,
      store,
      log,
      apiBase: env.DISCORD_API_BASE,
      devGuildId: env.DEV_GUILD_ID,
      retry: { signal: aborting.signal },
      limits: limitsFromEnv(env),
      // Replays are kept beside the SQLite database, so a restart does not draw them again (on PostgreSQL, drawn anew).
      replayCacheDir:
        onPostgres || env.DATABASE_PATH === ':memory:' ? null : join(dirname(env.DATABASE_PATH), 'replays'),
    });
  } catch (err) {
    await store.close();
    if (aborting.signal.aborted) {
      log.info({ signal: await stopped }, 'stopped before Discord could be reached');
      return 0;
    }
    const invalidToken = err instanceof Error && /token/i.test(`${err.name} ${err.message}`);
    // A refused token is the operator's to fix: one line, no stack; anything else may be a bug and keeps it.
    if (invalidToken)
      log.fatal(
        { reason: err.message },
        'Discord refused the token: put the bot token in DISCORD_TOKEN in .env (see README.md)',
      );
    else log.fatal({ err }, 'could not start the bot');
    return 1;
  }

  let web: RunningWebServer | null = null;
  try {
    web = await startPad(env, log, bot, pad, portOffset);
  } catch (err) {
    padCannotListen(log, err instanceof Error ? err.message : String(err), env.WEB_PORT + portOffset);
    await bot.stop();
    await store.close();
    return 1;
  }
  const signal = await stopped;
  log.info({ signal }, 'shutting down');
  try {
    await web?.close();
    await bot.stop();
  } catch (err) {
    log.error({ err }, 'error while stopping');
  }
  await store.close();
  log.info('goodbye');
  return 0;
}

async function runManager(env: Env, log: Logger, shards: 'auto' | number, shardIds: number[] | null): Promise<number> {
  const aborting = new AbortController();
  const stopped = stopSignal(() => aborting.abort());
  let running: Awaited<ReturnType<typeof startShardManager>>;
  try {
    running = await startShardManager({
      token: env.DISCORD_TOKEN,
      apiBase: env.DISCORD_API_BASE,
      shards,
      shardIds,
      log,
      file: process.argv[1]!,
      signal: aborting.signal,
      ...(env.SHARD_SPAWN_DELAY_MS !== undefined ? { spawnDelayMs: env.SHARD_SPAWN_DELAY_MS } : {}),
    });
  } catch (err) {
    if (aborting.signal.aborted) return 0;
    log.fatal({ err }, 'could not start the shards');
    return 1;
  }
  const signal = await stopped;
  log.info({ signal }, 'stopping every shard');
  await running.stop();
  log.info('goodbye');
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
    // Let pino flush, then leave even if a library keeps a socket open.
    setTimeout(() => process.exit(code), 200).unref();
  },
  (err: unknown) => {
    process.stderr.write(`fatal: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
