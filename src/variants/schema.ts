/**
 * The variant data format: what a variant's `map.json` holds. Validated with zod by the tests and `maps check`
 * (bundled variants) and when a `--variant-file` is loaded, so a mistake in map data is reported with its path
 * instead of surfacing as a wrong adjudication.
 * See docs/variants.md.
 */
import { z } from 'zod';
import type { PowerData, ProvinceData, VariantData } from '../engine/variant-data.js';

const id = z.string().regex(/^[a-z][a-z0-9_-]*$/, 'ids are lowercase letters, digits, - or _');
/** `spa` or `spa/nc` */
const locationId = z.string().regex(/^[a-z][a-z0-9_-]*(\/[a-z]+)?$/, 'a location is `prov` or `prov/coast`');

export const phaseSchema = z.object({
  season: z.enum(['spring', 'fall', 'winter']),
  year: z.number().int(),
  type: z.enum(['movement', 'retreat', 'adjustment']),
});

export const unitSchema = z.object({
  power: z.string().min(1),
  type: z.enum(['A', 'F']),
  province: id,
  coast: z.string().nullable().default(null),
});

export const powerSchema = z.object({
  name: z.string().min(1),
  adjective: z.string().optional(),
  /** Map colour (hex), chosen to stay distinct for colour-blind players together with `altColor`. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** Tint of the land it holds (hex; default: `color` mixed with white). */
  landColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  /** Colour-blind palette colour (hex). */
  altColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  /** Colour-blind palette land tint (hex). */
  altLandColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  /** Names in other scripts (e.g. `秦`). */
  localName: z.string().optional(),
  /**
   * Its mark on its units on a map of more than 8 powers: one or two Latin letters (default: the initials of a name
   * of several words, else its first two letters; src/render/power-marks.ts).
   */
  mark: z
    .string()
    .regex(/^[A-Za-z]{1,2}$/)
    .optional(),
  /** A power that starts without home centres (Mandate of Heaven's nomad Hsiung-Nu); `maps check` expects none. */
  homeless: z.boolean().optional(),
  /**
   * A neutral power moved by the variant's own rule (Mandate of Heaven: the players' vote): nobody takes it when the
   * game forms, and it is not "in civil disorder".
   */
  neutral: z.boolean().optional(),
});

export const provinceSchema = z.object({
  id,
  name: z.string().min(1),
  /** Display abbreviation (`Spa`, `BOH`); orders accept it in any case. */
  abbreviation: z.string().min(1),
  /** More names accepted in orders (`Channel`, `St Petersburg`, `Chang-hsia`). */
  aliases: z.array(z.string()).default([]),
  /** Name in another script for labels (`临淄`). */
  localName: z.string().optional(),
  kind: z.enum(['land', 'coast', 'sea', 'impassable']),
  supplyCenter: z.boolean(),
  home: z.string().nullable(),
  coasts: z.array(z.string()).default([]),
});

export const linkSchema = z.object({
  from: id,
  to: id,
  /** Why the link is not a drawn border: wrap-around sea, tunnel, underway … */
  kind: z.string(),
  /** Only this power may use it (e.g. an underway); null = everyone. */
  power: z.string().nullable().default(null),
});

/** SVG path data: a command letter first (`M 10 20 L …`), nothing but path syntax (checked when drawn). */
const pathData = z
  .string()
  .max(4_000_000)
  .regex(/^\s*[Mm][\s\d.,eE+\-MmLlHhVvCcSsQqTtAaZz]*$/, 'SVG path data starting with M (`M x y L x y … Z`)');

/**
 * Where to draw each province, in the map's own pixel space (x right, y down, 0..width, 0..height).
 * One or more seed points per province; the renderer builds cells from them (src/render/).
 */
