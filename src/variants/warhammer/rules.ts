/** The Warhammer rules module: the national abilities on the engine's hooks (docs/rules/warhammer.md). */
import type { RulesModule } from '../../engine/rules.js';

export const warhammerRules: RulesModule = {};
