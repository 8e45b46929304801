/**
 * What the markers and labels are placed among: the picture's context (`MarkerContext`) and the shapes every placement
 * tests (`markerShapes`): each unit's box, the provinces tightest first, a point or a box inside a province.
 */
import type { PowerData } from '../variants/schema.js';
import type { Variant } from '../engine/variant.js';
import { insideShape, rectInsideShape, type MapGeometry, type Point } from './geometry.js';
import { rectAround } from './placement.js';
import type { Rect, UnitMark } from './scene.js';

export interface MarkerContext {
  variant: Variant;
  geometry: MapGeometry;
  /** Unit anchors in map pixels. */
  anchors: Map<string, Point>;
  frame: Rect;
  scale: number;
  /** Map px -> output px. */
  T: (p: Point) => Point;
  /** Output px per 1600-px-wide picture px. */
  u: number;
  unitSize: number;
  /**
   * A unit's size on the base map (without its enlargement, `UNIT_SCALE`): what an empty unit spot
   * keeps free of labels, and the spacing of a label's candidate spots round its anchor.
   */
  spotSize: number;
  /** More that no label may cover (the order layer's arrowheads: they are painted above the label halos). */
  keepClear?: Rect[];
  /**
   * Lines no label and no label's leader may cross (output px): a variant's move through several spaces, drawn along its
   * river on a white casing (Warring States' rapid river move, over `大梁 Daliang` and Zhongmou's leader before).
   */
  keepOff?: Point[][];
  /** The readers' locale: the labels are the variant's names in it where it has them (labels.ts). */
  locale?: string;
  units: UnitMark[];
  holder: Map<string, string>;
  powers: Map<string, PowerData>;
  colorOf: (power: string) => string;
  warnings: string[];
}

type ProvinceData = Variant['data']['provinces'][number];

export interface MarkerShapes {
  /** Each unit's box (its icon with a margin; with its ring when it has one), in the order of `units`. */
  unitBoxes: Rect[];
  /** The provinces, tightest first (they choose their spots first). */
  byClearance: ProvinceData[];
  /** Is a point inside the province? */
  inside: (id: string) => (c: Point) => boolean;
  /** Does a box lie wholly inside the province? (A label inside its province never crosses its border.) */
  boxInside: (id: string) => (c: Point, box: Rect) => boolean;
}

export function markerShapes(ctx: MarkerContext): MarkerShapes {
  const { variant, geometry, frame, scale, units } = ctx;
  // A dislodged unit's box includes its ring, and so does a virtual unit's.
  const ringed = (x: UnitMark) => x.dislodged || x.state === 'virtual';
  // Otherwise the icon with a small margin: an army's disc (2 sizes across), a fleet's hull (2.4 wide, 1.4 high).
  const unitBoxes = units.map((x) =>
    ringed(x)
      ? rectAround(x.at, x.size * 3.2, x.size * 3.2)
      : x.type === 'F'
        ? rectAround([x.at[0], x.at[1] + x.size * 0.1], x.size * 2.6, x.size * 1.7)
        : rectAround(x.at, x.size * 2.25, x.size * 2.25),
  );
  const byClearance = [...variant.data.provinces].sort(
    (a, b) => (geometry.shapes.get(a.id)?.clearance ?? 0) - (geometry.shapes.get(b.id)?.clearance ?? 0),
  );
  const inside = (id: string) => {
    const shape = geometry.shapes.get(id)!;
    return (c: Point) => insideShape([(c[0] - frame.x) / scale, (c[1] - frame.y) / scale], shape, geometry);
  };
  const boxInside = (id: string) => {
    const shape = geometry.shapes.get(id)!;
    return (_c: Point, box: Rect) =>
      rectInsideShape(
        { x: (box.x - frame.x) / scale, y: (box.y - frame.y) / scale, w: box.w / scale, h: box.h / scale },
        shape,
      );
  };
  return { unitBoxes, byClearance, inside, boxInside };
}
