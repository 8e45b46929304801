/**
 * The order pad's web server inside the bot's process (docs/pad.md): started by main.ts when `PUBLIC_URL` is set,
 * listening on `WEB_HOST:WEB_PORT` (127.0.0.1:8080 by default, behind the operator's TLS proxy). It keeps no session
 * of its own: every answer is read from the shared store, so any process of the bot serves any game's pad.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { GameDeps } from '../game/core/index.js';
import type { Logger } from '../log.js';
import type { ActivityConfig } from './activity.js';
import { warmPageParts } from '../render/index.js';
import { padApp } from './app.js';
import type { WebLimits } from './limits.js';

export interface WebServerOptions {
  deps: GameDeps;
  log: Logger;
  key: Buffer;
  port: number;
  host: string;
  activity?: ActivityConfig | null;
  limits?: Partial<WebLimits>;
  /**
   * Warm the pad maps' worker once listening (src/render/index.ts `warmPageParts`), as the bot warms its maps worker:
   * `npm start` does; tests that start many servers need not.
   */
  warm?: boolean;
}

export interface RunningWebServer {
  /** The port it listens on (the one asked for, or the one the system chose for port 0). */
  port: number;
  close(): Promise<void>;
}

export async function startWebServer(opts: WebServerOptions): Promise<RunningWebServer> {
  const app = await padApp(opts);
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: opts.port, hostname: opts.host }, () => resolve(s));
    s.once('error', reject);
  });
  // A slow or idle client never holds a socket for long.
  if ('requestTimeout' in server) {
    server.requestTimeout = 15_000;
    server.headersTimeout = 10_000;
    server.keepAliveTimeout = 5_000;
  }
  const port = (server.address() as AddressInfo).port;
  opts.log.info({ host: opts.host, port, activity: Boolean(opts.activity) }, 'order pad listening');
  if (opts.warm)
    void warmPageParts().then((problems) => {
      for (const problem of problems) opts.log.warn({ problem }, 'order pad map problem');
    });
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
