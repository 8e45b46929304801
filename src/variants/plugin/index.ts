/**
 * The plug-in interfaces: what a variant contributes to the layers above the engine, defined once for
 * every variant. A variant's folder (`src/variants/<id>/`) may export a `VariantPlugin` next to its `Variant`; the
 * registry (src/variants/index.ts) hands it to the game, bot and render layers, which name no variant and call
 * only these interfaces.
 *
 * A plug-in never touches the database or Discord. The game layer calls it inside its transactions with a
 * context (`PluginContext`: the game, the phase, the seats, the plug-in's own records, read only) and, where it may
 * change things, effects (`LiveContext`: records written, posts, DMs, the board, the audit log). The phase machine
 * (src/game/phase/) collects those effects; a game writes them to the outbox and the store in the same transaction,
 * a sandbox to its own copy.
 *
 * The generic names (docs/decisions.md, "Variants as plug-ins"): a **phase step** (a stored stage of a phase with its
 * own deadline, before its orders open — a **start choice** — or between its orders and the claim — a
 * **declaration** step), an **action** (a player's or game master's command beyond orders, `/act` and `/gm act`),
 * a **seat's follower** state (kept on the board, `position.variantState`), **records** (what the plug-in keeps
 * besides the board), **overlays** (what maps draw beyond units and orders).
 *
 * See docs/architecture.md ("Variants as plug-ins") and docs/variants.md for the worked examples.
 */
import type { z } from 'zod';
import type { DecisiveDeclaration } from '../../engine/rules.js';
import type {
  Adjudication,
  BattleReport,
  Phase,
  Position,
  Power,
  PowerOrder,
  ProvinceId,
  UnitType,
} from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { MapOverlay } from './overlay.js';

export * from './overlay.js';

// ---------------------------------------------------------------------------------------------------------------
// Texts: what players read, as messages worded in the reader's locale

/**
 * A text a player reads, as a message of the catalogues (docs/locales.md, "Variants' own texts"): a key the variant
 * owns (`variant.<id>.…`, in all four catalogues) and the values of its placeholders. The game layer stores it as it
 * is and the bot words it in the reader's locale: a channel post in the game's, a DM in the member's. Markup (`**`)
 * belongs in the catalogue's message, never in a parameter.
 */
export interface PluginMsg {
  readonly key: string;
  readonly params?: Readonly<Record<string, PluginParam>>;
}

/**
 * A placeholder's value: text shown as it is (a power's name, a unit, a moment from `ctx.time`), a number (formatted
 * for the locale), another message (worded in the same locale), or a name given in several locales.
 */
export type PluginParam = string | number | PluginMsg | PluginName;

/**
 * A name in several locales (src/i18n `Localized`): its English text, and the locales where it reads otherwise (a
 * text, or a message worded in that locale).
 */
export interface PluginName {
  readonly text: string;
  readonly in: Readonly<Partial<Record<string, string | PluginMsg>>>;
}

/** One line a player reads: a message, or a sentence shown as it is in every locale (a text not yet a message). */
export type PluginLine = string | PluginMsg;

/** A variant's final places (`VariantPlugin.finalPlaces`): how they are decided, then each power's place. */
export interface FinalPlaces {
  /** How the places are decided, shown beside the standings' heading ("centres, then Sepoys, then Mercenaries"). */
  rule: PluginLine;
  /** Powers in order, best first; equals share a place. Powers left out follow, after the last place. */
  places: readonly { power: Power; place: number; note: PluginLine | null }[];
}

/** A post or DM: one line, or its lines in order. */
export type PluginText = PluginLine | readonly PluginLine[];

// ---------------------------------------------------------------------------------------------------------------
// Records: the plug-in's own state besides the board

/** The zod schema of each kind of record a plug-in keeps; every read and write of that kind goes through it. */
export type RecordSchemas = Record<string, z.ZodType>;

/** One stored record. */
export interface StoredRecord<T> {
  key: string;
  value: T;
  /** The user whose action wrote it last; null when the bot did. */
  writtenBy: string | null;
  updatedAt: number;
}

