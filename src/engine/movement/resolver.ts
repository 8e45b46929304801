/**
 * Movement phase, step 2: resolve every decision.
 *
 * The algorithm is Lucas Kruijswijk's guess-and-check adjudicator ("The Math of Adjudication", DATC 5.E):
 * each move, support and convoy order has one yes/no decision, resolved on demand by recursion. When a decision
 * depends on itself, it is tried with both guesses; if only one guess is consistent that is the answer, if both
 * are, the backup rule decides: circular movement (all moves in the cycle succeed) or, when a convoy is part of
 * the cycle, the Szykman rule (the paradoxical convoys are disrupted; DATC 4.A.2).
 *
 * Strengths (attack, hold, defend, prevent) follow the DATC definitions and pass through the variant's
 * `strength`/`supportValue`/`cutsSupport` hooks.
 */
import { locationKey, type GameMap } from '../map.js';
import type { MovementContext, OrderedUnit, RulesModule, StrengthKind } from '../rules.js';
import type { Location, Position, ProvinceId } from '../types.js';
import { convoyRouteExists, onMinimalRoute } from './orders/convoy.js';
import { supportMismatch } from './orders/support.js';

const UNRESOLVED = 0;
const GUESSING = 1;
const RESOLVED = 2;

export type Role = 'hold' | 'move' | 'support' | 'convoy';

export class MovementResolver {
  readonly units: OrderedUnit[];
  readonly index = new Map<ProvinceId, number>();
  readonly role: Role[] = [];
  /** Destination province of each move (null for non-moves). */
  readonly dest: (ProvinceId | null)[] = [];
  readonly destLoc: (Location | null)[] = [];
  /** Army moves that go by convoy (DATC 4.A.3, 2023 rules). */
  readonly byConvoy: boolean[] = [];
  /** Head-to-head opponent (index) or -1. */
  readonly headToHead: number[] = [];
  readonly movesInto = new Map<ProvinceId, number[]>();
  /** Matching supports, per supported unit. */
  readonly supporters: number[][] = [];
  /** Matching convoy fleets, per convoyed army. */
  readonly convoyers: number[][] = [];
  /** Why a support or convoy does not apply (it does not match the supported/convoyed unit's order). */
  readonly voidReason: (string | null)[] = [];
  /** Armies whose convoy was disrupted by the Szykman rule. */
  readonly paradoxes = new Set<number>();
  /** Custom end location for move-like special orders. */
  readonly customEnd: (Location | null)[] = [];
  readonly customReason: (string | null)[] = [];

  private readonly state: Uint8Array;
  private readonly resolution: boolean[];
  private deps: number[] = [];
  /** Counts reads of guessed values, to tell whether a decision depended on any guess. */
  private guessReads = 0;
  /** Lowest position in `deps` of a guessed decision read while deciding the current one (Infinity: none). */
  private lowestGuessRead = Infinity;
  readonly ctx: MovementContext;

  constructor(
    readonly map: GameMap,
    readonly rules: RulesModule,
    readonly position: Position,
    ordered: ReadonlyMap<ProvinceId, OrderedUnit>,
    /** Data of the variant's outer loop (`revisitMovement`), passed to hooks as `ctx.pass`. */
    readonly pass?: unknown,
  ) {
    this.units = [...ordered.values()];
    this.units.forEach((ou, i) => this.index.set(ou.unit.province, i));
    this.state = new Uint8Array(this.units.length);
    this.resolution = new Array(this.units.length).fill(false);
    this.ctx = this.makeContext(ordered);
    this.classify(ordered);
  }

  // ---------------------------------------------------------------- set-up

