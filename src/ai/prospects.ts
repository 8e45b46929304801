/**
 * What a unit standing on a place can do in the next phase, learnt from the engine itself (never from a variant's
 * names), so the strong player can value a unit's kind and reach and not only where it stands:
 *
 * - `reach`: the centres an ordinary move from the place enters, each with the attack it carries there alone: 2
 *   when an unsupported move beats a lone unit holding there (a variant's strength rule, e.g. a unit that attacks
 *   some provinces with strength 2), else 1.
 * - `farReach`: the centres the variant's move-like special orders (`SpecialOrderSpec.options`, `actsAs: 'move'`)
 *   reach from the place beyond the ordinary moves (e.g. a move of several spaces at once). The special move is not
 *   assumed to carry any strength: it counts only towards centres left empty.
 * - `holdExtraOf`: 1 when a lone unit holding on the place repels an attack with one support from at least half of
 *   the directions it can come from (a variant's defence rule or a fortified border), else 0.
 *
 * Each is found by adjudicating a tiny position (the unit, one enemy unit, maybe one supporter) with the engine's
 * `adjudicate`, so every strength hook counts exactly as in a game; places are probed lazily, the first time a unit
 * stands on one, and kept per variant and power. A variant without a strength hook is not probed: every attack is 1
 * and no place holds, so its evaluation is the one it was before prospects.
 */
import { adjudicate } from '../engine/index.js';
import type { Location, Order, Position, Power, PowerOrder, Unit, UnitRef } from '../engine/types.js';
import type { Board } from './board.js';

export interface PlaceProspect {
  /** [centre province index, attack alone (1 or 2)] for each centre an ordinary move from here enters. */
  reach: [number, number][];
  /** Centre province indices only a special move reaches from here. */
  farReach: number[];
}

const cache = new WeakMap<Board, Map<Power, (PlaceProspect | null)[]>>();
const holdCache = new WeakMap<Board, Map<Power, (number | null)[]>>();

function cached<T>(
  store: WeakMap<Board, Map<Power, (T | null)[]>>,
  board: Board,
  power: Power,
  place: number,
  make: () => T,
): T {
  let byPower = store.get(board);
  if (!byPower) store.set(board, (byPower = new Map()));
  let list = byPower.get(power);
  if (!list) byPower.set(power, (list = board.places.map(() => null)));
  let value = list[place];
  if (value === null || value === undefined) list[place] = value = make();
  return value;
}

/** The reach of a unit of `power` standing on `place` (probed on first use, then cached). */
export function prospectOf(board: Board, power: Power, place: number): PlaceProspect {
  return cached(cache, board, power, place, () => probe(board, power, place));
}

/** 1 when a lone unit of `power` holding on `place` repels most singly-supported attacks, else 0 (cached). */
export function holdExtraOf(board: Board, power: Power, place: number): number {
  if (classicStrengths(board)) return 0;
  return cached(holdCache, board, power, place, () => {
    const enemy = enemyOf(board, power);
    return enemy === null ? 0 : probeHold(board, power, enemy, place);
  });
}

/**
 * No strength hook: every unit attacks and holds with 1 and each support adds 1 (the Classic rules), so a lone
 * attack never beats a lone holder and a supported one always does; nothing to probe.
 */
function classicStrengths(board: Board): boolean {
  const rules = board.variant.rules;
  return !rules.strength && !rules.supportValue;
}

function tryAdjudicate(board: Board, units: Unit[], orders: PowerOrder[]): ReturnType<typeof adjudicate> | null {
  try {
    return adjudicate(board.variant, tinyPosition(board, [...units, ...companions(board, units)]), orders, {
      explain: false,
    });
  } catch {
    return null; // a position a variant's rules refuse: no bonus learnt
  }
}

/** A movement position holding only `units`, on the variant's own first phase (its state and centres). */
function tinyPosition(board: Board, units: Unit[]): Position {
  let base = bases.get(board);
  if (!base) {
    const start = board.variant.startingPosition();
    const phase =
      start.phase.type === 'movement'
        ? start.phase
        : { ...start.phase, type: 'movement' as const, season: 'spring' as const };
    bases.set(board, (base = { ...start, phase, units: [], dislodged: [], contested: [] }));
  }
  return { ...base, units };
}

const bases = new WeakMap<Board, Position>();

function unitOn(board: Board, power: Power, place: number): Unit {
  const at = board.places[place]!;
  return { power, type: at.type, province: board.provinces[at.province]!, coast: at.location.coast };
}

function ref(u: Unit): UnitRef {
  return { type: u.type, province: u.province, coast: u.coast };
}

function hold(u: Unit): PowerOrder {
  return { power: u.power, order: { kind: 'hold', unit: ref(u) } };
}

function move(u: Unit, to: Location): PowerOrder {
  return { power: u.power, order: { kind: 'move', unit: ref(u), to, viaConvoy: false } };
}

