/**
 * The command-line end of the seeded-geometry builders (build-ws-geometry.ts, build-moh-geometry.ts): build,
 * report the repairs and any problem left on stderr, and (unless `--dry` is given) write the variant's
 * `geometry.json` with its label spots.
 */
import { writeGeometryFile } from './geometry-file.js';
import { labelSpots } from './label-spots.js';
import { buildSeededGeometry, type SeededGeometryOptions } from './seeded-geometry.js';

export function buildAndWriteGeometry(opts: Omit<SeededGeometryOptions, 'log'>, out: string): void {
  const t0 = performance.now();
  const built = buildSeededGeometry({ ...opts, log: (line) => console.error(line) });
  console.error(
    `${built.repairs} repairs in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${built.problems.length} problems left`,
  );
  for (const p of built.problems) console.error(`  ${p}`);
  if (process.argv.includes('--dry')) return;
  const { variant } = opts;
  const labels = labelSpots(variant, { ...variant.data, geometry: built.geometry });
  writeGeometryFile(out, { ...built.geometry, labels });
  console.error(`wrote ${out}`);
}
