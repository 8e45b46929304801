/**
 * Consistency checks on a variant's map data (what `maps check` reports besides the drawn-border check).
 * Each problem is one readable line; an empty list means the data is consistent.
 */
import { normalizeName } from '../engine/parse/places.js';
import type { Position } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { ProvinceData, VariantData } from '../engine/variant-data.js';
import { shownNameProblems } from './shown-names.js';

/** The variant's data with its provinces by id and its declared powers by name, as every check looks them up. */
interface DataIndex {
  data: VariantData;
  provinces: Map<string, ProvinceData>;
  powers: Set<string>;
}

/** Every problem of the variant's data (the checks docs/cli.md lists for `maps check`), family after family. */
export function checkVariantData(variant: Variant): string[] {
  const { map, other } = variantDataProblems(variant);
  return [...map, ...other];
}

/**
 * The data's problems in two parts: `map`, those of the names, provinces, moves and links a drawing is compared with
 * (src/render/check.ts compares drawn borders with them only when there are none), and `other`, the rest.
 */
export function variantDataProblems(variant: Variant): { map: string[]; other: string[] } {
  const data = variant.data;
  const index: DataIndex = {
    data,
    provinces: new Map(data.provinces.map((p) => [p.id, p])),
    powers: new Set(data.powers.map((p) => p.name)),
  };
  const map = [
    ...shownNameProblems(data),
    ...checkPowerNames(data),
    ...checkProvinceNames(data),
    ...checkArmyAdjacency(index),
    ...checkFleetAdjacency(index),
    ...checkProvinceMoves(data),
    ...checkLinks(index),
  ];
  const other = [...checkConnected(variant, index), ...checkSupplyCentres(index)];
  const start = variant.startingPosition();
  other.push(...checkStartingCentres(index, start), ...checkStartingUnits(variant, index, start));
  other.push(...checkVariantFeatures(variant));
  return { map, other };
}

/**
 * Power names unique, in any case: a power is named in orders, commands and seats by its name, so two powers of one
 * name could not be told apart (homes, units and centres would go to whichever is found first).
 */
function checkPowerNames(data: VariantData): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const p of data.powers) {
    const key = p.name.toLowerCase();
    if (seen.has(key)) problems.push(`power "${p.name}" is declared twice`);
    seen.add(key);
  }
  return problems;
}

/** Province ids unique, and no two provinces answering to the same name in orders (the parser needs that). */
function checkProvinceNames(data: VariantData): string[] {
  const problems: string[] = [];
  const seenIds = new Set<string>();
  for (const p of data.provinces) {
    if (seenIds.has(p.id)) problems.push(`province id "${p.id}" is used twice`);
    seenIds.add(p.id);
  }
  const nameOwner = new Map<string, string>();
  for (const p of data.provinces) {
    for (const name of new Set(
      [p.id, p.abbreviation, p.name, ...p.aliases, ...(p.localName ? [p.localName] : [])].map(normalizeName),
    )) {
      const other = nameOwner.get(name);
      if (other && other !== p.id) problems.push(`name "${name}" is used by both ${other} and ${p.id}`);
      else nameOwner.set(name, p.id);
    }
  }
  return problems;
}

/** Army adjacency: endpoints exist, symmetric, only between land and coast provinces. */
function checkArmyAdjacency({ data, provinces }: DataIndex): string[] {
  const problems: string[] = [];
  const kindOf = (id: string) => provinces.get(id)?.kind;
  for (const [from, tos] of Object.entries(data.armyAdjacency)) {
    if (!provinces.has(from)) {
      problems.push(`army adjacency: unknown province "${from}"`);
      continue;
    }
    if (tos.length > 0 && kindOf(from) === 'sea') problems.push(`army adjacency: ${from} is a sea and has army moves`);
    if (tos.length > 0 && kindOf(from) === 'impassable')
      problems.push(`army adjacency: ${from} is impassable and has army moves`);
    for (const to of tos) {
      if (!provinces.has(to)) problems.push(`army adjacency: ${from} -> unknown province "${to}"`);
      else if (kindOf(to) === 'sea') problems.push(`army adjacency: ${from} -> ${to}, which is a sea`);
      else if (!(data.armyAdjacency[to] ?? []).includes(from))
        problems.push(`army adjacency not symmetric: ${from} -> ${to} but not ${to} -> ${from}`);
      if (to === from) problems.push(`army adjacency: ${from} is adjacent to itself`);
    }
  }
  return problems;
}

