/**
 * What an import gives: a variant file (map data and its drawing, docs/variants.md) with notes for the person
 * importing it, or the problems, one line each, that stop it. Validated by the same schema as every variant file.
 */
import { parseVariantData, VariantDataError } from '../build.js';
import type { VariantData } from '../schema.js';

export type ImportResult =
  | {
      ok: true;
      data: VariantData;
      notes: string[];
      /** Powers whose colour the source does not give (a placeholder stands in their data). */
      uncoloured: string[];
    }
  | { ok: false; problems: string[] };

/** The imported data through the variant-file schema (defaults filled in), or its problems. */
export function finish(data: unknown, notes: string[], uncoloured: string[] = []): ImportResult {
  try {
    return { ok: true, data: parseVariantData(data, 'the imported variant'), notes, uncoloured };
  } catch (e) {
    if (e instanceof VariantDataError) return { ok: false, problems: e.problems };
    throw e;
  }
}
