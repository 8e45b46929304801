/**
 * Warhammer Diplomacy fm05 (Daryl Lonnon): its definition (the variant with its campaign options, variant.ts, and its
 * plug-in: decisive battles, Dogs of War, Sepoys and Mercenaries, plugin/).
 */
import { defineVariant } from '../define.js';
import { warhammerPlugin } from './plugin/index.js';
import { warhammer } from './variant.js';

export default defineVariant({ variant: warhammer, plugin: warhammerPlugin });
export * from './variant.js';
