/**
 * What the importers read from SVG elements: the drawing frame, styles and colours, an element's transform, its
 * outline as rings, and the spot a marker stands for. Pure functions of the element tree (xml.ts).
 */
import { pathRings, type Point, type Ring } from '../drawing/path.js';
import { signedArea, windingNumber } from '../drawing/polygon.js';
import { compose, IDENTITY, parseTransform, type Matrix, apply } from '../drawing/transform.js';
import { descendants, localName, type XmlElement } from './xml.js';

/** The user-space frame of the document: its viewBox (origin moved to 0, 0), else its width and height. */
export function frameOf(root: XmlElement): { width: number; height: number; shift: Matrix } | null {
  const box = (root.attrs.viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0)
    return { width: box[2]!, height: box[3]!, shift: [1, 0, 0, 1, -box[0]!, -box[1]!] };
  const length = (v: string | undefined) => Number.parseFloat(v ?? '');
  const width = length(root.attrs.width);
  const height = length(root.attrs.height);
  if (width > 0 && height > 0) return { width, height, shift: IDENTITY };
  return null;
}

/** The `style` attribute as a map (`fill:#abc;stroke:none` → {fill: '#abc', stroke: 'none'}). */
export const styleOf = (e: XmlElement): Map<string, string> => declarationsOf(e.attrs.style ?? '');

/** CSS declarations as a map (`fill:#abc;stroke:none`: a style attribute, a `<style>` rule's body). */
export function declarationsOf(css: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of css.split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0) out.set(part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim());
  }
  return out;
}

/** The element's own transform. */
export const transformOf = (e: XmlElement): Matrix => parseTransform(e.attrs.transform);

/** `outer` then the element's own transform inside it. */
export const within = (outer: Matrix, e: XmlElement): Matrix => compose(outer, transformOf(e));

/**
 * The element's outline as rings in document space, wound for a nonzero fill: a path drawn with
 * `fill-rule: evenodd` is rewound so its holes stay holes. `endpoints`: DiploGM's polygon (command ends only).
 */
export function outlineOf(e: XmlElement, matrix: Matrix, endpoints = false): Ring[] {
  const d = e.attrs.d;
  if (d === undefined) return [];
  const rings = pathRings(d, { matrix, endpoints });
  const rule = styleOf(e).get('fill-rule') ?? e.attrs['fill-rule'];
  return rule === 'evenodd' ? rewoundForNonzero(rings) : rings;
}

/** Rings re-wound by nesting depth (outer rings one way, holes the other), so nonzero paints what even-odd paints. */
export function rewoundForNonzero(rings: Ring[]): Ring[] {
  return rings.map((ring) => {
    const depth = rings.filter((other) => other !== ring && windingNumber(ring[0]!, [other]) !== 0).length;
    const clockwise = signedArea(ring) > 0;
    return clockwise === (depth % 2 === 0) ? ring : [...ring].reverse();
  });
}

/** Centre of the bounding box of points. */
export function boxCentre(points: readonly Point[]): Point | null {
  if (points.length === 0) return null;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return [(x0 + x1) / 2, (y0 + y1) / 2];
}

/**
 * The spot a marker element stands for (a unit, a centre), as DiploGM finds it: the centre of an `<image>`, else the
 * `sodipodi:cx/cy` of its first path (Inkscape's stars and polygons), else a circle's centre, else the centre of its
 * path's points; in document space through `matrix` (the layers' and the element's transforms).
 */
export function markerSpot(e: XmlElement, matrix: Matrix): Point | null {
  const image = localName(e) === 'image' ? e : e.children.find((c) => localName(c) === 'image');
  if (image) {
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => Number.parseFloat(image.attrs[k] ?? '0') || 0);
    return apply(image === e ? matrix : within(matrix, image), [x! + w! / 2, y! + h! / 2]);
  }
  const path = localName(e) === 'path' ? e : (e.children.find((c) => localName(c) === 'path') ?? null);
  const inner = path && path !== e ? within(matrix, path) : matrix;
  const cx = path?.attrs['sodipodi:cx'];
  const cy = path?.attrs['sodipodi:cy'];
  if (path && cx !== undefined && cy !== undefined) return apply(inner, [Number(cx), Number(cy)]);
  const circle = localName(e) === 'circle' ? e : descendants(e, 'circle')[0];
  if (circle?.attrs.cx !== undefined && circle.attrs.cy !== undefined) {
    const m = circle === e ? matrix : within(matrix, circle);
    return apply(m, [Number(circle.attrs.cx), Number(circle.attrs.cy)]);
  }
  const anyPath = path ?? descendants(e, 'path')[0];
  if (!anyPath?.attrs.d) return null;
  const m = anyPath === e ? matrix : within(matrix, anyPath);
  return boxCentre(pathRings(anyPath.attrs.d, { matrix: m, endpoints: true }).flat());
}

/** A `<text>` element's anchor point (its `x`, `y`, or its first `<tspan>`'s) in document space. */
export function textSpot(e: XmlElement, matrix: Matrix): Point | null {
  const span = descendants(e, 'tspan').find((s) => s.attrs.x !== undefined);
  const source = e.attrs.x !== undefined ? e : span;
  if (!source) return null;
  const x = Number.parseFloat(source.attrs.x!.split(/[\s,]+/)[0]!);
  const y = Number.parseFloat((source.attrs.y ?? '0').split(/[\s,]+/)[0]!);
  if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
  return apply(source === e ? within(matrix, e) : within(within(matrix, e), source), [x, y]);
}
