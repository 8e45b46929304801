/**
 * Replays for `/history replay`: made in the render worker (src/render/replay), kept in a cache per game
 * and phase range, and bounded so that no member can use them to slow the bot (abuse bars):
 *
 * - at most one replay being made per member and one per server at a time, and at most `maxConcurrent` in the whole
 *   bot; a request beyond that is refused at once with a sentence saying why (no queue to flood);
 * - every replay step waits behind every map in the render queue (pool.ts), so a game's results post never waits for
 *   more than the one step the worker is on;
 * - the member's `replay` budget (src/game/core/limits.ts) is spent by the router before the command runs.
 *
 * The cache: a replay depends only on its phases (resolved phases never change; a rollback makes new ones), the
 * palette, the width, the fog view and the reader's locale (its frames' titles and legend), so its key is made of those. Kept as files in `dir` when given (restart-safe: the index is
 * read back from the folder), else in memory; bounded by `maxBytes`, least recently used first out.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log.js';
import { msg } from '../i18n/index.js';
import { fail, type Refusal } from '../game/core/index.js';

/** Bumped when the replay's look changes, so cached replays of the old look are not served. */
export const REPLAY_FORMAT = 2;

export interface ReplayRequest {
  guildId: string;
  userId: string;
  /** What the replay is of: the phases (ids and when each was resolved), the palette and the width. */
  identity: string;
  /** Makes the GIF (in the render worker) when it is not cached. */
  make: () => Promise<Buffer>;
}

export type ReplayOutcome = { ok: true; gif: Buffer; cached: boolean } | Refusal;

export interface ReplayMakerOptions {
  /** Folder of the cache (default: memory only). */
  dir?: string | null;
  /** Cache bound in bytes (default 256 MiB on disk, 64 MiB in memory). */
  maxBytes?: number;
  /** Replays being made at once in the whole bot (default 2). */
  maxConcurrent?: number;
}

export interface ReplayMaker {
  replay(request: ReplayRequest): Promise<ReplayOutcome>;
  /** Replays being made now (tests, diagnostics). */
  readonly inProgress: number;
}

export const BUSY_USER = fail(msg('history.replay.busyUser'));
export const BUSY_SERVER = fail(msg('history.replay.busyServer'));
export const BUSY_BOT = fail(msg('history.replay.busyBot'));

export function createReplayMaker(log: Logger, options: ReplayMakerOptions = {}): ReplayMaker {
  const cache = new ReplayCache(options.dir ?? null, options.maxBytes ?? (options.dir ? 256 : 64) * 2 ** 20, log);
  const maxConcurrent = options.maxConcurrent ?? 2;
  const users = new Set<string>();
  const servers = new Set<string>();
  /** Replays being made, by key: a second request for the same one waits for it instead of making it again. */
  const making = new Map<string, Promise<Buffer>>();

  return {
    get inProgress() {
      return making.size;
    },
    async replay(request) {
      const key = createHash('sha256').update(`${REPLAY_FORMAT}|${request.identity}`).digest('hex').slice(0, 40);
      const kept = await cache.get(key);
      if (kept) return { ok: true, gif: kept, cached: true };
      const same = making.get(key);
      if (same)
        return same.then(
          (gif) => ({ ok: true as const, gif, cached: true }),
          (e: unknown) => failure(log, e),
        );
      if (users.has(request.userId)) return BUSY_USER;
      if (servers.has(request.guildId)) return BUSY_SERVER;
      if (making.size >= maxConcurrent) return BUSY_BOT;
      users.add(request.userId);
      servers.add(request.guildId);
      const started = performance.now();
      const job = request.make();
      making.set(key, job);
      try {
        const gif = await job;
        log.info({ ms: Math.round(performance.now() - started), bytes: gif.length }, 'replay made');
        await cache.put(key, gif);
        return { ok: true, gif, cached: false };
      } catch (e) {
        return failure(log, e);
      } finally {
        making.delete(key);
        users.delete(request.userId);
        servers.delete(request.guildId);
      }
    },
  };
}

function failure(log: Logger, e: unknown): ReplayOutcome {
  log.warn({ err: e }, 'replay could not be made');
  return fail(msg('history.replay.failed'));
}

/** Replays by key, in files or in memory, least recently used out first once over `maxBytes`. */
class ReplayCache {
  /** Key → size; insertion order is recency order. */
  private readonly index = new Map<string, number>();
  private readonly memory = new Map<string, Buffer>();
  private total = 0;
  private ready: Promise<void> | null = null;

  constructor(
    private readonly dir: string | null,
    private readonly maxBytes: number,
    private readonly log: Logger,
  ) {}

  async get(key: string): Promise<Buffer | null> {
    await this.load();
    const size = this.index.get(key);
    if (size === undefined) return null;
    this.index.delete(key);
    this.index.set(key, size);
    if (!this.dir) return this.memory.get(key) ?? null;
    try {
      return await readFile(this.file(key));
    } catch {
      this.forget(key);
      return null;
    }
  }

  async put(key: string, gif: Buffer): Promise<void> {
    if (gif.length > this.maxBytes) return;
    await this.load();
    if (this.index.has(key)) return;
    try {
      if (this.dir) {
        const temp = `${this.file(key)}.${process.pid}.part`;
        await writeFile(temp, gif);
        await rename(temp, this.file(key));
      } else this.memory.set(key, gif);
    } catch (e) {
      this.log.warn({ err: e }, 'replay cache: could not keep a replay');
      return;
    }
    this.index.set(key, gif.length);
    this.total += gif.length;
    while (this.total > this.maxBytes) {
      const oldest = this.index.keys().next().value!;
      this.forget(oldest);
      if (this.dir) await rm(this.file(oldest), { force: true }).catch(() => undefined);
    }
  }

  private forget(key: string): void {
    this.total -= this.index.get(key) ?? 0;
    this.index.delete(key);
    this.memory.delete(key);
  }

  private file(key: string): string {
    return join(this.dir!, `${key}.gif`);
  }

  /** The folder's replays, oldest used first (their modification time), read once. */
  private load(): Promise<void> {
    return (this.ready ??= (async () => {
      if (!this.dir) return;
      try {
        await mkdir(this.dir, { recursive: true });
        const names = (await readdir(this.dir)).filter((n) => /^[0-9a-f]{40}\.gif$/.test(n));
        const files = await Promise.all(
          names.map(async (n) => ({ key: n.slice(0, 40), ...(await stat(join(this.dir!, n))) })),
        );
        files.sort((a, b) => a.mtimeMs - b.mtimeMs);
        for (const f of files) {
          this.index.set(f.key, f.size);
          this.total += f.size;
        }
      } catch (e) {
        this.log.warn({ err: e, dir: this.dir }, 'replay cache: folder not usable; replays are made every time');
      }
    })());
  }
}