  private classify(ordered: ReadonlyMap<ProvinceId, OrderedUnit>): void {
    const n = this.units.length;
    for (let i = 0; i < n; i++) {
      const ou = this.units[i]!;
      this.supporters.push([]);
      this.convoyers.push([]);
      this.voidReason.push(null);
      this.byConvoy.push(false);
      this.headToHead.push(-1);
      this.customEnd.push(null);
      this.customReason.push(null);
      const order = ou.order;
      let role: Role = 'hold';
      let dest: Location | null = null;
      if (!ou.illegalReason) {
        if (order.kind === 'move') {
          role = 'move';
          dest = order.to;
        } else if (order.kind === 'support') role = 'support';
        else if (order.kind === 'convoy') role = 'convoy';
        else if (order.kind === 'special') {
          const spec = this.rules.specialOrders?.[order.name];
          if (spec?.actsAs === 'move' && order.path.length > 0) {
            role = 'move';
            dest = order.path[order.path.length - 1]!;
          }
        }
      }
      this.role.push(role);
      this.dest.push(dest?.province ?? null);
      this.destLoc.push(dest);
      if (dest) push(this.movesInto, dest.province, i);
    }
    // Convoys: which fleets convoy which army (a convoy that matches no such move is void).
    for (let c = 0; c < n; c++) {
      if (this.role[c] !== 'convoy') continue;
      const order = this.units[c]!.order;
      if (order.kind !== 'convoy') continue;
      const t = this.index.get(order.target.province);
      if (t === undefined || this.units[t]!.unit.type !== 'A' || this.role[t] !== 'move' || this.units[t]!.order.kind !== 'move' || this.dest[t] !== order.to.province) {
        this.voidReason[c] = t === undefined ? `there is no army in ${order.target.province} to convoy` : 'the army was not ordered to make that move';
        continue;
      }
      // A variant may disrupt a convoy from the orders alone, before resolution (Mandate of Heaven rule 6).
      const disrupted = this.rules.convoyDisrupted?.({ map: this.map, position: this.position, orderedUnits: ordered, fleet: this.units[c]! });
      if (disrupted) {
        this.voidReason[c] = disrupted;
        continue;
      }
      this.convoyers[t]!.push(c);
    }
    // Army moves by convoy: ordered "via convoy", not adjacent, or a fleet of its own power convoys it (DATC 4.A.3).
    for (let i = 0; i < n; i++) {
      const ou = this.units[i]!;
      if (this.role[i] !== 'move' || ou.order.kind !== 'move' || ou.unit.type !== 'A') continue;
      const adjacent = this.map.armyCanMove(ou.unit.province, this.dest[i]!) || this.rules.canMove?.({ map: this.map, unit: ou.unit, to: this.destLoc[i]! }) === true;
      // Intent counts only for a fleet on some minimal route through seas that hold fleets (DATC 6.G.6, 6.G.7, 6.G.19).
      const seas = this.fleetSeas;
      const ownConvoy = this.convoyers[i]!.some(
        (c) => this.units[c]!.unit.power === ou.unit.power && onMinimalRoute(this.map, ou.unit.province, this.dest[i]!, seas, this.units[c]!.unit.province),
      );
      this.byConvoy[i] = ou.order.viaConvoy || !adjacent || ownConvoy;
      if (this.byConvoy[i] && this.convoyers[i]!.length === 0 && !this.convoyPossible(i)) {
        // DATC 6.D.32 (4.E.1): a convoy move that no fleet is ordered to convoy is illegal; the army holds.
        ou.illegalReason = adjacent ? 'no fleet was ordered to convoy it' : `${this.map.province(this.dest[i]!)?.name} is not next to ${this.map.province(ou.unit.province)?.name} and no fleet was ordered to convoy it`;
        this.role[i] = 'hold';
        this.movesInto.set(this.dest[i]!, this.movesInto.get(this.dest[i]!)!.filter((k) => k !== i));
        this.dest[i] = null;
        this.destLoc[i] = null;
        this.byConvoy[i] = false;
      }
    }
    // Head-to-head battles: two units moving into each other's province, neither by convoy.
    for (let i = 0; i < n; i++) {
      if (this.role[i] !== 'move' || this.byConvoy[i] || this.units[i]!.order.kind !== 'move') continue;
      const j = this.index.get(this.dest[i]!);
      if (j !== undefined && this.role[j] === 'move' && !this.byConvoy[j] && this.units[j]!.order.kind === 'move' && this.dest[j] === this.units[i]!.unit.province) {
        this.headToHead[i] = j;
      }
    }
    // Supports: attach each support to the unit it supports, or record why it does not match.
    for (let s = 0; s < n; s++) {
      if (this.role[s] !== 'support') continue;
      const order = this.units[s]!.order;
      if (order.kind !== 'support') continue;
      const t = this.index.get(order.target.province);
      const moves = t !== undefined && this.role[t] === 'move';
      const mismatch = supportMismatch(order, t === undefined ? undefined : this.units[t], moves, t === undefined ? null : this.dest[t]!, t === undefined ? null : this.destLoc[t]?.coast ?? null);
      if (mismatch) this.voidReason[s] = mismatch;
      else this.supporters[t!]!.push(s);
    }
  }

  /** Seas (and any province the variant lets fleets convoy from: `convoysFrom`) that hold a fleet. */
  private get fleetSeas(): Set<ProvinceId> {
    const convoys = (p: ProvinceId) => this.rules.convoysFrom?.({ map: this.map, province: p }) ?? this.map.isSea(p);
    this.fleetSeasCache ??= new Set(this.units.filter((u) => u.unit.type === 'F' && convoys(u.unit.province)).map((u) => u.unit.province));
    return this.fleetSeasCache;
  }
  private fleetSeasCache: Set<ProvinceId> | undefined;

