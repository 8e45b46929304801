/**
 * The variant a render worker's job draws: a bundled variant loaded by id (configured for a game's options), or a
 * server's stored variant with its drawing (src/variants/stored.ts), from the texts the job carries or, when the pool
 * left them out, from the worker's own copy.
 */
import type { Variant } from '../engine/variant.js';
import { loadVariant } from '../variants/bundled.js';
import { drawnStoredVariant, isStoredVariantId } from '../variants/stored.js';
import type { StoredDrawing } from './worker-protocol.js';

export async function jobVariant(
  variantId: string,
  options: Record<string, string> | undefined,
  stored: StoredDrawing | undefined,
): Promise<Variant | string> {
  if (isStoredVariantId(variantId))
    return drawnStoredVariant(variantId, stored) ?? `stored variant "${variantId}" was not sent to the render worker`;
  const bundled = await loadVariant(variantId);
  if (!bundled) return `no bundled variant "${variantId}"`;
  // The copy a game's options make (`Variant.configure`, cached per set of options in this thread too).
  return options && bundled.configure ? bundled.configure(options) : bundled;
}
