/**
 * The drawing in a python `diplomacy` SVG (maps/svg/<name>.svg, docs/variants.md "Importing a python-diplomacy map"):
 * the `MapLayer` group's shapes (a province is the path, polygon or group whose id is `_` and one of its names; a
 * land group's `water` pieces, a sea group's other pieces and the unnamed shapes are off-map land and water, cut out
 * of the province they lie in), the unit spots of `jdipNS:PROVINCE_DATA`
 * (the top-left corner of a unit symbol of `jdipNS:SYMBOLSIZE`), the label spots of `BriefLabelLayer`, and the power
 * colours of `jdipNS:POWERCOLORS` (CSS colour names allowed). The layer's backdrop rect gives the map's frame and
 * background; unnamed shapes filled with nothing (by a `<style>` class too) are lines, kept as strokes (`lines`).
 */
import colorNames from 'color-name';
import polylabel from 'polylabel';
import { PathError, pathLines, type Point, type Ring } from '../../drawing/path.js';
import { signedArea, windingNumber } from '../../drawing/polygon.js';
import { distanceToSegment } from '../../drawing/segment.js';
import { apply, compose, type Matrix, TransformError } from '../../drawing/transform.js';
import { declarationsOf, frameOf, outlineOf, styleOf, textSpot, transformOf, within } from '../svg.js';
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
  /** Lines drawn over the map, not filled (ancmed's Nile, its dashed connectors), in document space. */
  lines: DecorStroke[];
  /** Power (uppercase) → colour (`#rrggbb`). */
  colours: Map<string, string>;
  /**
   * What shows where no shape is drawn: water when the layer's backdrop has the `water` class's fill; land nobody
   * holds when unowned provinces show the backdrop (python's `nopower` class fills nothing, or fills with the
   * backdrop's colour: ancmed's Nile delta between Alexandria and Thebes); else off-map land.
   */
  background: 'land' | 'sea' | 'unowned-land';
}

/** A stroke the SVG draws: its open lines, colour (`#rrggbb`), width and dashes (map px). */
export interface DecorStroke {
  lines: Point[][];
  color: string;
  width: number;
  dash: number[] | null;
}

/** CSS class → its declarations, from the SVG's `<style>` elements (`.water {fill:lightblue}`). */
type Classes = Map<string, Map<string, string>>;

/** Resolves a name the SVG uses (`nat`, `spa-nc`) to a location of the map (`NAO`, `SPA/NC`), or null. */
export type Resolve = (name: string) => string | null;

/**
 * The drawing; `isSea` tells the seas, whose groups' `water` pieces are the sea (the rest off-map land: islands), as
 * a land province's `water` pieces are off-map water (lakes, canals).
 */
export function readPythonSvg(
  root: XmlElement,
  resolve: Resolve,
  isSea: (province: string) => boolean,
  problems: string[],
): PythonDrawing | null {
  const page = frameOf(root);
  if (!page) {
    problems.push('the SVG has no viewBox, width or height');
    return null;
  }
  const layer = descendants(root, 'g').find((g) => g.attrs.id === 'MapLayer');
  if (!layer) {
    problems.push('the SVG has no MapLayer group (the provinces)');
    return null;
  }
  const classes = classesOf(root);
  const backdrop = backdropOf(layer, compose(page.shift, transformOf(layer)), page, classes);
  const frame = backdrop?.frame ?? aboveNotes(root, page);
  const drawing: PythonDrawing = {
    width: frame.width,
    height: frame.height,
    shapes: new Map(),
    decor: { land: [], sea: [] },
    lines: [],
    anchors: unitSpots(root, resolve, frame.shift),
    labels: new Map(),
    colours: powerColours(root),
    background: backdrop?.ground ?? 'land',
  };
  readShapes(layer, compose(frame.shift, transformOf(layer)), { resolve, isSea, classes, problems }, drawing);
  const labels = descendants(root, 'g').find((g) => g.attrs.id === 'BriefLabelLayer');
  if (labels) {
    const m = compose(frame.shift, transformOf(labels));
    for (const t of descendants(labels, 'text')) {
      const text = textOf(t).trim();
      const loc = resolve(text);
      const at = textSpot(t, m);
      if (!loc || !at || drawing.labels.has(loc.split('/')[0]!)) continue;
      drawing.labels.set(loc.split('/')[0]!, textMiddle(text, at, [t, labels], within(m, t), classes));
    }
  }
  return drawing;
}