/**
 * The plug-in's records of the context's phase (a step's secret inputs and results). Reads skip a stored payload
 * its schema refuses (and report it to the operator); a write its schema refuses throws (a bug in the plug-in), so
 * the whole use-case is rolled back and nothing is half-written.
 */
export interface Records<S extends RecordSchemas = RecordSchemas> {
  get<K extends keyof S & string>(kind: K, key?: string): z.infer<S[K]> | undefined;
  /** Every record of a kind, in the order they were first written. */
  list<K extends keyof S & string>(kind: K): StoredRecord<z.infer<S[K]>>[];
  /** Writes (creates or replaces) one record; `key` defaults to '' (one record of that kind). */
  put<K extends keyof S & string>(kind: K, value: z.infer<S[K]>, key?: string): void;
  /** Deletes one record (`key` given) or every record of the kind. */
  remove<K extends keyof S & string>(kind: K, key?: string): void;
}

// ---------------------------------------------------------------------------------------------------------------
// What a plug-in is told, and what it may do

export interface GameFacts {
  id: number;
  channelId: string;
  /** The game's options, each given at `/game create` or defaulted. */
  options: Readonly<Record<string, string>>;
  /** Phase lengths in ms. */
  durations: Readonly<Record<'movement' | 'retreat' | 'adjustment', number>>;
  /** The live deadline (of the orders, or of the step under way); null unless running. */
  deadline: number | null;
  gmUserId: string;
}

export interface PhaseFacts {
  id: number;
  /** 0 for the first phase of the game. */
  index: number;
  phase: Phase;
  /** The position at its start (the current board while it is being played). */
  position: Position;
  /** `Spring 2500 movement`, in the variant's own calendar (English: logs, errors). */
  label: string;
  /** The phase's name as a message, in the reader's locale (`Printemps 2500, mouvements`). */
  name: PluginMsg;
  resolved: boolean;
  adjudication: Adjudication | null;
}

/** A power with a player. Powers nobody holds are in civil disorder and never act. */
export interface Seat {
  power: Power;
  userId: string;
}

/** The step under way in the context's phase, if any. */
export interface StepFacts {
  name: string;
  startedAt: number;
  /** The live deadline of the step. */
  deadline: number | null;
}

export interface PluginContext<S extends RecordSchemas = RecordSchemas> {
  /** The variant as the game plays it (its options applied). */
  variant: Variant;
  game: GameFacts;
  phase: PhaseFacts;
  seats: readonly Seat[];
  step: StepFacts | null;
  now: number;
  /** Read only here: a plug-in writes its records where it may change things (`LiveContext`). */
  records: Pick<Records<S>, 'get' | 'list'>;
  /** The orders stored for the phase (secret until it resolves: use them only for what the step decides or tells their own player). */
  orders(): PowerOrder[];
  /** A moment in a text: relative (`R`, "in 2 hours") or date and time (`f`); the bot shows it in each reader's time zone. */
  time(ms: number, style: 'R' | 'f'): string;
  /** The game's channel in a text (the bot shows a link to it). */
  channel: string;
  /** An adjudication's results, in the lines a results post shows them (without its title line), as messages. */
  resultsLines(adjudication: Adjudication): PluginMsg[];
  /** Uniform in [0, 1): the game's randomness (seeded in tests). */
  random(): number;
  /** A token fresh for this call (dice seeds, …): the step's token in a step, a new one in an action. */
  token: string;
  /**
   * Fog of war (docs/table.md "Fog of war"): null when every player sees the whole board. In a fog game the channel's
   * posts name only the phase and the powers, and each power is told by DM (`dm(…, { view: true })`) only what
   * this says it sees: the game's one view filter (src/game/fog), never a plug-in's own.
   */
  fog: PluginFog | null;
}

/** What each power sees in a fog game (`PluginContext.fog`), asked of the game's view filter. */
export interface PluginFog {
  /** Whether `power` sees `province` on `position` (default: the phase's board as it is now). */
  sees(power: Power, province: ProvinceId, position?: Position): boolean;
  /** Of the phase's `orders`, those `power` sees: its own, and those of the units in its sight on the phase's board. */
  ordersSeen(power: Power, orders: readonly PowerOrder[]): PowerOrder[];
  /** An adjudication of the phase (a provisional one) as `power` saw it, in a results post's lines (no title line). */
  resultsSeen(power: Power, adjudication: Adjudication, orders: readonly PowerOrder[]): PluginMsg[];
}

