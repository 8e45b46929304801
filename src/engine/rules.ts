/**
 * The engine's rule hooks. A variant's rules module implements any subset of `RulesModule`;
 * every hook left out means "Classic behaviour". The adjudicator calls them at fixed points
 * (see docs/engine.md for the catalogue and for which variant rule each one exists for).
 *
 * Hooks are pure functions of their arguments. They read the board through the context they are
 * given and never mutate it, except where a hook's contract says it returns a new value.
 */
import type { VariantData } from './variant-data.js';
import type { GameMap } from './map.js';
import type { OrderWordKind } from './parse/language.js';
import type {
  Adjudication,
  AdjudicationContext,
  BattleReport,
  DislodgedUnit,
  Location,
  Order,
  OrderResult,
  Phase,
  Position,
  Power,
  PowerOrder,
  ProvinceId,
  Unit,
  UnitRef,
  UnitType,
  VariantEvent,
} from './types.js';

/** A unit together with the order it carries out this phase, after defaults and transformations. */
/** A unit a variant's rule removes from the game before a pass of the outer loop (`destroyedUnits`). */
export interface DestroyedUnit extends Unit {
  /** The reason its carried-out order's result gives (default "destroyed (removed from the game: no retreat)"). */
  reason?: string;
}

export interface OrderedUnit {
  unit: Unit;
  order: Order;
  /** Power that issued the order (the unit's owner, or a vote for neutral units). */
  power: Power;
  /** Set when the order was judged illegal and replaced by a hold (DATC 4.E.1). */
  illegalReason?: string;
  /** True when the unit received no order and holds by default. */
  defaulted?: boolean;
  /**
   * True for units that exist only for this phase (illusions, virtual units): never placed on the board and
   * without a result of their own. One that stands its ground (not moving, not dislodged) keeps retreats out of its
   * province, like any unit there.
   */
  virtual?: boolean;
  /**
   * For a virtual unit ordered to move: when the move succeeds, the unit is placed on the board at its destination
   * as a real unit (a unit that appears from nowhere, e.g. a revived power's army). It then occupies the province
   * for retreats and ownership like any unit that moved there.
   */
  materializes?: boolean;
  /** How results name a virtual unit (`the Illusion`), instead of its type and province. */
  label?: string;
}

/** What a hook can ask about the movement phase being resolved. Queries resolve decisions on demand. */
export interface MovementContext {
  map: GameMap;
  position: Position;
  /** Units and their orders, by province. */
  orderedUnits: ReadonlyMap<ProvinceId, OrderedUnit>;
  unitAt(province: ProvinceId): OrderedUnit | undefined;
  /** Did this move (or move-like order) succeed? */
  moveSucceeds(province: ProvinceId): boolean;
  /** Is the unit in this province dislodged? */
  isDislodged(province: ProvinceId): boolean;
  /** Supports given to the unit in `province` for its current order that are not cut. */
  supportsFor(province: ProvinceId): OrderedUnit[];
  /** Moves into `province` from units of other powers that reach it (path exists): potential support cutters. */
  attacksOn(province: ProvinceId): OrderedUnit[];
  /**
   * Attack strength of the move ordered in `province`. `ignoringSupportOf`: as if the unit in that province gave no
   * support (Warring States Floating Fortress rule 3: the strength with which an attack cuts a support for an attack
   * on unit U leaves out U's own support). Still read through the support decisions.
   */
  attackStrength(province: ProvinceId, options?: { ignoringSupportOf?: ProvinceId }): number;
  /** Does the army in `province` have a convoy path (or land path) to its destination? */
  hasPath(province: ProvinceId): boolean;
  /** The data of the current pass of the variant's outer loop (`revisitMovement`); undefined on the first pass. */
  pass?: unknown;
}