/** Why a fleet cannot stand at this location key (`spa/nc`, `nth`), or null: the province and coast must exist. */
function fleetLocationProblem(provinces: Map<string, ProvinceData>, key: string): string | null {
  const [province, coast] = key.split('/');
  const p = provinces.get(province!);
  if (!p) return `unknown province "${province}"`;
  if (coast !== undefined && !p.coasts.includes(coast)) return `${province} has no coast "${coast}"`;
  if (coast === undefined && p.coasts.length > 0)
    return `${province} has split coasts, so fleets must name one (${p.coasts.map((c) => `${province}/${c}`).join(', ')})`;
  if (p.kind === 'land') return `${province} is land-locked`;
  if (p.kind === 'impassable') return `${province} is impassable`;
  return null;
}

/** Fleet adjacency: location keys exist, symmetric, no fleets on land, split coasts by coast only. */
function checkFleetAdjacency({ data, provinces }: DataIndex): string[] {
  const problems: string[] = [];
  for (const [from, tos] of Object.entries(data.fleetAdjacency)) {
    const bad = fleetLocationProblem(provinces, from);
    if (bad) {
      problems.push(`fleet adjacency: ${from}: ${bad}`);
      continue;
    }
    for (const to of tos) {
      const badTo = fleetLocationProblem(provinces, to);
      if (badTo) problems.push(`fleet adjacency: ${from} -> ${to}: ${badTo}`);
      else if (!(data.fleetAdjacency[to] ?? []).includes(from))
        problems.push(`fleet adjacency not symmetric: ${from} -> ${to} but not ${to} -> ${from}`);
    }
  }
  return problems;
}

/**
 * Every coast of a split-coast province has fleet moves; every coastal province and sea has fleet moves; every land
 * province has army moves (an island excepted); only coastal provinces have coasts.
 */
function checkProvinceMoves(data: VariantData): string[] {
  const problems: string[] = [];
  for (const p of data.provinces) {
    if (p.coasts.length > 0) {
      for (const c of p.coasts) {
        if ((data.fleetAdjacency[`${p.id}/${c}`] ?? []).length === 0)
          problems.push(`${p.id}/${c}: a coast without fleet moves`);
      }
    } else if ((p.kind === 'coast' || p.kind === 'sea') && (data.fleetAdjacency[p.id] ?? []).length === 0) {
      problems.push(`${p.id}: a ${p.kind === 'sea' ? 'sea' : 'coastal province'} without fleet moves`);
    }
    // An island (Warhammer's Albion, Sartosa) is a coastal province reached by fleets and convoys only.
    const island = p.kind === 'coast' && p.coasts.length === 0 && (data.fleetAdjacency[p.id] ?? []).length > 0;
    if ((p.kind === 'land' || p.kind === 'coast') && !island && (data.armyAdjacency[p.id] ?? []).length === 0) {
      problems.push(`${p.id}: a land province without army moves`);
    }
    if (p.coasts.length > 0 && p.kind !== 'coast') problems.push(`${p.id}: has coasts but is of kind "${p.kind}"`);
  }
  return problems;
}

/** Links: endpoints exist and the power (if any) is declared. */
function checkLinks({ data, provinces, powers }: DataIndex): string[] {
  const problems: string[] = [];
  for (const link of data.links) {
    for (const end of [link.from, link.to])
      if (!provinces.has(end)) problems.push(`link ${link.from}-${link.to}: unknown province "${end}"`);
    if (link.power !== null && !powers.has(link.power))
      problems.push(`link ${link.from}-${link.to}: unknown power "${link.power}"`);
  }
  return problems;
}

