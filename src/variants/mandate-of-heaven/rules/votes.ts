/**
 * Rule 3, armed neutrals: "If a majority of players, having a majority of player units on the board at the
 * beginning of the turn, agree to an order for a neutral unit, the unit will be so ordered."
 *
 * An order a player gives for a unit (or, in winter, a centre) of a voted neutral power is that player's secret
 * ballot. Each ballot is checked like any order; illegal ballots are not counted. Two ballots agree when their
 * normalized orders are the same text (`A son - dal`, `via convoy` included: brief Q6). A ballot is adopted when
 * more than half the players, holding more than half the players' units, cast it (brief §3.3, Q3); otherwise the
 * default applies: hold, disband (retreat), no build, civil-disorder disbands (brief Q4) — the engine's own defaults.
 * The adopted orders are given in the neutral power's name, so results show them and never a voter.
 */
import { adjustmentDelta, buildableCenters, buildableTypes } from '../../../engine/adjustment.js';
import { orderSubject, resolveDestination } from '../../../engine/board.js';
import { formatOrder } from '../../../engine/format.js';
import type { GameMap } from '../../../engine/map.js';
import { validateConvoy } from '../../../engine/movement/orders/convoy.js';
import { validateMove } from '../../../engine/movement/orders/move.js';
import { validateSupport } from '../../../engine/movement/orders/support.js';
import { withUnit } from '../../../engine/movement/prepare.js';
import { optionsOf } from '../../../engine/retreat.js';
import type { OrderedUnit, RulesModule } from '../../../engine/rules.js';
import type {
  AdjudicationContext,
  Order,
  OrderResult,
  Position,
  Power,
  PowerOrder,
  ProvinceId,
} from '../../../engine/types.js';
import type { MandateFeatures } from '../features.js';
import { isVoted, type MandateState } from './state.js';

export interface Electorate {
  /** The players who vote (brief Q2; docs/decisions.md). */
  players: Power[];
  /** Units of each player at the start of the turn. */
  units: Map<Power, number>;
  /** All the players' units (neutral units never count). */
  total: number;
}

/**
 * Players: the powers with a seated player (`context.players`, docs/decisions.md), less the neutrals still moved by the
 * vote and the powers no longer in the game (no unit, no centre; the Hsiung-Nu until eliminated: brief Q2).
 * Without `players` (the CLI's default): every non-neutral power with a unit or a centre.
 */
export function electorate(
  features: MandateFeatures,
  state: MandateState,
  position: Position,
  context: AdjudicationContext,
): Electorate {
  const inGame = (p: Power) =>
    position.units.some((u) => u.power === p) ||
    (position.supplyCenters[p]?.length ?? 0) > 0 ||
    (p === features.nomads && !state.hsiungNu.eliminated && context.players !== undefined);
  const players = context.players
    ? [...new Set(context.players)].filter((p) => (!features.isNeutral(p) || state.activated.includes(p)) && inGame(p))
    : [...new Set([...Object.keys(position.supplyCenters), ...position.units.map((u) => u.power)])].filter(
        (p) => !features.isNeutral(p) && inGame(p),
      );
  players.sort();
  const units = new Map<Power, number>();
  for (const p of players) units.set(p, unitsAtStartOfTurn(state, position, p));
  const total = [...units.values()].reduce((a, b) => a + b, 0);
  return { players, units, total };
}

/** "player units on the board at the beginning of the turn": in a retreat phase, as the season's movement began. */
function unitsAtStartOfTurn(state: MandateState, position: Position, power: Power): number {
  if (position.phase.type === 'retreat') {
    const recorded = state.seasonUnits?.[power];
    if (recorded !== undefined) return recorded;
    return (
      position.units.filter((u) => u.power === power).length +
      position.dislodged.filter((d) => d.power === power).length
    );
  }
  return position.units.filter((u) => u.power === power).length;
}

