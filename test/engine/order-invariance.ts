/**
 * Order invariance (brief: "An adjudication never depends on the order in which units or orders are listed"):
 * crowded random positions with orders that meet each other (supports of the moves actually ordered, convoys of
 * the convoy moves actually ordered, the variant's own orders), adjudicated under permutations of the units and
 * of the orders. Every permutation for up to 7 units, `SAMPLED_PERMUTATIONS` random ones above (decisions.md).
 */
import { adjudicate } from '../../src/engine/index.js';
import { legalOrders } from '../../src/engine/options.js';
import { parseOrder } from '../../src/engine/parse/index.js';
import type { Adjudication, Order, Position, PowerOrder, ProvinceId, Unit } from '../../src/engine/types.js';
import type { Variant } from '../../src/engine/variant.js';

/** Up to this many units, every permutation of the units is tried. */
export const EXHAUSTIVE_UP_TO = 7;
/** Above it, this many random permutations per position (decisions.md: at least 20). */
export const SAMPLED_PERMUTATIONS = 20;

/** How many random positions a property runs: `ORDER_INVARIANCE_RUNS` in the environment, else `fallback`. */
export function runsFromEnv(fallback: number): number {
  const n = Number(process.env.ORDER_INVARIANCE_RUNS);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

export interface ClusterOptions {
  /** Provinces a cluster may start from (default: any). */
  starts?: readonly ProvinceId[];
  /** Chance that a unit on a coastal province is a fleet (default 0.5). */
  fleetChance?: (province: ProvinceId) => number;
  /** How many powers share the cluster (default 2 or 3). */
  powers?: number;
}

/** `count` units on a connected patch of the map, so that their orders meet. */
export function clusteredPosition(
  variant: Variant,
  r: () => number,
  count: number,
  options: ClusterOptions = {},
): Position {
  const { map } = variant;
  const playable = map.provinceIds().filter((p) => map.province(p)!.kind !== 'impassable');
  const chosen: ProvinceId[] = [pick(r, options.starts ?? playable)];
  while (chosen.length < count) {
    const frontier = [...new Set(chosen.flatMap((p) => [...map.neighbours(p)]))]
      .filter((p) => !chosen.includes(p) && playable.includes(p))
      .sort();
    if (frontier.length === 0) break;
    chosen.push(pick(r, frontier));
  }
  const all = variant.powers.map((p) => p.name);
  const powers: string[] = [];
  const want = options.powers ?? (r() < 0.5 ? 2 : 3);
  while (powers.length < Math.min(want, all.length)) {
    const p = pick(r, all);
    if (!powers.includes(p)) powers.push(p);
  }
  const units: Unit[] = chosen.map((province) => {
    const kind = map.province(province)!.kind;
    const fleet = kind === 'sea' || (kind === 'coast' && r() < (options.fleetChance?.(province) ?? 0.5));
    const type = fleet ? 'F' : 'A';
    const loc = pick(r, map.locationsOf(province, type));
    return { power: pick(r, powers), type, province: loc.province, coast: loc.coast };
  });
  const start = variant.startingPosition();
  return {
    phase: { ...start.phase, type: 'movement' },
    units,
    dislodged: [],
    contested: [],
    supplyCenters: start.supplyCenters,
  };
}

/**
 * A ring of supports that cut each other (the shape of the Warring States support-cut loops): supporter
 * i stands in p(i) and supports an attack from a(i) into p(i+1), where supporter i+1 stands; each pair of supporter
 * and attacker belongs to its own power. Up to `extra` more units around it, with orders that meet; the ring's own
 * orders replace theirs. Unit types: fleets at sea, and with `fleetChance` on a coast (river fleets in Warring
 * States, for Floating Fortress supports).
 */
export function supportRing(
  variant: Variant,
  r: () => number,
  ringSize: 2 | 3,
  extra: number,
  options: ClusterOptions = {},
): { position: Position; orders: PowerOrder[] } | null {
  const { map } = variant;
  const playable = map.provinceIds().filter((p) => map.province(p)!.kind !== 'impassable');
  const near = (p: ProvinceId) => [...map.neighbours(p)].filter((q) => playable.includes(q)).sort();
  const ring: ProvinceId[] = [pick(r, options.starts ?? playable)];
  while (ring.length < ringSize) {
    const last = ring[ring.length - 1]!;
    const next = near(last).filter(
      (q) => !ring.includes(q) && (ring.length < ringSize - 1 || map.neighbours(q).has(ring[0]!)),
    );
    if (next.length === 0) return null;
    ring.push(pick(r, next));
  }
  const used = new Set(ring);
  const attackers: ProvinceId[] = [];
  for (let i = 0; i < ringSize; i++) {
    const target = ring[(i + 1) % ringSize]!;
    const from = near(target).filter((q) => !used.has(q) && map.province(q)!.kind !== 'sea');
    if (from.length === 0) return null;
    const a = pick(r, from);
    attackers.push(a);
    used.add(a);
  }
  const powers = [...variant.powers.map((p) => p.name)].sort(() => r() - 0.5).slice(0, ringSize);
  const typeFor = (p: ProvinceId) => {
    const kind = map.province(p)!.kind;
    return kind === 'sea' || (kind === 'coast' && r() < (options.fleetChance?.(p) ?? 0.3)) ? 'F' : 'A';
  };
  const units: Unit[] = [];
  const texts: { power: string; text: string }[] = [];
  for (let i = 0; i < ringSize; i++) {
    const power = powers[i]!;
    const s = { province: ring[i]!, type: typeFor(ring[i]!) } as const;
    const a = { province: attackers[i]!, type: 'A' } as const;
    units.push(
      { power, type: s.type, province: s.province, coast: null },
      { power, type: a.type, province: a.province, coast: null },
    );
    const target = ring[(i + 1) % ringSize]!;
    texts.push(
      { power, text: `${s.type} ${s.province} S A ${a.province} - ${target}` },
      { power, text: `A ${a.province} - ${target}` },
    );
  }
  // Fleets need a place they can stand on (coasts are given by `locationsOf`).
  for (const u of units) {
    if (u.type === 'F') {
      const loc = map.locationsOf(u.province, 'F')[0];
      if (!loc) u.type = 'A';
      else u.coast = loc.coast;
    }
  }
  const around = clusteredPosition(variant, r, ringSize * 2 + extra, { ...options, starts: [ring[0]!] }).units.filter(
    (u) => !used.has(u.province),
  );
  const start = variant.startingPosition();
  const position: Position = {
    phase: { ...start.phase, type: 'movement' },
    units: [...units, ...around.slice(0, extra)].map((u, k) =>
      k < units.length ? u : { ...u, power: pick(r, powers) },
    ),
    dislodged: [],
    contested: [],
    supplyCenters: start.supplyCenters,
  };
  const orders = meetingOrders(variant, position, r).filter(
    (o) => !used.has('unit' in o.order ? o.order.unit.province : ''),
  );
  for (const { power, text } of texts) {
    const parsed = parseOrder(variant, text, { position, power });
    if (parsed.ok) orders.push({ power, order: parsed.order });
  }
  return { position, orders };
}

interface Choice {
  power: string;
  text: string;
  order: Order;
}

/** The province a move-like order ends in, or null. */
function destination(order: Order): ProvinceId | null {
  if (order.kind === 'move') return order.to.province;
  if (order.kind === 'special' && order.path.length > 0) return order.path[order.path.length - 1]!.province;
  return null;
}

/**
 * One order per unit, chosen so that orders meet: first every unit picks a hold, a move or one of the variant's own
 * orders (with `specialChance`), then about 45 % turn into supports of what a neighbour actually ordered and fleets at
 * sea convoy an army that actually moves by convoy; a few stay random legal orders.
 */
export function meetingOrders(
  variant: Variant,
  position: Position,
  r: () => number,
  specialChance = 0.3,
): PowerOrder[] {
  const options = new Map<ProvinceId, Choice[]>();
  for (const power of [...new Set(position.units.map((u) => u.power))]) {
    for (const { unit, orders } of legalOrders(variant, position, power)) {
      const parsed: Choice[] = [];
      for (const text of orders) {
        const p = parseOrder(variant, text, { position, power });
        if (p.ok) parsed.push({ power, text, order: p.order });
      }
      options.set(unit.province, parsed);
    }
  }
  const units = position.units.map((u) => u.province);
  const primary = new Map<ProvinceId, Choice>();
  for (const p of units) {
    const all = options.get(p) ?? [];
    const holds = all.filter((c) => c.order.kind === 'hold');
    const moves = all.filter((c) => c.order.kind === 'move');
    const specials = all.filter((c) => c.order.kind === 'special');
    const convoyMoves = moves.filter((c) => c.order.kind === 'move' && c.order.viaConvoy);
    // Attacks on other powers' units are what cut supports: prefer them.
    const power = position.units.find((u) => u.province === p)!.power;
    const attacks = moves.filter((c) => {
      const to = destination(c.order);
      return position.units.some((u) => u.province === to && u.power !== power);
    });
    const roll = r();
    let pool = attacks.length > 0 && r() < 0.6 ? attacks : moves;
    if (roll < 0.12) pool = holds;
    else if (roll < 0.12 + specialChance && specials.length > 0) pool = specials;
    else if (convoyMoves.length > 0 && r() < 0.4) pool = convoyMoves;
    primary.set(p, pick(r, pool.length > 0 ? pool : all));
  }
  const final = new Map(primary);
  for (const p of units) {
    const all = options.get(p) ?? [];
    const roll = r();
    if (roll < 0.06) {
      final.set(p, pick(r, all));
    } else if (roll < 0.51) {
      const supports = all.filter((c) => {
        if (c.order.kind !== 'support') return false;
        const target = primary.get(c.order.target.province);
        if (!target || c.order.target.province === p) return false;
        const dest = destination(target.order);
        return c.order.to === null ? dest === null : dest === c.order.to.province;
      });
      if (supports.length > 0) final.set(p, pick(r, supports));
    } else if (roll < 0.8) {
      const convoys = all.filter((c) => {
        if (c.order.kind !== 'convoy') return false;
        const army = primary.get(c.order.target.province);
        return army?.order.kind === 'move' && army.order.viaConvoy && army.order.to.province === c.order.to.province;
      });
      if (convoys.length > 0) final.set(p, pick(r, convoys));
    }
  }
  return units.flatMap((p) => {
    const c = final.get(p);
    return c ? [{ power: c.power, order: c.order }] : [];
  });
}

const unitKey = (u: Unit) => `${u.power} ${u.type} ${u.province}${u.coast ? `/${u.coast}` : ''}`;
const sorted = (xs: string[]) => xs.sort().join('; ');

/**
 * Everything an adjudication tells, independent of listing order: the units afterwards, the dislodgements with
 * their retreat options, the contested provinces, every order's result and reason, the phase that follows, centre
 * changes and the winner.
 */
export function canonical(adj: Adjudication): string {
  return [
    sorted(adj.position.units.map(unitKey)),
    sorted(
      adj.dislodged.map(
        (d) =>
          `${unitKey(d)} by ${d.attackerFrom}${d.viaConvoy ? ' by convoy' : ''} to ${[...(d.retreatOptions ?? [])].sort().join(',')}`,
      ),
    ),
    sorted([...adj.contested]),
    sorted([...adj.position.contested]),
    sorted(
      adj.results.map(
        (r) => `${r.power} | ${r.unit} | ${r.order} | ${r.result} | ${r.reason}${r.defaulted ? ' | no order' : ''}`,
      ),
    ),
    JSON.stringify(adj.position.phase),
    sorted(adj.centerChanges.map((c) => `${c.province} ${c.from} ${c.to}`)),
    sorted(adj.removed.map(unitKey)),
    String(adj.winner),
  ].join('\n');
}

export function* allPermutations<T>(xs: readonly T[]): Generator<T[]> {
  // Heap's algorithm.
  const a = [...xs];
  const c = new Array<number>(a.length).fill(0);
  yield [...a];
  let i = 1;
  while (i < a.length) {
    if (c[i]! < i) {
      const k = i % 2 === 0 ? 0 : c[i]!;
      [a[k], a[i]] = [a[i]!, a[k]!];
      yield [...a];
      c[i]!++;
      i = 1;
    } else {
      c[i] = 0;
      i++;
    }
  }
}

export function shuffled<T>(xs: readonly T[], r: () => number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

export interface Disagreement {
  units: Unit[];
  orders: PowerOrder[];
  expected: Adjudication;
  got: Adjudication;
}

/**
 * Adjudicates the position under permutations of its units (all of them up to `EXHAUSTIVE_UP_TO` units, else
 * `SAMPLED_PERMUTATIONS`), each with the orders shuffled too; returns the first listing whose adjudication differs
 * from the first one, or null. Returns how many listings were tried as well.
 */
export function findOrderDependence(
  variant: Variant,
  position: Position,
  orders: PowerOrder[],
  r: () => number,
): { tried: number; disagreement: Disagreement | null } {
  const expected = adjudicate(variant, position, orders);
  const want = canonical(expected);
  const listings =
    position.units.length <= EXHAUSTIVE_UP_TO ? allPermutations(position.units) : sampled(position.units, r);
  let tried = 0;
  for (const units of listings) {
    const shuffledOrders = shuffled(orders, r);
    const got = adjudicate(variant, { ...position, units }, shuffledOrders);
    tried++;
    if (canonical(got) !== want) return { tried, disagreement: { units, orders: shuffledOrders, expected, got } };
  }
  return { tried, disagreement: null };
}

function* sampled<T>(xs: readonly T[], r: () => number): Generator<T[]> {
  yield [...xs].reverse();
  for (let k = 1; k < SAMPLED_PERMUTATIONS; k++) yield shuffled(xs, r);
}

/** A readable account of a disagreement, for the assertion message. */
export function describeDisagreement(d: Disagreement): string {
  const line = (adj: Adjudication) =>
    adj.results
      .map((x) => `  ${x.power} ${x.order}: ${x.result} (${x.reason})`)
      .sort()
      .join('\n');
  return [
    `units: ${d.units.map((u) => `${u.power} ${u.type} ${u.province}${u.coast ? `/${u.coast}` : ''}`).join(', ')}`,
    'first listing:',
    line(d.expected),
    `dislodged: ${canonical(d.expected).split('\n')[1]}`,
    'this listing:',
    line(d.got),
    `dislodged: ${canonical(d.got).split('\n')[1]}`,
  ].join('\n');
}
