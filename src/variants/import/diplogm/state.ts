/**
 * The starting state a DiploGM SVG draws, read as DiploGM reads it: who owns each province (its fill colour: a
 * player's colour, or neutral), which provinces have supply centres and whose home each is (the centre marker's
 * colour), and the starting units (the Units layer: the province in the label, the type from the marker's shape, the
 * power that owns the province). Where DiploGM would guess (a colour no player has, two players with one colour, a
 * unit on nobody's land), the import names the problem instead.
 */
import type { UnitType } from '../../../engine/types.js';
import { descendants, localName, type XmlElement } from '../xml.js';
import { normalizeHex, standardColour, type DiplogmConfig } from './config.js';
import { fillOf, labelled, splitCoast, type Layer, type Tile } from './layers.js';

export interface Colours {
  /** Player names in the config's order. */
  players: string[];
  /** Colour (lowercase hex, no `#`) → player, or null for the neutral colours. */
  owner: Map<string, string | null>;
  /** Each player's colour. */
  colourOf: Map<string, string>;
  neutral: string;
  /** Players whose colour a later player has too (DiploGM gives the colour to the later one): [earlier, later]. */
  shared: [string, string][];
}

/** The players' colours and the neutral ones; two players with one colour are named by `sharedColourProblems`. */
export function coloursOf(config: DiplogmConfig): Colours {
  const players = typeof config.players === 'string' ? {} : config.players;
  const owner = new Map<string, string | null>();
  const colourOf = new Map<string, string>();
  const shared: [string, string][] = [];
  for (const [name, p] of Object.entries(players)) {
    const c = standardColour(p.color);
    const other = [...colourOf].find(([, oc]) => oc === c)?.[0];
    if (other) shared.push([other, name]);
    owner.set(c, name);
    colourOf.set(name, c);
  }
  const neutral = standardColour(config['svg config'].neutral);
  owner.set(neutral, null);
  owner.set(normalizeHex(config['svg config'].neutral_sc), null);
  return { players: Object.keys(players), owner, colourOf, neutral, shared };
}

/**
 * Two players with one colour (docs/variants.md "What is refused, and what is named"): DiploGM gives the colour to the
 * later player, and the earlier one's provinces and centres to nobody (its own `modern` gives Britain France's colour
 * and fills Britain's land with a pink no player has). Which player a map's fill stands for is then a guess, so the
 * import names the problem, with the colour of no player the map uses when there is exactly one (the likely fix). The
 * rest of the reading takes that fix as made, so its fills and units are not named again one by one (the shared colour
 * is their cause); the import is refused all the same.
 */
export function sharedColourProblems(colours: Colours, used: ReadonlySet<string>, problems: string[]): void {
  if (colours.shared.length === 0) return;
  const unclaimed = [...used].filter((c) => c !== 'none' && !colours.owner.has(c));
  for (const [earlier, later] of colours.shared) {
    const hint =
      colours.shared.length === 1 && unclaimed.length === 1
        ? `; the map fills land or centres with #${unclaimed[0]}, the colour of no player: if it is ${earlier}'s, give ${earlier} that colour in the config`
        : '';
    problems.push(
      `players: ${earlier} and ${later} have the same colour #${colours.colourOf.get(later)}, so the map cannot tell their provinces and centres apart (DiploGM would give them all to ${later})${hint}`,
    );
  }
  if (colours.shared.length === 1 && unclaimed.length === 1) colours.owner.set(unclaimed[0]!, colours.shared[0]![0]);
}

/** Every colour the map fills a land or island province or a centre marker with (what `ownersOf` and `centresOf` read). */
export function usedColours(
  tiles: readonly Tile[],
  islandFills: Layer | null,
  impassable: ReadonlySet<number>,
  centres: Layer | null,
): Set<string> {
  const fills = new Map(labelled(islandFills).map(({ label, element }) => [label, fillOf(element)]));
  const used = new Set<string>();
  tiles.forEach((t, i) => {
    if (t.type === 'sea' || impassable.has(i)) return;
    const colour = t.type === 'island' && fills.has(t.name) ? fills.get(t.name)! : t.colour;
    if (colour !== null) used.add(colour);
  });
  for (const { element } of labelled(centres)) {
    const colour = markerColour(element);
    if (colour !== null) used.add(colour);
  }
  return used;
}

/** The player a colour stands for, null for neutral or no colour; a colour of no player is a problem. */
function ownerOf(colours: Colours, colour: string | null, where: string, problems: string[]): string | null {
  if (colour === null) return null;
  const known = colours.owner.get(colour);
  if (known !== undefined) return known;
  problems.push(
    `${where} is filled ${colour === 'none' ? 'with none' : `#${colour}`}, the colour of no player and not the neutral #${colours.neutral}`,
  );
  return null;
}