/** Do these voters carry the vote: more than half the players, holding more than half the players' units? */
export function carries(e: Electorate, voters: readonly Power[]): boolean {
  const units = voters.reduce((sum, p) => sum + (e.units.get(p) ?? 0), 0);
  return 2 * voters.length > e.players.length && 2 * units > e.total;
}

/**
 * A build the ordering power may make itself is its own build, even in a centre a voted neutral owns: a build is a
 * ballot only when the ordering power could not make it (rule 2 and brief Q16: the nomad Hsiung-Nu build in
 * any vacant placement-area province, Pei Choushi's centre included).
 */
function buildsItself(map: GameMap, rules: RulesModule, position: Position, po: PowerOrder): boolean {
  if (po.order.kind !== 'build' || adjustmentDelta(position, po.power, map, rules) <= 0) return false;
  const places =
    rules.buildableCenters?.({ map, position, power: po.power }) ??
    map.homeCenters(po.power).filter((p) => position.supplyCenters[po.power]?.includes(p));
  return places.includes(po.order.unit.province);
}

/** The ballot as the normalized order it asks for, or null when it is not a legal order for that unit now. */
function legalBallot(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  neutral: Power,
  order: Order,
): { key: string; order: Order } | null {
  const phase = position.phase.type;
  if (phase === 'movement') {
    const unit = position.units.find((u) => u.province === (order as { unit?: { province: string } }).unit?.province);
    if (!unit || unit.power !== neutral || !('unit' in order) || (order.unit.type && order.unit.type !== unit.type))
      return null;
    const ou: OrderedUnit = { unit, power: neutral, order: withUnit(order, unit) };
    let problem: string | null;
    switch (ou.order.kind) {
      case 'hold':
        problem = null;
        break;
      case 'move':
        problem = validateMove(map, rules, ou);
        break;
      case 'support':
        problem = validateSupport(map, rules, ou);
        break;
      case 'convoy':
        problem = validateConvoy(map, ou, rules);
        break;
      default:
        problem = 'not a movement order';
    }
    return problem ? null : { key: formatOrder(ou.order, rules), order: ou.order };
  }
  if (phase === 'retreat') {
    const d = position.dislodged.find((x) => 'unit' in order && x.province === order.unit.province);
    if (!d || d.power !== neutral) return null;
    const ref = { type: d.type, province: d.province, coast: d.coast };
    if (order.kind === 'disband') return { key: `${d.type} ${d.province} D`, order: { kind: 'disband', unit: ref } };
    if (order.kind !== 'retreat' && order.kind !== 'move') return null;
    const dest = resolveDestination(map, rules, d, order.to);
    if (!dest.ok) return null;
    const key = dest.to.coast ? `${dest.to.province}/${dest.to.coast}` : dest.to.province;
    if (!optionsOf(map, rules, position, d).includes(key)) return null;
    const retreat: Order = { kind: 'retreat', unit: ref, to: dest.to };
    return { key: formatOrder(retreat, rules), order: retreat };
  }
  // Adjustments: a build in a vacant centre the neutral owns, or a disband of one of its units.
  const delta = adjustmentDelta(position, neutral, map, rules);
  if (order.kind === 'build') {
    const u = order.unit;
    if (delta <= 0 || !buildableCenters(map, rules, position, neutral).includes(u.province)) return null;
    if (!buildableTypes(map, rules, position, neutral, u.province).includes(u.type)) return null;
    const built: Order = { kind: 'build', unit: { type: u.type, province: u.province, coast: null } };
    return { key: formatOrder(built, rules), order: built };
  }
  if (order.kind === 'disband') {
    const unit = position.units.find((x) => x.province === order.unit.province && x.power === neutral);
    if (delta >= 0 || !unit) return null;
    const disband: Order = { kind: 'disband', unit: { type: unit.type, province: unit.province, coast: unit.coast } };
    return { key: formatOrder(disband, rules), order: disband };
  }
  return null;
}

/** Why an order given in a voted neutral's own name is not carried out (its result line, never a vote's). */
export function ownOrderRefused(neutral: Power): string {
  return `${neutral} is a neutral power: it carries out the orders a majority of the players adopt, none of its own (Mandate of Heaven rule 3)`;
}

