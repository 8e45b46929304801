/**
 * The order pad's page bundle (docs/pad.md "The page"): src/web/page/main.ts and pad.css through esbuild for the
 * browser, minified, with content-hashed names; the Embedded App SDK in a chunk of its own that only the Activity
 * loads. `scripts/dist.mjs build` writes it to dist/web/; the web server, run from the sources (tests, `npm run
 * dev`), builds it in memory with the same options. No side effects on import.
 */
import { join, relative } from 'node:path';

/** esbuild's options for the page (`write: false` keeps the files in memory). */
export function pageBuildOptions(root, outdir) {
  return {
    absWorkingDir: root,
    entryPoints: { pad: 'src/web/page/main.ts', style: 'src/web/page/pad.css' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome100', 'safari15', 'firefox100'],
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
  };
}

/**
 * Builds the page: `{ files: Map<name, bytes>, script, style }` with names relative to the output folder
 * (`pad-AB12.js`, `chunks/…`), `script` and `style` the entries' names. Written to `outdir` unless `write` is false.
 */
export async function buildPage(root, outdir, write = true) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({ ...pageBuildOptions(root, outdir), write });
  const files = new Map();
  const names = {};
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    const name = relative(outdir, join(root, out)).split('\\').join('/');
    if (meta.entryPoint?.endsWith('main.ts')) names.script = name;
    if (meta.entryPoint?.endsWith('pad.css')) names.style = name;
  }
  for (const file of result.outputFiles ?? [])
    files.set(relative(outdir, file.path).split('\\').join('/'), Buffer.from(file.contents));
  return { files, script: names.script, style: names.style };
}