/** One complete movement resolution, as `revisitMovement` sees it. */
export interface MovementOutcomeView {
  /** Units that stay on the board (moved or not). */
  units: Unit[];
  /** Dislodged units, each with its retreat options. */
  dislodged: DislodgedUnit[];
  contested: ProvinceId[];
  /** Every order's result (supports that counted are `success`). */
  results: OrderResult[];
  /** The units and the orders they carried out (virtual units included). */
  ordered: OrderedUnit[];
  /** Provinces of the armies whose moves went by convoy (DATC 4.A.3), so in no head-to-head battle. */
  convoyed: ProvinceId[];
  /**
   * For each move that failed against other units: the provinces of the units that kept it out (its head-to-head
   * opponent, the unit that stayed in the target, the moves that stood it off; a unit of its own power that stayed
   * in the target and was not ordered to move, alone), from the resolver's decided strengths; empty for a move that
   * succeeded or failed for want of a path. Virtual units are named by the province they stand on. Computed when
   * asked (only decisive battles ask).
   */
  keptOut(province: ProvinceId): ProvinceId[];
}

export type StrengthKind = 'attack' | 'hold' | 'defend' | 'prevent';

/** A strength a variant's rule set, and why, as a player reads it (`/why`): `the wall of Linzi takes 1 (wall rule 1)`. */
export interface StrengthRuling {
  value: number;
  because: string;
}

export interface StrengthQuery {
  kind: StrengthKind;
  /** The unit whose strength is computed (for `hold`: the unit holding the province). */
  subject: OrderedUnit;
  /** The supports that count for this strength (already filtered: not cut, right nationality). */
  supports: OrderedUnit[];
  /** The Classic value: 1 + number of supports, or 0 where the Classic rules say 0. */
  classic: number;
}

/** A variant-defined order kind (`{kind: 'special', name}`). */
export interface SpecialOrderSpec {
  name: string;
  /**
   * Optional: the kind of order as players and the order pad name it, lowercase words joined by `-`
   * (`raise-fleet`; docs/orders.md "Kinds of order"). Default: `name`.
   */
  kindName?: string;
  /** How the rest of the engine treats it: a hold (supportable as a hold) or a move to `path[path.length-1]`. */
  actsAs: 'hold' | 'move';
  /** Why this order is illegal on this board, or null if legal. */
  validate(ctx: { map: GameMap; position: Position; unit: Unit; order: Order & { kind: 'special' } }): string | null;
  /** Normalized text (`A ji R F`). */
  format(order: Order & { kind: 'special' }): string;
  /**
   * Optional: the order written in a reader's language (docs/orders.md "Orders in other languages") with the writer's
   * units, places and words (`A 南鄭 組建艦隊`); its parser must read it back to the same order. Default: `format`.
   */
  write?(order: Order & { kind: 'special' }, writer: SpecialOrderWriter): string;
  /**
   * Optional custom success decision for move-like special orders (e.g. Rapid River Move, resolved
   * space by space). Return the location the unit ends on (its start if it stays), and the provinces it leaves
   * contested for retreats (`contests`: Warring States, two Rapid River Moves that stood off there).
   */
  resolve?(
    ctx: MovementContext,
    subject: OrderedUnit,
  ): { success: boolean; endsAt: Location; reason: string; contests?: ProvinceId[] };
  /**
   * Optional: the orders of this kind `unit` could be given on this board, for autocomplete
   * (src/engine/options.ts `legalOrders`). Each is still checked with `validate`; leave out to offer none.
   */
  options?(ctx: { map: GameMap; position: Position; unit: Unit }): (Order & { kind: 'special' })[];
  /**
   * Optional: how maps draw this order, so the renderer names no variant (docs/render.md "The order layer"). Without
   * it an order with a `path` is drawn as `path` and any other as a hold.
   */
  draw?: SpecialOrderLook;
}

/** What a special order is written with in a reader's language (`SpecialOrderSpec.write`). */
export interface SpecialOrderWriter {
  /** A unit in the language (`A 南鄭`, `F spa/nc` where it names no province). */
  unit(u: UnitRef): string;
  /** A place in the language. */
  place(l: Location): string;
  /** The language's order word of a kind (`支援`, `soutient`), the English one where it has none. */
  word(kind: OrderWordKind): string;
  /** The language's words for the variant's own order of this name (`OrderLanguage.special`); null where none. */
  special(name: string): string | null;
}

