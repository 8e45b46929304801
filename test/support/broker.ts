/**
 * A loopback HTTP broker for vitest's globalSetup: `GET <path>` makes its thing on the first ask (once per run, and
 * only in a run whose files ask) and answers it as JSON, or `{ error }` with status 500 when it could not be made.
 * The test workers ask it over HTTP because a globalSetup runs in vitest's main process, apart from them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Broker<T> {
  /** Where the broker listens (`http://127.0.0.1:<port>`). */
  url: string;
  /** What was made, if anything was asked for (undefined otherwise, or when making it failed). */
  made(): Promise<T | undefined>;
  close(): Promise<void>;
}

export async function startBroker<T>(
  path: string,
  make: () => Promise<T>,
  answer: (made: T) => object,
): Promise<Broker<T>> {
  let making: Promise<T> | undefined;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== path) {
      res.writeHead(404).end();
      return;
    }
    making ??= make();
    making.then(
      (made) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(made))),
      (err: unknown) =>
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: err instanceof Error ? err.message : String(err) })),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    made: async () => await making?.catch(() => undefined),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
