/**
 * Fog of war, the game layer: who reads, and what their power sees (docs/table.md, "Fog of war"). Adjudication is
 * unchanged and stores everything; every reader (results, maps, `/map`, `/history`, replays, exports, sandboxes, the
 * order pad, computer players, spectators) asks `powerView` / `phaseSeenBy` what a power may see. The pure rule is
 * src/engine/fog.ts.
 */
import { fogAdjudication, fogOrders, fogPosition, hiddenProvinces, sightOf, type Sight } from '../../engine/fog.js';
import type { Adjudication, Position, Power, PowerOrder, ProvinceId } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { GameRow } from '../../store/schema.js';

/**
 * Who is reading: `all` sees the stored truth (a game without fog, a finished game, its game master who plays no
 * power); `power` sees what that power sees; `none` sees no board at all (the channel's public posts, a member who
 * plays no power in a running fog game).
 */
export type Viewer = { kind: 'all' } | { kind: 'power'; power: Power } | { kind: 'none' };

export const SEES_ALL: Viewer = { kind: 'all' };
export const SEES_NOTHING: Viewer = { kind: 'none' };

/** Is the fog up? A fog game while it runs; the full history opens when the game ends. */
export function fogIsUp(game: Pick<GameRow, 'fog' | 'status'>): boolean {
  return game.fog === true && game.status !== 'finished';
}

/**
 * Who a member is in a game, for what they may see: anybody sees everything without fog; with fog, a player sees
 * their power's view, the game master who plays no power everything (they may edit the board anyway), anyone else
 * no board.
 */
export function viewerOf(
  game: Pick<GameRow, 'fog' | 'status' | 'gmUserId'>,
  member: { userId: string; power: Power | null },
): Viewer {
  if (!fogIsUp(game)) return SEES_ALL;
  if (member.power) return { kind: 'power', power: member.power };
  return member.userId === game.gmUserId ? SEES_ALL : SEES_NOTHING;
}

/** One board as one power sees it: the board with only what is in sight, and the provinces drawn as fog. */
export interface PowerView {
  position: Position;
  hidden: ProvinceId[];
  /** Every power's centres and units on the whole board: public in a fog game (docs/table.md), the maps' legend. */
  counts: Record<Power, { centers: number; units: number }>;
}

/**
 * THE per-power view of a board (what a player, their spectators and their computer player see): the position with
 * only the units, dislodged units, standoffs and centre owners in sight, and the provinces out of sight.
 */
export function powerView(variant: Variant, position: Position, power: Power): PowerView {
  return seen(variant, position, sightOf(variant.map, position, power));
}

/** A resolved phase as one power saw it: the board before, its orders and results, and the board after. */
export interface PhaseSeen {
  before: PowerView;
  orders: PowerOrder[];
  adjudication: Adjudication;
  after: PowerView;
}

/**
 * A resolved phase as `power` saw it: the orders of the units it saw when the phase began (its own always), the results
 * of those orders, the dislodgements, removals, standoffs and centre changes in sight before or after, and the board
 * after as it sees it then.
 */
export function phaseSeenBy(
  variant: Variant,
  phase: { position: Position; adjudication: Adjudication },
  orders: readonly PowerOrder[],
  power: Power,
): PhaseSeen {
  const before = sightOf(variant.map, phase.position, power);
  const after = sightOf(variant.map, phase.adjudication.position, power);
  return {
    before: seen(variant, phase.position, before),
    orders: fogOrders(orders, before),
    adjudication: fogAdjudication(phase.adjudication, before, after, variant.rules),
    after: seen(variant, phase.adjudication.position, after),
  };
}

/** Of a phase's orders, those `power` sees on `position`: its own and those of the units in its sight (as `phaseSeenBy`). */
export function ordersSeenBy(
  variant: Variant,
  position: Position,
  orders: readonly PowerOrder[],
  power: Power,
): PowerOrder[] {
  return fogOrders(orders, sightOf(variant.map, position, power));
}

