/**
 * The drawing in a python `diplomacy` SVG (maps/svg/<name>.svg, docs/variants.md "python-diplomacy"): the
 * `MapLayer` group's shapes (a province is the path, polygon or group whose id is `_` and one of its names; a group's
 * `water` pieces and the unnamed shapes are off-map land and water), the unit spots of `jdipNS:PROVINCE_DATA` (the
 * top-left corner of a unit symbol of `jdipNS:SYMBOLSIZE`), the label spots of `BriefLabelLayer`, and the power
 * colours of `jdipNS:POWERCOLORS` (CSS colour names allowed).
 */
import colorNames from 'color-name';
import type { Point, Ring } from '../../drawing/path.js';
import { apply, compose, type Matrix } from '../../drawing/transform.js';
import { frameOf, outlineOf, textSpot, transformOf, within } from '../svg.js';
import { descendants, localName, textOf, type XmlElement } from '../xml.js';

export interface PythonDrawing {
  width: number;
  height: number;
  /** Province (uppercase abbreviation) → its rings. */
  shapes: Map<string, Ring[]>;
  decor: { land: Ring[]; sea: Ring[] };
  /** Location (`STP`, `STP/NC`) → unit spot. */
  anchors: Map<string, Point>;
  /** Province → label spot. */
  labels: Map<string, Point>;
  /** Power (uppercase) → colour (`#rrggbb`). */
  colours: Map<string, string>;
}

/** Resolves a name the SVG uses (`nat`, `spa-nc`) to a location of the map (`NAO`, `SPA/NC`), or null. */
export type Resolve = (name: string) => string | null;

/**
 * The drawing; `isSea` tells the seas, whose groups are water throughout (a land province's `water` pieces are
 * off-map water: lakes, straits).
 */
export function readPythonSvg(
  root: XmlElement,
  resolve: Resolve,
  isSea: (province: string) => boolean,
  problems: string[],
): PythonDrawing | null {
  const frame = frameOf(root);
  if (!frame) {
    problems.push('the SVG has no viewBox, width or height');
    return null;
  }
  const layer = descendants(root, 'g').find((g) => g.attrs.id === 'MapLayer');
  if (!layer) {
    problems.push('the SVG has no MapLayer group (the provinces)');
    return null;
  }
  const drawing: PythonDrawing = {
    width: frame.width,
    height: frame.height,
    shapes: new Map(),
    decor: { land: [], sea: [] },
    anchors: unitSpots(root, resolve, frame.shift),
    labels: new Map(),
    colours: powerColours(root),
  };
  readShapes(layer, compose(frame.shift, transformOf(layer)), resolve, isSea, drawing);
  const labels = descendants(root, 'g').find((g) => g.attrs.id === 'BriefLabelLayer');
  if (labels) {
    const m = compose(frame.shift, transformOf(labels));
    for (const t of descendants(labels, 'text')) {
      const loc = resolve(textOf(t).trim());
      const at = textSpot(t, m);
      if (loc && at && !drawing.labels.has(loc.split('/')[0]!)) drawing.labels.set(loc.split('/')[0]!, at);
    }
  }
  return drawing;
}

function readShapes(
  layer: XmlElement,
  matrix: Matrix,
  resolve: Resolve,
  isSea: (province: string) => boolean,
  drawing: PythonDrawing,
): void {
  for (const e of layer.children) {
    const name = localName(e);
    if (!['path', 'polygon', 'g'].includes(name)) continue;
    const id = e.attrs.id ?? '';
    const province = id.startsWith('_') ? resolve(id.slice(1))?.split('/')[0] : undefined;
    const m = within(matrix, e);
    if (!province) {
      const target = e.attrs.class === 'water' ? drawing.decor.sea : drawing.decor.land;
      target.push(...piecesOf(e, m).flatMap((p) => p.rings));
      continue;
    }
    for (const piece of piecesOf(e, m)) {
      if (piece.water && name === 'g' && !isSea(province)) drawing.decor.sea.push(...piece.rings);
      else drawing.shapes.set(province, [...(drawing.shapes.get(province) ?? []), ...piece.rings]);
    }
  }
}

/** The filled pieces of an element (a group's children one by one), each with whether it is drawn as water. */
function piecesOf(e: XmlElement, matrix: Matrix): { rings: Ring[]; water: boolean }[] {
  const name = localName(e);
  const water = e.attrs.class === 'water';
  if (name === 'path') return [{ rings: outlineOf(e, matrix), water }];
  if (name === 'polygon') {
    const nums = (e.attrs.points ?? '')
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    const ring: Ring = [];
    for (let i = 0; i + 1 < nums.length; i += 2) ring.push(apply(matrix, [nums[i]!, nums[i + 1]!]));
    return ring.length >= 3 && ring.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]))
      ? [{ rings: [ring], water }]
      : [];
  }
  if (name === 'g') return e.children.flatMap((c) => piecesOf(c, within(matrix, c)));
  return [];
}

/** Unit spots: the symbol's top-left corner plus half the army symbol's size. */
function unitSpots(root: XmlElement, resolve: Resolve, shift: Matrix): Map<string, Point> {
  const size = descendants(root, 'SYMBOLSIZE').find((s) => s.attrs.name === 'Army');
  const [w, h] = [Number(size?.attrs.width ?? 40) || 40, Number(size?.attrs.height ?? 40) || 40];
  const spots = new Map<string, Point>();
  for (const p of descendants(root, 'PROVINCE')) {
    const loc = resolve((p.attrs.name ?? '').replace('-', '/'));
    const unit = p.children.find((c) => localName(c) === 'UNIT');
    if (!loc || !unit || spots.has(loc)) continue;
    const [x, y] = [Number(unit.attrs.x), Number(unit.attrs.y)];
    if (Number.isFinite(x) && Number.isFinite(y)) spots.set(loc, apply(shift, [x + w / 2, y + h / 2]));
  }
  return spots;
}

function powerColours(root: XmlElement): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of descendants(root, 'POWERCOLOR')) {
    const hex = cssColour(c.attrs.color ?? '');
    if (c.attrs.power && hex) out.set(c.attrs.power.toUpperCase(), hex);
  }
  return out;
}

/** `#abc`, `#aabbcc` or a CSS colour name as `#rrggbb`; null for anything else. */
export function cssColour(text: string): string | null {
  const s = text.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(s)) return s;
  if (/^#[0-9a-f]{3}$/.test(s)) return `#${[...s.slice(1)].map((d) => d + d).join('')}`;
  const rgb = (colorNames as Record<string, [number, number, number]>)[s];
  return rgb ? `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}` : null;
}