/**
 * Split the orders into the players' own orders and their ballots, and replace the ballots by the adopted orders.
 * Ballots are counted in secret: no result of their own (the neutral's unit shows the adopted order). Orders given in
 * the name of a voted neutral, and ballots of powers that do not vote, are not carried out and get a `void` result
 * saying why (every order given has its line).
 */
export function adoptBallots(
  features: MandateFeatures,
  state: MandateState,
  map: GameMap,
  rules: RulesModule,
  position: Position,
  orders: PowerOrder[],
  context: AdjudicationContext,
): { orders: PowerOrder[]; results: OrderResult[]; uncountedBallots: OrderResult[] } {
  const e = electorate(features, state, position, context);
  const voters = new Set(e.players);
  const seated = new Set(context.players ?? e.players);
  const voted = (p: Power) => isVoted(features, state, p, seated);
  const own: PowerOrder[] = [];
  /** neutral -> player -> that player's ballots for it (one per unit; several builds or disbands in winter). */
  const ballots = new Map<Power, Map<Power, PowerOrder[]>>();
  const results: OrderResult[] = [];
  const drop = (po: PowerOrder, reason: string) =>
    results.push({
      power: po.power,
      unit: 'unit' in po.order ? `${po.order.unit.type ?? '?'} ${po.order.unit.province}` : '',
      order: formatOrder(po.order, rules),
      result: 'void',
      reason,
    });
  for (const po of orders) {
    if (voted(po.power)) {
      drop(po, ownOrderRefused(po.power));
      continue;
    }
    const subject = orderSubject(position, po.order);
    if (subject === null || !voted(subject) || buildsItself(map, rules, position, po)) {
      own.push(po);
      continue;
    }
    if (!voters.has(po.power)) {
      drop(
        po,
        `not counted: ${po.power} does not vote on ${subject}'s units (only the seated players still in the game vote: Mandate of Heaven rule 3)`,
      );
      continue;
    }
    let byPlayer = ballots.get(subject);
    if (!byPlayer) ballots.set(subject, (byPlayer = new Map()));
    byPlayer.set(po.power, [...(byPlayer.get(po.power) ?? []), po]);
  }
  const adopted: PowerOrder[] = [];
  const uncountedBallots: OrderResult[] = [];
  for (const neutral of [...ballots.keys()].sort()) {
    const byPlayer = ballots.get(neutral)!;
    const { orders: carried, uncounted } = tally(map, rules, position, e, neutral, byPlayer);
    adopted.push(...carried);
    for (const u of uncounted) uncountedBallots.push(uncountedLine(position, neutral, u));
  }
  return { orders: [...own, ...adopted], results, uncountedBallots };
}

/** A ballot `tally` did not count, and why: not a legal order, replaced by the player's later ballot, beyond the winter's builds or disbands. */
interface Uncounted {
  po: PowerOrder;
  why: 'illegal' | 'replaced' | 'beyond';
  /** Winter: the neutral's builds (positive) or disbands (negative). */
  delta: number;
}

const SECRET = 'ballots are secret, so its text is not repeated: Mandate of Heaven rule 3';

/**
 * The line of a ballot that was not counted (every order given has its line), under its voter, never repeating
 * the ballot's text: a movement or retreat ballot names the unit voted on, a winter ballot no unit (its unit would
 * tell the build asked for).
 */