/** The board is one piece: every passable province reachable from every other by some move. */
function checkConnected(variant: Variant, { data, provinces }: DataIndex): string[] {
  const passable = data.provinces.filter((p) => p.kind !== 'impassable').map((p) => p.id);
  if (passable.length === 0) return [];
  const reached = new Set([passable[0]!]);
  const queue = [passable[0]!];
  while (queue.length > 0) {
    const id = queue.pop()!;
    const linked = data.links.flatMap((l) => (l.from === id ? [l.to] : l.to === id ? [l.from] : []));
    for (const next of [...variant.map.neighbours(id), ...linked]) {
      if (!reached.has(next) && provinces.get(next)?.kind !== 'impassable') {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  const cut = passable.filter((id) => !reached.has(id));
  return cut.length > 0 ? [`the map is not connected: cannot reach ${cut.join(', ')} from ${passable[0]}`] : [];
}

/** Supply centres and home centres: some centres, homes of declared powers, enough centres for victory. */
function checkSupplyCentres({ data, powers }: DataIndex): string[] {
  const problems: string[] = [];
  const centres = data.provinces.filter((p) => p.supplyCenter);
  if (centres.length === 0) problems.push('the map has no supply centres');
  for (const p of data.provinces) {
    if (p.home !== null && !powers.has(p.home)) problems.push(`${p.id}: home of unknown power "${p.home}"`);
    if (p.home !== null && !p.supplyCenter)
      problems.push(`${p.id}: home province of ${p.home} but not a supply centre`);
    if (p.supplyCenter && (p.kind === 'sea' || p.kind === 'impassable'))
      problems.push(`${p.id}: a supply centre on a ${p.kind} province`);
  }
  for (const power of data.powers) {
    const hasHome = data.provinces.some((p) => p.home === power.name && p.supplyCenter);
    if (!hasHome && !power.homeless) problems.push(`${power.name} has no home centre`);
    if (hasHome && power.homeless) problems.push(`${power.name} is declared homeless but has home centres`);
  }
  if (data.victory.centers > centres.length) {
    problems.push(`victory needs ${data.victory.centers} centres but the map has only ${centres.length}`);
  }
  return problems;
}

/** Starting ownership: declared powers, supply centres only, no centre owned twice. */
function checkStartingCentres({ provinces, powers }: DataIndex, start: Position): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  for (const [power, owned] of Object.entries(start.supplyCenters)) {
    if (!powers.has(power)) problems.push(`starting centres: unknown power "${power}"`);
    for (const id of owned) {
      if (!provinces.get(id)?.supplyCenter)
        problems.push(`starting centres: ${power} owns ${id}, which is not a supply centre`);
      const before = owner.get(id);
      if (before && before !== power) problems.push(`starting centres: ${id} is owned by both ${before} and ${power}`);
      owner.set(id, power);
    }
  }
  return problems;
}

/** Starting units: declared powers, legal locations, one per province, no more units than centres. */
function checkStartingUnits(variant: Variant, { data, powers }: DataIndex, start: Position): string[] {
  const problems: string[] = [];
  const occupied = new Set<string>();
  for (const u of data.startingUnits) {
    const where = u.coast ? `${u.province}/${u.coast}` : u.province;
    if (!powers.has(u.power)) problems.push(`starting unit ${u.type} ${where}: unknown power "${u.power}"`);
    if (!variant.map.canStand(u.type, { province: u.province, coast: u.coast }))
      problems.push(`starting unit ${u.type} ${where}: cannot stand there`);
    if (occupied.has(u.province)) problems.push(`starting unit ${u.type} ${where}: a second unit in ${u.province}`);
    occupied.add(u.province);
  }
  for (const power of powers) {
    const units = data.startingUnits.filter((u) => u.power === power).length;
    const owned = (start.supplyCenters[power] ?? []).length;
    if (units > owned) problems.push(`${power} starts with ${units} units but only ${owned} centres`);
  }
  return problems;
}

/** The variant's own feature checks (rivers, walls …), if its rules module has them; one that throws is one line. */
function checkVariantFeatures(variant: Variant): string[] {
  if (!variant.rules.checkData) return [];
  try {
    return variant.rules.checkData({ map: variant.map, data: variant.data });
  } catch (e) {
    return [`the variant's own data check failed: ${e instanceof Error ? e.message : String(e)}`];
  }
}
