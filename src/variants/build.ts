/**
 * Validates variant data from outside the repository (`--variant-file`, `maps check`) and builds it into a `Variant`
 * (the bundled variants' files are stored valid and skip this at start-up: src/variants/define.ts).
 */
import { variantDataSchema, type VariantData } from './schema.js';

export { buildVariant } from './define.js';

export class VariantDataError extends Error {}

/** Validate raw JSON (e.g. `map.json`); throws `VariantDataError` naming every bad path. */
export function parseVariantData(raw: unknown, source = 'variant data'): VariantData {
  const parsed = variantDataSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new VariantDataError(`${source} is invalid:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
