/**
 * vitest's globalSetup for PostgreSQL (test/support/postgres.ts): a small loopback HTTP broker in the main process
 * that starts the run's one server on the first `GET /server` (a test file that needs PostgreSQL asks; no other
 * run starts it) and answers its administrator URL, or the reason it could not start. The server is stopped and its
 * folder removed when the run ends.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startPostgresServer, type PostgresServer } from './postgres-server.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let started: Promise<PostgresServer> | undefined;
  const broker = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/server') {
      res.writeHead(404).end();
      return;
    }
    started ??= startPostgresServer();
    started.then(
      (server) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: server.url })),
      (err: unknown) =>
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: err instanceof Error ? err.message : String(err) })),
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  project.provide('postgresBroker', `http://127.0.0.1:${(broker.address() as AddressInfo).port}`);
  return async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    const server = await started?.catch(() => undefined);
    await server?.stop();
  };
}
