/**
 * A variant's one definition: each folder under src/variants/ exports, as its default, what `defineVariant` makes of
 * its data, its rules module (whose `gameOptions` are the variant's options, described once) and its plug-in (what
 * it adds above the engine). The registry (src/variants/index.ts) and the lazy loaders (src/variants/bundled.ts)
 * read these definitions from one list. See docs/variants.md ("Adding a fifth variant").
 */
import { GameMap } from '../engine/map.js';
import type { RulesModule } from '../engine/rules.js';
import type { Phase, Position } from '../engine/types.js';
import type { ReasonText, Variant } from '../engine/variant.js';
import type { VariantData, VariantNames } from '../engine/variant-data.js';
import { declareFrenchPlaces, type FrenchPlaces } from '../i18n/french-places.js';
import { PLAIN, type VariantPlugin } from './plugin/index.js';

/** Any variant's plug-in (its record schemas are its own). */
// biome-ignore lint/suspicious/noExplicitAny: each plug-in's record schemas are its own; callers narrow by the plug-in
export type AnyPlugin = VariantPlugin<any>;

/** A defined variant: the engine's `Variant` and its plug-in, and the French grammar of its names it declared. */
export interface VariantDefinition {
  readonly variant: Variant;
  readonly plugin: AnyPlugin;
  readonly french?: FrenchPlaces;
}

/** A variant from its parts: validated data, its rules (none: Classic's), its plug-in, its own calendar. */
interface VariantParts {
  data: VariantData;
  rules?: RulesModule;
  plugin?: AnyPlugin;
  phaseName?: (phase: Phase, locale?: string) => string;
  yearName?: (year: number, locale?: string, season?: Phase['season']) => string;
  /** Its names in other locales, by locale: its folder's `names.<locale>.json` (docs/variants.md). */
  names?: Record<string, VariantNames>;
  /** How the results word its own sentences (`Variant.reasonTexts`): its folder's `reasons.ts`. */
  reasonTexts?: readonly ReasonText[];
  /**
   * The French grammar of its names as French readers see them (`le Qin`, `au Song`: docs/locales.md "French place
   * names"), read by the French texts (src/i18n/french-places.ts) once the variant is defined. A name it does not
   * declare takes no article (an English name kept in French).
   */
  french?: FrenchPlaces;
}

/**
 * A variant already built, with its plug-in: for a variant whose options change its map or set-up, which builds
 * each configured copy itself (`Variant.configure`).
 */
interface BuiltVariant {
  variant: Variant;
  plugin?: AnyPlugin;
  french?: FrenchPlaces;
}

export function defineVariant(parts: VariantParts | BuiltVariant): VariantDefinition {
  if (parts.french) declareFrenchPlaces(parts.french);
  const french = parts.french ? { french: parts.french } : {};
  if ('variant' in parts) return Object.freeze({ variant: parts.variant, plugin: parts.plugin ?? PLAIN, ...french });
  const built = buildVariant(parts.data, parts.rules);
  const variant: Variant = {
    ...built,
    ...(parts.phaseName ? { phaseName: parts.phaseName } : {}),
    ...(parts.yearName ? { yearName: parts.yearName } : {}),
    ...(parts.names ? { names: parts.names } : {}),
    ...(parts.reasonTexts ? { reasonTexts: parts.reasonTexts } : {}),
  };
  return Object.freeze({ variant, plugin: parts.plugin ?? PLAIN, ...french });
}

/**
 * A bundled variant's `map.json` (and its `geometry.json`) as its data, without zod at start-up (the CLI starts in
 * tens of milliseconds): the files are stored exactly as the schema outputs them, defaults filled in, in its key
 * order, which test/variants/bundled.test.ts proves for every bundled file; `maps check` validates them too. Data
 * from outside the repository goes through `parseVariantData` (src/variants/build.ts).
 */
export function bundledData(map: object, geometry?: object): VariantData {
  return (geometry === undefined ? map : { ...map, geometry }) as VariantData;
}

/**
 * The build rule `builds: "owned"` of map data (a variant file's, docs/variants.md): a power builds in any vacant
 * centre it owns, home or not; a rules module's own `buildableCenters` wins.
 */
function withBuildRule(data: VariantData, rules: RulesModule): RulesModule {
  if (data.builds !== 'owned' || rules.buildableCenters) return rules;
  return {
    ...rules,
    buildableCenters: ({ position, power }) => [...(position.supplyCenters[power] ?? [])],
    buildRefusal: ({ map, power, province }) =>
      map.province(province)?.supplyCenter
        ? `${power} does not own ${map.province(province)!.name}`
        : `${map.province(province)?.name ?? province} is not a supply centre`,
  };
}

/** The engine's `Variant` from validated data and a rules module. */
export function buildVariant(data: VariantData, given: RulesModule = {}): Variant {
  const rules = withBuildRule(data, given);
  const map = new GameMap({
    provinces: data.provinces,
    armyAdjacency: data.armyAdjacency,
    fleetAdjacency: data.fleetAdjacency,
    links: data.links,
  });
  const startingCenters: Record<string, string[]> =
    data.startingCenters ?? Object.fromEntries(data.powers.map((p) => [p.name, map.homeCenters(p.name)]));
  return {
    id: data.id,
    name: data.name,
    description: data.description,
    powers: data.powers,
    map,
    data,
    rules,
    victory: { centers: data.victory.centers, strictlyMost: data.victory.strictlyMost },
    startingPosition(): Position {
      return {
        phase: { ...data.startingPhase },
        units: data.startingUnits.map((u) => ({ ...u })),
        dislodged: [],
        contested: [],
        supplyCenters: Object.fromEntries(Object.entries(startingCenters).map(([k, v]) => [k, [...v]])),
      };
    },
  };
}
