/**
 * Turns validated variant data plus a rules module into a `Variant` (the bundled variants skip the validation at
 * start-up: src/variants/bundled.ts).
 */
import { variantDataSchema, type VariantData } from './schema.js';

export { buildVariant } from './bundled.js';

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
