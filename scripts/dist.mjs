#!/usr/bin/env node
/**
 * The compiled build (docs/architecture.md "Build, start-up and logs"). `node scripts/dist.mjs build` bundles src/
 * into dist/ with esbuild; `node scripts/dist.mjs run <entry> [args…]` compiles first when dist/ is missing or
 * older than any source file, then runs dist/<entry> in this same process (so `npm start` and `npm run -s cli`
 * start Node once). Compiler output goes to stderr only: the CLI's stdout stays pure JSON.
 *
 * Plain JavaScript on purpose: it runs before anything is compiled.
 */
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildPage } from './page.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
const DIST = join(ROOT, 'dist');
/** Written after every successful build; its time is the build's time. */
const STAMP = join(DIST, '.build-stamp');
const INPUTS = ['package.json', 'package-lock.json', 'scripts/dist.mjs', 'scripts/page.mjs'].map((f) => join(ROOT, f));

/** Newest modification time (ms) of the files under `dir`. */
function newestUnder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestUnder(path));
    else newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Why dist/ must be rebuilt, or null when it is up to date. */
export function staleReason() {
  if (!existsSync(STAMP)) return 'dist/ has not been built';
  const built = statSync(STAMP).mtimeMs;
  if (newestUnder(SRC) > built) return 'src/ changed since the last build';
  if (INPUTS.some((f) => existsSync(f) && statSync(f).mtimeMs > built)) return 'the build configuration changed';
  return null;
}

/**
 * zod re-exports ~40 translations of its error messages (`z.locales`), 400 kB the CLI would parse at every start
 * though it only ever uses English (the default zod configures itself). The CLI bundle gets English alone.
 */
const englishOnlyZod = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'zod-english-only' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: ROOT,
    }));
  },
};

/**
 * The bundles: the bot (also each shard's process), the render and computer-player workers it starts, and the
 * offline CLI. The bot bundles its pure-JavaScript packages too (discord.js, undici, zod, drizzle…): one file to
 * read and compile instead of some 600 modules resolved one by one, which saves about a third of its start-up.
 * Native packages,
 * pino (its transports load files by path) and the optional native helpers of discord.js and ws stay in
 * node_modules. The CLI bundles its pure-JavaScript packages (zod) so it starts fast, and keeps the renderer in
 * a chunk of its own that only `render` loads.
 */
const BOT_EXTERNAL = [
  'better-sqlite3',
  '@napi-rs/canvas',
  'pino',
  'zlib-sync',
  'bufferutil',
  'utf-8-validate',
  'erlpack',
];
const BUNDLES = [
  {
    // render/map-job: loaded by the worker on its first whole-map job (variants, engine, scene building).
    // render/replay-job: loaded by the worker on its first replay step (src/render/replay).
    // game/ai-pool/worker: the computer players' worker thread (src/game/ai-pool/pool.ts).
    // game/variant-import-worker: `/variant add`'s imports (src/game/variant-library/import-pool.ts).
    // store/checkpoint-worker: an on-disk SQLite database's WAL checkpoints (src/store/checkpoint.ts).
    entryPoints: {
      main: 'src/main.ts',
      'render/worker': 'src/render/worker.ts',
      'render/map-job': 'src/render/map-job.ts',
      'render/replay-job': 'src/render/replay/job.ts',
      'game/ai-pool/worker': 'src/game/ai-pool/worker.ts',
      'game/variant-import-worker': 'src/game/variant-library/import-worker.ts',
      'store/checkpoint-worker': 'src/store/checkpoint-worker.ts',
    },
    outdir: 'dist',
    external: BOT_EXTERNAL,
    plugins: [englishOnlyZod],
  },
  {
    entryPoints: { main: 'src/cli/main.ts', 'adjudicate-worker': 'src/cli/commands/adjudicate-worker.ts' },
    outdir: 'dist/cli',
    splitting: true,
    external: ['@napi-rs/canvas', 'better-sqlite3', 'd3-delaunay', 'discord.js', 'pino'],
    plugins: [englishOnlyZod],
  },
];

/** One bundle of BUNDLES, written under `outdir`; `entryPoints` adds entries to it. */
async function bundle(esbuild, spec, outdir, entryPoints = {}) {
  await esbuild.build({
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    chunkNames: 'chunks/[name]-[hash]',
    // Bundled CommonJS packages may call require(): give ESM output one.
    banner: {
      js: "import { createRequire as __zhanguoRequire } from 'node:module'; const require = __zhanguoRequire(import.meta.url);",
    },
    ...spec,
    entryPoints: { ...spec.entryPoints, ...entryPoints },
    outdir,
  });
}

/**
 * The bot's bundle (its workers included) with more entries beside `main`, written to `outdir`: the tests' bot child
 * (test/support/bot-build.ts). The workers are found at `<project root>/dist/…` (src/worker-thread.ts), so `outdir`
 * is the `dist` folder of a root with the project's package.json.
 */
export async function buildBot(outdir, entryPoints) {
  await bundle(await import('esbuild'), BUNDLES[0], outdir, entryPoints);
}

/** The order pad's page (docs/pad.md), for browsers, into `<dist>/web/` with the names the bot serves it by. */
export async function buildPadPage(dist) {
  const page = await buildPage(ROOT, join(dist, 'web'));
  writeFileSync(join(dist, 'web', 'entries.json'), `${JSON.stringify({ script: page.script, style: page.style })}\n`);
}

/** Compiles src/ to dist/ (esbuild; type checking is `npm run typecheck` and the tests); returns an exit code. */
export async function build() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    process.stderr.write(
      'build: esbuild is not installed (run `npm ci`, which installs the build tools, or build elsewhere and copy dist/)\n',
    );
    return 1;
  }
  const started = Date.now();
  rmSync(DIST, { recursive: true, force: true });
  try {
    for (const spec of BUNDLES) await bundle(esbuild, spec, join(ROOT, spec.outdir));
    await buildPadPage(DIST);
  } catch (e) {
    process.stderr.write(
      `build: failed (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); dist/ is not usable\n`,
    );
    return 1;
  }
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  process.stderr.write(`build: compiled src/ to dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return 0;
}

/** Builds when stale; false when a build was needed and failed (a stale but existing dist/ is still usable). */
export async function ensureBuilt() {
  const why = staleReason();
  if (!why) return true;
  process.stderr.write(`build: ${why}; compiling…\n`);
  return (await build()) === 0;
}

async function main() {
  const [command, entry, ...args] = process.argv.slice(2);
  if (command === 'build') {
    process.exitCode = await build();
    return;
  }
  if (command === 'check') {
    const why = staleReason();
    process.stderr.write(why ? `dist/ is stale: ${why}\n` : 'dist/ is up to date\n');
    process.exitCode = why ? 1 : 0;
    return;
  }
  if (command === 'run' && entry) {
    const target = join(DIST, entry);
    if (!(await ensureBuilt()) && !existsSync(target)) {
      process.exitCode = 1;
      return;
    }
    // The entry sees itself as the program (`node dist/cli/main.js …`).
    process.argv = [process.argv[0], target, ...args];
    await import(pathToFileURL(target).href);
    return;
  }
  process.stderr.write('usage: node scripts/dist.mjs build | check | run <entry under dist/> [args…]\n');
  process.exitCode = 2;
}

// Run as a program (`node scripts/dist.mjs …`), not when imported for `buildBot`.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
