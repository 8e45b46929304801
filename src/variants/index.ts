/**
 * The bundled variants. Adding a variant = adding a folder under src/variants/ and one line here.
 */
import type { Variant } from '../engine/variant.js';
import { classic } from './classic/index.js';
import { mandateOfHeaven } from './mandate-of-heaven/index.js';
import { warringStates } from './warring-states/index.js';
import { warhammer } from './warhammer/index.js';

const variants: Variant[] = [classic, warringStates, mandateOfHeaven, warhammer];

export const variantIds = (): string[] => variants.map((v) => v.id);

export function getVariant(id: string): Variant | undefined {
  return variants.find((v) => v.id === id.toLowerCase());
}

export function allVariants(): Variant[] {
  return [...variants];
}

/** The variants `/game create` offers: every bundled one. */
export function botVariants(): Variant[] {
  return [...variants];
}