function uncountedLine(position: Position, neutral: Power, { po, why, delta }: Uncounted): OrderResult {
  const winter = position.phase.type === 'adjustment';
  const at = 'unit' in po.order ? po.order.unit.province : '';
  const pool = position.phase.type === 'retreat' ? position.dislodged : position.units;
  const voted = pool.find((u) => u.province === at);
  const unit = winter || !voted ? '' : `${voted.type} ${voted.coast ? `${at}/${voted.coast}` : at}`;
  if (why === 'illegal') {
    const what = winter ? `a build or disband ${neutral} can make now` : `an order ${neutral}'s unit can carry out now`;
    return {
      power: po.power,
      unit,
      order: 'illegal ballot',
      result: 'illegal',
      reason: `not counted: the ballot is not ${what} (${SECRET})`,
    };
  }
  if (why === 'replaced')
    return {
      power: po.power,
      unit,
      order: 'replaced ballot',
      result: 'void',
      reason: `not counted: replaced by a later ballot for the same unit (${SECRET})`,
    };
  const slots = Math.abs(delta);
  const count = `${slots} ${delta < 0 ? 'disband' : 'build'}${slots === 1 ? '' : 's'}`;
  return {
    power: po.power,
    unit,
    order: 'uncounted ballot',
    result: 'void',
    reason: `not counted: ${neutral} has ${count} this winter, and ${slots === 1 ? "only a player's first ballot counts" : `a player's first ${slots} different ballots count`} (${SECRET})`,
  };
}

/** The orders a neutral carries out: per unit (movement, retreat), or up to its builds or disbands (winter). */
function tally(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  e: Electorate,
  neutral: Power,
  byPlayer: Map<Power, PowerOrder[]>,
): { orders: PowerOrder[]; uncounted: Uncounted[] } {
  const winter = position.phase.type === 'adjustment';
  const delta = winter ? adjustmentDelta(position, neutral, map, rules) : 0;
  const slots = Math.abs(delta);
  const uncounted: Uncounted[] = [];
  /** slot (unit province, or "winter") -> ballot key -> { order, voters } */
  const counts = new Map<string, Map<string, { order: Order; voters: Power[] }>>();
  for (const [player, list] of [...byPlayer.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    // A player's later order for the same unit replaces the earlier one; in winter, distinct orders up to the count.
    const chosen = new Map<string, { key: string; order: Order; po: PowerOrder }>();
    for (const po of list) {
      const ballot = legalBallot(map, rules, position, neutral, po.order);
      if (!ballot) {
        uncounted.push({ po, why: 'illegal', delta });
        continue;
      }
      const slot = winter ? ballot.key : (po.order as { unit: { province: ProvinceId } }).unit.province;
      if (winter && !chosen.has(slot) && chosen.size >= slots) {
        uncounted.push({ po, why: 'beyond', delta });
        continue;
      }
      const earlier = chosen.get(slot);
      if (earlier) uncounted.push({ po: earlier.po, why: 'replaced', delta });
      chosen.set(slot, { ...ballot, po });
    }
    for (const [slot, ballot] of chosen) {
      const bucket = winter ? 'winter' : slot;
      let byKey = counts.get(bucket);
      if (!byKey) counts.set(bucket, (byKey = new Map()));
      const entry = byKey.get(ballot.key) ?? { order: ballot.order, voters: [] };
      entry.voters.push(player);
      byKey.set(ballot.key, entry);
    }
  }
  const out: PowerOrder[] = [];
  for (const [bucket, byKey] of counts) {
    const passed = [...byKey.entries()].filter(([, v]) => carries(e, v.voters));
    if (bucket !== 'winter') {
      // At most one order can have more than half the players.
      if (passed[0]) out.push({ power: neutral, order: passed[0][1].order });
      continue;
    }
    // Winter: keep the passed orders with more voters' units, then more voters, then the lower province id.
    const weight = (v: { voters: Power[] }) => v.voters.reduce((s, p) => s + (e.units.get(p) ?? 0), 0);
    passed.sort(
      ([ka, a], [kb, b]) => weight(b) - weight(a) || b.voters.length - a.voters.length || ka.localeCompare(kb),
    );
    const used = new Set<ProvinceId>();
    for (const [, v] of passed) {
      const province = (v.order as { unit: { province: ProvinceId } }).unit.province;
      if (used.has(province) || used.size >= slots) continue;
      used.add(province);
      out.push({ power: neutral, order: v.order });
    }
  }
  return { orders: out, uncounted };
}
