/**
 * The bot's environment, validated with zod. `.env` is loaded by main.ts (dotenv);
 * this module only reads a plain record, so tests pass their own.
 */
import { z } from 'zod';
import { parseDuration, ABSOLUTE_MIN_PHASE_MS, MIN_SANDBOX_IDLE_MS, type LimitsInput } from '../game/core/index.js';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** A positive whole number given as text (`30`). */
const wholeNumber = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,4}$/, `${name} must be a whole number from 1 to 99999`)
    .transform(Number);

/**
 * Whether the PostgreSQL driver can read `v`: it parses DATABASE_URL with `new URL`, retrying once with a host put in
 * `user@/database` (a local socket), so a URL it refuses fails here with a reason instead of at the connection.
 */
function readableUrl(v: string): boolean {
  for (const candidate of [v, v.replace('@/', '@localhost/')]) {
    try {
      new URL(candidate);
      return true;
    } catch {}
  }
  return false;
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An optional duration (`5m`, `24h`; at most 30 days, as every duration) of at least `minMs`. */
const optionalDuration = (minMs: number, message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((v) => {
        const p = parseDuration(v);
        return p.ok && p.ms >= minMs;
      }, message)
      .optional(),
  );

const EnvSchema = z.object({
  DISCORD_TOKEN: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'DISCORD_TOKEN is missing' })
      .trim()
      .min(1)
      // A pasted `Bot …` header or a token cut across lines is refused here, not by Discord after a start.
      .refine((v) => !/^bot\s/i.test(v), 'DISCORD_TOKEN must be the token alone, without "Bot " before it')
      .refine(
        (v) => /^bot\s/i.test(v) || !/\s/.test(v),
        'DISCORD_TOKEN must be the token alone, on one line and without spaces',
      ),
  ),
  DATABASE_PATH: z.preprocess(blankToUndefined, z.string().trim().min(1).default('./data/zhanguo.db')),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(
        /^postgres(ql)?:\/\//i,
        'DATABASE_URL must be a PostgreSQL URL: postgres://user:password@host:port/database',
      )
      .refine(
        readableUrl,
        'DATABASE_URL cannot be read as a URL: check the port (1 to 65535) and percent-encode any of : / ? # [ ] @ % ' +
          'in the user or password (# as %23, @ as %40)',
      )
      .optional(),
  ),
  DEV_GUILD_ID: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(
        /^\d{17,20}$/,
        'DEV_GUILD_ID must be a server id (17 to 20 digits; right-click the server, Copy Server ID)',
      )
      .optional(),
  ),
  DISCORD_API_BASE: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'DISCORD_API_BASE must be an http(s) URL such as https://discord.com/api' })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
  ),
  // The order pad (docs/pad.md): its web server starts only when PUBLIC_URL is set.
  PUBLIC_URL: z.preprocess(
    blankToUndefined,
    z
      .url({
        protocol: /^https?$/,
        error: 'PUBLIC_URL must be the http(s) address players open, such as https://pad.example.org',
      })
      // The page calls its API at the root of its host (/api/…), so the pad needs a host of its own (docs/pad.md).
      .refine((u) => {
        if (!URL.canParse(u)) return true; // said by the check above
        const url = new URL(u);
        return url.pathname === '/' && !url.search && !url.hash;
      }, 'PUBLIC_URL must be a host alone, such as https://pad.example.org: the pad is served at the root of its ' +
        'host, not under a path')
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
  ),
  WEB_PORT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, 'WEB_PORT must be a port number from 1 to 65535')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 65535, 'WEB_PORT must be a port number from 1 to 65535')
      .default(8080),
  ),
  WEB_HOST: z.preprocess(blankToUndefined, z.string().trim().min(1).default('127.0.0.1')),
  DISCORD_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().trim().min(1).optional()),
  PAD_SECRET: z.preprocess(
    blankToUndefined,
    z.string().trim().min(16, 'PAD_SECRET must be at least 16 characters').optional(),
  ),
  // Abuse limits (src/game/core/limits.ts); unset = the defaults there.
  MIN_PHASE: optionalDuration(ABSOLUTE_MIN_PHASE_MS, 'MIN_PHASE must be a duration from 1m to 30d, like 5m or 1h'),
  PHASES_PER_HOUR: z.preprocess(blankToUndefined, wholeNumber('PHASES_PER_HOUR').optional()),
  MAX_LIVE_GAMES_PER_SERVER: z.preprocess(blankToUndefined, wholeNumber('MAX_LIVE_GAMES_PER_SERVER').optional()),
  // Sandboxes: how many one member and one server keep at once, and how long one lasts unused.
  SANDBOXES_PER_MEMBER: z.preprocess(blankToUndefined, wholeNumber('SANDBOXES_PER_MEMBER').optional()),
  SANDBOXES_PER_SERVER: z.preprocess(blankToUndefined, wholeNumber('SANDBOXES_PER_SERVER').optional()),
  SANDBOX_IDLE: optionalDuration(
    MIN_SANDBOX_IDLE_MS,
    'SANDBOX_IDLE must be a duration from 10m to 30d, like 12h or 2d',
  ),
  // With SHARDS: the pause between two shards' starts (docs/deploy.md "Sharding"); unset = discord.js's 5.5 s.
  SHARD_SPAWN_DELAY_MS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, 'SHARD_SPAWN_DELAY_MS must be a number of milliseconds from 0 to 999999, like 5500')
      .transform(Number)
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
});

