/**
 * vitest's globalSetup for the bot children of the crash tests and of `npm start`'s test (test/support/bot-build.ts): a
 * loopback broker (test/support/broker.ts) in the main process that compiles test/support/bot-process.ts with the
 * bot's bundle (scripts/dist.mjs `buildBot`: `main.js` and the workers beside it) and the order pad's page on the first
 * `GET /bot-process` and answers the compiled file's path, or why it could not be compiled; once per run, and only in
 * a run that starts a bot child. The folder is removed when the run ends.
 *
 * The folder is laid out as the project is (package.json, assets, migrations, node_modules beside `dist`): the
 * compiled bot finds its workers, fonts, maps and migrations from the root above its `dist` (src/paths.ts).
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBroker } from './broker.js';

const ROOT = resolve(import.meta.dirname, '../..');
const LINKED = ['package.json', 'assets', 'migrations', 'node_modules', 'scripts'];

async function compile(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'zhanguo-bot-build-'));
  for (const name of LINKED) symlinkSync(join(ROOT, name), join(root, name));
  const { buildBot, buildPadPage } = (await import(join(ROOT, 'scripts/dist.mjs'))) as {
    buildBot(outdir: string, entryPoints: Record<string, string>): Promise<void>;
    buildPadPage(dist: string): Promise<void>;
  };
  await buildBot(join(root, 'dist'), { 'bot-process': 'test/support/bot-process.ts' });
  await buildPadPage(join(root, 'dist')); // the compiled bot serves the order pad from dist/web (npm start's main.js)
  return root;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const broker = await startBroker('/bot-process', compile, (root) => ({ path: join(root, 'dist', 'bot-process.js') }));
  project.provide('botBuildBroker', broker.url);
  return async () => {
    await broker.close();
    const root = await broker.made();
    if (root) rmSync(root, { recursive: true, force: true });
  };
}
