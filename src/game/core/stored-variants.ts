/**
 * A stored variant in this process: loaded from `variant_files` the first time a game, a sandbox or a command of
 * this process needs it (src/variants/stored.ts keeps it afterwards). The one function that reads it,
 * `storedVariantOrLoad`, is what `variantOfGame` (src/game/core/variant-of-game.ts) asks; inside a transaction it throws
 * `PrepareAndRetry` and the store loads the variant and runs the transaction again.
 */
import { eq } from 'drizzle-orm';
import type { Variant } from '../../engine/variant.js';
import { variantFiles } from '../../store/schema.js';
import { first, PrepareAndRetry, type Store } from '../../store/store.js';
import { isStoredVariantId, loadStoredVariant, storedVariant } from '../../variants/stored.js';

/** Ids asked for that the store does not hold (a typed id), until when: asked again after that, the store is read again. */
const missing = new Map<string, number>();
const MISSING_KEPT_MS = 60_000;

/**
 * The stored variant `id` (undefined for an id that is not a stored variant's, or that the store does not hold);
 * throws `PrepareAndRetry` when this process has not loaded it yet (the store loads it: `loadStoredVariantFrom`).
 */
export function storedVariantOrLoad(id: string): Variant | undefined {
  if (!isStoredVariantId(id)) return undefined;
  const loaded = storedVariant(id);
  if (loaded) return loaded;
  if ((missing.get(id) ?? 0) > Date.now()) return undefined;
  throw new PrepareAndRetry(`stored variant ${id}`, (store) => loadStoredVariantFrom(store, id));
}

/**
 * Reads stored variant `id` into this process, in a read-only transaction of its own (the one that asked for it, through
 * `PrepareAndRetry`, was rolled back first); notes it missing when the store lacks it.
 */
export async function loadStoredVariantFrom(store: Store, id: string): Promise<void> {
  const row = await store.transaction(
    async (tx) => first(await tx.select().from(variantFiles).where(eq(variantFiles.id, id)).limit(1)),
    { write: false },
  );
  if (!row) {
    missing.set(id, Date.now() + MISSING_KEPT_MS);
    return;
  }
  missing.delete(id);
  loadStoredVariant(row);
}