export type Env = z.infer<typeof EnvSchema>;

/** The operator's overrides of the abuse limits. */
export function limitsFromEnv(env: Env): LimitsInput {
  const minPhase = env.MIN_PHASE ? parseDuration(env.MIN_PHASE) : null;
  const sandboxIdle = env.SANDBOX_IDLE ? parseDuration(env.SANDBOX_IDLE) : null;
  return {
    ...(minPhase?.ok ? { minPhaseMs: minPhase.ms } : {}),
    ...(env.PHASES_PER_HOUR !== undefined ? { phasesPerHour: env.PHASES_PER_HOUR } : {}),
    ...(env.MAX_LIVE_GAMES_PER_SERVER !== undefined ? { maxLiveGamesPerServer: env.MAX_LIVE_GAMES_PER_SERVER } : {}),
    ...(env.SANDBOXES_PER_MEMBER !== undefined ? { sandboxesPerUser: env.SANDBOXES_PER_MEMBER } : {}),
    ...(env.SANDBOXES_PER_SERVER !== undefined ? { sandboxesPerServer: env.SANDBOXES_PER_SERVER } : {}),
    ...(sandboxIdle?.ok ? { sandboxIdleMs: sandboxIdle.ms } : {}),
  };
}

/**
 * Settings that are valid but do nothing as set, each as one sentence for the start-up log: the bot still starts
 * (an operator may fill the rest in later), but never ignores a variable without saying so.
 */
export function envWarnings(env: Env): string[] {
  const warnings: string[] = [];
  // The Activity is the order pad inside Discord, so it needs the pad (docs/pad.md).
  if (env.DISCORD_CLIENT_SECRET !== undefined && env.PUBLIC_URL === undefined)
    warnings.push('DISCORD_CLIENT_SECRET is set but PUBLIC_URL is not: the order pad and its Activity stay off');
  if (env.PAD_SECRET !== undefined && env.PUBLIC_URL === undefined)
    warnings.push('PAD_SECRET is set but PUBLIC_URL is not: the order pad stays off, so nothing uses it');
  return warnings;
}

/** What to put in `.env` when something is missing or wrong (mirrors .env.example). */
export const ENV_HELP = `Create a file named .env in the project folder (copy .env.example) containing:

  DISCORD_TOKEN=<your bot token>
  # optional:
  DATABASE_PATH=./data/zhanguo.db
  DATABASE_URL=                   # postgres://user:password@host:5432/zhanguo to keep everything in PostgreSQL
  DEV_GUILD_ID=<a server id, to register the slash commands there instantly>
  DISCORD_API_BASE=
  LOG_LEVEL=info
  SHARDS=                         # auto or a number of shards: one process per shard (past 2,500 servers)
  SHARD_IDS=                      # with SHARDS=<n>: the shards this machine runs, like 0,1
  MIN_PHASE=1m                    # shortest phase any game may have (servers may raise it)
  PHASES_PER_HOUR=30              # phases one game may resolve early per hour
  MAX_LIVE_GAMES_PER_SERVER=25    # unfinished games per server (servers may lower it)
  SANDBOXES_PER_MEMBER=3          # /sandbox copies one member keeps at once
  SANDBOXES_PER_SERVER=50         # /sandbox copies one server keeps at once
  SANDBOX_IDLE=24h                # a sandbox unused this long is deleted (10m to 30d)
  PUBLIC_URL=                     # https://pad.example.org: turns the web order pad on (docs/pad.md)
  WEB_PORT=8080                   # the pad's port (behind your TLS proxy)
  WEB_HOST=127.0.0.1              # 0.0.0.0 to listen on every interface
  DISCORD_CLIENT_SECRET=          # with the application's Activity settings: the pad inside Discord
  PAD_SECRET=                     # signs the pad's links (default: derived from DISCORD_TOKEN)

The token is at https://discord.com/developers/applications -> your application -> Bot -> Reset Token.
(See "Set up the Discord application" in README.md.)`;

/** Where every variable is explained, after a problem with a set variable (the token is there). */
const ENV_POINTER =
  'Fix it in .env (or the service’s environment file, docs/deploy.md); .env.example explains every variable.';

export type EnvResult = { ok: true; env: Env } | { ok: false; error: string };

/** Validates the environment; on failure `error` names each bad variable and says what to write in `.env`. */
export function loadEnv(source: Record<string, string | undefined> = process.env): EnvResult {
  const parsed = EnvSchema.safeParse(source);
  if (parsed.success) return { ok: true, env: parsed.data };
  const problems = parsed.error.issues.map((i) => {
    const key = String(i.path[0] ?? '');
    const message = i.code === 'invalid_type' && key ? `${key} is missing` : i.message;
    return `  - ${message}`;
  });
  // The whole .env template only when the token is missing (a first start); otherwise the problems alone.
  const tokenMissing = parsed.error.issues.some((i) => i.path[0] === 'DISCORD_TOKEN' && i.code === 'invalid_type');
  const help = tokenMissing ? ENV_HELP : ENV_POINTER;
  return { ok: false, error: `The bot cannot start:\n${problems.join('\n')}\n\n${help}` };
}