function seen(variant: Variant, position: Position, sight: Sight): PowerView {
  return {
    position: fogPosition(position, sight, variant.rules),
    hidden: hiddenProvinces(variant.map, sight),
    counts: publicCounts(variant, position),
  };
}

/**
 * Every power's centres and units on the whole board (public, like the status message's counts). A dislodged unit
 * counts until its retreat: a count falling in a retreat phase would tell of a dislodgement out of sight.
 */
function publicCounts(variant: Variant, position: Position): PowerView['counts'] {
  const units = [...position.units, ...(position.dislodged ?? [])];
  return Object.fromEntries(
    variant.powers.map((p) => [
      p.name,
      {
        centers: (position.supplyCenters[p.name] ?? []).length,
        units: units.filter((u) => u.power === p.name).length,
      },
    ]),
  );
}

/** Each power's centres and units: the public counts of a fog game (`PowerView.counts`). */
export type PowerCounts = PowerView['counts'];

/**
 * Each power's centres and units out of sight of a view (`seen`, a board as one power sees it): the public counts of
 * the whole board (`counts`) less those standing in the view, never below zero. A fog sandbox keeps them, so that its
 * legend tells the public counts as the game's fog maps do (docs/table.md "Fog of war"), not the view's alone.
 */
export function countsOutOfSight(variant: Variant, seen: Position, counts: PowerCounts): PowerCounts {
  const inSight = publicCounts(variant, seen);
  return Object.fromEntries(
    Object.entries(counts).map(([power, c]) => [
      power,
      {
        centers: Math.max(0, c.centers - (inSight[power]?.centers ?? 0)),
        units: Math.max(0, c.units - (inSight[power]?.units ?? 0)),
      },
    ]),
  );
}

/**
 * A board that is already one power's view (a fog sandbox's), as the game's fog maps draw it: the provinces out of
 * that power's sight (drawn as fog), and the legend's counts: the board's own plus those kept out of sight
 * (`countsOutOfSight`; none kept: the board's own).
 */
export function viewOfView(
  variant: Variant,
  seen: Position,
  power: Power,
  unseen: PowerCounts | null,
): { hidden: ProvinceId[]; counts: PowerCounts } {
  const { hidden, counts } = powerView(variant, seen, power);
  const legend = Object.fromEntries(
    Object.entries(counts).map(([p, c]) => [
      p,
      { centers: c.centers + (unseen?.[p]?.centers ?? 0), units: c.units + (unseen?.[p]?.units ?? 0) },
    ]),
  );
  return { hidden, counts: legend };
}

/** The powers still in (a unit or a centre): public in a fog game, like their centre counts (docs/table.md). */
export function powersStillIn(variant: Variant, position: Position): Power[] {
  return variant.powers
    .map((p) => p.name)
    .filter((p) => (position.supplyCenters[p] ?? []).length > 0 || position.units.some((u) => u.power === p));
}

/**
 * Each power's view of `position` while the fog is up, for the rule of who has something to decide (src/game/phase
 * `seatedToAct`): a power is never told, nor shown, that it has nothing to decide because of what stands out of its
 * sight (docs/table.md "Fog of war"). Undefined without fog.
 */
export function viewsUnderFog(
  game: Pick<GameRow, 'fog' | 'status'>,
  variant: Variant,
  position: Position,
): ((power: Power) => Position) | undefined {
  return fogIsUp(game) ? (power) => powerView(variant, position, power).position : undefined;
}

/**
 * The board a power's player would see in this game: the truth without fog (or once the game ended), its power's view
 * while the fog is up. What a computer player in the seat decides from (src/game/computer).
 */
export function positionSeenBy(
  game: Pick<GameRow, 'fog' | 'status'>,
  variant: Variant,
  position: Position,
  power: Power,
): Position {
  return fogIsUp(game) ? powerView(variant, position, power).position : position;
}
