/**
 * Structured logging (pino, one JSON line per event).
 *
 * Privacy rules (docs/decisions.md "Bot, abuse and logs"):
 * - Order text is secret until its phase resolves, so it is only ever logged at debug or trace. Use `logOrders`
 *   for anything that carries orders; it checks the level itself.
 * - Errors are logged through `serializeError` (pino's serializer for the `err` and `error` keys), which keeps a
 *   fixed set of fields: type, message, Discord code, HTTP status, method, route (ids kept, interaction and
 *   webhook tokens replaced) and, for errors that are not Discord's, the stack frames. Never a request or
 *   response body: discord.js errors carry the whole request (a DM's text, a reply's stored orders) in
 *   `requestBody`, and that must not reach a log at any level.
 */
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

/** What an error becomes in a log line. */
export interface LoggedError {
  type: string;
  message: string;
  /** Discord's JSON error code (e.g. 10062 Unknown interaction, 50007 Cannot send messages to this user). */
  code?: number | string;
  /** HTTP status of a failed request. */
  status?: number;
  method?: string;
  /** The request's path, tokens replaced (`/interactions/:id/:token/callback`). */
  route?: string;
  /** Stack frames (no message line) for errors raised by our own code. */
  stack?: string;
  cause?: LoggedError;
}

/** Replaces the secret parts of a Discord API path (interaction and webhook tokens) and drops the query. */
export function safeRoute(url: string): string {
  let path = url;
  try {
    path = new URL(url, 'http://x').pathname;
  } catch {
    path = url.split('?')[0] ?? '';
  }
  return path
    .replace(/^.*?\/api(\/v\d+)?(?=\/)/, '')
    .replace(/\/interactions\/(\d+)\/[^/]+/, '/interactions/$1/:token')
    .replace(/\/webhooks\/(\d+)\/[^/]+/, '/webhooks/$1/:token');
}

/** The fixed set of fields logged for an error; anything else it carries (bodies, headers) is dropped. */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) {
    return { type: typeof err, message: typeof err === 'string' ? err : 'a non-Error value was thrown' };
  }
  const e = err as Error & { code?: unknown; status?: unknown; method?: unknown; url?: unknown; cause?: unknown };
  // The class name (DiscordAPIError's `name` also carries the code: `DiscordAPIError[10062]`).
  const type = e.constructor?.name && e.constructor.name !== 'Object' ? e.constructor.name : e.name || 'Error';
  const out: LoggedError = { type, message: e.message };
  if (typeof e.code === 'number' || typeof e.code === 'string') out.code = e.code;
  if (typeof e.status === 'number') out.status = e.status;
  if (typeof e.method === 'string') out.method = e.method.toUpperCase();
  if (typeof e.url === 'string') out.route = safeRoute(e.url);
  const fromDiscord = out.status !== undefined || out.route !== undefined;
  if (!fromDiscord && typeof e.stack === 'string') {
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
    if (frames.length > 0) out.stack = frames.join('\n');
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

export function createLogger(level: LevelWithSilent = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      name: 'zhanguo',
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError, error: serializeError },
      // Defence in depth: these keys never reach a log line, whatever the level.
      redact: {
        paths: [
          'token',
          '*.token',
          'DISCORD_TOKEN',
          '*.DISCORD_TOKEN',
          'headers.authorization',
          'requestBody',
          '*.requestBody',
          'rawError',
          '*.rawError',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** Logs order text at debug level only (never above: orders are secret until the phase resolves). */
export function logOrders(log: Logger, fields: Record<string, unknown>, orders: string, msg: string): void {
  if (log.isLevelEnabled('debug')) log.debug({ ...fields, orders }, msg);
}
