/**
 * What the order pad shows for one seat (docs/pad.md "The view"): the phase and its deadline, the public board,
 * the pieces the seat may order with every legal order of each (the engine's legal-order generator, the one
 * `/order`'s autocomplete uses), the seat's own stored orders as `/orders show` lists them, its readiness and the
 * variant's actions open to it. Built from the seat's own facts and public ones only: never another power's orders
 * or ballots, never a member.
 */
import { legalOrderObjects } from '../../engine/options.js';
import { formatOrder } from '../../engine/format.js';
import type { Order, Position, Unit } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { Tx } from '../../store/store.js';
import { ordersOf, phaseById, readyPowers } from '../../store/queries.js';
import type { GameRow, PhaseRow, PlayerRow } from '../../store/schema.js';
import type { VariantAction } from '../../variants/plugin/index.js';
import {
  missingOrders,
  missingParams,
  dutiesOf,
  isBallotKey,
  actionSlotChoices,
  type ActionOption,
  type ShownChoice,
  closedOrdersMsg,
  stepReadyRefusalMsg,
  openActions,
  type PhaseFrame,
  gameFrame,
  pluginMsg,
  storedStepUnderWay,
  leftToOrder,
  type Duties,
} from '../phase/index.js';
import { deadlinePassed, votedPowersIn } from '../orders/index.js';
import { humanPowersToAct } from '../resolve/index.js';
import {
  activeClock,
  clockRuleMsg,
  pausedMsg,
  orderParam,
  phaseMsg,
  powerParam,
  provinceParam,
  type GameDeps,
  identitiesHiddenNow,
  variantOfGame,
  variantParam,
} from '../core/index.js';
import { positionSeenBy } from '../fog/index.js';
import { msg, type Msg, type MsgParam } from '../../i18n/index.js';
import { pluginOf } from '../../variants/index.js';

/** One legal order of a piece, with what the pad's clicks choose (docs/pad.md "Kinds and flows"). */
export interface PadChoice {
  /** The normalized order text the pad stores (`A par - bur`). */
  text: string;
  /** `hold`, `move`, `support`, `convoy`, `retreat`, `disband`, `build-army`, `build-fleet`, `waive`, or a variant's own. */
  kind: string;
  /** Support and convoy: the province of the unit supported or convoyed. */
  target?: string;
  /** Move, retreat, support to move, convoy: the destination province; a support to hold names the target's own. */
  to?: string;
  /** The destination's coast, where the order names one (`nc`). */
  coast?: string;
  /** A move that asks for a convoy to an adjacent province (DATC 4.A.3). */
  via?: true;
  /** A variant's path order: the spaces it passes, in order (its last one is `to`). */
  path?: string[];
}

/** Something the seat may order: a unit of its own, a neutral unit it votes on, or a centre it may build in. */
export interface PadPiece {
  province: string;
  unit: { type: 'A' | 'F'; power: string; coast: string | null };
  /** A build site (an adjustment phase's free centre) rather than a unit on the board. */
  site: boolean;
  /** The seat's order for it is a secret ballot for a neutral unit. */
  ballot: boolean;
  choices: PadChoice[];
}

/** One of the variant's actions open to the seat: its texts are messages, worded for the viewer (`ShownPadView`). */
export interface PadAction {
  /** The value `/act` receives. */
  name: string;
  /** Its name in the reader's words. */
  title: Msg;
  description: Msg;
  choice: { label: Msg; required: boolean; options: ActionOption[] } | null;
  detail: { label: Msg; required: boolean; options: ActionOption[] } | null;
}

/** A `PadAction` worded in the viewer's locale. */
export interface ShownPadAction {
  name: string;
  title: string;
  description: string;
  choice: { label: string; required: boolean; options: ShownChoice[] } | null;
  detail: { label: string; required: boolean; options: ShownChoice[] } | null;
}

