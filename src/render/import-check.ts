/**
 * The last step of every variant import (docs/variants.md "Variant files"), shared by `variants import` and a
 * server's `/variant add`: the powers' colours fitted to the map bars (src/render/palette-fit.ts, with a note for each
 * colour drawn differently), then the checks of `maps check` (the data's consistency and, for a drawn map, that its
 * drawing agrees with its adjacency), then the size of a drawn map's labels (`importLabelSize`). Pure and
 * synchronous: the bot runs it in a worker thread.
 */
import type { Variant } from '../engine/variant.js';
import { buildVariant } from '../variants/build.js';
import { variantDataProblems } from '../variants/check.js';
import type { ImportResult } from '../variants/import/result.js';
import type { VariantData } from '../variants/schema.js';
import { buildScene } from './build-scene.js';
import { checkGeometry } from './check.js';
import { fitPalette } from './palette-fit.js';

export type CheckedImport = { ok: true; data: VariantData; notes: string[] } | { ok: false; problems: string[] };

export function checkImport(result: ImportResult): CheckedImport {
  if (!result.ok) return result;
  const palette = fitPalette(result.data.powers, result.uncoloured);
  const data: VariantData = { ...result.data, powers: palette.powers };
  const problems = checkVariant(buildVariant(data));
  if (problems.length > 0) return { ok: false, problems };
  const labelSize = importLabelSize(data);
  const sized = labelSize && data.geometry ? { ...data, geometry: { ...data.geometry, labelSize } } : data;
  return { ok: true, data: sized, notes: [...result.notes, ...palette.notes] };
}

/** Label heights an import tries, largest first, in px at 1600 px wide (docs/render.md, `geometry.labelSize`). */
const IMPORT_LABEL_SIZES = [20, 18, 16];
/** The share of labels that must stand inside their province at a size (Classic's codes at 20 px: 61 of 76). */
const INSIDE_SHARE = 0.8;

/**
 * The label size for an imported drawing that names none: the largest of `IMPORT_LABEL_SIZES` at which at least
 * `INSIDE_SHARE` of the starting board's labels stand inside their province, so they read at Discord's 550 px preview
 * (the renderer's default, 14 px, is 4.8 px there); none where even the smallest leaves too many beside their province.
 */
export function importLabelSize(data: VariantData): number | undefined {
  const geometry = data.geometry;
  if (!geometry || geometry.labelSize !== undefined) return undefined;
  for (const labelSize of IMPORT_LABEL_SIZES) {
    const variant = buildVariant({ ...data, geometry: { ...geometry, labelSize } });
    const built = buildScene(variant, variant.startingPosition());
    if (!built.ok) return undefined;
    const { labels } = built.scene;
    if (labels.filter((l) => l.inside).length >= INSIDE_SHARE * labels.length) return labelSize;
  }
  return undefined;
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