  /** Could fleets now at sea convoy this army at all (whatever their orders)? If so the move is not illegal (DATC 6.D.8). */
  private convoyPossible(i: number): boolean {
    return convoyRouteExists(this.map, this.units[i]!.unit.province, this.dest[i]!, [...this.fleetSeas], () => true);
  }

  // ---------------------------------------------------------------- decisions

  resolve(i: number): boolean {
    const st = this.state[i]!;
    if (st === RESOLVED) return this.resolution[i]!;
    if (st === GUESSING) {
      this.guessReads++;
      if (!this.deps.includes(i)) this.deps.push(i);
      this.lowestGuessRead = Math.min(this.lowestGuessRead, this.deps.indexOf(i));
      return this.resolution[i]!;
    }
    const old = this.deps.length;
    const reads = this.guessReads;
    const outerLowest = this.lowestGuessRead;
    this.lowestGuessRead = Infinity;
    try {
      return this.resolveFresh(i, old, reads);
    } finally {
      this.lowestGuessRead = Math.min(outerLowest, this.lowestGuessRead);
    }
  }

  private resolveFresh(i: number, old: number, reads: number): boolean {
    this.resolution[i] = false;
    this.state[i] = GUESSING;
    const first = this.decide(i);
    // Independent of every guess only if no guessed value was read at all (even one already listed).
    if (this.deps.length === old && this.guessReads === reads) {
      if (this.state[i] !== RESOLVED) {
        this.resolution[i] = first;
        this.state[i] = RESOLVED;
      }
      return first;
    }
    if (this.deps[old] !== i) {
      // Depends on another decision's guess: keep ours as a guess too.
      this.deps.push(i);
      this.resolution[i] = first;
      return first;
    }
    // Our own guess is in the cycle: try the other guess.
    this.unresolveFrom(old);
    this.resolution[i] = true;
    this.state[i] = GUESSING;
    const second = this.decide(i);
    if (first === second && this.lowestGuessRead < old) {
      // Same answer with both guesses, but built on the guess of a decision outside this cycle: stay a guess,
      // reset with that decision's cycle (Rapid River Moves read decisions far across the board).
      this.unresolveFrom(old);
      this.deps.push(i);
      this.state[i] = GUESSING;
      this.resolution[i] = first;
      return first;
    }
    if (first === second) {
      this.unresolveFrom(old);
      this.resolution[i] = first;
      this.state[i] = RESOLVED;
      return first;
    }
    this.backupRule(old);
    return this.resolve(i);
  }

  private unresolveFrom(old: number): void {
    for (let k = old; k < this.deps.length; k++) this.state[this.deps[k]!] = UNRESOLVED;
    this.deps.length = old;
  }

  /** Both guesses are consistent: circular movement, or a convoy paradox (Szykman rule, DATC 4.A.2). */
  private backupRule(old: number): void {
    const cycle = this.deps.slice(old);
    const convoys = cycle.filter((d) => this.role[d] === 'convoy');
    const custom = cycle.filter((d) => this.role[d] === 'move' && this.customEnd[d] !== null);
    if (custom.length > 0) {
      // A move-like special order with its own resolution (Warring States Rapid River Move, resolved "after other
      // orders") whose way depends on moves that depend on it: it does not move; everything else is decided again.
      for (const d of cycle) this.state[d] = UNRESOLVED;
      for (const d of custom) {
        this.resolution[d] = false;
        this.state[d] = RESOLVED;
        this.customEnd[d] = this.units[d]!.unit;
        this.customReason[d] = 'its way depended on moves that depended on it, so it did not move';
      }
    } else if (convoys.length > 0) {
      // Szykman: the armies convoyed through the paradox do not move (their convoy is disrupted).
      const armies = new Set<number>();
      for (const c of convoys) {
        for (let a = 0; a < this.units.length; a++) if (this.convoyers[a]!.includes(c)) armies.add(a);
      }
      for (const d of cycle) this.state[d] = UNRESOLVED;
      for (const a of armies) {
        this.paradoxes.add(a);
        this.resolution[a] = false;
        this.state[a] = RESOLVED;
      }
    } else {
      // Circular movement (DATC 6.C): every move in the cycle succeeds.
      for (const d of cycle) {
        if (this.role[d] === 'move') {
          this.resolution[d] = true;
          this.state[d] = RESOLVED;
        } else this.state[d] = UNRESOLVED;
      }
    }
    this.deps.length = old;
  }

