/**
 * Ballots for the units the players' vote moves (the variant's `votedPowers`; Mandate of Heaven rule 3): a voter
 * writes an order for every such unit, and the unit carries out the order a majority agrees on.
 *
 * - Movement: for each voted unit, its hold, its moves and its supports of our own units' orders are each tried in
 *   a simulation where that ballot is carried out beside our orders (everything else holding), and the one best for
 *   us is cast (hold when nothing helps: the ballot others most likely agree on).
 * - Retreats: disband (a neutral unit gone is a centre easier to take).
 * - Winter: when a voted power must disband, the units of it nearest to ours; when it may build, a build in each of
 *   its free centres more than two moves from our units, not one of our home centres, and nearer another power's
 *   units than ours (a unit in a rival's way, not ours), nearest to the rivals first, up to the builds it may make;
 *   no ballot (no build) anywhere else.
 */
import { adjudicate } from '../engine/index.js';
import type { Order, Power, PowerOrder } from '../engine/types.js';
import { boardOf } from './board.js';
import { Evaluator } from './evaluate.js';
import { choicesOf, destinationOf } from './orders.js';
import type { SeatRequest } from './types.js';
import { deltaOf, seasonWeights, valuate } from './values.js';

/** A neutral's new unit this many moves from our nearest unit or fewer would stand in our way. */
const NEUTRAL_BUILD_DISTANCE = 2;

export function ballots(request: SeatRequest, own: readonly PowerOrder[]): PowerOrder[] {
  const { variant, position, power } = request;
  // The power asked for fills a seat, and a seated power votes (docs/decisions.md): it is among the voters whether or
  // not the caller's `players` lists it (`ai orders` answers by default the powers not in `players`).
  const players = request.players ? [...new Set([...request.players, power])] : [];
  const voted = (variant.rules.votedPowers?.({ map: variant.map, position, players }) ?? []).filter((p) => p !== power);
  if (voted.length === 0) return [];
  switch (position.phase.type) {
    case 'retreat':
      return voted.flatMap((q) =>
        choicesOf(variant, position, q).map((c) => ({ power, order: c.orders.find((o) => o.kind === 'disband')! })),
      );
    case 'adjustment':
      return voted.flatMap((q) => winterBallots(request, q, voted));
    case 'movement':
      return movementBallots(request, own, voted);
  }
}

function movementBallots(request: SeatRequest, own: readonly PowerOrder[], voted: readonly Power[]): PowerOrder[] {
  const { variant, position, power } = request;
  const board = boardOf(variant);
  const evaluator = new Evaluator(board, position, power, valuate(board, position, power, seasonWeights(position)));
  // In the simulation we are the only voter, so our ballot is the order carried out.
  const context = { players: [power], explain: false };
  const ownDest = new Map(own.map((po) => [po.order.kind === 'waive' ? '' : po.order.unit.province, po.order]));
  const out: PowerOrder[] = [];
  for (const q of voted) {
    for (const c of choicesOf(variant, position, q)) {
      const hold = c.orders.find((o) => o.kind === 'hold') ?? c.orders[0]!;
      const candidates = c.orders.filter(
        (o) =>
          o.kind === 'hold' || o.kind === 'move' || (o.kind === 'support' && supportsOurOrder(variant, o, ownDest)),
      );
      let best: { order: Order; value: number } = { order: hold, value: -Infinity };
      for (const o of candidates) {
        const value = evaluator.score(adjudicate(variant, position, [...own, { power, order: o }], context));
        if (value > best.value + 1e-9) best = { order: o, value };
      }
      out.push({ power, order: best.order });
    }
  }
  return out;
}

function supportsOurOrder(
  variant: SeatRequest['variant'],
  o: Order & { kind: 'support' },
  ours: Map<string, Order>,
): boolean {
  const target = ours.get(o.target.province);
  if (!target) return false;
  const dest = destinationOf(variant, target);
  return o.to === null ? dest === null : dest === o.to.province;
}

/** A voted power's winter: disbands of its units nearest to ours, builds where it stands in another power's way. */
function winterBallots(request: SeatRequest, q: Power, voted: readonly Power[]): PowerOrder[] {
  const { variant, position, power } = request;
  const board = boardOf(variant);
  const delta = deltaOf(board, position, q);
  if (delta === 0) return [];
  const nearest = (powers: (p: Power) => boolean, province: string) => {
    let best = 255;
    const at = board.province(province);
    for (const u of position.units)
      if (powers(u.power)) best = Math.min(best, board.dist(board.province(u.province), at));
    return best;
  };
  const ours = (province: string) => nearest((p) => p === power, province);
  const choices = choicesOf(variant, position, q);
  if (delta < 0) {
    const ranked = choices
      .map((c) => ({ c, d: ours(c.unit.province) }))
      .sort((a, b) => a.d - b.d || a.c.unit.province.localeCompare(b.c.unit.province));
    return ranked.slice(0, -delta).map(({ c }) => ({ power, order: c.orders[0]! }));
  }
  const homes = variant.map.homeCenters(power);
  const rivals = (province: string) => nearest((p) => p !== power && !voted.includes(p), province);
  const sites = choices
    .map((c) => ({ c, rival: rivals(c.unit.province), ours: ours(c.unit.province) }))
    .filter((s) => s.ours > NEUTRAL_BUILD_DISTANCE && s.rival < s.ours && !homes.includes(s.c.unit.province))
    .sort((a, b) => a.rival - b.rival || a.c.unit.province.localeCompare(b.c.unit.province));
  return sites.slice(0, delta).flatMap(({ c }) => {
    const build = c.orders.find((o) => o.kind === 'build');
    return build ? [{ power, order: build }] : [];
  });
}
