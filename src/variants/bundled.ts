/**
 * The bundled variants: one list, each entry its folder's definition (src/variants/define.ts), loaded on first use.
 * The registry (src/variants/index.ts) loads them all at start-up; the CLI and the render workers load only the one
 * a job names (dynamic imports: in the compiled CLI every variant is a chunk of its own, so adjudicating Classic
 * never reads Warhammer's map). Adding a variant is adding its folder and its line here.
 */
import type { Variant } from '../engine/variant.js';
import type { VariantDefinition } from './define.js';

const BUNDLED: Record<string, () => Promise<{ default: VariantDefinition }>> = {
  classic: () => import('./classic/index.js'),
  'warring-states': () => import('./warring-states/index.js'),
  'mandate-of-heaven': () => import('./mandate-of-heaven/index.js'),
  warhammer: () => import('./warhammer/index.js'),
};

/** The ids of the bundled variants, in the registry's order. */
export const BUNDLED_VARIANT_IDS: readonly string[] = Object.keys(BUNDLED);

/** The definition of bundled variant `id` (any case), loaded now if it was not yet; undefined for an unknown id. */
export async function loadDefinition(id: string): Promise<VariantDefinition | undefined> {
  const key = id.toLowerCase();
  const load = Object.hasOwn(BUNDLED, key) ? BUNDLED[key] : undefined;
  return load ? (await load()).default : undefined;
}

/** The bundled variant `id` (any case), loaded now if it was not yet; undefined for an id no variant has. */
export async function loadVariant(id: string): Promise<Variant | undefined> {
  return (await loadDefinition(id))?.variant;
}
