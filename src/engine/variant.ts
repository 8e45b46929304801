/**
 * A variant = validated map data + a rules module plugging into the engine's hooks (see docs/engine.md).
 */
import type { PowerData, VariantData, VariantNames } from './variant-data.js';
import type { GameMap } from './map.js';
import type { RulesModule } from './rules.js';
import type { Position } from './types.js';

/**
 * How a group of a reason's pattern becomes a parameter of its message: a province's name, provinces' names listed
 * with commas (`Beidi, Loufan, Donghu`), units as orders write them (`F wu and A lu`), a number, a power's name, a
 * text shown as it is, or a reason of its own (worded again).
 */
export type ReasonPart = 'place' | 'places' | 'units' | 'number' | 'power' | 'text' | 'reason';

/**
 * One of a variant's sentences in the results: the pattern that matches it whole, the catalogue key that words it
 * (the variant's own, `variant.<id>.…`) and the parameter each group fills. `note`: a strength note (the reasons
 * append them to a strength: `2 vs 1: the wall of Linzi takes 1 from the attack (wall rule 1)`).
 */
export interface ReasonText {
  pattern: RegExp;
  key: string;
  params?: readonly (readonly [string, ReasonPart])[];
  note?: boolean;
}

export interface Variant {
  id: string;
  name: string;
  description: string;
  powers: PowerData[];
  map: GameMap;
  /** The validated data the variant was built from (for `maps show`, the renderer, tools). */
  data: VariantData;
  rules: RulesModule;
  victory: { centers: number; strictlyMost: boolean };
  /**
   * The variant's names in other locales, by locale (`fr`, `zh-TW`), as its folder gives them; read through
   * src/variants/names.ts, which derives the ones a locale lacks (simplified Chinese from traditional).
   */
  names?: Readonly<Record<string, VariantNames>>;
  /**
   * How players see a phase's name, when the variant has its own calendar (Mandate of Heaven: years BC), in the
   * reader's locale (`fr`, `zh-TW`, `zh-CN`; English by default).
   */
  phaseName?(phase: import('./types.js').Phase, locale?: string): string;
  /**
   * With its own calendar, how players see a game year (`369 BC`), or with `season` a season of it (`Winter 369
   * BC`), in the reader's locale: the supply-centre chart's points (docs/locales.md "Names").
   */
  yearName?(year: number, locale?: string, season?: import('./types.js').Phase['season']): string;
  /**
   * How the results word the variant's own sentences (its rules' reasons and strength notes), which the engine writes
   * in English: patterns a reason's part is matched against, whole, after the core's (docs/locales.md "Results").
   */
  reasonTexts?: readonly ReasonText[];
  startingPosition(): Position;
  /**
   * The variant as a game with these options plays it (options that change the map, the set-up or the rules:
   * Warhammer's campaign options). Callers validate options against `rules.gameOptions` first. Undefined: options
   * change nothing the variant needs to know beyond `rules.decisive`.
   */
  configure?(options: Record<string, string>): Variant;
  /**
   * The options a copy made by `configure` was made with (so that another thread can make the same copy: the render
   * worker). Absent when the variant is not such a copy.
   */
  options?: Readonly<Record<string, string>>;
}