/** How maps draw a variant's special order (`SpecialOrderSpec.draw`). */
export interface SpecialOrderLook {
  /**
   * `ring`: a dashed ring round the unit in the power's colour (Warring States' raise fleet); `path`: an arrow through
   * every space of `order.path`, a dot on each space between, along the variant's drawn river where one passes the
   * spaces (its rapid river move); `hold`: the hold octagon.
   */
  as: 'ring' | 'path' | 'hold';
  /** The legend's text for the look (`raise fleet`, `river move`); a `hold` is explained by the hold's own key. */
  legend?: string;
  /**
   * Optional: the ordinary order this special order is carried out as, drawn in its place when the map can draw it
   * (Warhammer's `S Immortality`: a support of the Immortality army's move, drawn to the middle of that army's
   * arrow); `as` is the look when it cannot (the supported virtual unit is not on the map that phase).
   */
  carriedOut?(order: Order & { kind: 'special' }): Order | null;
}

/** Read special orders from player text: tried before the standard grammar. */
export interface SpecialOrderParser {
  /**
   * `tokens` are the lowercase words after the unit (e.g. for `A Ji R F`: ['r', 'f']);
   * return null when the text is not this kind of order.
   */
  parse(
    tokens: string[],
    helpers: {
      location(token: string): Location | null;
      /**
       * The reader's language's words for the variant's own order of this name (`OrderLanguage.special`: what its
       * `SpecialOrderSpec.write` writes), lowercase, with and without accents; empty in English. Each is matched
       * against one token: a form of several words is the parser's own to read.
       */
      special(name: string): ReadonlySet<string>;
    },
  ): { name: string; path: Location[]; args?: Record<string, string> } | { error: string } | null;
  /**
   * Optional: the parser's own Chinese words (`組建艦隊`, `組建`), kept whole when an order written without spaces
   * is split into words (docs/orders.md "Orders in other languages").
   */
  readonly words?: readonly string[];
}

/** A game option a variant offers (`/game create` options, the CLI's `options`), with its allowed values. */
export interface GameOptionSpec {
  values: readonly string[];
  default: string;
  description: string;
}

/**
 * A declaration the provisional result of a movement phase allows a player (decisive battles): a `move` for a unit
 * whose move bounced against another power's unit (`province` = its target), a `hold` for a unit that would be
 * dislodged (`province` = where it stands).
 */
export interface DecisiveDeclaration {
  power: Power;
  /** `A altd` */
  unit: string;
  kind: 'move' | 'hold';
  province: ProvinceId;
}

/**
 * One build of a power's winter, by rank (`RulesModule.buildSlots`): where it may go, and the rule a build that does
 * not fit breaks, as a player reads it.
 */
export interface BuildSlot {
  places: ProvinceId[];
  rule: string;
}

/**
 * A move that lost a battle fought at another province (`battleWinner`): a head-to-head decided at `at`, where the
 * loser's province was the battle's, so its own move into the other province fails.
 */
export interface BattleLoss {
  /** Where the losing unit stands (the origin of the move that fails). */
  lost: ProvinceId;
  /** Where the battle was fought. */
  at: ProvinceId;
}

export interface RulesModule {
  /** The variant's game options by name (missing from a game: the option's `default`). */
  gameOptions?: Record<string, GameOptionSpec>;

  /**
   * After a movement phase is adjudicated provisionally: the declarations its result allows, given the game's
   * options (empty when the options turn them off). Reads the finished adjudication only, never a decision.
   */
  decisive?(q: {
    map: GameMap;
    position: Position;
    orders: PowerOrder[];
    adjudication: Adjudication;
    options: Record<string, string>;
  }): DecisiveDeclaration[];

  /**
   * Decisive battles reported for a movement phase (`AdjudicationContext.battles`, the CLI's `battles`): what is
   * wrong with them, one readable line each (empty: they can be adjudicated). A variant without it has no battles.
   */
  checkBattles?(q: {
    map: GameMap;
    position: Position;
    orders: PowerOrder[];
    battles: BattleReport[];
    options: Record<string, string>;
  }): string[];

  /** Variant-defined order kinds, by name. */
  specialOrders?: Record<string, SpecialOrderSpec>;
  specialOrderParsers?: SpecialOrderParser[];

  /**
   * `true`: the variant keeps state between phases in `position.variantState` that every caller must carry from
   * phase to phase (Mandate of Heaven: the Hsiung-Nu allowance, activated neutrals); the CLI always prints it.
   */
  stateful?: boolean;