/** Font size (px) SVG gives a text without one, and what `em` is measured against. */
const FONT_PX = 16;

/**
 * The middle of a label's text, from its anchor point (`textSpot`): python's texts are anchored where the text starts
 * (`text-anchor` unset: modern's `.labeltext`) or at its middle (`.smalllabeltext {text-anchor:middle}`), on its
 * baseline, so the middle lies half the text's width along (an estimate: 0.6 em a character) and a third of the
 * font size up. The text's properties cascade from `chain` (the text, then its layer) as SVG reads them.
 */
function textMiddle(text: string, at: Point, chain: XmlElement[], matrix: Matrix, classes: Classes): Point {
  const property = (name: string) => {
    for (const e of chain) {
      const own = ownProperty(e, classes, name);
      if (own !== undefined) return own;
    }
    return undefined;
  };
  const size = property('font-size') ?? '';
  const px = size.endsWith('em') ? Number.parseFloat(size) * FONT_PX : Number.parseFloat(size);
  const font = Number.isFinite(px) && px > 0 ? px : FONT_PX;
  const width = [...text].length * 0.6 * font;
  const anchor = property('text-anchor');
  const along = anchor === 'middle' ? 0 : anchor === 'end' ? -width / 2 : width / 2;
  const [o, d] = [apply(matrix, [0, 0]), apply(matrix, [along, -font / 3])];
  return [at[0] + d[0] - o[0], at[1] + d[1] - o[1]];
}

interface ShapeContext {
  resolve: Resolve;
  isSea: (province: string) => boolean;
  classes: Classes;
  problems: string[];
}

const SHAPES = ['path', 'polygon', 'polyline', 'line', 'g'];

function readShapes(layer: XmlElement, matrix: Matrix, context: ShapeContext, drawing: PythonDrawing): void {
  for (const e of layer.children) {
    const name = localName(e);
    if (!SHAPES.includes(name)) continue;
    try {
      readShape(e, name, matrix, context, drawing);
    } catch (err) {
      if (!(err instanceof PathError || err instanceof TransformError)) throw err;
      context.problems.push(`MapLayer: ${e.attrs.id ? `"${e.attrs.id}"` : `a ${name} without an id`}: ${err.message}`);
    }
  }
}

/** One shape of the MapLayer: a province's (its id `_` and a name of it), or off-map land, water or lines. */
function readShape(e: XmlElement, name: string, matrix: Matrix, context: ShapeContext, drawing: PythonDrawing): void {
  const { resolve, isSea, classes } = context;
  const id = e.attrs.id ?? '';
  const province = id.startsWith('_') ? resolve(id.slice(1))?.split('/')[0] : undefined;
  const m = within(matrix, e);
  if (!province) {
    for (const piece of piecesOf(e, m, classes))
      (piece.water || e.attrs.class === 'water' ? drawing.decor.sea : drawing.decor.land).push(...piece.rings);
    drawing.lines.push(...strokesOf(e, m, classes, new Map()));
    return;
  }
  // A group's pieces of the other kind (a sea's island, a land's lake or canal) are off-map land or water, which
  // python paints over the province: one wholly inside it is cut out of it, so it shows there too.
  const pieces = piecesOf(e, m, null);
  const sea = isSea(province);
  const own = name === 'g' ? pieces.filter((p) => p.water === sea) : pieces;
  const rings = (own.length > 0 ? own : pieces).flatMap((p) => p.rings);
  for (const piece of own.length > 0 ? pieces.filter((p) => !own.includes(p)) : []) {
    (piece.water ? drawing.decor.sea : drawing.decor.land).push(...piece.rings);
    // The piece as a whole (ancmed's Baleares water is a ring round the island with the island as its hole).
    const byArea = [...piece.rings].sort((a, b) => Math.abs(signedArea(b)) - Math.abs(signedArea(a)));
    const pole = polylabel(byArea, 0.5);
    const core: Point = [pole[0]!, pole[1]!];
    const inside = (r: Ring) => piece.rings.every((ring) => ring.every((p) => insideOrOn(p, r)));
    const around = rings.find((r) => windingNumber(core, [r]) !== 0 && inside(r));
    if (!around) continue;
    const flip = Math.sign(signedArea(byArea[0]!)) === Math.sign(signedArea(around));
    rings.push(...piece.rings.map((ring) => (flip ? [...ring].reverse() : ring)));
  }
  drawing.shapes.set(province, [...(drawing.shapes.get(province) ?? []), ...rings]);
}

