/**
 * Writes a bundled variant's `geometry.json` as the schema outputs it (its key order and defaults), so the variant
 * loads it as it is, without zod (src/variants/define.ts); the label and legend sizes the file already has
 * (docs/render.md "Labels") are kept when the new geometry gives none.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { geometrySchema } from '../../variants/schema.js';

export function writeGeometryFile(path: string, geometry: Record<string, unknown>): void {
  const previous = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
  const sizes = Object.fromEntries(
    (['labelSize', 'labelMinSize', 'legendSize'] as const).flatMap((k) => {
      const size = geometry[k] ?? previous[k];
      return size !== undefined ? [[k, size]] : [];
    }),
  );
  const parsed = geometrySchema.parse({ ...geometry, ...sizes });
  writeFileSync(path, `${JSON.stringify(parsed)}\n`);
}