export const geometrySchema = z
  .object({
    width: z.number().positive(),
    height: z.number().positive(),
    /** Seed points by province id (a map drawn from seeds); empty for a map drawn from `shapes`. */
    points: z.record(z.string(), z.array(z.tuple([z.number(), z.number()])).min(1)).default({}),
    /** Seeds of off-map filler cells (land outside the playing area, unnamed water): drawn, never a province. */
    offmap: z
      .object({
        land: z.array(z.tuple([z.number(), z.number()])).default([]),
        sea: z.array(z.tuple([z.number(), z.number()])).default([]),
      })
      .optional(),
    /** Where a unit stands, by location key (`spa/nc`, `lon`); default: the centre of the province's largest cell. */
    anchors: z.record(z.string(), z.tuple([z.number(), z.number()])).optional(),
    /** Preferred label position by province id; default: chosen by the renderer around the unit anchor. */
    labels: z.record(z.string(), z.tuple([z.number(), z.number()])).optional(),
    /** Label style: full names where they fit (`name`) or abbreviations (`abbreviation`); default: names when provinces have local names. */
    labelStyle: z.enum(['name', 'abbreviation']).optional(),
    /** Label text height in px at 1,600 px wide; default 14 (`LABEL_PX`). */
    labelSize: z.number().min(10).max(32).optional(),
    /**
     * A smaller label height (px at 1,600 px wide) a full name takes inside its province where it does not fit at
     * `labelSize`, before it goes beside the province; default none (docs/render.md "Labels").
     */
    labelMinSize: z.number().min(10).max(32).optional(),
    /** The legend's text height in px at 1,600 px wide; default 28 (`LEGEND_PX`, docs/render.md "Legibility"). */
    legendSize: z.number().min(10).max(40).optional(),
    /** Rounds of border smoothing (maps drawn from a fine grid of seeds); default 0. */
    smooth: z.number().int().min(0).max(8).optional(),
    /** How latitude/longitude data (river courses) is placed on this map: src/render/projection.ts. */
    projection: z.unknown().optional(),
    /**
     * A map drawn from shapes: each province's outline as SVG path data (`M x y L … Z`; curves, arcs and relative
     * commands allowed; several subpaths draw one province in several pieces). When given, `points` is not used.
     */
    shapes: z.record(z.string(), pathData).optional(),
    /**
     * Off-map pieces of a map drawn from shapes: land nobody plays on and unnamed water, as SVG path data; and lines
     * drawn over the provinces, stroked, never filled (python's ancmed's Nile): each its path data (open subpaths),
     * colour, width in map px and dashes (map px, as SVG's `stroke-dasharray`).
     */
    decor: z
      .object({
        land: z.array(pathData).default([]),
        sea: z.array(pathData).default([]),
        lines: z
          .array(
            z.object({
              d: pathData,
              color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
              width: z.number().positive().max(50),
              dash: z.array(z.number().min(0)).max(8).optional(),
            }),
          )
          .default([]),
      })
      .optional(),
    /**
     * What shows where no shape is drawn: off-map land (the default), off-map water, or land of the map that is no
     * province (`unowned-land`: drawn as land nobody holds, not as off-map land).
     */
    background: z.enum(['land', 'sea', 'unowned-land']).optional(),
    /** How far apart (map px) two outlines may lie and still share a border (default 1; DiploGM's border margin). */
    margin: z.number().min(0).max(50).optional(),
  })
  .passthrough();

export const variantDataSchema = z.object({
  id,
  name: z.string(),
  description: z.string().default(''),
  powers: z.array(powerSchema).min(2),
  provinces: z.array(provinceSchema).min(2),
  /** province -> provinces an army can move to */
  armyAdjacency: z.record(z.string(), z.array(id)),
  /** location -> locations a fleet can move to (coasts written `spa/nc`) */
  fleetAdjacency: z.record(z.string(), z.array(locationId)),
  startingPhase: phaseSchema,
  startingUnits: z.array(unitSchema),
  /** Ownership at the start; defaults to every power owning its home centres. */
  startingCenters: z.record(z.string(), z.array(id)).optional(),
  victory: z.object({
    /** Centres needed to win. */
    centers: z.number().int().positive(),
    /** Also need strictly more centres than every other power (Warring States). */
    strictlyMost: z.boolean().default(false),
  }),
  /** Links that are adjacencies but not drawn borders (wrap-around seas, tunnels): drawn dotted. */
  links: z.array(linkSchema).default([]),
  /** Variant-specific map features (rivers, walls …), read by the variant's own rules module. */
  features: z.record(z.string(), z.unknown()).default({}),
  /** Where a power builds: its owned home centres (`home`, Classic's rule and the default) or any centre it owns. */
  builds: z.enum(['home', 'owned']).optional(),
  geometry: geometrySchema.optional(),
});

// The data types belong to the engine (src/engine/variant-data.ts); the schemas must produce exactly them.
export type { PowerData, VariantData } from '../engine/variant-data.js';
export type VariantDataInput = z.input<typeof variantDataSchema>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * Compile-time check that the schemas and the engine's types agree (a `false` here fails `tsc`).
 * @public
 */
export const schemasMatchEngineTypes: [
  Same<z.infer<typeof variantDataSchema>, VariantData>,
  Same<z.infer<typeof provinceSchema>, ProvinceData>,
  Same<z.infer<typeof powerSchema>, PowerData>,
] = [true, true, true];