/**
 * Is `p` inside the ring or on its outline (within half a pixel: modern's Corsica touches its sea's edge)? A piece is
 * cut out only when its middle lies inside too (ancmed's Propontis lies in a notch of Byzantium, its corners on it).
 */
function insideOrOn(p: Point, ring: Ring): boolean {
  if (windingNumber(p, [ring]) !== 0) return true;
  return ring.some((a, i) => distanceToSegment(p, a, ring[(i + 1) % ring.length]!) < 0.5);
}

/**
 * The filled pieces of an element (a group's children one by one), each with whether it is drawn as water. With
 * `classes` (unnamed decor), a piece whose fill is `none` (its own, through its style or class, or its group's: a
 * river, a dashed connector) is a line, not a shape, and is left out.
 */
function piecesOf(
  e: XmlElement,
  matrix: Matrix,
  classes: Classes | null,
  groupFill?: string,
  groupClass?: string,
): { rings: Ring[]; water: boolean }[] {
  const name = localName(e);
  const water = (e.attrs.class ?? groupClass) === 'water';
  const fill = classes ? (ownProperty(e, classes, 'fill') ?? groupFill) : undefined;
  if (fill === 'none') return [];
  if (name === 'path') return [{ rings: outlineOf(e, matrix), water }];
  if (name === 'polygon' || name === 'polyline') {
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
  if (name === 'g')
    return e.children.flatMap((c) => piecesOf(c, within(matrix, c), classes, fill, e.attrs.class ?? groupClass));
  return [];
}

/** The properties of a stroke that cascade from a group to what it holds. */
const STROKE = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray'];

/**
 * The lines an unnamed element draws (a group's one by one): a path, polyline or line filled with nothing (its own
 * `fill`, style or class, or its group's) and stroked with a colour, as python draws ancmed's Nile and its dashed
 * connectors. `inherited`: the stroke properties its groups give it.
 */
function strokesOf(e: XmlElement, matrix: Matrix, classes: Classes, inherited: Map<string, string>): DecorStroke[] {
  const name = localName(e);
  const props = new Map(inherited);
  for (const key of STROKE) {
    const own = ownProperty(e, classes, key);
    if (own !== undefined) props.set(key, own);
  }
  if (name === 'g') return e.children.flatMap((c) => strokesOf(c, within(matrix, c), classes, props));
  const color = cssColour(props.get('stroke') ?? '');
  if (props.get('fill') !== 'none' || !color) return [];
  const lines = strokeLines(e, name, matrix);
  if (lines.length === 0) return [];
  const scale = Math.sqrt(Math.abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]));
  const width = (Number.parseFloat(props.get('stroke-width') ?? '1') || 1) * scale;
  const dash = (props.get('stroke-dasharray') ?? 'none')
    .split(/[\s,]+/)
    .map((v) => Number.parseFloat(v) * scale)
    .filter((v) => Number.isFinite(v) && v >= 0);
  return [{ lines, color, width, dash: dash.some((v) => v > 0) ? dash : null }];
}

/** The open lines of a path, polyline or line element, in document space. */
function strokeLines(e: XmlElement, name: string, matrix: Matrix): Point[][] {
  try {
    if (name === 'path') return e.attrs.d ? pathLines(e.attrs.d, { matrix }) : [];
  } catch (err) {
    if (err instanceof PathError) return [];
    throw err;
  }
  const nums =
    name === 'line'
      ? ['x1', 'y1', 'x2', 'y2'].map((k) => Number.parseFloat(e.attrs[k] ?? '0'))
      : name === 'polyline'
        ? (e.attrs.points ?? '')
            .trim()
            .split(/[\s,]+/)
            .map(Number)
        : [];
  const line: Point[] = [];
  for (let i = 0; i + 1 < nums.length; i += 2) line.push(apply(matrix, [nums[i]!, nums[i + 1]!]));
  return line.length >= 2 && line.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1])) ? [line] : [];
}