/** Owner of every land and island province by its fill (the island's fill layer for islands), by tile index. */
export function ownersOf(
  tiles: readonly Tile[],
  islandFills: Layer | null,
  impassable: ReadonlySet<number>,
  colours: Colours,
  problems: string[],
): (string | null)[] {
  const fills = new Map(labelled(islandFills).map(({ label, element }) => [label, fillOf(element)]));
  return tiles.map((t, i) => {
    if (t.type === 'sea' || impassable.has(i)) return null;
    const colour = t.type === 'island' && fills.has(t.name) ? fills.get(t.name)! : t.colour;
    return ownerOf(colours, colour, t.where, problems);
  });
}

/** Supply centres by tile index, each with its home power (the marker's colour) or null. */
export function centresOf(
  layer: Layer | null,
  index: Map<string, number>,
  colours: Colours,
  problems: string[],
): Map<number, string | null> {
  const centres = new Map<number, string | null>();
  for (const { label, element } of labelled(layer)) {
    const where = `layer "${layer!.label}": "${label}"`;
    const tile = index.get(label);
    if (tile === undefined) {
      problems.push(`${where} names no province of the map`);
      continue;
    }
    if (centres.has(tile)) {
      problems.push(`${where}: ${label} already has a supply centre`);
      continue;
    }
    centres.set(tile, ownerOf(colours, markerColour(element), `${where} (its centre marker)`, problems));
  }
  return centres;
}

/** The colour of a centre marker, as DiploGM picks it: its first circle or path with a colour, else its last. */
function markerColour(e: XmlElement): string | null {
  const parts = [...descendants(e, 'circle'), ...descendants(e, 'path')];
  if (parts.length === 0) return fillOf(e);
  const coloured = parts.find((c) => !['none', '000000', null].includes(fillOf(c)));
  return fillOf(coloured ?? parts[parts.length - 1]!);
}

export interface StartingUnit {
  tile: number;
  coast: string | null;
  type: UnitType;
  power: string;
}

/** The Units layer's units; each stands on a province of the power that owns it. */
export function unitsOf(
  layer: Layer | null,
  config: DiplogmConfig,
  index: Map<string, number>,
  owners: readonly (string | null)[],
  problems: string[],
): StartingUnit[] {
  if (!config['svg config'].detect_starting_units) return [];
  if (!layer) {
    problems.push('svg config: detect_starting_units is true but the SVG has no "Units" layer');
    return [];
  }
  const units: StartingUnit[] = [];
  const labelledType = config['svg config'].unit_type_labeled;
  for (const { label, element } of labelled(layer)) {
    const where = `layer "${layer.label}": "${label}"`;
    const { name, coast } = splitCoast(labelledType ? label.slice(1) : label);
    const tile = index.get(name);
    const type = unitType(element, label, config, where, problems);
    if (tile === undefined) {
      problems.push(`${where} names no province of the map`);
      continue;
    }
    if (units.some((u) => u.tile === tile)) {
      problems.push(`${where}: a second unit in ${name}`);
      continue;
    }
    const power = owners[tile];
    if (!power) {
      problems.push(`${where}: the unit stands in ${name}, which no player owns, so it would belong to nobody`);
      continue;
    }
    if (type) units.push({ tile, coast: type === 'F' ? coast : null, type, power });
  }
  return units;
}

/** A unit marker's type: from its label, from its second element's label, or from the shape's number of sides. */
function unitType(
  e: XmlElement,
  label: string,
  config: DiplogmConfig,
  where: string,
  problems: string[],
): UnitType | null {
  const words: Record<string, UnitType> = { f: 'F', a: 'A', sail: 'F', shield: 'A', '3': 'F', '6': 'A' };
  if (config['svg config'].unit_type_labeled) {
    const t = words[label.slice(0, 1).toLowerCase()];
    if (!t) problems.push(`${where}: unit types are labelled, but the label does not start with A or F`);
    return t ?? null;
  }
  if (config['svg config'].unit_type_from_names) {
    const second = e.children[1]?.attrs['inkscape:label']?.toLowerCase() ?? '';
    const t = words[second];
    if (!t) problems.push(`${where}: unit types come from names, but its second element is not "sail" or "shield"`);
    return t ?? null;
  }
  const paths = localName(e) === 'path' ? [e] : descendants(e, 'path');
  const shaped = paths.filter((p) => p.attrs['sodipodi:sides'] !== undefined);
  const sides = (shaped.length > 0 ? shaped : paths).at(-1)?.attrs['sodipodi:sides'];
  return sides === '3' ? 'F' : 'A';
}