  /**
   * Fog of war (docs/table.md "Fog of war"): what of `position.variantState` a power sees when it sees only the
   * provinces `seen` (its own entries and what stands in sight; a place out of sight is left out). Default: all of it
   * (a state that marks no place).
   */
  fogState?(q: {
    state: Record<string, unknown>;
    seen: ReadonlySet<ProvinceId>;
    power: Power;
  }): Record<string, unknown>;

  /** `false`: the variant has no convoys (Warring States Fleets 5): convoy orders and moves by convoy are illegal. */
  convoys?: boolean;

  /**
   * Can a fleet standing in `province` convoy? Undefined = Classic (fleets at sea only). Mandate of Heaven rule 6:
   * fleets in river provinces convoy too (a chain may mix seas and rivers).
   */
  convoysFrom?(q: { map: GameMap; province: ProvinceId }): boolean | undefined;
  /** Where fleets convoy from, for the refusal of a convoy from elsewhere (default `a sea`; Mandate of Heaven: `a sea or a river province (Mandate of Heaven rule 6)`). */
  convoyPlaces?: string;

  /**
   * Decided from the orders alone, before resolution: why this convoying fleet does not convoy this phase
   * (Mandate of Heaven rule 6: any legal move into its river province by another power's fleet), or null.
   * A disrupted fleet leaves the convoy network; other routes still count.
   */
  convoyDisrupted?(q: {
    map: GameMap;
    position: Position;
    orderedUnits: ReadonlyMap<ProvinceId, OrderedUnit>;
    fleet: OrderedUnit;
  }): string | null | undefined;

  /** Can a unit of this type move between these locations (special links, power-only underways)? Undefined = map adjacency. */
  canMove?(q: { map: GameMap; unit: Unit; to: Location }): boolean | undefined;

  /**
   * Rewrite a unit before validation (unit transformation: a Warring States fleet ordered inland becomes an army).
   * Return the unit as it carries out the order.
   */
  transformUnit?(q: { map: GameMap; position: Position; unit: Unit; order: Order }): Unit;

  /** Orders added for units without an owner's order (neutral units' voted orders, virtual units). */
  extraOrders?(q: { map: GameMap; position: Position; orders: PowerOrder[] }): OrderedUnit[];

  /**
   * Replace a strength (walls, floating fortress, last-unit bonus). Undefined = Classic. Returning a
   * `StrengthRuling` names the rule that changed it: the results whose outcome that strength decided say so.
   */
  strength?(ctx: MovementContext, q: StrengthQuery): number | StrengthRuling | undefined;

  /**
   * The whole value of a support, before any cut (default 1; a Warring States Floating Fortress supports with 2).
   * Called once per support when the phase is set up: it may read the map and the orders, never a decision.
   */
  supportValue?(ctx: MovementContext, supporter: OrderedUnit): number | undefined;

  /**
   * How much this attack takes off this support: `true` or undefined = all of it (Classic: any attack reaching it
   * from another power, except from the province supported into), `false` = nothing, a number = that much (the
   * support keeps the rest; the strongest attack counts, several attacks do not add up). It may ask the context for
   * strengths (`attackStrength`): those read the support decisions, so a cut that depends on a strength is a
   * decision of the resolver and takes part in its cycle handling (Warring States wall rule 5, Floating Fortress
   * rule 3).
   */
  cutsSupport?(ctx: MovementContext, attacker: OrderedUnit, supporter: OrderedUnit): boolean | number | undefined;

  /**
   * A battle decided outside the resolver (Warhammer decisive battles) for a province some units move into: the
   * province the winning unit stands in (its move succeeds, whatever the strengths there; every other move into the
   * province fails), `null` (every move into it fails), a `BattleLoss` (one move into it lost a battle fought
   * elsewhere and fails; the resolver decides the others), or undefined (the resolver decides). Called inside each move
   * decision; it may ask the context (decisions), and reads the outer loop's data as `ctx.pass`.
   */
  battleWinner?(
    ctx: MovementContext,
    province: ProvinceId,
    contenders: OrderedUnit[],
  ): ProvinceId | null | BattleLoss | undefined;