/**
 * What a plug-in may do, written by the game layer in the same transaction. Each message has a `key` that is unique
 * for what it says (the game layer makes it unique per step or per action call, so a retried transaction never
 * posts twice).
 */
export interface PluginEffects {
  /**
   * A post in the game's channel; `picture` attaches one of the plug-in's `pictures` (or `board`: the phase's board).
   * A post with a picture is taken to publish the phase's orders (make it once they are closed): an order
   * confirmation of the phase not yet sent is dropped.
   */
  post(text: PluginText, opts: { key: string; picture?: string }): void;
  /**
   * A DM to the power's player (a power nobody holds gets nothing), in that member's locale. `view`: it shows the game
   * as the power sees it in a fog game (what the channel no longer shows), so the power's spectators get a copy as they
   * do of its results; `map`: with the map of the phase's board as the power sees it.
   */
  dm(power: Power, text: PluginText, opts: { key: string; view?: boolean; map?: boolean }): void;
  /**
   * A DM to the game master when they play no power (in a fog game they alone see the whole board); nothing when they
   * hold a seat (they see their power's view).
   */
  dmGameMaster(text: PluginText, opts: { key: string }): void;
  /**
   * Replaces the current phase's board (follower state and other state kept in `position.variantState`). A player's
   * act in a game that hides who plays whom replaces it at the next mark of the clock, with its posts; the context
   * reads the new board at once (docs/decisions.md "Hidden identities").
   */
  setPosition(position: Position): void;
  /** A line in the audit log (never secret text). */
  audit(action: string, detail?: unknown): void;
}

export type LiveContext<S extends RecordSchemas = RecordSchemas> = Omit<PluginContext<S>, 'records'> & {
  records: Records<S>;
} & PluginEffects;

// ---------------------------------------------------------------------------------------------------------------
// Phase steps

/** What the adjudication gets from a phase's steps. */
export interface Handoff {
  /** Battles decided outside the adjudicator (engine `AdjudicationContext.battles`). */
  battles?: BattleReport[];
  /** A change to the board that follows the phase (state kept between phases). */
  nextPosition?(position: Position): Position;
}

/** What happens when a phase reaches a step boundary. */
export type StepDecision =
  /** The plug-in's step `open` is now under way, until `deadline`; `announce` replaces the start post's orders line (a start choice). */
  | { open: string; deadline: number; announce?: PluginLine }
  /** (Between orders and claim) adjudicate now, with what the steps hand over. */
  | { adjudicate: Handoff }
  /**
   * (Before the orders) the phase's orders begin now, on `position` (default: the board as it is), with the phase's
   * own duration; `announce` opens the post (with the board's map) that gives the new deadline.
   */
  | { beginOrders: { position?: Position; announce: PluginText } };

/**
 * What the channel is told when the game master ends a stage early (`/gm advance`): `notice`, a message whose `{phase}`
 * the game layer fills with the phase's name, worded in the game's locale (`⏩ The game master closed the orders of
 * **<phase>** before its deadline; the provisional results follow.`), or a text shown as it is; without one, that the
 * phase was resolved early and its results follow (`gm.notice.advance`).
 */
export interface AdvanceWords {
  notice?: PluginLine;
}

/** Who a step is waiting for. */
export interface StepProgress {
  /** The seated powers that answer in the step, each with whether it has (the status shows it, never what). */
  powers: { power: Power; answered: boolean }[];
  /** The step waits for the game master too (a report). */
  gameMaster?: boolean;
}

