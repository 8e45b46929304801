/**
 * The last step of every variant import (docs/variants.md "Variant files"), shared by `variants import` and a
 * server's `/variant add`: the powers' colours fitted to the map bars (src/render/palette-fit.ts, with a note for each
 * colour drawn differently), then the checks of `maps check` (the data's consistency and, for a drawn map, that its
 * drawing agrees with its adjacency). Pure and synchronous: the bot runs it in a worker thread.
 */
import { buildVariant } from '../variants/build.js';
import { checkVariantData } from '../variants/check.js';
import type { ImportResult } from '../variants/import/result.js';
import type { VariantData } from '../variants/schema.js';
import { checkGeometry } from './check.js';
import { fitPalette } from './palette-fit.js';

export type CheckedImport = { ok: true; data: VariantData; notes: string[] } | { ok: false; problems: string[] };

export function checkImport(result: ImportResult): CheckedImport {
  if (!result.ok) return result;
  const palette = fitPalette(result.data.powers, result.uncoloured);
  const data: VariantData = { ...result.data, powers: palette.powers };
  const variant = buildVariant(data);
  const problems = checkVariantData(variant);
  if (data.geometry) problems.push(...checkGeometry(variant));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, data, notes: [...result.notes, ...palette.notes] };
}
