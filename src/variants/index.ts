/**
 * The variant registry: every variant the bot and the tests know, each with its plug-in (what it contributes above
 * the engine, src/variants/plugin). The bundled ones come from the one list in src/variants/bundled.ts, all loaded
 * here at start-up; a test may register more with `registerVariant`. The layers above the engine find a variant and
 * its plug-in only through here.
 */
import type { Variant } from '../engine/variant.js';
import { BUNDLED_VARIANT_IDS, loadDefinition } from './bundled.js';
import type { AnyPlugin, VariantDefinition } from './define.js';
import { PLAIN, type VariantPlugin } from './plugin/index.js';
import { storedVariant } from './stored.js';

export type { AnyPlugin } from './define.js';

const BUNDLED: readonly VariantDefinition[] = await Promise.all(
  BUNDLED_VARIANT_IDS.map(async (id) => (await loadDefinition(id))!),
);

const registry: VariantDefinition[] = [...BUNDLED];

/**
 * Registers a variant (a test's own, or one loaded at start-up) with its plug-in; it is then found by id like a
 * bundled one and offered by `/game create`. Registering an id again replaces the earlier entry.
 */
export function registerVariant(variant: Variant, plugin: AnyPlugin = PLAIN): void {
  const i = registry.findIndex((r) => r.variant.id === variant.id);
  if (i >= 0) registry[i] = { variant, plugin };
  else registry.push({ variant, plugin });
}

/** Removes a registered variant that is not bundled (tests clean up after themselves). */
export function unregisterVariant(id: string): void {
  if (BUNDLED.some((r) => r.variant.id === id)) return;
  const i = registry.findIndex((r) => r.variant.id === id);
  if (i >= 0) registry.splice(i, 1);
}

export const variantIds = (): string[] => registry.map((r) => r.variant.id);

/** A registered variant by id, or a stored one (a server's, src/variants/stored.ts) once this thread has loaded it. */
export function getVariant(id: string): Variant | undefined {
  const key = String(id).toLowerCase();
  return registry.find((r) => r.variant.id === key)?.variant ?? storedVariant(key);
}

/** The plug-in of variant `id` (the plain one when it has none, or when the id is unknown). */
export function pluginOf(id: string): VariantPlugin {
  const key = String(id).toLowerCase();
  return registry.find((r) => r.variant.id === key)?.plugin ?? PLAIN;
}

export function allVariants(): Variant[] {
  return registry.map((r) => r.variant);
}

/** The variants `/game create` offers: every registered one. */
export function botVariants(): Variant[] {
  return allVariants();
}
