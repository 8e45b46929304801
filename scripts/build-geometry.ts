/**
 * Writes every bundled variant's stored geometry, assets/geometry/<id>.bin (src/render/geometry-store.ts), from
 * its map data: `npm run -s geometry`. Run it after changing a variant's geometry (seed points, smoothing, the
 * provinces) or computeGeometry; test/render/geometry-store.test.ts fails until the files are regenerated.
 * `--check` writes nothing and exits 1 when a file is missing or differs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { computeGeometry, sitesOf } from '../src/render/geometry.js';
import { encodeGeometry, geometryInputHash, storedGeometryPath } from '../src/render/geometry-store.js';
import { allVariants } from '../src/variants/index.js';

const check = process.argv.includes('--check');
let stale = 0;
for (const variant of allVariants()) {
  const started = performance.now();
  const g = computeGeometry(variant.data);
  if (!g.ok) {
    process.stderr.write(`${variant.id}: no geometry (${g.error})\n`);
    continue;
  }
  const sites = sitesOf(variant.data);
  if (!sites.ok) throw new Error(sites.error); // computeGeometry would have failed first
  const bytes = encodeGeometry(g.geometry, geometryInputHash(variant.data, sites));
  const path = storedGeometryPath(variant.id);
  let old: Buffer | null = null;
  try {
    old = readFileSync(path);
  } catch {
    old = null;
  }
  const same = old?.equals(bytes);
  const ms = Math.round(performance.now() - started);
  if (same)
    process.stdout.write(`${variant.id}: up to date (${(bytes.length / 1024).toFixed(0)} KiB, computed in ${ms} ms)\n`);
  else if (check) {
    stale++;
    process.stdout.write(`${variant.id}: ${old ? 'differs' : 'missing'}: ${path}\n`);
  } else {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    process.stdout.write(
      `${variant.id}: wrote ${path} (${(bytes.length / 1024).toFixed(0)} KiB, computed in ${ms} ms)\n`,
    );
  }
}
if (check && stale > 0) {
  process.stderr.write('stored geometry is stale: run `npm run -s geometry`\n');
  process.exitCode = 1;
}
