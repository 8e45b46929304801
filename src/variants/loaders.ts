/**
 * The bundled variants, each loaded on first use (dynamic imports: in the compiled CLI every variant is a chunk
 * of its own, so adjudicating Classic never reads Warhammer's map). The bot and the tests use the eager registry
 * (src/variants/index.ts), which lists the same ids in the same order (test/variants/bundled.test.ts).
 */
import type { Variant } from '../engine/variant.js';

const LOADERS: Record<string, () => Promise<Variant>> = {
  classic: async () => (await import('./classic/index.js')).classic,
  'warring-states': async () => (await import('./warring-states/index.js')).warringStates,
  'mandate-of-heaven': async () => (await import('./mandate-of-heaven/index.js')).mandateOfHeaven,
  warhammer: async () => (await import('./warhammer/index.js')).warhammer,
};

/** The ids of the bundled variants. */
export const BUNDLED_VARIANT_IDS: readonly string[] = Object.keys(LOADERS);

/** The bundled variant `id` (any case), loaded now if it was not yet; undefined for an id no variant has. */
export async function loadVariant(id: string): Promise<Variant | undefined> {
  const loader = Object.hasOwn(LOADERS, id.toLowerCase()) ? LOADERS[id.toLowerCase()] : undefined;
  return loader ? loader() : undefined;
}
