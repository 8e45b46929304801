/** The shapes of a map's geometry (src/render/geometry.ts computes them, src/render/geometry-store.ts stores them). */

export type Point = [number, number];

/** Owner ids of filler cells; they never clash with province ids (which start with a letter). */
export const OFFMAP_LAND = '#land';
export const OFFMAP_SEA = '#sea';
/**
 * Land of a map drawn from shapes that is no province and no off-map land (`geometry.background: "unowned-land"`):
 * a filler of kind `land` that nobody holds, so it is drawn as an unowned province is.
 */
export const UNOWNED_LAND = '#unowned';

export type SurfaceKind = 'land' | 'sea' | 'impassable' | 'offmap-land' | 'offmap-sea';

export interface Cell {
  owner: string;
  seed: Point;
  /** Closed polygon (first vertex not repeated): convex, unless border smoothing moved its vertices. */
  polygon: Point[];
}

export interface Border {
  /** Owners, `a < b`. */
  a: string;
  b: string;
  segments: [Point, Point][];
  length: number;
}

export interface ProvinceShape {
  id: string;
  kind: SurfaceKind;
  cells: number[];
  area: number;
  /**
   * A point well inside the province: of the cell centroids and points between them, the one farthest
   * from the province's outline (a cheap pole of inaccessibility).
   */
  center: Point;
  /** Distance from `center` to the outline. */
  clearance: number;
  /** The province's outline: cell edges not shared with another cell of the same province (frame edges included). */
  outline: [Point, Point][];
  /**
   * The outline chained into closed rings (the merged territory). Cells keep one winding, so outer rings
   * and holes wind opposite ways and a nonzero fill of all rings paints the territory exactly.
   */
  rings: Point[][];
}

export interface MapGeometry {
  width: number;
  height: number;
  cells: Cell[];
  /** By owner (province id, `#land`, `#sea`). */
  shapes: Map<string, ProvinceShape>;
  borders: Border[];
  /** `a|b` (sorted) -> border. */
  borderIndex: Map<string, Border>;
  /** The owner of the cell containing a point (province id, `#land`, `#sea`), or null outside the frame. */
  locate(p: Point): string | null;
  /**
   * A map drawn from shapes (src/render/shape-geometry.ts): a cell is one ring of a province's outline, of any shape,
   * filled by the nonzero rule; unset, cells are convex Voronoi cells.
   */
  polygonal?: boolean;
  /**
   * The water where nothing is drawn is the map's own sea (`geometry.background: "sea"`: DiploGM's Background in its
   * sea colour), drawn in the sea's colour rather than as water outside play.
   */
  seaBackground?: boolean;
}

/** The Voronoi sites of a variant: every seed point with its owner, in a fixed order (provinces, then filler). */
export interface Sites {
  ok: true;
  width: number;
  height: number;
  seeds: Point[];
  owners: string[];
  kinds: Map<string, SurfaceKind>;
}
