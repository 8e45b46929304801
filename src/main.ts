/**
 * `npm start`: read the environment (.env), open the database (migrations applied), log in to Discord,
 * register the slash commands, and run the phase scheduler and the outbox deliverer until SIGTERM/SIGINT.
 */
import 'dotenv/config';
import { startBot, type RunningBot } from './bot/app.js';
import { limitsFromEnv, loadEnv } from './config/env.js';
import { createLogger } from './log.js';
import { openDatabase } from './store/db.js';

async function main(): Promise<number> {
  const loaded = loadEnv(process.env);
  if (!loaded.ok) {
    process.stderr.write(`${loaded.error}\n`);
    return 1;
  }
  const env = loaded.env;
  const log = createLogger(env.LOG_LEVEL);
  let database: ReturnType<typeof openDatabase>;
  try {
    database = openDatabase(env.DATABASE_PATH);
  } catch (err) {
    log.fatal({ err, path: env.DATABASE_PATH }, 'cannot open the database (check DATABASE_PATH and that the folder is writable)');
    return 1;
  }
  log.info({ path: env.DATABASE_PATH }, 'database ready');

  let bot: RunningBot;
  try {
    bot = await startBot({
      token: env.DISCORD_TOKEN,
      db: database.db,
      log,
      apiBase: env.DISCORD_API_BASE,
      devGuildId: env.DEV_GUILD_ID,
      limits: limitsFromEnv(env),
    });
  } catch (err) {
    const invalidToken = err instanceof Error && /token/i.test(`${err.name} ${err.message}`);
    log.fatal({ err }, invalidToken ? 'Discord refused the token: put the bot token in DISCORD_TOKEN in .env (see README.md)' : 'could not start the bot');
    database.close();
    return 1;
  }

  return new Promise<number>((resolve) => {
    let shuttingDown = false;
    const shutdown = (signal: NodeJS.Signals) => {
      if (shuttingDown) return;
      shuttingDown = true;
      log.info({ signal }, 'shutting down');
      bot
        .stop()
        .catch((err: unknown) => log.error({ err }, 'error while stopping'))
        .finally(() => {
          database.close();
          log.info('goodbye');
          resolve(0);
        });
    };
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  });
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
