/**
 * Where units and labels stand on an imported DiploGM map: the Army and Fleet Locations layers (a fleet's coast in
 * its label: `Spain (nc)`), the config's `unit_loc` for seas without a fleet spot, and the Titles layer's texts (each
 * label spot is the text's anchor, for the province its anchor lies in).
 */
import type { Point } from '../../drawing/path.js';
import { windingNumber } from '../../drawing/polygon.js';
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
      if (at) spots.set(key, at);
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
