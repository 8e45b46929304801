/**
 * What Warhammer's maps show beyond units and orders: its decisive battles. On the map of a movement
 * phase's provisional result, crossed swords mark each province where a decisive battle may be declared (the seed's
 * turn: "provisional results are computed and published, then decisive moves and holds are declared"); on the final
 * map, crossed swords in the winner's colour mark each battle fought, so a lost battle never reads as a plain bounce.
 *
 * In a game the phase's Decisive Battle step (the `battle-step` record) says what was allowed and who won; `cli render`
 * gives the case's `battles` instead (none: its result is provisional, and the rules say what may be declared).
 */
import type { BattleReport } from '../../../engine/types.js';
import type { MapOverlay, OverlayContext } from '../../plugin/index.js';
import type { BattleStep, WarhammerRecords } from './records.js';

const MAY_DECLARE = 'a decisive battle may be declared here';

export function warhammerMapOverlays(ctx: OverlayContext<WarhammerRecords>): MapOverlay[] {
  const { phase, variant } = ctx;
  if (phase.position.phase.type !== 'movement') return [];
  const step = ctx.records.get('battle-step');
  if (step) {
    if (ctx.picture === 'provisional') return mayDeclare(step.allowed.map((d) => d.province));
    if (ctx.picture === 'orders') return won(battlesOfStep(step));
    return [];
  }
  if (ctx.picture !== 'orders' || !phase.adjudication) return [];
  if (phase.battles) return won(phase.battles);
  const allowed =
    variant.rules.decisive?.({
      map: variant.map,
      position: phase.position,
      orders: [...(phase.orders ?? [])],
      adjudication: phase.adjudication,
      options: { ...ctx.options },
    }) ?? [];
  return mayDeclare(allowed.map((d) => d.province));
}

function mayDeclare(provinces: string[]): MapOverlay[] {
  return [...new Set(provinces)]
    .sort()
    .map((province) => ({ kind: 'mark', glyph: 'swords', province, legend: MAY_DECLARE }));
}

function won(battles: readonly BattleReport[]): MapOverlay[] {
  return battles.map((b) => ({
    kind: 'mark',
    glyph: 'swords',
    province: b.province,
    power: b.winner,
    legend: `decisive battle won by ${b.winner}`,
  }));
}

/** The battles a step's outcomes report (battle id → the winning side's leading unit), one per province decided. */
function battlesOfStep(step: BattleStep): BattleReport[] {
  const out: BattleReport[] = [];
  for (const battle of step.battles ?? []) {
    const lead = step.outcomes?.[battle.id];
    const side = lead ? battle.sides.find((s) => s.lead === lead) : undefined;
    if (side) for (const province of battle.provinces) out.push({ province, winner: side.power });
  }
  return out;
}
