/**
 * Plain data shared by the whole engine: provinces, units, positions, orders and results.
 * Everything here is serialisable JSON; nothing holds behaviour.
 */

/** Lowercase province id as the variant defines it (`spa`, `lin`). */
export type ProvinceId = string;
/** Coast id (`nc`, `sc`, `ec`, `wc`). */
export type CoastId = string;
/** A power as the variant names it (`England`, `Qin`). */
export type Power = string;
export type UnitType = 'A' | 'F';
export type Season = 'spring' | 'fall' | 'winter';
export type PhaseType = 'movement' | 'retreat' | 'adjustment';

export interface Phase {
  season: Season;
  year: number;
  type: PhaseType;
}

/** A place a unit can stand: a province, and for split-coast provinces the coast. */
export interface Location {
  province: ProvinceId;
  coast: CoastId | null;
}

export interface Unit extends Location {
  power: Power;
  type: UnitType;
}

export interface DislodgedUnit extends Unit {
  /**
   * Province the dislodging attack came from (DATC 6.H: no retreat there unless the attack came by convoy); absent
   * when the attacker came from no province of the map (a virtual unit that rises from nowhere).
   */
  attackerFrom?: ProvinceId;
  viaConvoy: boolean;
  /** Where the unit may retreat, filled in by the adjudicator after movement. */
  retreatOptions?: string[];
}

/** The state of a game between phases. */
export interface Position {
  phase: Phase;
  units: Unit[];
  /** Only in a retreat phase: units that must retreat or disband. */
  dislodged: DislodgedUnit[];
  /** Only in a retreat phase: provinces left empty by a standoff (no retreat there). */
  contested: ProvinceId[];
  /** Supply-centre ownership: power -> provinces it owns. */
  supplyCenters: Record<Power, ProvinceId[]>;
  /**
   * State a variant's rules keep between phases (e.g. Warring States: captured home centres).
   * The engine copies it along and never looks inside.
   */
  variantState?: Record<string, unknown>;
}

/** Reference to a unit inside an order; `type` may be unknown when the player left it out. */
export interface UnitRef extends Location {
  type: UnitType | null;
}

export type Order =
  | { kind: 'hold'; unit: UnitRef }
  | { kind: 'move'; unit: UnitRef; to: Location; viaConvoy: boolean }
  /** `to === null` is a support to hold. */
  | { kind: 'support'; unit: UnitRef; target: UnitRef; to: Location | null }
  | { kind: 'convoy'; unit: UnitRef; target: UnitRef; to: Location }
  | { kind: 'retreat'; unit: UnitRef; to: Location }
  | { kind: 'disband'; unit: UnitRef }
  | { kind: 'build'; unit: UnitRef & { type: UnitType } }
  | { kind: 'waive' }
  /**
   * An order kind defined by a variant's rules module (e.g. Warring States `raise`, `riverMove`).
   * `name` picks the handler; `path` carries any locations the order names, in order.
   */
  | { kind: 'special'; name: string; unit: UnitRef; path: Location[]; args?: Record<string, string> };

/** An order as given by a power. */
export interface PowerOrder {
  power: Power;
  order: Order;
}

export type OrderOutcome = 'success' | 'failure' | 'illegal' | 'void';

/** What happened to one order (or to one unit left without an order). */
export interface OrderResult {
  power: Power;
  /** Type and location of the ordered unit, `A mun` or `F spa/nc`; for a build, the unit built. */
  unit: string;
  /** The normalized order (`A mun - sil`), or `A mun H` for a unit that got no order. */
  order: string;
  result: OrderOutcome;
  /** A short sentence a player can read (what `/why` shows). */
  reason: string;
  /** Set when the unit got no order and the default was applied. */
  defaulted?: boolean;
  /** For a unit ordered by the players' vote: an order was adopted, or none had a majority (the default applied). */
  vote?: 'adopted' | 'no-majority';
}

export interface Adjudication {
  /** The phase that was adjudicated. */
  phase: Phase;
  results: OrderResult[];
  /** Position at the start of the next phase (dislodged units carry their retreat options). */
  position: Position;
  /** Units dislodged in this movement phase, with retreat options (empty otherwise). */
  dislodged: DislodgedUnit[];
  /** Provinces where a standoff left the province empty (movement phases). */
  contested: ProvinceId[];
  /** Units removed: disbanded retreats, disbands, civil disorder. */
  removed: Unit[];
  /** Units removed by civil disorder (adjustment phase, power ordered too few disbands). */
  civilDisorderRemovals: Unit[];
  /** Supply-centre changes applied after this phase: province -> [old owner, new owner]. */
  centerChanges: { province: ProvinceId; from: Power | null; to: Power }[];
  /** A power that meets the victory condition after this phase, else null. */
  winner: Power | null;
  /** What happened besides the order results, as a variant reports it (a neutral activated, an attrition …). */
  events?: VariantEvent[];
  /**
   * The lines of voters' ballots that were not counted (`RulesModule.adoptOrders`), under each voter and without the
   * ballot's text. Kept apart from `results`, which channels show, because results never show who voted (Mandate of
   * Heaven rule 3); callers that give every order its line to whoever wrote the orders (the CLI) add them.
   */
  uncountedBallots?: OrderResult[];
}

/** Something a variant's rules report besides order results (CLI `events`, results posts). */
export interface VariantEvent {
  kind: string;
  power?: Power;
  province?: ProvinceId;
  /** One sentence a player can read. */
  text: string;
}

/** Facts about the game that are not on the board, given to the adjudicator by the caller. */
export interface AdjudicationContext {
  /** Powers with a seated player (Mandate of Heaven: they vote on neutral units). Missing: the variant's default. */
  players?: Power[];
  /**
   * Battles fought outside the adjudicator for this movement phase (Warhammer decisive battles; the CLI's
   * `battles`). The variant's `revisitMovement` reads them and re-resolves the phase (docs/engine.md, "Battles").
   */
  battles?: BattleReport[];
  /**
   * `false`: a simulation that reads only the outcome (the computer players' look-ahead): a movement phase's results
   * carry their outcomes, and no sentence is built (a reason is empty but for those already given: a move-like special
   * order's own, why a support or convoy was not used). Units, dislodgements, ownership and outcomes are exactly
   * those of the default.
   */
  explain?: boolean;
}

/** One battle fought outside the adjudicator, as the game master (or a dice roll) reports it. */
export interface BattleReport {
  /** Where it was fought: the target of a decisive move, or the province of a decisive hold. */
  province: ProvinceId;
  /** The power that won it (a supporting power's win counts for the power it supported). */
  winner: Power;
  /** Which side won, by its leading unit (`A nuln`), when `winner` fought on several sides. */
  unit?: string;
  /**
   * Cataclysmic Battles (Warhammer option): the loser is destroyed. `true`: every losing side's leading unit in this
   * province; or the losing units by label (`["A wast"]`).
   */
  destroyed?: true | string[];
}