export interface PadView {
  ok: true;
  game: { id: number; variantId: string; variantName: MsgParam; status: 'active' | 'paused' };
  power: string;
  /** The power's name in the viewer's language (`秦`, `Allemagne`), worded by the web server. */
  powerName: MsgParam;
  /** `label` and `closed` are messages, worded for the viewer by the web server (src/web/texts.ts `webJson`). */
  phase: { id: number; label: Msg; type: string; deadline: number | null; closed: Msg | null; rule: Msg | null };
  /**
   * The public board: every unit (and, in a retreat phase, every dislodged unit); in a fog game only those the seat's
   * power sees (docs/table.md "Fog of war").
   */
  units: { province: string; type: 'A' | 'F'; power: string; coast: string | null; dislodged: boolean }[];
  /** `shown`: the province's name in the viewer's language where the variant names it otherwise (`咸陽`). */
  provinces: { id: string; name: string; localName?: string; shown?: MsgParam }[];
  pieces: PadPiece[];
  /**
   * The seat's stored orders, each as the line `/orders show` prints: the order in the viewer's language (`A par - bur`,
   * `A Par - Bou`), and a ballot's note.
   */
  orders: { order: MsgParam; note: Msg | null; ballot: boolean; unit: string }[];
  /** The units still without an order (`F bre`), and the same in the viewer's language (`F Brest`). */
  missing: string[];
  missingShown: MsgParam[];
  ready: boolean;
  /**
   * In a game that hides who plays whom: a phase every power is ready for resolves at the next mark of the clock, not at
   * once (src/game/resolve/ready.ts), which the ready hint says (`pad.page.readyYesHidden`).
   */
  readyAtMark: boolean;
  /** Why `ready` is refused now (nothing to decide, a step under way), or null. */
  readyRefused: Msg | null;
  actions: PadAction[];
  palette: 'standard' | 'colorblind';
  /** The server's clock when the view was read (the page measures its own clock's skew by it). */
  now: number;
}

/** The view as the page receives it: its messages worded in the viewer's locale (src/web/texts.ts `webJson`). */
export type ShownPadView = Omit<
  PadView,
  'game' | 'phase' | 'readyRefused' | 'actions' | 'powerName' | 'provinces' | 'orders' | 'missingShown'
> & {
  game: Omit<PadView['game'], 'variantName'> & { variantName: string };
  powerName: string;
  orders: { order: string; note: string | null; ballot: boolean; unit: string }[];
  missingShown: string[];
  provinces: { id: string; name: string; localName?: string; shown?: string }[];
  actions: ShownPadAction[];
  phase: Omit<PadView['phase'], 'label' | 'closed' | 'rule'> & {
    label: string;
    closed: string | null;
    rule: string | null;
  };
  readyRefused: string | null;
};

/** The pad's name of an order's kind (`build` of an army → `build-army`; a variant's order by its spec). */
function kindOf(variant: Variant, order: Order): string {
  switch (order.kind) {
    case 'build':
      return order.unit.type === 'F' ? 'build-fleet' : 'build-army';
    case 'special': {
      const spec = variant.rules.specialOrders?.[order.name];
      return spec?.kindName ?? order.name;
    }
    default:
      return order.kind;
  }
}

/** One legal order as the pad offers it. */
export function choiceOf(variant: Variant, order: Order): PadChoice {
  const base = { text: formatOrder(order, variant.rules), kind: kindOf(variant, order) };
  switch (order.kind) {
    case 'move':
    case 'retreat':
      return {
        ...base,
        to: order.to.province,
        ...(order.to.coast ? { coast: order.to.coast } : {}),
        ...(order.kind === 'move' && order.viaConvoy ? { via: true as const } : {}),
      };
    case 'support':
      return { ...base, target: order.target.province, to: order.to?.province ?? order.target.province };
    case 'convoy':
      return { ...base, target: order.target.province, to: order.to.province };
    case 'build':
      return { ...base, ...(order.unit.coast ? { coast: order.unit.coast } : {}) };
    case 'special': {
      const path = order.path.map((l) => l.province);
      return path.length > 0 ? { ...base, path, to: path[path.length - 1]! } : base;
    }
    default:
      return base;
  }
}

