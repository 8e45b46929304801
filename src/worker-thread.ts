/**
 * Starts a module of the project as a worker thread, from the compiled build or from the TypeScript sources.
 * The compiled bot (dist/) starts the compiled module with plain Node; from the sources (tests, `npm run dev`)
 * a bootstrap registers tsx's loader first (tsx is a development dependency). The render worker pool and the
 * computer players' pool both start their worker here.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PROJECT_ROOT, RUNNING_FROM_SOURCE } from './paths.js';

const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
(workerData.tsx ? import(workerData.tsx).then((m) => m.register()) : Promise.resolve())
  .then(() => import(workerData.entry));
`;

/**
 * A worker running `compiled` (a path under dist/, e.g. `render/worker.js`) in the build, or `source` (the
 * module's .ts file) from the sources. Throws when a worker cannot be made; the caller decides the fall-back.
 */
export function startModuleWorker(compiled: string, source: URL): Worker {
  let entry = pathToFileURL(join(PROJECT_ROOT, 'dist', compiled)).href;
  let tsx: string | null = null;
  if (RUNNING_FROM_SOURCE) {
    entry = source.href;
    // tsx's ESM API (package export `tsx/esm/api`, import condition).
    const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
    tsx = pathToFileURL(join(dirname(pkg), 'dist', 'esm', 'api', 'index.mjs')).href;
  }
  return new Worker(BOOTSTRAP, { eval: true, workerData: { entry, tsx } });
}