  /**
   * A convoy's outcome decided outside the resolver: `true` the fleet convoys even if dislodged, `false` it does not
   * convoy, undefined Classic (it convoys unless dislodged). Warhammer decisive battles item 8: a convoy keeps the
   * outcome of the provisional result.
   */
  convoyStands?(ctx: MovementContext, fleet: OrderedUnit): boolean | undefined;

  /**
   * Outer loop over whole movement resolutions (docs/decisions.md: a fixed point over complete resolutions, never an
   * estimate inside one). Called after each complete resolution with its outcome and the current pass data; return
   * new pass data to resolve the whole phase again with it (hooks read it as `ctx.pass`), or undefined to keep this
   * outcome. It must be monotone so the loop ends (the engine stops after 64 passes). Mandate of Heaven rule 4.
   */
  revisitMovement?(q: {
    map: GameMap;
    position: Position;
    outcome: MovementOutcomeView;
    pass: unknown;
    context: AdjudicationContext;
  }): unknown;

  /**
   * When the outer loop (`revisitMovement`) starts a new pass, given that pass and the outcome before it: units of the
   * board removed from the game before the phase is resolved again (they hold, move, support and convoy nothing, and
   * have no retreat). Each order given for one keeps its result line; the one carried out says `reason` (default
   * "destroyed (removed from the game: no retreat)"). Warhammer Cataclysmic Battles: "Remove it from the map", before
   * the results are recalculated.
   */
  destroyedUnits?(q: {
    map: GameMap;
    position: Position;
    outcome: MovementOutcomeView;
    pass: unknown;
    context: AdjudicationContext;
  }): DestroyedUnit[];

  /** After movement is resolved: adjust the resulting units (raise fleet, reversion), results and variant state. */
  afterMovement?(q: {
    map: GameMap;
    before: Position;
    adjudication: Adjudication;
    ordered: OrderedUnit[];
    pass?: unknown;
    context?: AdjudicationContext;
  }): Adjudication;

  /**
   * Before any phase is resolved: turn the orders given into the orders carried out. Mandate of Heaven rule 3:
   * orders for neutral units are ballots, replaced by the adopted order of each unit; rule 2: a default placement.
   * Ballots it counts produce no result of their own (they are secret); every other order it drops gets a result in
   * `results` (an order given in a voted neutral's name), or, a voter's ballot it does not count (illegal, replaced,
   * beyond the neutral's builds), in `uncountedBallots`, so every order given has its line. `events` are reported
   * with the adjudication.
   */
  adoptOrders?(q: { map: GameMap; position: Position; orders: PowerOrder[]; context: AdjudicationContext }): {
    orders: PowerOrder[];
    events?: VariantEvent[];
    results?: OrderResult[];
    uncountedBallots?: OrderResult[];
  };

  /**
   * Problems in the variant's state (`position.variantState`) on this map, one readable line each: a province the
   * map does not have, a power the variant does not have (callers that read a state from outside, like the CLI,
   * refuse it). Undefined or empty: the state can be used.
   */
  checkState?(q: { map: GameMap; position: Position; powers: Power[] }): string[];

  /**
   * Powers whose units the players' vote moves, given the powers with a seated player: an order a player gives
   * for such a unit (or, in winter, a build in such a power's centre) is that player's ballot (Mandate of Heaven
   * rule 3). The game layer stores ballots; `adoptOrders` counts them.
   */
  votedPowers?(q: { map: GameMap; position: Position; players: Power[] }): Power[];

  /**
   * The powers whose ballots `adoptOrders` counts, given the caller's context (Mandate of Heaven rule 3: the seated
   * players still in the game; without `context.players`, every non-neutral power with a unit or a centre). Callers
   * that read orders from outside (the CLI) use it to tell a voter's unreadable ballot (secret) from an order of a
   * power that does not vote (its line says what it was).
   */
  voters?(q: { map: GameMap; position: Position; context: AdjudicationContext }): Power[];

  /**
   * Whether an ability of `power` may bring it back once it has no unit and no centre (Warhammer's Vampire Counts:
   * Immortality raises an army in Sylvania in a Fall). The game then says it has nothing left, not that it is out of
   * the game (docs/table.md "Pauses that cannot freeze a game"). Undefined = no power returns.
   */
  mayReturn?(q: { map: GameMap; power: Power }): boolean;