  private decide(i: number): boolean {
    switch (this.role[i]) {
      case 'move':
        return this.decideMove(i);
      case 'support':
        return this.decideSupport(i);
      case 'convoy':
        return this.voidReason[i] === null && !this.dislodgedBy(i);
      default:
        return !this.dislodgedBy(i);
    }
  }

  private decideMove(i: number): boolean {
    const order = this.units[i]!.order;
    if (order.kind === 'special') {
      const spec = this.rules.specialOrders?.[order.name];
      if (spec?.resolve) {
        const r = spec.resolve(this.ctx, this.units[i]!);
        this.customEnd[i] = r.endsAt;
        this.customReason[i] = r.reason;
        return r.success;
      }
    }
    if (!this.hasPath(i)) return false;
    const target = this.dest[i]!;
    const contenders = this.movesInto.get(target)!;
    const override = this.rules.battleWinner?.(this.ctx, target, contenders.map((k) => this.units[k]!));
    if (override !== undefined) return override === this.units[i]!.unit.province;
    const attack = this.attackStrength(i);
    const opponent = this.headToHead[i]!;
    if (opponent >= 0) {
      if (attack <= this.defendStrength(opponent)) return false;
    } else if (attack <= this.holdStrength(target)) return false;
    for (const k of contenders) {
      if (k !== i && attack <= this.preventStrength(k)) return false;
    }
    return true;
  }

  /** A support is given unless cut by an attack from another power (not from where it supports into), or dislodged. */
  private decideSupport(s: number): boolean {
    if (this.voidReason[s]) return false;
    if (this.cutters(s).length > 0) return false;
    return !this.dislodgedBy(s);
  }

  /** Attacks that cut this support (DATC 6.D: any attack from another power, except from the province supported into). */
  cutters(s: number): number[] {
    const supporter = this.units[s]!;
    const order = supporter.order;
    if (order.kind !== 'support') return [];
    const into = order.to ? order.to.province : order.target.province;
    const result: number[] = [];
    for (const j of this.movesInto.get(supporter.unit.province) ?? []) {
      const attacker = this.units[j]!;
      if (attacker.unit.power === supporter.unit.power) continue;
      if (attacker.unit.province === into) continue;
      if (!this.hasPath(j)) continue; // a convoyed attack cuts only when its convoy arrives (DATC 6.F.?)
      if (this.rules.cutsSupport?.(this.ctx, attacker, supporter) === false) continue;
      result.push(j);
    }
    return result;
  }

  /** Some move into this unit's province succeeds (the unit is not moving away). */
  private dislodgedBy(i: number): boolean {
    for (const j of this.movesInto.get(this.units[i]!.unit.province) ?? []) {
      if (j !== i && this.resolve(j) && this.arrives(j, this.units[i]!.unit.province)) return true;
    }
    return false;
  }

  /**
   * Did the successful move `j` end in `province`? Always, except for a move-like special order that stopped
   * short on its way (Warring States Rapid River Move): it dislodges nobody at its destination.
   */
  private arrives(j: number, province: ProvinceId): boolean {
    const end = this.customEnd[j];
    return !end || end.province === province;
  }

  hasPath(i: number): boolean {
    if (!this.byConvoy[i]) return true;
    if (this.paradoxes.has(i)) return false;
    const fleets = this.convoyers[i]!;
    if (fleets.length === 0) return false;
    const byProvince = new Map(fleets.map((c) => [this.units[c]!.unit.province, c]));
    return convoyRouteExists(this.map, this.units[i]!.unit.province, this.dest[i]!, [...byProvince.keys()], (p) => this.resolve(byProvince.get(p)!));
  }

  // ---------------------------------------------------------------- strengths

  /** Supports that are given, optionally excluding those of one power (a power does not help dislodge its own unit). */
  givenSupports(i: number, excludePower?: string): number[] {
    return this.supporters[i]!.filter((s) => this.units[s]!.unit.power !== excludePower && this.supportValue(s) > 0);
  }

  supportValue(s: number): number {
    const hook = this.rules.supportValue;
    if (hook) {
      const cutBy = this.cutters(s).map((j) => this.units[j]!);
      if (this.voidReason[s]) return 0;
      const v = hook(this.ctx, this.units[s]!, cutBy);
      if (v !== undefined) return this.dislodgedBy(s) ? 0 : v;
    }
    return this.resolve(s) ? 1 : 0;
  }

  private sum(supports: number[]): number {
    let total = 0;
    for (const s of supports) total += this.supportValue(s);
    return total;
  }

