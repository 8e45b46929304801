/**
 * The variant registry: every variant the bot and the tests know, each with its plug-in (what it contributes above
 * the engine, src/variants/plugin). Adding a bundled variant = adding a folder under src/variants/ and one line in
 * `BUNDLED` here (plus its loader for the CLI, src/variants/loaders.ts); a test may register more with
 * `registerVariant`. The layers above the engine find a variant and its plug-in only through here.
 */
import type { Variant } from '../engine/variant.js';
import { classic } from './classic/index.js';
import { mandateOfHeaven } from './mandate-of-heaven/index.js';
import { mandatePlugin } from './mandate-of-heaven/plugin.js';
import { PLAIN, type VariantPlugin } from './plugin/index.js';
import { warringStates } from './warring-states/index.js';
import { warhammer } from './warhammer/index.js';
import { warhammerPlugin } from './warhammer/plugin/index.js';

/** Any variant's plug-in (its record schemas are its own). */
// biome-ignore lint/suspicious/noExplicitAny: each plug-in's record schemas are its own; callers narrow by the plug-in
export type AnyPlugin = VariantPlugin<any>;

/** A registered variant and its plug-in. */
export interface RegisteredVariant {
  variant: Variant;
  plugin: AnyPlugin;
}

const BUNDLED: RegisteredVariant[] = [
  { variant: classic, plugin: PLAIN },
  { variant: warringStates, plugin: PLAIN },
  { variant: mandateOfHeaven, plugin: mandatePlugin },
  { variant: warhammer, plugin: warhammerPlugin },
];

const registry: RegisteredVariant[] = [...BUNDLED];

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

export function getVariant(id: string): Variant | undefined {
  const key = String(id).toLowerCase();
  return registry.find((r) => r.variant.id === key)?.variant;
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