  /**
   * Why a power cannot be given a player now, or null (the game master's `/gm replace`). Undefined = always.
   * Mandate of Heaven rule 3: a neutral power takes a player only once activated.
   */
  canSeat?(q: { map: GameMap; position: Position; power: Power }): string | null | undefined;

  /**
   * Builds (positive) or disbands (negative) a power has in this adjustment phase. Undefined = Classic: owned
   * centres minus units. Mandate of Heaven rule 2: the Hsiung-Nu's allowance.
   */
  adjustmentDelta?(q: { map: GameMap; position: Position; power: Power }): number | undefined;

  /**
   * Why this unit of the power cannot be disbanded to pay its deficit in an adjustment phase (it does not count
   * against the power's centres), or undefined: an ordered disband of it fails with this reason, it is not offered,
   * and civil disorder passes over it. Warhammer Orcs in the Hills: "does not require a support center to maintain".
   */
  disbandRefusal?(q: { map: GameMap; position: Position; power: Power; unit: Unit }): string | undefined;

  /**
   * Provinces a power's civil-disorder removals measure distance to (Classic: its owned centres), and how the
   * removal's reason names them (`farthest from <measuredFrom>`).
   */
  civilDisorderCenters?(q: {
    map: GameMap;
    position: Position;
    power: Power;
  }): { provinces: ProvinceId[]; measuredFrom: string } | undefined;

  /**
   * The last word on every phase, after the next position is built: variant state, events and result texts that
   * depend on the whole phase (Mandate of Heaven: activation, the Hsiung-Nu checks, neutral results).
   */
  afterAdjudication?(q: {
    map: GameMap;
    before: Position;
    orders: PowerOrder[];
    adjudication: Adjudication;
    context: AdjudicationContext;
  }): Adjudication;

  /**
   * When a power's builds this winter differ by rank: slot k says where its k-th build may go (each within
   * `buildableCenters`). A set of builds is accepted when it can take the first slots, one build per slot, whatever
   * order the builds are listed in; undefined = every build may go anywhere `buildableCenters` allows. Mandate of
   * Heaven rule 2: in the winter the Hsiung-Nu settle, builds up to their 6th unit in the placement area, further
   * builds in vacant owned centres.
   */
  buildSlots?(q: { map: GameMap; position: Position; power: Power }): BuildSlot[] | undefined;
  /**
   * Why this power may not waive a build now, or null/undefined (it may). A refused `WAIVE` fails with this reason,
   * is not offered, and is refused when typed (`orderProblem`). Mandate of Heaven rule 2: all three armies are placed.
   */
  waiveRefused?(q: { map: GameMap; position: Position; power: Power }): string | null | undefined;
  /** Centres a power may build in (Classic: owned, vacant home centres). */
  buildableCenters?(q: { map: GameMap; position: Position; power: Power }): ProvinceId[];
  /**
   * Why `province` (not occupied, and left out by `buildableCenters`) is no build site of this power, in the words of
   * the variant's rule; undefined for the Classic reasons (a home centre it does not own; not one of its home
   * centres). Warhammer: "the capital of a nation which began the game with more units"; Mandate of Heaven: any owned
   * centre (rule 1), the Hsiung-Nu's places (rule 2).
   */
  buildRefusal?(q: { map: GameMap; position: Position; power: Power; province: ProvinceId }): string | undefined;
  /** Unit types a power may build in a province (Warring States: armies only). */
  buildableTypes?(q: { map: GameMap; position: Position; power: Power; province: ProvinceId }): UnitType[];

  /** After ownership changes (end of a year): update variant state (captured home centres …). */
  afterCenterUpdate?(q: { map: GameMap; before: Position; after: Position }): Position;

  /** Who has won, if anyone (Classic: `victory.centers`; Warring States: and strictly more than anyone else). */
  winner?(q: { map: GameMap; position: Position; centers: number }): Power | null | undefined;

  /** Phase after `phase` when nothing is skipped (default spring → fall → winter). */
  nextPhase?(phase: Phase): Phase | undefined;

  /**
   * Optional: problems in the variant's own map features (rivers, walls …), one readable line each.
   * `maps check` adds them to the common data checks (src/variants/check.ts).
   */
  checkData?(q: { map: GameMap; data: VariantData }): string[];
}