export interface PhaseStep<S extends RecordSchemas = RecordSchemas> {
  /**
   * `start`: before the phase's orders open (a start choice); orders may be written meanwhile and readiness waits
   * for the step. `claim`: between the orders and the claim; orders are closed.
   */
  at: 'start' | 'claim';
  /** Who it is waiting for; the step closes at once when nobody is. */
  progress(ctx: PluginContext<S>): StepProgress;
  /** The status message's line while it is under way. */
  statusLine(ctx: PluginContext<S>, progress: StepProgress): PluginLine;
  /** The status suffix of a power that has answered and of one it waits for (default `answered` / `waiting`). */
  labels?: { answered: PluginLine; waiting: PluginLine };
  /** (`claim`) What `/order`, `/orders clear` and `/ready` answer while it is under way. */
  closedOrders?: PluginLine;
  readyRefusal?: PluginLine;
  /**
   * (`claim`) The same two answers as the order pad shows them, where the step's actions are buttons rather than
   * commands (docs/pad.md "Kinds and flows"); default: the commands' wording above.
   */
  onPad?: { closedOrders?: PluginLine; readyRefusal?: PluginLine };
  /** A reminder DM to a power it still waits for, once per deadline (at the orders reminder's distance); none: no reminder. */
  reminder?(ctx: PluginContext<S>, power: Power, deadline: number): PluginText | null;
  /** `/gm advance`: what ending it early is called, and what follows (`closed the declarations of` / `the battles`). */
  advance: AdvanceWords;
  /** Closing it: at its deadline, by `/gm advance`, or when nobody is left to wait for. */
  close(ctx: LiveContext<S>): StepDecision;
  /** How a computer player in a seat answers it; without it, a computer seat's defaults apply. */
  computer?: ComputerStepPlayer<S>;
}

/**
 * What a computer player is asked in a step, in the AI's generic terms (src/ai: `aiDeclarations`, `aiStartChoice`),
 * holding only what a person in the seat sees by then.
 */
export type ComputerQuestion =
  /** Declarations after a provisional result: the phase's orders (public by then), those offered, how many to make. */
  | { kind: 'declare'; orders: PowerOrder[]; offered: DecisiveDeclaration[]; count: number }
  /** A start choice: a place and a unit type among these. */
  | { kind: 'start'; choices: { province: ProvinceId; types: UnitType[] }[] };

/** The AI's answer to a `ComputerQuestion` of the same kind. */
export type ComputerAnswer =
  | { kind: 'declare'; declarations: DecisiveDeclaration[] }
  | { kind: 'start'; choice: { province: ProvinceId; type: UnitType } | null };

/** One call of one of the plug-in's player actions, as a person in the seat would make it with `/act`. */
export interface ActionCall {
  action: string;
  values: ActionValues;
}

export interface ComputerStepPlayer<S extends RecordSchemas = RecordSchemas> {
  /** The question for the computer seat of `power`, which the step waits for; null: nothing to ask. */
  ask(ctx: PluginContext<S>, power: Power): ComputerQuestion | null;
  /** The actions that store the answer (run one after another through the game's `/act`, each checked like a person's). */
  answer(ctx: PluginContext<S>, power: Power, answer: ComputerAnswer): ActionCall[];
}

// ---------------------------------------------------------------------------------------------------------------
// Actions: `/act` (players) and `/gm act` (the game master)

/** The values typed in the two slots of `/act` and `/gm act` (trimmed; null when left empty). */
export interface ActionValues {
  choice: string | null;
  detail: string | null;
}

export interface ActionChoice {
  /**
   * What the player reads (≤ 100 characters once worded): a message worded in the member's locale, or a name shown
   * as it is (a power, a unit).
   */
  name: PluginLine;
  /** What the slot becomes when picked (≤ 100 characters): the canonical value `run` reads, in every locale. */
  value: string;
}

/** The caller of an action: a player (with their power) or the game master. */
export interface ActionCaller {
  userId: string;
  /** The caller's power; null for the game master acting as such. */
  power: Power | null;
}

export type ActionResult =
  | { ok: false; error: PluginLine }
  /**
   * The private reply, in the caller's locale; when a step is under way, `whenOpen` or `whenClosed` is appended
   * (as it is: a message starts with its own space or line break) depending on whether this action let it close. A
   * player's in a game that hides who plays whom gets `whenHidden` instead, whether it was the last answer or not (the
   * step then closes at the next mark of the clock once every answer is in): it may say neither, nor who is left
   * (docs/decisions.md "A variant's step every answer is in for"); none is appended when it is missing.
   */
  | { ok: true; reply: PluginLine; whenOpen?: PluginLine; whenClosed?: PluginLine; whenHidden?: PluginLine };

