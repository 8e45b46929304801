/**
 * The layers of a DiploGM SVG: top-level groups found by their Inkscape label (or by the id the config gives for the
 * layer's key), as DiploGM looks them up, and the provinces ("tiles") of its three province layers. The label
 * vocabulary is DiploGM's (docs/variants.md "DiploGM").
 */
import { type Ring, PathError } from '../../drawing/path.js';
import { compose, type Matrix, TransformError } from '../../drawing/transform.js';
import { outlineOf, styleOf, transformOf } from '../svg.js';
import { localName, type XmlElement } from '../xml.js';
import { normalizeHex, type DiplogmConfig } from './config.js';

/** Each layer key DiploGM reads and the Inkscape labels it answers to (the key itself too). */
const LAYER_LABELS: Record<string, readonly string[]> = {
  land_layer: ['Region Colors', 'Region Fills', 'Provinces'],
  island_borders: ['Island Adjacencies', 'Hybrid Adjacencies'],
  island_fill_layer: ['Island Fills', 'Hybrid Fills'],
  sea_borders: ['Sea Adjacencies', 'Sea Provinces'],
  supply_center_icons: ['Supply Centers', 'SC Markers', 'SC markers'],
  titles: ['Titles', 'Labels', 'Region Names', 'Province Names'],
  army: ['Army Locations'],
  fleet: ['Fleet Locations'],
  starting_units: ['Units'],
  background: ['Background'],
};

export type LayerKey = keyof typeof LAYER_LABELS;

/** The layer's top-level group and the transform it applies (the document frame's shift included). */
export interface Layer {
  element: XmlElement;
  matrix: Matrix;
  /** How the layer is named in problems: its label, else its id. */
  label: string;
}

export function findLayer(root: XmlElement, key: LayerKey, config: DiplogmConfig, shift: Matrix): Layer | null {
  const byId = config['svg config'][key];
  const labels = new Set([...(LAYER_LABELS[key] ?? []), key]);
  const found =
    (typeof byId === 'string' ? root.children.find((c) => c.attrs.id === byId) : undefined) ??
    root.children.find((c) => labels.has(c.attrs['inkscape:label'] ?? ''));
  if (!found) return null;
  return {
    element: found,
    matrix: compose(shift, transformOf(found)),
    label: found.attrs['inkscape:label'] ?? found.attrs.id ?? key,
  };
}

/** The kinds of DiploGM's province layers. */
export type TileType = 'land' | 'island' | 'sea';

/** One province of a province layer. */
export interface Tile {
  name: string;
  type: TileType;
  /**
   * DiploGM's polygon (each command's end point: curves become their chords), for adjacency and for the picture
   * alike, so the drawn borders are the ones the adjacency was derived from.
   */
  rings: Ring[];
  /** Its fill (lowercase hex without `#`, `none`, or null without one), from its `style` as DiploGM reads it. */
  colour: string | null;
  /** Where it is in the SVG, for problems. */
  where: string;
}

/** The province elements of one layer; problems name the layer and the element. */
export function tilesOf(layer: Layer, type: TileType, problems: string[]): Tile[] {
  const tiles: Tile[] = [];
  for (const e of layer.element.children) {
    const name = (e.attrs['inkscape:label'] ?? '').trim();
    const where = `layer "${layer.label}": ${name ? `"${name}"` : `element ${e.attrs.id ?? localName(e)}`}`;
    if (!name) {
      problems.push(`${where} has no name (its Inkscape label)`);
      continue;
    }
    if (localName(e) !== 'path' || !e.attrs.d) {
      problems.push(`${where} is a ${localName(e)}, not a path: a province is one path`);
      continue;
    }
    try {
      const matrix = compose(layer.matrix, transformOf(e));
      const rings = outlineOf(e, matrix, true);
      if (rings.length === 0) {
        problems.push(`${where}: its path encloses nothing`);
        continue;
      }
      tiles.push({ name, type, rings, colour: fillOf(e), where });
    } catch (e) {
      if (!(e instanceof PathError || e instanceof TransformError)) throw e;
      problems.push(`${where}: ${e.message}`);
    }
  }
  return tiles;
}

/** The fill in an element's `style`, as DiploGM reads colours (lowercase hex without `#`; `none` kept). */
export function fillOf(e: XmlElement): string | null {
  const fill = styleOf(e).get('fill');
  return fill === undefined ? null : normalizeHex(fill);
}

/** `Spain (nc)`, `Spain nc` → `{name: 'Spain', coast: 'nc'}` (DiploGM's coast suffixes). */
export function splitCoast(label: string): { name: string; coast: string | null } {
  const m = /^(.*?)\s*(?: \(([neswc]+c)\)| ([neswc]+c))$/i.exec(label.trim());
  return m ? { name: m[1]!.trim(), coast: (m[2] ?? m[3])!.toLowerCase() } : { name: label.trim(), coast: null };
}

/** Each named marker element of a layer (units, centres, unit spots), with its label. */
export function labelled(layer: Layer | null): { label: string; element: XmlElement }[] {
  if (!layer) return [];
  return layer.element.children.map((element) => ({ label: (element.attrs['inkscape:label'] ?? '').trim(), element }));
}
