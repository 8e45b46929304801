/**
 * Rapid River Move (seed "Rapid River Move (Fleets)" 1–5): a fleet moves up to 3 consecutive river spaces at zero
 * strength, stopping at the last vacant space it could pass when something blocks the way.
 *
 * Resolution: every other order is resolved by the engine (a Rapid River Move only ever asks about them), then all
 * Rapid River Moves advance together one space at a time (RRM rule 5).
 */
import { locationKey, type GameMap } from '../../../engine/map.js';
import type { MovementContext, OrderedUnit, SpecialOrderSpec } from '../../../engine/rules.js';
import type { Location, Order, Power, ProvinceId } from '../../../engine/types.js';
import type { WarringStatesFeatures } from '../features.js';

export const RIVER_MOVE = 'riverMove';
/** Start of the result reason of a rapid river move that moved the fleet but not all the way. */
export const STOPPED_SHORT = 'stopped short at';

export function isRiverMove(order: Order): boolean {
  return order.kind === 'special' && order.name === RIVER_MOVE;
}

/** Why a rapid river path is illegal, or null (RRM rule 1). */
export function riverPathProblem(
  map: GameMap,
  features: WarringStatesFeatures,
  start: ProvinceId,
  path: readonly Location[],
): string | null {
  const name = (id: string) => map.province(id)?.name ?? id;
  if (path.length < 2 || path.length > 3)
    return 'a rapid river move goes 2 or 3 spaces (one space is an ordinary move)';
  const spaces = [start, ...path.map((l) => l.province)];
  if (new Set(spaces).size !== spaces.length) return 'a rapid river move cannot visit a space twice';
  for (let i = 0; i + 1 < spaces.length; i++) {
    const a = spaces[i]!;
    const b = spaces[i + 1]!;
    if (!map.has(b)) return `there is no province "${b}"`;
    // RRM rule 1: "into consecutive river spaces" — each step follows one river chain (a chain ends in its sea).
    if (!features.riverConsecutive(a, b)) return `${name(a)} and ${name(b)} are not consecutive spaces of a river`;
  }
  // RRM rule 1: "The move can start or end on a sea space (all other spaces involved being river spaces)."
  for (const mid of spaces.slice(1, -1)) {
    if (!features.isRiverProvince(mid))
      return `${name(mid)} is a sea: only the first or last space of a rapid river move may be a sea`;
  }
  return null;
}

/** Every legal rapid river path (2 or 3 spaces) from `start`, for autocomplete. */
export function riverPaths(map: GameMap, features: WarringStatesFeatures, start: ProvinceId): ProvinceId[][] {
  const out: ProvinceId[][] = [];
  const walk = (path: ProvinceId[]) => {
    const asLocations = path.map((province) => ({ province, coast: null }));
    if (path.length >= 2 && riverPathProblem(map, features, start, asLocations) === null) out.push(path);
    if (path.length === 3) return;
    const from = path[path.length - 1] ?? start;
    if (path.length > 0 && map.isSea(from)) return; // a sea can only end the path
    for (const next of map.neighbours(from)) {
      if (next !== start && !path.includes(next) && features.riverConsecutive(from, next)) walk([...path, next]);
    }
  };
  walk([]);
  return out.sort((a, b) => a.join().localeCompare(b.join()));
}

