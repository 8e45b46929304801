/**
 * The last step of every variant import (docs/variants.md "Variant files"), shared by `variants import` and a
 * server's `/variant add`: the powers' colours fitted to the map bars (src/render/palette-fit.ts, with a note for each
 * colour drawn differently), then the checks of `maps check` (the data's consistency and, for a drawn map, that its
 * drawing agrees with its adjacency). Pure and synchronous: the bot runs it in a worker thread.
 */
import type { Variant } from '../engine/variant.js';
import { buildVariant } from '../variants/build.js';
import { variantDataProblems } from '../variants/check.js';
import type { ImportResult } from '../variants/import/result.js';
import type { VariantData } from '../variants/schema.js';
import { checkGeometry } from './check.js';
import { fitPalette } from './palette-fit.js';

export type CheckedImport = { ok: true; data: VariantData; notes: string[] } | { ok: false; problems: string[] };

export function checkImport(result: ImportResult): CheckedImport {
  if (!result.ok) return result;
  const palette = fitPalette(result.data.powers, result.uncoloured);
  const data: VariantData = { ...result.data, powers: palette.powers };
  const problems = checkVariant(buildVariant(data));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, data, notes: [...result.notes, ...palette.notes] };
}

/**
 * The checks of `maps check` on one variant (docs/cli.md), the one implementation that `maps check`, every import and
 * every `--variant-file` run: its data's consistency, then, for a drawn map, that its drawing agrees with its
 * adjacency. The drawing is compared only with sound provinces, moves and links: a province given twice or a move to
 * no province would come back as borders drawn wrong ("hills and hills share a drawn border"), naming the data's
 * problem again, wrongly.
 */
export function checkVariant(variant: Variant): string[] {
  const { map, other } = variantDataProblems(variant);
  const drawing = map.length === 0 && variant.data.geometry ? checkGeometry(variant) : [];
  return [...map, ...other, ...drawing];
}