/**
 * A second unit of each probed power, holding as far as can be from the probe (unordered units hold), so that a rule
 * about a power's last units (e.g. a last stand) never reads the probe's lone unit as the power's last.
 */
function companions(board: Board, units: readonly Unit[]): Unit[] {
  const near = units.map((u) => board.province(u.province));
  const taken = new Set(near);
  const out: Unit[] = [];
  for (const power of [...new Set(units.map((u) => u.power))]) {
    let best: number | undefined;
    let bestDistance = -1;
    for (let i = 0; i < board.places.length; i++) {
      const p = board.places[i]!.province;
      if (taken.has(p)) continue;
      const d = Math.min(...near.map((q) => board.dist(p, q)));
      if (d !== 255 && d > bestDistance) {
        best = i;
        bestDistance = d;
      }
    }
    if (best === undefined) continue;
    taken.add(board.places[best]!.province);
    out.push(unitOn(board, power, best));
  }
  return out;
}

/** Another power than `power` to stand for the enemy (a playing power where there is one). */
function enemyOf(board: Board, power: Power): Power | null {
  const others = board.variant.powers.filter((p) => p.name !== power);
  return (others.find((p) => !p.neutral) ?? others[0])?.name ?? null;
}

/** The place a defender of `province` stands on: an army where one can stand, else the first place there. */
function defenderPlace(board: Board, province: number): number | undefined {
  const places = board.placesOf[province]!;
  return places.find((i) => board.places[i]!.type === 'A') ?? places[0];
}

function probe(board: Board, power: Power, place: number): PlaceProspect {
  const variant = board.variant;
  const enemy = enemyOf(board, power);
  const self = unitOn(board, power, place);
  const here = board.places[place]!.province;
  const reach: [number, number][] = [];
  const entered = new Set<number>();
  for (const to of board.movesFor(power)[place]!) {
    const target = board.places[to]!;
    if (!board.isCenter[target.province] || entered.has(target.province)) continue;
    entered.add(target.province);
    let attack = 1;
    const d = defenderPlace(board, target.province);
    if (enemy !== null && d !== undefined && !classicStrengths(board)) {
      const defender = unitOn(board, enemy, d);
      const adj = tryAdjudicate(board, [self, defender], [move(self, target.location), hold(defender)]);
      if (adj && !adj.position.units.some((u) => u.power === enemy && u.province === defender.province)) attack = 2;
    }
    reach.push([target.province, attack]);
  }
  const farReach: number[] = [];
  for (const spec of Object.values(variant.rules.specialOrders ?? {})) {
    if (spec.actsAs !== 'move' || !spec.options) continue;
    let offered: (Order & { kind: 'special' })[] = [];
    try {
      const position = tinyPosition(board, [self]);
      offered = spec
        .options({ map: variant.map, position, unit: self })
        .filter((o) => spec.validate({ map: variant.map, position, unit: self, order: o }) === null);
    } catch {
      offered = [];
    }
    for (const o of offered) {
      const last = o.path[o.path.length - 1];
      const p = last ? board.index.get(last.province) : undefined;
      if (p === undefined || p === here || !board.isCenter[p] || entered.has(p) || farReach.includes(p)) continue;
      farReach.push(p);
    }
  }
  return { reach, farReach: farReach.sort((a, b) => a - b) };
}

/** Does a lone unit on `place` survive a supported attack from most directions? */
function probeHold(board: Board, power: Power, enemy: Power, place: number): number {
  const self = unitOn(board, power, place);
  const here = board.places[place]!.province;
  const enemyMoves = board.movesFor(enemy);
  // The places an enemy unit could attack from, one per neighbouring province (armies first).
  const attackers = new Map<number, number>();
  for (let i = 0; i < board.places.length; i++) {
    const at = board.places[i]!;
    if (at.province === here || attackers.has(at.province)) continue;
    if (enemyMoves[i]!.some((to) => board.places[to]!.province === here)) attackers.set(at.province, i);
  }
  if (attackers.size < 2) return 0;
  let repelled = 0;
  let tried = 0;
  for (const [province, from] of attackers) {
    const supporterPlace = [...attackers].find(([p]) => p !== province)![1];
    const attacker = unitOn(board, enemy, from);
    const supporter = unitOn(board, enemy, supporterPlace);
    const into = enemyMoves[from]!.find((j) => board.places[j]!.province === here)!;
    const location = board.places[into]!.location;
    const support: PowerOrder = {
      power: enemy,
      order: {
        kind: 'support',
        unit: ref(supporter),
        target: ref(attacker),
        to: { province: location.province, coast: null },
      },
    };
    const adj = tryAdjudicate(board, [self, attacker, supporter], [hold(self), move(attacker, location), support]);
    if (!adj) continue;
    tried++;
    if (adj.dislodged.length === 0) repelled++;
  }
  return tried > 0 && repelled * 2 >= tried ? 1 : 0;
}