export function riverMoveSpec(features: WarringStatesFeatures): SpecialOrderSpec {
  return {
    name: RIVER_MOVE,
    kindName: 'rapid-river-move',
    actsAs: 'move',
    validate({ map, unit, order }) {
      if (unit.type !== 'F') return 'only a fleet can make a rapid river move';
      return riverPathProblem(map, features, unit.province, order.path);
    },
    format(order) {
      return [`${order.unit.type ?? 'F'} ${locationKey(order.unit)}`, ...order.path.map(locationKey)].join(' - ');
    },
    // In a reader's language, the same path of the language's names: `F 南鄭 - 巴 - 蜀`.
    write(order, w) {
      return [w.unit(order.unit), ...order.path.map(w.place)].join(' - ');
    },
    options({ map, unit }) {
      if (unit.type !== 'F') return [];
      return riverPaths(map, features, unit.province).map((path) => ({
        kind: 'special' as const,
        name: RIVER_MOVE,
        unit: { type: 'F' as const, province: unit.province, coast: null },
        path: path.map((province) => ({ province, coast: null })),
      }));
    },
    // Maps: an arrow through every space, along the drawn river.
    draw: { as: 'path', legend: 'river move' },
    resolve(ctx, subject) {
      const outcome = simulate(ctx).get(subject.unit.province);
      if (!outcome)
        return { success: false, endsAt: subject.unit, reason: 'the rapid river move could not be resolved' };
      return outcome;
    },
  };
}

interface Outcome {
  success: boolean;
  endsAt: Location;
  reason: string;
  /** The space where this fleet stood off with another rapid river move (RRM rule 5), if any. */
  contests?: ProvinceId[];
}

type Step = { kind: 'vacant' } | { kind: 'friendly' } | { kind: 'blocked'; why: string };

/** What a fleet of `power` finds in `space`, coming from `from`, once every other order is resolved (RRM rule 4). */
function stepInto(ctx: MovementContext, power: Power, from: ProvinceId, space: ProvinceId, final: boolean): Step {
  const name = (id: string) => ctx.map.province(id)?.name ?? id;
  const here = ctx.unitAt(space);
  const hereIsRiverMove = here !== undefined && isRiverMove(here.order) && !here.illegalReason;
  // A unit coming the other way along the river cannot be passed (like two rapid river moves, RRM rule 5) — if it
  // does move: one whose move failed stays where it is, and a friendly unit that stays does not block (RRM rule 4).
  if (
    here &&
    !hereIsRiverMove &&
    here.order.kind === 'move' &&
    !here.illegalReason &&
    here.order.to.province === from &&
    ctx.moveSucceeds(space)
  ) {
    return { kind: 'blocked', why: `${here.unit.type} ${here.unit.province} was coming the other way` };
  }
  const occupants: Power[] = [];
  // The unit there stays unless its move succeeds or it is dislodged (then its dislodger is among the movers).
  if (here && !hereIsRiverMove && !ctx.moveSucceeds(space) && !ctx.isDislodged(space)) occupants.push(here.unit.power);
  const movers = [...ctx.orderedUnits.values()].filter(
    (ou) => ou.order.kind === 'move' && !ou.illegalReason && ou.order.to.province === space,
  );
  const failed: OrderedUnit[] = [];
  for (const m of movers) {
    if (ctx.moveSucceeds(m.unit.province)) occupants.push(m.unit.power);
    else if (ctx.hasPath(m.unit.province)) failed.push(m);
  }
  if (occupants.length > 0) {
    if (final) return { kind: 'blocked', why: `${name(space)} was not vacant` };
    if (occupants.some((p) => p !== power))
      return { kind: 'blocked', why: `${name(space)} was occupied by another power` };
    return { kind: 'friendly' };
  }
  // "Spaces where a stand off has occurred involving at least one opponent's unit block a Rapid River move."
  if (failed.length >= 2 && failed.some((m) => m.unit.power !== power))
    return { kind: 'blocked', why: `a standoff in ${name(space)}` };
  return { kind: 'vacant' };
}

interface Runner {
  ou: OrderedUnit;
  spaces: ProvinceId[];
  at: number;
  lastVacant: number;
  stopped: boolean;
  why: string | null;
  /** RRM rule 5: the space where it stood off with another rapid river move. */
  standoff: ProvinceId | null;
}

