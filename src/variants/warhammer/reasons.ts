/**
 * How the results word Warhammer's own sentences, which its rules (./rules) write in English: the patterns
 * `Variant.reasonTexts` gives the results (docs/locales.md "Results"), each with its message under
 * `variant.warhammer.` (listed with the plug-in's texts, plugin/texts.ts).
 */
import type { ReasonText } from '../../engine/variant.js';
import { ILLUSION_LABEL } from './rules/illusion.js';
import { TEXT_PREFIX, type WarhammerText } from './plugin/texts.js';

const reason = (pattern: RegExp, key: WarhammerText, params: ReasonText['params'] = []): ReasonText => ({
  pattern,
  key: `${TEXT_PREFIX}${key}`,
  params,
});

export const warhammerReasons: readonly ReasonText[] = [
  // The results' events: who won each decisive battle (rules/battles.ts), the Illusion's side named in every language.
  reason(new RegExp(`^(.+) \\(${ILLUSION_LABEL}\\) won the decisive battle at (.+)$`), 'reason.illusionWon', [
    ['power', 'power'],
    ['places', 'text'],
  ]),
  reason(/^(.+) \((.+)\) won the decisive battle at (.+)$/, 'reason.battleWon', [
    ['power', 'power'],
    ['unit', 'text'],
    ['places', 'text'],
  ]),
];
