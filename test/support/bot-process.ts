/**
 * The bot as a child process for crash tests (compiled once per run and started by plain Node:
 * test/support/bot-build.ts): the real startBot (gateway, commands, scheduler, outbox, sender) on a database file,
 * against the stand-in.
 *
 * Environment: DISCORD_TOKEN, DISCORD_API_BASE, DEV_GUILD_ID, DATABASE_PATH or DATABASE_URL (PostgreSQL),
 * CLOCK_OFFSET_MS (the game clock is real time plus this), CLOCK_STEP_MS (SIGUSR2 moves the game clock forward by
 * it, so a deadline passes), HEARTBEAT_TIMEOUT_MS (when a peer's outbox claims are taken over; default ten minutes).
 * Maps are a tiny stand-in PNG (drawing is not what these tests are about). Prints `ready` once started.
 * It is meant to be killed with SIGKILL; SIGTERM stops it cleanly.
 */
import { startBot } from '../../src/bot/app.js';
import type { MapRenderer } from '../../src/bot/maps.js';
import { createLogger } from '../../src/log.js';
import { openStore, storeConfigFromEnv } from '../../src/store/open.js';

const env = process.env;
let offset = Number(env.CLOCK_OFFSET_MS ?? 0);
const step = Number(env.CLOCK_STEP_MS ?? 0);
const store = await openStore(
  storeConfigFromEnv({ DATABASE_URL: env.DATABASE_URL, DATABASE_PATH: env.DATABASE_PATH ?? '' }),
);
const maps: MapRenderer = {
  render: async (_variant, _position, _opts, name) => ({ png: Buffer.from('stand-in png'), name }),
};
const bot = await startBot({
  token: env.DISCORD_TOKEN!,
  store,
  log: createLogger((env.LOG_LEVEL as 'info' | undefined) ?? 'silent'),
  apiBase: env.DISCORD_API_BASE,
  devGuildId: env.DEV_GUILD_ID,
  now: () => Date.now() + offset,
  maps,
  outboxIntervalMs: 200,
  outboxRetryMs: 200,
  schedulerMaxSleepMs: 200,
  // Ten minutes by default: a restarted process must free a dead predecessor's claims at once, not by waiting for
  // this; a test of peers on several machines sets the real one.
  outboxHeartbeatTimeoutMs: Number(env.HEARTBEAT_TIMEOUT_MS ?? 600_000),
});
process.on('SIGUSR2', () => {
  offset += step;
  void bot.scheduler.poke();
});
process.once('SIGTERM', () => {
  void bot
    .stop()
    .then(() => store.close())
    .finally(() => process.exit(0));
});
process.stdout.write('ready\n');
