/**
 * What Warhammer's maps show beyond units and orders (issue 20 §1): its decisive battles. On the map of a movement
 * phase's provisional result, crossed swords mark each province where a decisive battle may be declared (the seed's
 * turn: "provisional results are computed and published, then decisive moves and holds are declared"); on the final
 * map, crossed swords in the winner's colour mark each battle fought, so a lost battle never reads as a plain bounce.
 */
import type { MapOverlay, OverlayContext } from '../../plugin/index.js';

export function warhammerMapOverlays(ctx: OverlayContext): MapOverlay[] {
  const { phase, variant } = ctx;
  if (ctx.picture !== 'orders' || !phase.adjudication || phase.position.phase.type !== 'movement') return [];
  if (phase.battles) {
    return phase.battles.map((b) => ({ kind: 'mark', glyph: 'swords', province: b.province, power: b.winner, legend: `decisive battle won by ${b.winner}` }));
  }
  const allowed =
    variant.rules.decisive?.({ map: variant.map, position: phase.position, orders: [...(phase.orders ?? [])], adjudication: phase.adjudication, options: { ...ctx.options } }) ?? [];
  const provinces = [...new Set(allowed.map((d) => d.province))].sort();
  return provinces.map((province) => ({ kind: 'mark', glyph: 'swords', province, legend: 'a decisive battle may be declared here' }));
}
