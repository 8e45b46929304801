/**
 * What the phase machine (./machine.ts) is told about a phase, as data: the `PhaseFrame`, which a game builds from its
 * tables (src/game/phase/plugin-context.ts `gameFrame`) and a sandbox from its row (src/game/sandbox/rules.ts). And the one
 * context a variant's plug-in is called with over a frame (src/variants/plugin `PluginContext`, `LiveContext`): its
 * effects are collected as `PluginEffect`s, never written, so the caller applies them where the phase is kept — a
 * game in its transaction (outbox, tables), a sandbox to its JSON.
 */
import type { Adjudication, Position, Power, PowerOrder, ProvinceId } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { GameFacts, LiveContext, PluginFog, Seat, VariantPlugin } from '../../variants/plugin/index.js';
import { ordersSeenBy, phaseSeenBy, powerView } from '../fog/index.js';
import { listRecords, type RecordEntry, type RecordWrite } from './records.js';
import type { Msg } from '../../i18n/index.js';
import { resultsSummaryLines, phaseLabel, phaseMsg, channelRef, timeRef } from '../core/index.js';
import { pluginLines } from './texts.js';

/**
 * Where a phase's steps stand: the plug-in's step under way (null: none, the orders are open or over), since when,
 * and the phase's token (what seeds its steps and keys what they post, so a retried call never posts twice).
 */
export interface StepState {
  step: string | null;
  startedAt: number;
  token: string;
}

/** A phase as the machine and a plug-in see it. */
export interface PhaseFrame {
  /** The variant as the game plays it (its options applied). */
  variant: Variant;
  plugin: VariantPlugin;
  /** The game's facts (a sandbox: its game's channel and durations, no deadline, the owner as game master). */
  game: GameFacts;
  /** `position`: the board now (the phase's start, as its steps changed it). */
  phase: { id: number; index: number; position: Position; resolved: boolean; adjudication: Adjudication | null };
  seats: readonly Seat[];
  /**
   * The powers in civil disorder (plugin-context.ts `powersInDisorder`): a plug-in's results lines (the provisional
   * results) say so for them, as the final results do, instead of counting missed orders. None: every power counts.
   */
  noPlayer?: readonly Power[];
  steps: StepState;
  /** The plug-in's records of the phase, in the order first written. */
  records: readonly RecordEntry[];
  /** The orders of the phase, as the adjudicator gets them on `position` (a sandbox's depend on the board). */
  orders(position: Position): PowerOrder[];
  now: number;
  /** Uniform in [0, 1): the game's randomness (seeded in tests). */
  random(): number;
  /** Told about stored records their schema refuses. */
  report?(err: unknown): void;
  /** The fog of war is up (docs/table.md "Fog of war"): the plug-in is told what each power sees. */
  fog?: boolean;
}

/** What a plug-in did through its context, in the order it did it. */
export type PluginEffect =
  /** A post in the game's channel (`key`: unique for what it says in the call); `picture`: one of the plug-in's. */
  | { kind: 'post'; text: Msg[]; key: string; picture?: string }
  /**
   * A DM to the player of a seated power (one nobody holds gets nothing: no effect), worded in the member's locale;
   * `view`: what the power sees of the game (copied to its spectators), `map` with its view of the phase's board. To
   * the game master who plays no power: `power` is null.
   */
  | { kind: 'dm'; power: Power | null; userId: string; text: Msg[]; key: string; view?: true; map?: true }
  /** The phase's board replaced. */
  | { kind: 'position'; position: Position }
  /** A line of the audit log, by `userId` (null: the bot). */
  | { kind: 'audit'; action: string; detail: unknown; userId: string | null }
  /** A record written or removed. */
  | { kind: 'record'; write: RecordWrite };

/** Who a call is for: its token (the phase's in a step, a fresh one in an action) and the user writing (null: the bot). */
export interface CallScope {
  token: string;
  writer: string | null;
}

/**
 * `PluginContext.resultsLines`: an adjudication's results as a results post shows them, without its title line, the
 * powers in civil disorder (`noPlayer`) named so.
 */
export const resultsLinesOf =
  (variant: Variant, noPlayer: readonly Power[] = []) =>
  (adjudication: Adjudication): Msg[] =>
    resultsSummaryLines(variant, { ...adjudication, winner: null }, null, { noPlayer }).slice(1);

