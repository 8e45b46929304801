/**
 * Validates variant data from outside the repository (`--variant-file`, `maps check`) and builds it into a `Variant`
 * (the bundled variants' files are stored valid and skip this at start-up: src/variants/define.ts).
 */
import type { z } from 'zod';
import { variantDataSchema, type VariantData } from './schema.js';
import { shownAdjacencyProblems } from './shown-adjacency.js';

export { buildVariant } from './define.js';

export class VariantDataError extends Error {
  /** One line per problem, each naming where it is (`province spa: kind: …`). */
  readonly problems: string[];
  constructor(source: string, problems: string[]) {
    super(`${source} is invalid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Validate raw JSON (e.g. `map.json`, a variant file); throws `VariantDataError` naming every bad path. */
export function parseVariantData(raw: unknown, source = 'variant data'): VariantData {
  const parsed = variantDataSchema.safeParse(raw);
  if (!parsed.success)
    throw new VariantDataError(
      source,
      parsed.error.issues.map((i) => describeIssue(raw, i)),
    );
  const adjacency = shownAdjacencyProblems(raw, parsed.data);
  if (adjacency.length > 0) throw new VariantDataError(source, adjacency);
  return parsed.data;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Where an issue is, in the words of the map: `provinces.12.kind` of the province with id `spa` reads
 * `province spa: kind`, `powers.2.color` reads `power Italy: color`, `geometry.shapes.lon` reads `geometry shapes: lon`.
 */
function describeIssue(raw: unknown, issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String);
  const [list, index, ...rest] = path;
  const items = isRecord(raw) ? raw[list ?? ''] : undefined;
  const item = Array.isArray(items) && index !== undefined ? items[Number(index)] : undefined;
  const field = rest.length > 0 ? `${rest.join('.')}: ` : '';
  if (list === 'provinces' && isRecord(item) && typeof item.id === 'string')
    return `province ${item.id}: ${field}${issue.message}`;
  if (list === 'powers' && isRecord(item) && typeof item.name === 'string')
    return `power ${item.name}: ${field}${issue.message}`;
  return `${path.join('.') || '(root)'}: ${issue.message}`;
}