/** The seat's pieces: its own units (or build sites) and the neutral units it votes on, with their legal orders. */
function piecesOf(variant: Variant, position: Position, power: string, voted: ReadonlySet<string>): PadPiece[] {
  const site = position.phase.type === 'adjustment';
  const pieceOf = (unit: Unit, orders: Order[], ballot: boolean): PadPiece => ({
    province: unit.province,
    unit: { type: unit.type, power: unit.power, coast: unit.coast },
    site: site && orders.some((o) => o.kind === 'build'),
    ballot,
    choices: orders.map((o) => choiceOf(variant, o)),
  });
  const out = legalOrderObjects(variant, position, power).map((u) => pieceOf(u.unit, u.orders, false));
  // The engine lists a waived build once, with the first site; a player may waive from whichever site they click.
  const waive = out.flatMap((p) => p.choices).find((c) => c.kind === 'waive');
  if (waive) for (const p of out) if (p.site && !p.choices.includes(waive)) p.choices.push(waive);
  for (const neutral of [...voted].sort())
    for (const u of legalOrderObjects(variant, position, neutral))
      if (!out.some((p) => p.province === u.unit.province)) out.push(pieceOf(u.unit, u.orders, true));
  return out;
}

/**
 * An adjustment whose builds (or disbands) are all given offers no more of them: `/order` would refuse another
 * (`orders.check.buildsOnly`, `disbandsOnly`), so only the centres and units that carry one stay, to change it, and a
 * waive (which would be one more) is no longer offered (docs/pad.md "Kinds and flows").
 */
export function withinAdjustments(
  pieces: PadPiece[],
  duties: Duties,
  rows: readonly { unitKey: string; order: Order }[],
): PadPiece[] {
  const left = leftToOrder(duties, rows); // a ballot for a neutral is none of the seat's own builds
  const buildsFull = duties.builds > 0 && left.builds === 0;
  const disbandsFull = duties.disbands > 0 && left.disbands === 0;
  if (!buildsFull && !disbandsFull) return pieces;
  const held = new Set(rows.map((r) => r.unitKey));
  return pieces.flatMap((p) => {
    if (p.ballot) return [p];
    if (p.site && buildsFull)
      return held.has(p.province) ? [{ ...p, choices: p.choices.filter((c) => c.kind !== 'waive') }] : [];
    if (!p.site && disbandsFull && !held.has(p.province)) return [];
    return [p];
  });
}

function actionOf(frame: PhaseFrame, action: VariantAction, caller: { userId: string; power: string }): PadAction {
  const slot = (name: 'choice' | 'detail') => {
    const spec = action[name];
    if (!spec) return null;
    const options = actionSlotChoices(frame, {
      by: 'player',
      caller,
      action: action.name,
      slot: name,
      values: { choice: null, detail: null },
    });
    return { label: pluginMsg(spec.label), required: spec.required, options };
  };
  return {
    name: action.name,
    title: pluginMsg(action.title ?? action.name),
    description: pluginMsg(action.description),
    choice: slot('choice'),
    detail: slot('detail'),
  };
}

/** The variant's actions open to the seat now, with the choices each slot offers. */
async function actionsOf(
  tx: Tx,
  deps: GameDeps,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  caller: { userId: string; power: string },
): Promise<PadAction[]> {
  // Most variants have no player actions: no frame to read then.
  if (game.status !== 'active' || !pluginOf(game.variantId).actions?.some((a) => a.by === 'player')) return [];
  const frame = await gameFrame(tx, game, variant, phase, { now: deps.now(), token: '' });
  return openActions(frame, 'player', caller).map((a) => actionOf(frame, a, caller));
}

function boardOf(position: Position): PadView['units'] {
  const unit = (u: Unit, dislodged: boolean) => ({
    province: u.province,
    type: u.type,
    power: u.power,
    coast: u.coast,
    dislodged,
  });
  return [...position.units.map((u) => unit(u, false)), ...position.dislodged.map((u) => unit(u, true))];
}