/** A call of the plug-in: its context, what it did, and the board and records as it left them. */
export interface PluginCall {
  ctx: LiveContext;
  effects: PluginEffect[];
  position(): Position;
  records(): RecordEntry[];
}

/**
 * The plug-in's context over `frame`. Its reads see the call's own writes (a record put, a board set); its effects
 * are only collected (`effects`). A caller that only reads uses `ctx` and leaves the effects (the types give a
 * read-only context no writes).
 */
export function contextOf(frame: PhaseFrame, scope: CallScope): PluginCall {
  const { variant, game } = frame;
  const records = structuredClone([...frame.records]);
  const effects: PluginEffect[] = [];
  const holder = { position: frame.phase.position };
  const start = frame.phase.position.phase;
  const ctx: LiveContext = {
    variant,
    game,
    phase: {
      id: frame.phase.id,
      index: frame.phase.index,
      phase: start,
      get position() {
        return holder.position;
      },
      label: phaseLabel(start, variant),
      name: phaseMsg(start, variant),
      resolved: frame.phase.resolved,
      adjudication: frame.phase.adjudication,
    },
    seats: frame.seats,
    step: frame.steps.step
      ? { name: frame.steps.step, startedAt: frame.steps.startedAt, deadline: game.deadline }
      : null,
    now: frame.now,
    records: listRecords(
      records,
      frame.plugin.records,
      { writer: scope.writer, now: frame.now },
      frame.report,
      (write) => void effects.push({ kind: 'record', write }),
    ),
    orders: () => frame.orders(holder.position),
    time: (ms, style) => timeRef(ms, style),
    channel: channelRef(game.channelId),
    resultsLines: resultsLinesOf(variant, frame.noPlayer),
    fog: frame.fog ? fogOf(variant, holder, frame.noPlayer) : null,
    random: frame.random,
    token: scope.token,
    post: (text, o) =>
      void effects.push({
        kind: 'post',
        text: pluginLines(text),
        key: o.key,
        ...(o.picture ? { picture: o.picture } : {}),
      }),
    dm(power, text, o) {
      const seat = frame.seats.find((s) => s.power === power);
      if (!seat) return;
      const shows = { ...(o.view ? { view: true as const } : {}), ...(o.map ? { map: true as const } : {}) };
      effects.push({ kind: 'dm', power, userId: seat.userId, text: pluginLines(text), key: o.key, ...shows });
    },
    dmGameMaster(text, o) {
      if (frame.seats.some((s) => s.userId === game.gmUserId)) return;
      effects.push({ kind: 'dm', power: null, userId: game.gmUserId, text: pluginLines(text), key: o.key, view: true });
    },
    setPosition(position) {
      holder.position = position;
      effects.push({ kind: 'position', position });
    },
    audit: (action, detail) =>
      void effects.push({ kind: 'audit', action, detail: detail ?? null, userId: scope.writer }),
  };
  return { ctx, effects, position: () => holder.position, records: () => records };
}

/**
 * What each power sees (`PluginContext.fog`), asked of the game's one view filter (src/game/fog): the provinces in
 * sight on a board, the orders and results of the phase as the power saw them.
 */
function fogOf(variant: Variant, holder: { position: Position }, noPlayer?: readonly Power[]): PluginFog {
  const hidden = new Map<Position, Map<Power, Set<ProvinceId>>>();
  const hiddenFrom = (power: Power, position: Position) => {
    const byPower = hidden.get(position) ?? new Map<Power, Set<ProvinceId>>();
    hidden.set(position, byPower);
    const known = byPower.get(power);
    if (known) return known;
    const found = new Set(powerView(variant, position, power).hidden);
    byPower.set(power, found);
    return found;
  };
  return {
    sees: (power, province, position = holder.position) => !hiddenFrom(power, position).has(province),
    ordersSeen: (power, orders) => ordersSeenBy(variant, holder.position, orders, power),
    resultsSeen: (power, adjudication, orders) =>
      resultsLinesOf(
        variant,
        noPlayer,
      )(phaseSeenBy(variant, { position: holder.position, adjudication }, orders, power).adjudication),
  };
}
