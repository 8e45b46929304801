/**
 * The discord.js client: only the Guilds intent (slash commands arrive as interactions; DMs are sent, not
 * read). `apiBase` points REST, and with it gateway discovery, elsewhere (a proxy, or the test stand-in).
 * Under the ShardingManager (`SHARDS=…`, see src/shard.ts) discord.js gives the client its shard from the
 * environment, and the client then only receives its own guilds.
 */
import { Client, Events, GatewayIntentBits } from 'discord.js';
import type { Logger } from '../log.js';

export interface ClientOptions {
  apiBase?: string;
  /** @discordjs/rest's client-side global limit (Discord's is 50/s; benchmarks against the stand-in raise it). */
  globalRequestsPerSecond?: number;
}

export function createClient(opts: ClientOptions = {}): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: {
      ...(opts.apiBase ? { api: opts.apiBase } : {}),
      ...(opts.globalRequestsPerSecond ? { globalRequestsPerSecond: opts.globalRequestsPerSecond } : {}),
    },
  });
}

/** Logs in and resolves once the client is ready (guilds received). */
export async function loginAndWait(client: Client, token: string): Promise<void> {
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(token);
  await ready;
}

export interface RetryOptions {
  log: Logger;
  /** First wait after a failed attempt (default 1 s); doubled after each failure up to `maxDelayMs`. */
  firstDelayMs?: number;
  /** Longest wait between attempts (default 60 s). */
  maxDelayMs?: number;
  /** Give up after this many attempts (default: never). */
  maxAttempts?: number;
  /** Stops the retrying (shutdown while still waiting for Discord). */
  signal?: AbortSignal;
  /** What is being attempted, for the log lines (default "log in to Discord"). */
  what?: string;
}

/** Discord refused us (bad token, missing access): retrying cannot help. */
export function isPermanentLoginError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  const status = (err as { status?: unknown }).status;
  if (code === 'TokenInvalid' || code === 'DisallowedIntents') return true;
  if (typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429) return true;
  return (
    /token/i.test(`${err.name} ${err.message}`) &&
    !/fetch failed|ECONN|ENOTFOUND|EAI_AGAIN|timed? ?out/i.test(err.message)
  );
}

/** A short reason for a log line: the network error code when there is one (never a request or response body). */
export function failureReason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: unknown }).cause;
  const code = (cause as { code?: unknown } | undefined)?.code ?? (err as { code?: unknown }).code;
  const status = (err as { status?: unknown }).status;
  return [
    typeof code === 'string' || typeof code === 'number' ? String(code) : null,
    typeof status === 'number' ? `HTTP ${status}` : null,
    err.message.split('\n')[0],
  ]
    .filter(Boolean)
    .join(' ');
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * Runs `attempt` until it succeeds, waiting 1 s, 2 s, 4 s … (up to `maxDelayMs`, with ±20 % jitter so a fleet of
 * shards does not retry in step) between failures, and logging each failed attempt at warn with the reason and
 * the wait. A permanent refusal (bad token) is thrown at once; so is the last failure after `maxAttempts`.
 */
export async function withRetry<T>(attempt: (n: number) => Promise<T>, opts: RetryOptions): Promise<T> {
  const first = opts.firstDelayMs ?? 1000;
  const max = opts.maxDelayMs ?? 60_000;
  const what = opts.what ?? 'log in to Discord';
  for (let n = 1; ; n++) {
    try {
      const result = await attempt(n);
      if (n > 1) opts.log.info({ attempt: n }, `${what}: succeeded after ${n - 1} failed attempt${n > 2 ? 's' : ''}`);
      return result;
    } catch (err) {
      if (
        isPermanentLoginError(err) ||
        (opts.maxAttempts !== undefined && n >= opts.maxAttempts) ||
        opts.signal?.aborted
      )
        throw err;
      const base = Math.min(max, first * 2 ** (n - 1));
      const delayMs = Math.round(base * (0.8 + Math.random() * 0.4));
      opts.log.warn(
        { attempt: n, retryInMs: delayMs, reason: failureReason(err) },
        `cannot ${what} (Discord unreachable?); retrying`,
      );
      await sleep(delayMs, opts.signal);
      if (opts.signal?.aborted) throw err;
    }
  }
}
