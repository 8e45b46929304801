/**
 * `maps check` for the Mandate of Heaven features: rivers, river fleet edges, the placement area, the neutral powers,
 * the non-victory centres, and that the map still follows its Warring States base layer (same borders, renamed,
 * plus the new cells' borders), so a redraw of Warring States that changes a border is reported here.
 */
import type { GameMap } from '../../engine/map.js';
import type { VariantData } from '../schema.js';
import { pairKey, type MandateFeatures } from './features.js';

export function checkMandateData(features: MandateFeatures, map: GameMap, data: VariantData, base?: GameMap): string[] {
  const problems: string[] = [];
  const known = (id: string, what: string) => {
    if (!map.has(id)) problems.push(`${what}: unknown province "${id}"`);
    return map.has(id);
  };
  const { data: f } = features;
  const riverOf = new Map<string, string>();
  for (const [river, list] of Object.entries(f.riverProvinces)) {
    for (const id of list) {
      if (!known(id, `river ${river}`)) continue;
      if (map.province(id)!.kind !== 'coast')
        problems.push(`river ${river}: ${id} must be of kind "coast" so fleets can stand there`);
      riverOf.set(id, river);
    }
  }
  const riverPairs = new Set<string>();
  for (const [river, edges] of Object.entries(f.riverEdges)) {
    for (const [a, b] of edges) {
      if (!known(a, `river edge ${a}-${b}`) || !known(b, `river edge ${a}-${b}`)) continue;
      if (riverOf.get(a) !== river || riverOf.get(b) !== river)
        problems.push(`river edge ${a}-${b}: both ends must be ${river} provinces`);
      if (!map.fleetCanMove({ province: a, coast: null }, { province: b, coast: null }))
        problems.push(`river edge ${a}-${b}: not a fleet move in fleetAdjacency`);
      riverPairs.add(pairKey(a, b));
    }
  }
  // Every fleet move between two land provinces is a river edge or runs along a shared coast (both touch one sea).
  const seasOf = (id: string) =>
    new Set([...map.fleetNeighbours({ province: id, coast: null })].filter((n) => map.isSea(n)));
  for (const [from, tos] of Object.entries(data.fleetAdjacency)) {
    for (const to of tos) {
      if (from > to || map.isSea(from) || map.isSea(to) || riverPairs.has(pairKey(from, to))) continue;
      const shared = [...seasOf(from)].some((s) => seasOf(to).has(s));
      if (!shared) problems.push(`fleet move ${from}-${to} is neither a river edge nor along a shared coast`);
    }
  }
  for (const id of f.placementArea)
    if (known(id, 'placement area') && !map.isLand(id)) problems.push(`placement area: ${id} is not land`);
  for (const id of f.defaultPlacement)
    if (!f.placementArea.includes(id)) problems.push(`default placement: ${id} is not in the placement area`);
  for (const id of f.nonVictoryCenters)
    if (known(id, 'non-victory centres') && !map.province(id)!.supplyCenter)
      problems.push(`non-victory centres: ${id} is not a supply centre`);
  const powers = new Set(data.powers.map((p) => p.name));
  if (!powers.has(f.nomads)) problems.push(`nomads: unknown power "${f.nomads}"`);
  for (const p of data.powers)
    if (Boolean(p.neutral) !== features.isNeutral(p.name))
      problems.push(`power ${p.name}: \`neutral\` must be set exactly for the neutrals`);
  for (const n of f.neutrals) {
    if (!powers.has(n)) {
      problems.push(`neutrals: unknown power "${n}"`);
      continue;
    }
    const homes = map.homeCenters(n);
    const units = data.startingUnits.filter((u) => u.power === n);
    if (homes.length !== 1 || units.length !== 1)
      problems.push(`neutral ${n} must start with one centre and one army (has ${homes.length} and ${units.length})`);
  }
  if (base) {
    const spec = features.baseGeometry;
    const rename = new Map(Object.entries(spec.cells).map(([id, baseId]) => [baseId, id]));
    const pairsOf = (m: GameMap, name: (id: string) => string | undefined) => {
      const out = new Set<string>();
      for (const a of m.provinceIds())
        for (const b of m.neighbours(a)) {
          const x = name(a);
          const y = name(b);
          if (x && y) out.add(pairKey(x, y));
        }
      return out;
    };
    const ours = pairsOf(map, (id) => (id in spec.cells ? id : undefined));
    const theirs = pairsOf(base, (id) => rename.get(id));
    for (const k of theirs)
      if (!ours.has(k))
        problems.push(`base layer: ${k.replace('|', '-')} are neighbours in ${spec.variant} but not here`);
    for (const k of ours)
      if (!theirs.has(k))
        problems.push(`base layer: ${k.replace('|', '-')} are neighbours here but not in ${spec.variant}`);
  }
  return problems;
}
