/**
 * vitest's globalSetup for PostgreSQL (test/support/postgres.ts): a loopback broker (test/support/broker.ts) in the
 * main process that starts the run's one server on the first `GET /server` (a test file that needs PostgreSQL asks;
 * no other run starts it) and answers its administrator URL, or the reason it could not start. The server is stopped
 * and its folder removed when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { startBroker } from './broker.js';
import { startPostgresServer } from './postgres-server.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const broker = await startBroker('/server', startPostgresServer, (server) => ({ url: server.url }));
  project.provide('postgresBroker', broker.url);
  return async () => {
    await broker.close();
    await (await broker.made())?.stop();
  };
}