/** All rapid river moves of the phase, advanced together one space at a time (RRM rule 5). */
function simulate(ctx: MovementContext): Map<ProvinceId, Outcome> {
  const name = (id: string) => ctx.map.province(id)?.name ?? id;
  const runners: Runner[] = [...ctx.orderedUnits.values()]
    .filter((ou) => isRiverMove(ou.order) && !ou.illegalReason && ou.order.kind === 'special')
    .map((ou) => ({
      ou,
      spaces: [ou.unit.province, ...(ou.order.kind === 'special' ? ou.order.path.map((l) => l.province) : [])],
      at: 0,
      lastVacant: 0,
      stopped: false,
      why: null,
      standoff: null,
    }))
    // In province order, so that no reason names fleets in the order they were listed.
    .sort((a, b) => (a.ou.unit.province < b.ou.unit.province ? -1 : a.ou.unit.province > b.ou.unit.province ? 1 : 0));
  for (let step = 1; step <= 3; step++) {
    const moving = runners.filter((r) => !r.stopped && r.at === step - 1 && r.spaces.length > step);
    const found = new Map<Runner, Step>();
    for (const r of moving) {
      const s = stepInto(ctx, r.ou.unit.power, r.spaces[step - 1]!, r.spaces[step]!, step === r.spaces.length - 1);
      found.set(r, s);
      if (s.kind === 'blocked') stop(r, s.why);
    }
    // Two rapid river moves entering one space stand off; two coming towards each other cannot pass.
    let go = moving.filter((r) => !r.stopped);
    for (const r of go) {
      const next = r.spaces[step]!;
      const same = go.filter((o) => o !== r && o.spaces[step] === next);
      if (same.length > 0) {
        stop(r, `a standoff with ${same.map((o) => `F ${o.ou.unit.province}`).join(', ')} in ${name(next)}`);
        r.standoff = next;
      }
      const swap = go.find((o) => o !== r && o.spaces[step] === r.spaces[step - 1] && o.spaces[step - 1] === next);
      if (swap) stop(r, `F ${swap.ou.unit.province} was coming the other way`);
    }
    // A space still held by a rapid-river fleet blocks (own fleets too): one that does not move on this step, or one
    // that passed on over a friendly unit and would fall back to that space if stopped later (RRM rule 4).
    for (let changed = true; changed; ) {
      changed = false;
      go = moving.filter((r) => !r.stopped);
      for (const r of go) {
        const next = r.spaces[step]!;
        const holder = runners.find((o) => {
          if (o === r) return false;
          const anchored = o.spaces[o.lastVacant] === next && !(go.includes(o) && found.get(o)!.kind === 'vacant');
          return anchored || (o.spaces[o.at] === next && !go.includes(o));
        });
        if (holder) {
          stop(r, `F ${holder.ou.unit.province} (rapid river move) was in ${name(next)}`);
          changed = true;
        }
      }
    }
    for (const r of moving.filter((m) => !m.stopped)) {
      r.at = step;
      if (found.get(r)!.kind === 'vacant') r.lastVacant = step;
    }
  }
  const out = new Map<ProvinceId, Outcome>();
  for (const r of runners) {
    const end = r.lastVacant;
    const endsAt: Location = end === 0 ? r.ou.unit : { province: r.spaces[end]!, coast: null };
    const final = r.spaces[r.spaces.length - 1]!;
    let reason: string;
    if (end === r.spaces.length - 1) reason = `moved along the river to ${name(final)}`;
    else if (end === 0) reason = `blocked: ${r.why ?? 'the way was not clear'}; the fleet stays`;
    else reason = `${STOPPED_SHORT} ${name(r.spaces[end]!)}: ${r.why ?? 'the way was not clear'}`;
    out.set(r.ou.unit.province, {
      success: end > 0,
      endsAt,
      reason,
      ...(r.standoff ? { contests: [r.standoff] } : {}),
    });
  }
  return out;

  function stop(r: Runner, why: string): void {
    if (r.stopped) return;
    r.stopped = true;
    r.why = why;
  }
}
