/**
 * Where units and labels stand on an imported DiploGM map: the Army and Fleet Locations layers (a fleet's coast in
 * its label: `Spain (nc)`), the config's `unit_loc` for seas without a fleet spot, and the Titles layer's texts (each
 * label spot is the text's anchor, for the province its anchor lies in).
 */
import type { Point, Ring } from '../../drawing/path.js';
import { boxOf, windingNumber } from '../../drawing/polygon.js';
import { distanceToSegment } from '../../drawing/segment.js';
import { apply, type Matrix } from '../../drawing/transform.js';
import { markerSpot, textSpot, within } from '../svg.js';
import { localName } from '../xml.js';
import type { DiplogmConfig } from './config.js';
import { labelled, splitCoast, type Layer, type Tile } from './layers.js';

/** Unit spots by location key of tile indices (`3`, `3/nc`). */
export function unitSpots(
  tiles: readonly Tile[],
  index: Map<string, number>,
  layers: { army: Layer | null; fleet: Layer | null },
  config: DiplogmConfig,
  shift: Matrix,
  notes: string[],
): Map<string, Point> {
  const spots = new Map<string, Point>();
  const read = (layer: Layer | null, fleets: boolean) => {
    for (const { label, element } of labelled(layer)) {
      const { name, coast } = splitCoast(label);
      const tile = index.get(name);
      if (tile === undefined) continue;
      const key = coast ? `${tile}/${coast}` : `${tile}`;
      // A province's spot is its army's, except at sea; a coast's is its fleet's.
      if (fleets && !coast && tiles[tile]!.type !== 'sea' && spots.has(key)) continue;
      const at = markerSpot(element, within(layer!.matrix, element));
      if (at && !stray(at, tiles[tile]!, `layer "${layer!.label}": "${label}"`, notes)) spots.set(key, at);
    }
  };
  read(layers.army, false);
  read(layers.fleet, true);
  const svg = config['svg config'];
  const offset: Point = [svg.loc_x_offset ?? 0, svg.loc_y_offset ?? 0];
  for (const [name, o] of Object.entries(config.overrides?.provinces ?? {})) {
    const tile = index.get(name);
    const first = o.unit_loc?.[0];
    if (tile === undefined || !first || spots.has(`${tile}`)) continue;
    spots.set(`${tile}`, apply(shift, [first[0] + offset[0], first[1] + offset[1]]));
  }
  return spots;
}

/**
 * Is a unit spot far outside its province (farther than half the province's size)? A stray marker left in a location
 * layer (DiploGM's own `modern` keeps two, London's and Madrid's, over France) would draw the unit and its label in
 * another province: it is left out, said in a note, and the renderer places the unit inside the province, as for one
 * without a spot (or the fleet layer's spot serves). A fleet's spot just off its coast stays.
 */
function stray(at: Point, tile: Tile, where: string, notes: string[]): boolean {
  if (windingNumber(at, tile.rings) !== 0) return false;
  const [x0, y0, x1, y1] = boxOf(tile.rings);
  const away = distanceToRings(at, tile.rings);
  if (away <= Math.hypot(x1 - x0, y1 - y0) / 2) return false;
  notes.push(`${where}: the spot lies ${Math.round(away)} units outside ${tile.name}, so it is not used`);
  return true;
}

function distanceToRings(p: Point, rings: readonly Ring[]): number {
  let best = Infinity;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
      best = Math.min(best, distanceToSegment(p, ring[j]!, ring[i]!));
  return best;
}

/** A label spot per province, from the Titles layer's texts (the first text inside a province wins). */
export function labelSpots(tiles: readonly Tile[], titles: Layer | null): Map<number, Point> {
  const spots = new Map<number, Point>();
  if (!titles) return spots;
  for (const e of titles.element.children) {
    if (localName(e) !== 'text') continue;
    const at = textSpot(e, titles.matrix);
    if (!at) continue;
    // Land before sea: a sea drawn without holes lies under its islands and coasts.
    const hit = (t: Tile) => windingNumber(at, t.rings) !== 0;
    const land = tiles.findIndex((t) => t.type !== 'sea' && hit(t));
    const tile = land >= 0 ? land : tiles.findIndex(hit);
    if (tile >= 0 && !spots.has(tile)) spots.set(tile, at);
  }
  return spots;
}
