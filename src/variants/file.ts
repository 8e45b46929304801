/**
 * A variant file (docs/variants.md "Variant files"): one JSON document holding a variant's map data and, in
 * `geometry`, its drawing (province shapes or seed points, unit and label spots), with the powers' colours. It is
 * validated by the schema (src/variants/schema.ts) and built into a variant that plays by Classic rules (with the
 * file's build rule). Pure: the caller reads the file.
 */
import { finish, type ImportResult } from './import/result.js';

/** The text of a variant file as data, or its problems (each naming the province, power or path). */
export function readVariantFile(text: string, source: string): ImportResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [`${source}: not JSON: ${e instanceof Error ? e.message : String(e)}`] };
  }
  return finish(raw, []);
}
