/**
 * The shape of a variant's map data (`map.json`) as the engine uses it. The engine owns the type; the zod schema
 * that validates the files (src/variants/schema.ts) is checked against it, so the engine imports nothing from the
 * layers above it. Field meanings: docs/variants.md and the schema's comments.
 */
import type { Phase, Power, ProvinceId, Unit } from './types.js';

export interface PowerData {
  name: Power;
  adjective?: string;
  /** Map colour (hex). */
  color: string;
  /** Alternative palette colour (hex). */
  altColor?: string;
  /** Names in other scripts (e.g. `秦`). */
  localName?: string;
  /** Its mark on its units on a map of more than 8 powers (one or two Latin letters). */
  mark?: string;
  /** Tint of the land it holds (hex; default: `color` mixed with white). */
  landColor?: string;
  /** Colour-blind palette land tint (hex). */
  altLandColor?: string;
  /** Starts without home centres (Mandate of Heaven's nomad Hsiung-Nu); `maps check` expects none. */
  homeless?: boolean;
  /** A neutral power moved by the variant's own rule (Mandate of Heaven: the players' vote), never seated at forming. */
  neutral?: boolean;
}

export interface ProvinceData {
  id: ProvinceId;
  name: string;
  abbreviation: string;
  aliases: string[];
  localName?: string;
  kind: 'land' | 'coast' | 'sea' | 'impassable';
  supplyCenter: boolean;
  home: Power | null;
  coasts: string[];
}

/**
 * A variant's names in one locale (its folder's `names.<locale>.json`, docs/variants.md "Names in other
 * languages"): powers by name, provinces by id, and further names players also type.
 */
export interface VariantNames {
  powers: Record<Power, string>;
  provinces: Record<ProvinceId, string>;
  /** More names a province is known by there (read by the order parser, never written). */
  aliases?: Record<ProvinceId, string[]>;
  /** The variant's own legend texts (its walls, links, overlays) there, by their English text. */
  legend?: Record<string, string>;
  /**
   * The words the variant's own orders are written with there, by the special order's name (`raise`: `組建艦隊`,
   * `lève une flotte`): its `SpecialOrderSpec.write` puts them in, and its parser reads them back.
   */
  orders?: Record<string, string>;
}

export interface LinkData {
  from: ProvinceId;
  to: ProvinceId;
  kind: string;
  power: Power | null;
}

type Point = [number, number];

export interface VariantData {
  id: string;
  name: string;
  description: string;
  powers: PowerData[];
  provinces: ProvinceData[];
  armyAdjacency: Record<ProvinceId, ProvinceId[]>;
  fleetAdjacency: Record<string, string[]>;
  startingPhase: Phase;
  startingUnits: Unit[];
  startingCenters?: Record<Power, ProvinceId[]>;
  victory: { centers: number; strictlyMost: boolean };
  links: LinkData[];
  features: Record<string, unknown>;
  /** Where a power builds: its owned home centres (Classic, the default) or any centre it owns. */
  builds?: 'home' | 'owned';
  geometry?: {
    width: number;
    height: number;
    points: Record<ProvinceId, Point[]>;
    offmap?: { land: Point[]; sea: Point[] };
    anchors?: Record<string, Point>;
    labels?: Record<ProvinceId, Point>;
    /** Label style: full names where they fit, or abbreviations (default: names when provinces have local names). */
    labelStyle?: 'name' | 'abbreviation';
    /**
     * Label text height in px at 1,600 px wide (default 14): as large as the map's names leave room for, since the
     * posted map is first seen at Discord's 550 px preview (Classic's codes 20: 6.9 px there).
     */
    labelSize?: number;
    /** A smaller height a full name takes inside its province where it does not fit at `labelSize` (docs/render.md). */
    labelMinSize?: number;
    /**
     * The legend's text height in px at 1,600 px wide; default 28, 9.6 px at Discord's 550 px preview (docs/render.md
     * "Legibility"), so a variant gives one only to draw its legend otherwise.
     */
    legendSize?: number;
    /** Rounds of border smoothing (maps drawn from a fine grid of seeds); default 0. */
    smooth?: number;
    /** How latitude/longitude data (river courses) is placed on this map: src/render/projection.ts. */
    projection?: unknown;
    /** Province outlines as SVG path data, by province id (a map drawn from shapes instead of seed points). */
    shapes?: Record<ProvinceId, string>;
    /**
     * Off-map pieces drawn from shapes (land nobody plays on, unnamed water), as SVG path data, and lines stroked over
     * the provinces (a river the drawing shows): path data, colour, width and dashes in map px.
     */
    decor?: {
      land: string[];
      sea: string[];
      lines: { d: string; color: string; width: number; dash?: number[] }[];
    };
    /**
     * What shows where no shape is drawn: off-map land (the default), off-map water, or `unowned-land`, land of the map
     * that is no province, drawn as a province nobody holds (a python SVG's backdrop where unowned provinces show it).
     */
    background?: 'land' | 'sea' | 'unowned-land';
    /** How far apart (map px) two outlines may lie and still share a border (default 1). */
    margin?: number;
    /** Further drawing data the renderer may read (the schema lets it through). */
    [key: string]: unknown;
  };
}