export interface VariantAction<S extends RecordSchemas = RecordSchemas> {
  /** What players pick in `action:` (lowercase, one word): the value `/act` receives, in every locale. */
  name: string;
  /** The action's name as the reader reads it in the choices (`déclarer`); default: `name`. */
  title?: PluginLine;
  /** One line: what it does (shown with the name). */
  description: PluginLine;
  by: 'player' | 'gm';
  /** What each slot means, if the action uses it (shown in the choices and in refusals). */
  choice?: { label: PluginLine; required: boolean };
  detail?: { label: PluginLine; required: boolean };
  /** True when the caller may use it now; otherwise why not (a sentence: it is the reply to a call now). */
  available(ctx: PluginContext<S>, caller: ActionCaller): true | PluginLine;
  /**
   * Every choice a slot offers, given the other slot's value. The game layer keeps those that match what the member
   * typed (in the value, in the name in English or in the member's locale) and shows at most 25.
   */
  choices?(
    ctx: PluginContext<S>,
    caller: ActionCaller,
    slot: 'choice' | 'detail',
    values: ActionValues,
  ): ActionChoice[];
  /** Runs it (called only when `available`); a refusal changes nothing. */
  run(ctx: LiveContext<S>, caller: ActionCaller, values: ActionValues): ActionResult;
}

// ---------------------------------------------------------------------------------------------------------------
// Maps

/** Which picture of a phase is being drawn: `board`, `orders`, `after`, or one of the plug-in's own `pictures`. */
export type PictureKind = 'board' | 'orders' | 'after' | (string & {});

/** What a plug-in is told when a map of one of its games is drawn (read only: pictures are public). */
export interface OverlayContext<S extends RecordSchemas = RecordSchemas> {
  /** The variant as the game plays it (with its options). */
  variant: Variant;
  picture: PictureKind;
  /** The game's options (each given or defaulted at creation). */
  options: Readonly<Record<string, string>>;
  /** The phase the picture is of. */
  phase: {
    /** 0 for the first phase of the game. */
    index: number;
    /** The position at its start. */
    position: Position;
    /** Its adjudication, once resolved. */
    adjudication: Adjudication | null;
    /** The orders the picture draws (the powers' own; never a secret one such as a ballot). */
    orders?: readonly PowerOrder[];
    /**
     * Battles fought outside the adjudicator for it (the engine's `AdjudicationContext.battles`) when the caller has
     * them beside the plug-in's records (`cli render`'s case); absent otherwise.
     */
    battles?: readonly BattleReport[];
  };
  /** The plug-in's records of that phase. */
  records: Pick<Records<S>, 'get' | 'list'>;
}

/** A picture a plug-in adds to its posts (`post(text, { picture })`): the phase's board with these drawn on it. */
export interface PluginPicture {
  /** Show the phase's stored orders (only for a picture posted once they may be public). */
  orders: boolean;
  adjudication?: Adjudication;
  /** Appended to `<variant> · <phase>` in the title (`orders and provisional results`), worded in the reader's locale. */
  title: PluginLine;
  /** A word for the file name (`provisional`). */
  file: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Sandboxes: one user's private copy of a board (src/game/sandbox/sandbox.ts)

/** What a plug-in is told about a sandbox's phase (nothing of the real game's orders: a sandbox never has them). */
export interface SandboxFacts {
  /** The variant as the game plays it (with its options). */
  variant: Variant;
  options: Readonly<Record<string, string>>;
  /** The sandbox's board. */
  position: Position;
  /** The orders the sandbox's owner gave, for any power's units (a voted power's too), keyed by the unit's owner. */
  orders: readonly PowerOrder[];
  /** The powers seated in the game the sandbox was copied from (a public roster). */
  seated: readonly Power[];
}

/**
 * What a sandbox plays differently from a game. A sandbox runs the plug-in's own phase steps and actions (the owner
 * acting for every seat and as the game master, `/sandbox act`), so these are only what one person alone cannot
 * play as a table does. Every member is optional.
 */
export interface SandboxRules {
  /**
   * The orders the adjudicator gets for the owner's orders (default: as given). The owner decides alone what a vote
   * decides in a game: an order given for a voted power's unit becomes the ballots that adopt it.
   */
  orders?(facts: SandboxFacts): PowerOrder[];
  /**
   * The options a sandbox of a game with `options` plays (default: the same): e.g. what chance decides in a game is
   * left to the owner, as game master, in a sandbox.
   */
  options?(options: Readonly<Record<string, string>>): Readonly<Record<string, string>>;
}

// ---------------------------------------------------------------------------------------------------------------
// The plug-in

/** What a variant contributes above the engine. Every member is optional: a variant without a plug-in is plain. */
export interface VariantPlugin<S extends RecordSchemas = RecordSchemas> {
  /** Its kinds of records and their zod schemas. */
  records?: S;

