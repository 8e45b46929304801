/**
 * Warhammer in a sandbox (issue 25 §1): the owner chooses the winner of each decisive battle the provisional result
 * allows, instead of the declarations and the game master's (or the dice's) report. Every battle the provisional
 * result allows is offered (as if every side declared it); a battle left unanswered keeps the provisional result.
 */
import type { PowerOrder } from '../../../engine/types.js';
import type { SandboxFacts, SandboxRules } from '../../plugin/index.js';
import { battleReports, declarationsAllowed, groupBattles, type DecisiveBattle } from '../decisive-phase.js';
import { decisiveModeOf } from './battle-step.js';

function battlesOf(facts: SandboxFacts): DecisiveBattle[] {
  const { variant, position, options } = facts;
  if (position.phase.type !== 'movement' || !decisiveModeOf(variant, options)) return [];
  const orders: PowerOrder[] = [...facts.orders];
  const allowed = declarationsAllowed(variant, position, orders, { ...options, decisiveBattles: 'gm' });
  if (allowed.length === 0) return [];
  return groupBattles(variant, position, orders, allowed, { options: { ...options } }).battles;
}

function placeNames(facts: SandboxFacts, battle: DecisiveBattle): string {
  return battle.provinces.map((p) => `${facts.variant.map.province(p)?.name ?? p} (${p})`).join(' + ');
}

export const warhammerSandbox: SandboxRules = {
  questions: (facts) =>
    battlesOf(facts).map((b) => ({
      key: b.id,
      text: `Battle in ${placeNames(facts, b)}: ${b.sides.map((s) => `${s.power} ${s.lead} (${s.points.toLocaleString('en-US')} pts)`).join(' vs ')}`,
      answers: b.sides.map((s) => ({ name: `${s.power} ${s.lead} wins the battle in ${b.provinces.join(' + ')}`.slice(0, 100), value: s.lead })),
    })),
  handoff: (facts, answers) => {
    const battles = battlesOf(facts).flatMap((b) => {
      const lead = answers[b.id];
      return lead && b.sides.some((s) => s.lead === lead) ? battleReports(b, lead) : [];
    });
    return battles.length > 0 ? { battles } : {};
  },
};
