/**
 * The fake Discord in a worker thread (see worker.ts), with a small promise API for benchmarks.
 */
import { Worker } from 'node:worker_threads';
import type { OptionValue } from './commands.js';
import type { FakeDiscordOptions } from './index.js';
import type { RequestLogEntry } from './model.js';
import type { RemoteCall } from './worker.js';

export interface RemoteReply {
  text: string;
  ephemeral: boolean;
  ackMs: number | null;
  deferred?: boolean;
  /** The URLs of the reply's link buttons (a single `slash`'s). */
  links?: string[];
}

export class RemoteFakeDiscord {
  private next = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  apiBase = '';
  token = '';
  guildId = '';

  private constructor(private readonly worker: Worker) {
    worker.on('message', (msg: { id: number; result?: unknown; error?: string }) => this.settle(msg));
    worker.on('error', (err) => {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    });
  }

  static async start(opts: FakeDiscordOptions): Promise<RemoteFakeDiscord> {
    // The worker is TypeScript too: a tiny bootstrap loads it through tsx's ESM API.
    const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
    const entry = JSON.stringify(new URL('./worker.ts', import.meta.url).href);
    const worker = new Worker(
      `import(${api}).then((tsx) => tsx.tsImport(${entry}, ${JSON.stringify(import.meta.url)}))`,
      { eval: true },
    );
    const remote = new RemoteFakeDiscord(worker);
    const info = (await remote.call({ method: 'start', args: [opts] })) as {
      apiBase: string;
      token: string;
      guildId: string;
    };
    Object.assign(remote, info);
    return remote;
  }

  slash(
    user: string,
    channel: string,
    command: string,
    options: Record<string, OptionValue> = {},
  ): Promise<RemoteReply> {
    return this.call({ method: 'slash', args: [user, channel, command, options] }) as Promise<RemoteReply>;
  }

  /** Dispatches all at once; resolves when each has been answered (deferred ones: edited). */
  burst(
    calls: { user: string; channel: string; command: string; options: Record<string, OptionValue> }[],
  ): Promise<RemoteReply[]> {
    return this.call({ method: 'burst', args: [calls] }) as Promise<RemoteReply[]>;
  }

  /** Resolves when a channel message starting with `prefix` and carrying an attachment exists. */
  waitForChannelMessage(channel: string, prefix: string, timeoutMs = 20_000): Promise<{ id: string; bytes: number }> {
    return this.call({ method: 'waitForChannelMessage', args: [channel, prefix, timeoutMs] }) as Promise<{
      id: string;
      bytes: number;
    }>;
  }

  channelId(name: string): Promise<string> {
    return this.call({ method: 'channelId', args: [name] }) as Promise<string>;
  }

  unexpectedErrors(): Promise<RequestLogEntry[]> {
    return this.call({ method: 'unexpectedErrors', args: [] }) as Promise<RequestLogEntry[]>;
  }

  async close(): Promise<void> {
    await this.call({ method: 'close', args: [] });
    await this.worker.terminate();
  }

  private call(call: RemoteCall): Promise<unknown> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, call });
    });
  }

  private settle(msg: { id: number; result?: unknown; error?: string }): void {
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.error !== undefined) p.reject(new Error(msg.error));
    else p.resolve(msg.result);
  }
}