  /**
   * The first phase's board at `/game start`, given who sat down (state that depends on the seats, such as the
   * powers nobody took); default: the variant's starting position as it is.
   */
  startPosition?(
    position: Position,
    facts: { variant: Variant; options: Readonly<Record<string, string>>; seated: readonly Power[] },
  ): Position;
  /** Its phase steps, by name (the names are stored: keep them stable). */
  steps?: Record<string, PhaseStep<S>>;
  /** At `/game start`, on the first phase: open a start choice, or null (orders begin at once). */
  startSteps?(ctx: LiveContext<S>): Extract<StepDecision, { open: string }> | null;
  /** When a phase's orders end (deadline, everyone ready, `/gm advance`): open a step before the claim, or null (adjudicate). */
  beforeClaim?(ctx: LiveContext<S>): Extract<StepDecision, { open: string }> | null;
  /** `/gm advance` while orders are open, when the phase goes on to a step rather than its results (default: resolved / the results). */
  ordersAdvance?(ctx: PluginContext<S>): AdvanceWords | null;

  /** Its actions (`/act`, `/gm act`). */
  actions?: VariantAction<S>[];

  /** Options it describes itself (left out of the generic "Options:" line), e.g. the one that turns its step on. */
  ownOptions?: string[];
  /** Lines about the game's options: in the `/game create` reply. */
  optionLines?(options: Readonly<Record<string, string>>): PluginLine[];

  /** Lines the status message adds after the phase and deadline. */
  statusLines?(ctx: PluginContext<S>): PluginLine[];
  /** A seat's extra in the status message (a follower: `Sepoy of the Empire`), or null. */
  seatNote?(ctx: PluginContext<S>, power: Power): PluginLine | null;
  /** Lines the results post adds after the results of a phase (the context's phase, resolved). */
  resultsLines?(ctx: PluginContext<S>): PluginLine[];
  /** Lines `/why` adds about a province in a resolved phase. */
  whyLines?(ctx: PluginContext<S>, province: string): PluginLine[];
  /**
   * The variant's own final places, when its rules define them (Warhammer: centres, then Sepoys, then Mercenaries):
   * the final post's standings follow this order, number each power's place and add its note (docs/bot.md "The end
   * of a game"). Default: the scoring's places.
   */
  finalPlaces?(ctx: PluginContext<S>): FinalPlaces | null;
  /**
   * The battles a resolved phase's steps handed its adjudication (`Handoff.battles`), read back from the phase's
   * records: the game's file writes them as the phase's case's `battles`, so `adjudicate` decides it as the game did
   * (docs/bot.md, "Export and import"). Default: none.
   */
  keptBattles?(records: Pick<Records<S>, 'get' | 'list'>): BattleReport[];

  /** Pictures its posts may carry (`post(text, { picture })`), by name; null when there is nothing to draw. */
  pictures?: Record<string, (ctx: OverlayContext<S>) => PluginPicture | null>;
  /** What the renderer draws on this picture beyond units and orders (must reveal nothing secret). */
  mapOverlays?(ctx: OverlayContext<S>): MapOverlay[];

  /** What a sandbox plays differently (default: nothing; its steps and actions run as in a game). */
  sandbox?: SandboxRules;
}

/** The plug-in of a variant that has none. */
export const PLAIN: VariantPlugin = Object.freeze({});

/** A plug-in with its record schemas typed (`definePlugin({ records: {...}, steps: ... })`). */
export function definePlugin<S extends RecordSchemas>(plugin: VariantPlugin<S>): VariantPlugin<S> {
  return plugin;
}