/**
 * A property an element gives itself, trimmed and in lower case: its attribute, else its style's, else its classes'
 * (the last class giving it wins).
 */
function ownProperty(e: XmlElement, classes: Classes, name: string): string | undefined {
  const own = e.attrs[name] ?? styleOf(e).get(name) ?? classValue(e, classes, name);
  return own?.trim().toLowerCase();
}

/** A property the element's classes give it (the last class giving it wins). */
function classValue(e: XmlElement, classes: Classes, name: string): string | undefined {
  return (e.attrs.class ?? '')
    .split(/\s+/)
    .map((c) => classes.get(c)?.get(name))
    .filter((f) => f !== undefined)
    .at(-1);
}

/** The class rules of the SVG's `<style>` elements (`.name {…}`, `g.name {…}`); other selectors are skipped. */
function classesOf(root: XmlElement): Classes {
  const out: Classes = new Map();
  const css = descendants(root, 'style')
    .map(textOf)
    .join('\n')
    .replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const declarations = declarationsOf(body!);
    for (const selector of selectors!.split(',')) {
      const m = /^[a-z]*\.([\w-]+)$/i.exec(selector.trim());
      if (m) out.set(m[1]!, new Map([...(out.get(m[1]!) ?? []), ...declarations]));
    }
  }
  return out;
}

/**
 * The page less python's note strip (`<rect class="currentnoterect">` across the foot of the page, where python
 * writes the phase), which is no map: modern's.
 */
function aboveNotes(root: XmlElement, page: Frame): Frame {
  for (const rect of descendants(root, 'rect')) {
    if (!(rect.attrs.class ?? '').split(/\s+/).includes('currentnoterect')) continue;
    const [x0, y0, x1, y1] = rectBox(rect, page.shift);
    if (x0 <= 0 && x1 >= page.width && y0 > 0 && y1 >= page.height) return { ...page, height: y0 };
  }
  return page;
}

/** A page's or map's frame: its size and the matrix that puts its top-left corner at 0,0. */
type Frame = { width: number; height: number; shift: Matrix };

/** A `<rect>`'s box through `m` (x0, y0, x1, y1, lowest first). */
function rectBox(rect: XmlElement, m: Matrix): [number, number, number, number] {
  const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => Number.parseFloat(rect.attrs[k] ?? '0') || 0);
  const [a, b] = [apply(m, [x!, y!]), apply(m, [x! + w!, y! + h!])];
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
}

/** Share of the page a rect first in the layer must cover to be the map's backdrop. */
const BACKDROP_SHARE = 0.5;

/**
 * The map's backdrop: a `<rect>` the layer begins with that covers most of the page (python's ancmed:
 * `<rect fill="antiquewhite" …/>`). Its box, within the page, is the map's frame (what lies outside it, python's note
 * strip, is no map), and where no shape is drawn shows water when its fill is the `water` class's, land nobody holds
 * when the `nopower` class shows it (`PythonDrawing.background`), else off-map land.
 */
function backdropOf(
  layer: XmlElement,
  matrix: Matrix,
  page: Frame,
  classes: Classes,
): { frame: Frame; ground: PythonDrawing['background'] } | null {
  const rect = layer.children[0];
  if (!rect || localName(rect) !== 'rect') return null;
  const box = rectBox(rect, within(matrix, rect));
  const [x0, y0, x1, y1] = [
    Math.max(0, box[0]),
    Math.max(0, box[1]),
    Math.min(page.width, box[2]),
    Math.min(page.height, box[3]),
  ];
  if (x1 <= x0 || y1 <= y0 || (x1 - x0) * (y1 - y0) < BACKDROP_SHARE * page.width * page.height) return null;
  const fill = ownProperty(rect, classes, 'fill');
  const same = (other: string | undefined) =>
    fill !== undefined && other !== undefined && cssColour(fill) !== null && cssColour(fill) === cssColour(other);
  const unowned = classes.get('nopower')?.get('fill');
  const ground = same(classes.get('water')?.get('fill'))
    ? 'sea'
    : unowned?.trim().toLowerCase() === 'none' || same(unowned)
      ? 'unowned-land'
      : 'land';
  const frame = { width: x1 - x0, height: y1 - y0, shift: compose([1, 0, 0, 1, -x0, -y0], page.shift) };
  return { frame, ground };
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
