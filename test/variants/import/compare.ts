/**
 * Compares an imported variant with one of ours, province by province, through a mapping of the imported ids to
 * ours: what `maps show` would show of both (kinds, centres, homes, coasts, army and fleet moves, starting units and
 * centres, victory, first phase), as sorted lines, so a difference reads as a line.
 */
import type { Variant } from '../../../src/engine/variant.js';

/** Every fact of the variant as a line, province ids passed through `id`. */
export function facts(v: Variant, id: (province: string) => string = (p) => p): string[] {
  const loc = (l: string) => {
    const [p, coast] = l.split('/');
    return coast ? `${id(p!)}/${coast}` : id(p!);
  };
  const data = v.data;
  const start = v.startingPosition();
  return [
    ...data.provinces.map(
      (p) => `province ${id(p.id)} ${p.kind} centre=${p.supplyCenter} home=${p.home} coasts=${p.coasts.join(',')}`,
    ),
    ...Object.entries(data.armyAdjacency).flatMap(([a, to]) => to.map((b) => `army ${loc(a)} - ${loc(b)}`)),
    ...Object.entries(data.fleetAdjacency).flatMap(([a, to]) => to.map((b) => `fleet ${loc(a)} - ${loc(b)}`)),
    ...start.units.map((u) => `unit ${u.power} ${u.type} ${loc(u.coast ? `${u.province}/${u.coast}` : u.province)}`),
    ...Object.entries(start.supplyCenters).flatMap(([p, cs]) => cs.map((c) => `owns ${p} ${id(c)}`)),
    `victory ${data.victory.centers}`,
    `phase ${data.startingPhase.season} ${data.startingPhase.year} ${data.startingPhase.type}`,
    `powers ${data.powers.map((p) => p.name).join(',')}`,
  ].sort();
}

/** The imported variant's province ids by their abbreviation (the source's), lowercased. */
export const byAbbreviation = (v: Variant) => {
  const ids = new Map(v.data.provinces.map((p) => [p.id, p.abbreviation.toLowerCase()]));
  return (p: string) => ids.get(p) ?? `?${p}`;
};