  private strength(kind: StrengthKind, i: number, supports: number[], classic: number): number {
    const hook = this.rules.strength;
    if (!hook) return classic;
    return hook(this.ctx, { kind, subject: this.units[i]!, supports: supports.map((s) => this.units[s]!), classic }) ?? classic;
  }

  attackStrength(i: number): number {
    if (!this.hasPath(i)) return 0;
    const j = this.index.get(this.dest[i]!);
    const movesAway = j === undefined || (this.role[j] === 'move' && this.headToHead[i] !== j && this.resolve(j));
    if (movesAway) {
      const sups = this.givenSupports(i);
      return this.strength('attack', i, sups, 1 + this.sum(sups));
    }
    const defender = this.units[j]!.unit.power;
    if (defender === this.units[i]!.unit.power) return this.strength('attack', i, [], 0); // DATC 6.A.?: no self-dislodgement
    const sups = this.givenSupports(i, defender);
    return this.strength('attack', i, sups, 1 + this.sum(sups));
  }

  holdStrength(province: ProvinceId): number {
    const j = this.index.get(province);
    if (j === undefined) return 0;
    if (this.role[j] === 'move') return this.resolve(j) ? 0 : this.strength('hold', j, [], 1);
    const sups = this.givenSupports(j);
    return this.strength('hold', j, sups, 1 + this.sum(sups));
  }

  defendStrength(j: number): number {
    const sups = this.givenSupports(j);
    return this.strength('defend', j, sups, 1 + this.sum(sups));
  }

  preventStrength(k: number): number {
    if (!this.hasPath(k)) return 0;
    const opponent = this.headToHead[k]!;
    if (opponent >= 0 && this.resolve(opponent)) return 0; // lost its head-to-head battle (DATC 6.E.?)
    const sups = this.givenSupports(k);
    return this.strength('prevent', k, sups, 1 + this.sum(sups));
  }

  // ---------------------------------------------------------------- results

  resolveAll(): void {
    for (let i = 0; i < this.units.length; i++) this.resolve(i);
    this.dislodgers = this.units.map((_, i) => this.findDislodger(i));
  }

  succeeded(i: number): boolean {
    return this.resolve(i);
  }

  /** Where the unit ends up if its move succeeded. */
  endLocation(i: number): Location {
    return this.customEnd[i] ?? this.destLoc[i] ?? this.units[i]!.unit;
  }

  private dislodgers: (number | null)[] | undefined;

  /** The successful move into this unit's province, if the unit stays and is dislodged (cached once all is resolved). */
  dislodger(i: number): number | null {
    if (this.dislodgers) return this.dislodgers[i]!;
    return this.findDislodger(i);
  }

  private findDislodger(i: number): number | null {
    // A unit that moved away (a custom move counts when it ended somewhere else) cannot be dislodged.
    if (this.role[i] === 'move' && this.resolve(i) && locationKey(this.endLocation(i)) !== locationKey(this.units[i]!.unit)) return null;
    for (const j of this.movesInto.get(this.units[i]!.unit.province) ?? []) {
      if (j !== i && this.resolve(j) && this.arrives(j, this.units[i]!.unit.province)) return j;
    }
    return null;
  }

  private makeContext(ordered: ReadonlyMap<ProvinceId, OrderedUnit>): MovementContext {
    const at = (p: ProvinceId) => this.index.get(p);
    return {
      map: this.map,
      position: this.position,
      orderedUnits: ordered,
      unitAt: (p) => {
        const i = at(p);
        return i === undefined ? undefined : this.units[i];
      },
      moveSucceeds: (p) => {
        const i = at(p);
        return i !== undefined && this.role[i] === 'move' && this.resolve(i);
      },
      isDislodged: (p) => {
        const i = at(p);
        return i !== undefined && this.dislodger(i) !== null;
      },
      supportsFor: (p) => {
        const i = at(p);
        return i === undefined ? [] : this.givenSupports(i).map((s) => this.units[s]!);
      },
      attacksOn: (p) => {
        const owner = this.units[at(p) ?? -1]?.unit.power;
        return (this.movesInto.get(p) ?? []).filter((j) => this.units[j]!.unit.power !== owner && this.hasPath(j)).map((j) => this.units[j]!);
      },
      attackStrength: (p) => {
        const i = at(p);
        return i === undefined || this.role[i] !== 'move' ? 0 : this.attackStrength(i);
      },
      hasPath: (p) => {
        const i = at(p);
        return i !== undefined && this.hasPath(i);
      },
      pass: this.pass,
    };
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const a = m.get(k);
  if (a) a.push(v);
  else m.set(k, [v]);
}