/** Why `/ready` would be refused now, or null. */
async function readyRefusal(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow, power: string) {
  const step = await storedStepUnderWay(tx, game, phase);
  if (step?.spec.at === 'claim') return stepReadyRefusalMsg(step.spec, 'pad') ?? closedOrdersMsg(step.spec, 'pad');
  if (!(await humanPowersToAct(tx, variant, game, phase)).includes(power))
    return msg('pad.ready.nothingToDecide', { power: powerParam(variant, power) });
  if (game.status === 'paused') return pausedMsg(game);
  return null;
}

/** Stored orders as the view lists them: each the line `/orders show` prints. */
/** The seat's stored orders as the pad lists them, each written by `write` (`orderParam`) in the viewer's language. */
export function padOrderLines(
  rows: readonly { text: string; unitKey: string }[],
  write: (text: string) => MsgParam,
): PadView['orders'] {
  return rows.map((r) => {
    const ballot = isBallotKey(r.unitKey);
    return { order: write(r.text), note: ballot ? msg('orders.note.ballot') : null, ballot, unit: r.unitKey };
  });
}

/** The view of a seat checked in the caller's transaction, from the game and seat rows it was checked against. */
export async function readPadView(
  tx: Tx,
  deps: GameDeps,
  { game, player }: { game: GameRow; player: PlayerRow },
): Promise<PadView | { ok: false; status: 404; reason: 'no-game' }> {
  const variant = variantOfGame(game);
  const phase = game.currentPhaseId != null ? await phaseById(tx, game.currentPhaseId) : undefined;
  if (!variant || !phase || (game.status !== 'active' && game.status !== 'paused'))
    return { ok: false, status: 404, reason: 'no-game' };
  // Fog of war: the board and the legal orders the pad shows come from the seat's power's view (legality is unchanged).
  const position = positionSeenBy(game, variant, phase.position, player.power);
  const rows = await ordersOf(tx, phase.id, player.power);
  const step = await storedStepUnderWay(tx, game, phase);
  const closed = deadlinePassed(game, deps.now()) ?? closedOrdersMsg(step?.spec, 'pad');
  const voted = await votedPowersIn(tx, variant, game.id, phase.position);
  const duties = dutiesOf(variant, position, player.power);
  const missing = missingOrders(duties, rows);
  return {
    ok: true,
    game: { id: game.id, variantId: game.variantId, variantName: variantParam(variant), status: game.status },
    power: player.power,
    powerName: powerParam(variant, player.power),
    phase: {
      id: phase.id,
      label: phaseMsg(position.phase, variant),
      type: position.phase.type,
      deadline: game.status === 'active' ? game.deadlineMs : null,
      closed,
      // the deadline rule by the clock (docs/table.md), shown beside the deadline (no emoji: the page's fonts have
      // none); null for durations
      rule: activeClock(game.clock) ? msg('clock.padLine', { rule: clockRuleMsg(game.clock!) }) : null,
    },
    units: boardOf(position),
    provinces: [...variant.map.provinces.values()].map((p) => {
      const shown = provinceParam(variant, p.id);
      return {
        id: p.id,
        name: p.name,
        ...(p.localName ? { localName: p.localName } : {}),
        ...(typeof shown === 'object' ? { shown } : {}),
      };
    }),
    pieces: closed ? [] : withinAdjustments(piecesOf(variant, position, player.power, voted), duties, rows),
    orders: padOrderLines(rows, (text) => orderParam(variant, text)),
    missing,
    missingShown: missingParams(variant, duties, rows),
    ready: (await readyPowers(tx, phase.id)).has(player.power),
    readyAtMark: identitiesHiddenNow(game),
    readyRefused: await readyRefusal(tx, game, variant, phase, player.power),
    actions: await actionsOf(tx, deps, game, variant, phase, player),
    palette: (player.mapPalette ?? game.palette) === 'colorblind' ? 'colorblind' : 'standard',
    now: deps.now(),
  };
}
