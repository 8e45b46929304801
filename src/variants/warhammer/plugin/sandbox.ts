/**
 * Warhammer in a sandbox. A sandbox runs this plug-in's own steps and actions — the Dogs of War start choice, the
 * declarations and battles of the Decisive Battle phase with Cataclysmic Battles and the battles won for Sepoys,
 * `follow` and `revolt` — with its owner acting for every seated power and as the game master. The one difference: in a
 * sandbox its owner decides every battle (docs/rules/warhammer.md, "Warhammer in a sandbox"), so a `dice` game's
 * sandbox plays `gm` mode and the owner reports the winners with `/sandbox act action:battle`.
 */
import type { SandboxRules } from '../../plugin/index.js';

export const warhammerSandbox: SandboxRules = {
  options: (options) => (options.decisiveBattles === 'dice' ? { ...options, decisiveBattles: 'gm' } : options),
};
