/**
 * Movement phase, step 2: resolve every decision.
 *
 * The algorithm is Lucas Kruijswijk's guess-and-check adjudicator ("The Math of Adjudication", DATC 5.E):
 * each order has one decision, resolved on demand by recursion. Moves, holds and convoys decide yes (1) or no (0);
 * a support decides how much it counts: 0 (cut or dislodged), its whole value, or, where a variant reduces
 * supports instead of cutting them (Warring States Floating Fortress rule 3), anything in between. When a
 * decision depends on itself, it is tried with every value it can take; if exactly one is consistent that is the
 * answer, otherwise the backup rule decides (`backupRule`): the Szykman rule when a convoy is part of the cycle
 * (DATC 4.A.2), "supports whose cut cannot be decided count as cut" when a support's value differs between the
 * guesses (support-cut loops through Warring States walls and Floating Fortresses), else circular movement (all
 * moves of the cycle succeed, DATC 6.C).
 *
 * Strengths (attack, hold, defend, prevent) follow the DATC definitions and pass through the variant's
 * `strength` hook; a support's whole value comes from `supportValue` and how much an attack takes off it from
 * `cutsSupport`. Those hooks ask for strengths through the context, which reads the support decisions, so a cut
 * that depends on a strength takes part in cycle detection like any other decision.
 */
import { locationKey, type GameMap } from '../map.js';
import type { BattleLoss, MovementContext, OrderedUnit, RulesModule, StrengthKind } from '../rules.js';
import type { Location, Position, ProvinceId } from '../types.js';
import { convoyRouteExists, onMinimalRoute } from './orders/convoy.js';
import { supportMismatch } from './orders/support.js';

/** `dislodgers` of a unit that is not dislodged. */
const NO_DISLODGER = -1;

/** No provinces left contested (shared, never written to: a move-like special order gets a list of its own). */
const NO_PROVINCES: ProvinceId[] = [];

/** The moves into a province nobody moves into (shared, never written to). */
const NO_MOVES: readonly number[] = [];

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
  /**
   * Matching convoy fleets a variant's rule disrupted from the orders alone (`convoyDisrupted`), per army: they carry
   * no army, but still show the intent to convoy (DATC 4.A.3: an own fleet's convoy makes the move a convoyed one).
   */
  readonly disruptedConvoyers: number[][] = [];
  /** Why a support or convoy does not apply (it does not match the supported/convoyed unit's order). */
  readonly voidReason: (string | null)[] = [];
  /** Armies whose convoy was disrupted by the Szykman rule. */
  readonly paradoxes = new Set<number>();
  /** Custom end location for move-like special orders. */
  readonly customEnd: (Location | null)[] = [];
  readonly customReason: (string | null)[] = [];

  /** Provinces a move-like special order leaves contested (Warring States: two Rapid River Moves stood off there). */
  readonly customContests: ProvinceId[][] = [];
  /** Supports counted as cut by the backup rule: whether they were cut depended on themselves. */
  readonly loopCut = new Set<number>();
  /** Why a variant's rule set a strength (`StrengthRuling.because`), by unit and kind (`strengthKey`), as last computed. */
  private readonly strengthNotes = new Map<number, string>();

  private readonly state: Uint8Array;
  /** Each decision's value: 0/1 for moves, holds and convoys; for supports, how much the support counts. */
  private readonly resolution: Int32Array;
  /** A support's whole value, before cuts (the `supportValue` hook; 1 in Classic). */
  private readonly worth: Int32Array;
  private deps: number[] = [];
  /**
   * Decisions a cycle further down settled on one of its guesses while that guess rested on a guess further up, with
   * the values they took. Reset with that cycle, they are still part of the cycle above, which must see them: a
   * backup rule that fixes a Rapid River Move whose way depends on itself must find the move even when a cycle in
   * between decided it first (`snapshot`).
   */
  private readonly settledUnderGuess: [number, number][] = [];
  /** Counts reads of guessed values, to tell whether a decision depended on any guess. */
  private guessReads = 0;
  /** Lowest position in `deps` of a guessed decision read while deciding the current one (Infinity: none). */
  private lowestGuessRead = Infinity;
  /**
   * When each decision in the middle of its own resolution was opened (a number that only grows; -1: not open).
   * Decisions open at once form the chain of the recursion, so one opened earlier is an ancestor of the current one.
   */
  private readonly openedAt: Float64Array;
  private openings = 0;
  /** Whether an open decision's own guess was read while deciding it (it heads a cycle). */
  private readonly guessReadWhileOpen: Uint8Array;
  /** Lowest `openedAt` of an open decision whose guess was read while deciding the current one (Infinity: none). */
  private lowestOpenRead = Infinity;
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
    this.resolution = new Int32Array(this.units.length);
    this.openedAt = new Float64Array(this.units.length).fill(-1);
    this.guessReadWhileOpen = new Uint8Array(this.units.length);
    this.worth = new Int32Array(this.units.length);
    this.dislodgers = new Int32Array(this.units.length);
    this.ctx = this.makeContext(ordered);
    // Set-up in steps (one small method each, which the JIT compiles quickly).
    this.assignRoles();
    this.attachConvoys(ordered);
    this.markConvoyedMoves();
    this.findHeadToHeads();
    this.attachSupports();
    for (let s = 0; s < this.units.length; s++) {
      if (this.role[s] === 'support')
        this.worth[s] = Math.max(0, Math.floor(this.rules.supportValue?.(this.ctx, this.units[s]!) ?? 1));
    }
  }

  // ---------------------------------------------------------------- set-up

  /** Each unit's role (a move, a support, a convoy, or a hold) and where a move goes. */
  private assignRoles(): void {
    const n = this.units.length;
    for (let i = 0; i < n; i++) {
      const ou = this.units[i]!;
      this.supporters.push([]);
      this.convoyers.push([]);
      this.disruptedConvoyers.push([]);
      this.voidReason.push(null);
      this.byConvoy.push(false);
      this.headToHead.push(-1);
      this.customEnd.push(null);
      this.customReason.push(null);
      this.customContests.push(NO_PROVINCES);
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
  }

  /** Convoys: which fleets convoy which army (a convoy that matches no such move is void). */
  private attachConvoys(ordered: ReadonlyMap<ProvinceId, OrderedUnit>): void {
    const n = this.units.length;
    for (let c = 0; c < n; c++) {
      if (this.role[c] !== 'convoy') continue;
      const order = this.units[c]!.order;
      if (order.kind !== 'convoy') continue;
      const t = this.index.get(order.target.province);
      if (
        t === undefined ||
        this.units[t]!.unit.type !== 'A' ||
        this.role[t] !== 'move' ||
        this.units[t]!.order.kind !== 'move' ||
        this.dest[t] !== order.to.province
      ) {
        this.voidReason[c] =
          t === undefined
            ? `there is no army in ${order.target.province} to convoy`
            : 'the army was not ordered to make that move';
        continue;
      }
      // A variant may disrupt a convoy from the orders alone, before resolution (Mandate of Heaven rule 6).
      const disrupted = this.rules.convoyDisrupted?.({
        map: this.map,
        position: this.position,
        orderedUnits: ordered,
        fleet: this.units[c]!,
      });
      if (disrupted) {
        this.voidReason[c] = disrupted;
        this.disruptedConvoyers[t]!.push(c);
        continue;
      }
      this.convoyers[t]!.push(c);
    }
  }

  /**
   * Army moves by convoy: ordered "via convoy", not adjacent, or a fleet of its own power convoys it (DATC 4.A.3).
   * A fleet whose convoy a variant's rule disrupted from the orders (Mandate of Heaven rule 6) still shows that
   * intent: the army goes by the disrupted convoy and stays, as when its convoy is disrupted by dislodgement (no
   * land-route fallback).
   */
  private markConvoyedMoves(): void {
    const n = this.units.length;
    for (let i = 0; i < n; i++) {
      const ou = this.units[i]!;
      if (this.role[i] !== 'move' || ou.order.kind !== 'move' || ou.unit.type !== 'A') continue;
      const adjacent =
        this.map.armyCanMove(ou.unit.province, this.dest[i]!) ||
        this.rules.canMove?.({ map: this.map, unit: ou.unit, to: this.destLoc[i]! }) === true;
      // Intent counts only for a fleet on some minimal route through seas that hold fleets (DATC 6.G.6, 6.G.7, 6.G.19).
      const seas = this.fleetSeas;
      const own = (c: number) =>
        this.units[c]!.unit.power === ou.unit.power &&
        onMinimalRoute(this.map, ou.unit.province, this.dest[i]!, seas, this.units[c]!.unit.province);
      const ownConvoy = this.convoyers[i]!.some(own) || this.disruptedConvoyers[i]!.some(own);
      this.byConvoy[i] = ou.order.viaConvoy || !adjacent || ownConvoy;
      if (this.byConvoy[i] && this.convoyers[i]!.length === 0 && !this.convoyPossible(i)) {
        // DATC 6.D.32 (4.E.1): a convoy move that no fleet is ordered to convoy is illegal; the army holds.
        ou.illegalReason = adjacent
          ? 'no fleet was ordered to convoy it'
          : `${this.map.province(this.dest[i]!)?.name} is not next to ${this.map.province(ou.unit.province)?.name} and no fleet was ordered to convoy it`;
        this.role[i] = 'hold';
        this.movesInto.set(
          this.dest[i]!,
          this.movesInto.get(this.dest[i]!)!.filter((k) => k !== i),
        );
        this.dest[i] = null;
        this.destLoc[i] = null;
        this.byConvoy[i] = false;
      }
    }
  }

  /** Head-to-head battles: two units moving into each other's province, neither by convoy. */
  private findHeadToHeads(): void {
    const n = this.units.length;
    for (let i = 0; i < n; i++) {
      if (this.role[i] !== 'move' || this.byConvoy[i] || this.units[i]!.order.kind !== 'move') continue;
      const j = this.index.get(this.dest[i]!);
      if (
        j !== undefined &&
        this.role[j] === 'move' &&
        !this.byConvoy[j] &&
        this.units[j]!.order.kind === 'move' &&
        this.dest[j] === this.units[i]!.unit.province
      ) {
        this.headToHead[i] = j;
      }
    }
  }

  /** Supports: attach each support to the unit it supports, or record why it does not match. */
  private attachSupports(): void {
    const n = this.units.length;
    for (let s = 0; s < n; s++) {
      if (this.role[s] !== 'support') continue;
      const order = this.units[s]!.order;
      if (order.kind !== 'support') continue;
      const t = this.index.get(order.target.province);
      const moves = t !== undefined && this.role[t] === 'move';
      const mismatch = supportMismatch(
        order,
        t === undefined ? undefined : this.units[t],
        moves,
        t === undefined ? null : this.dest[t]!,
        t === undefined ? null : (this.destLoc[t]?.coast ?? null),
      );
      if (mismatch) this.voidReason[s] = mismatch;
      else this.supporters[t!]!.push(s);
    }
  }

  /** Seas (and any province the variant lets fleets convoy from: `convoysFrom`) that hold a fleet. */
  private get fleetSeas(): Set<ProvinceId> {
    const convoys = (p: ProvinceId) => this.rules.convoysFrom?.({ map: this.map, province: p }) ?? this.map.isSea(p);
    this.fleetSeasCache ??= new Set(
      this.units.filter((u) => u.unit.type === 'F' && convoys(u.unit.province)).map((u) => u.unit.province),
    );
    return this.fleetSeasCache;
  }
  private fleetSeasCache: Set<ProvinceId> | undefined;

  /** Could fleets now at sea convoy this army at all (whatever their orders)? If so the move is not illegal (DATC 6.D.8). */
  private convoyPossible(i: number): boolean {
    return convoyRouteExists(this.map, this.units[i]!.unit.province, this.dest[i]!, [...this.fleetSeas], () => true);
  }

  // ---------------------------------------------------------------- decisions

  /** The decision's value: 1/0 for a move (succeeds), hold or convoy (not dislodged); for a support, what it counts. */
  resolve(i: number): number {
    const st = this.state[i]!;
    if (st === RESOLVED) return this.resolution[i]!;
    if (st === GUESSING) {
      this.guessReads++;
      if (this.openedAt[i]! >= 0) {
        // A decision still being decided (this one or one further up the recursion): it heads the cycle; it joins
        // `deps` only if it closes as a guess.
        this.lowestOpenRead = Math.min(this.lowestOpenRead, this.openedAt[i]!);
        this.guessReadWhileOpen[i] = 1;
        return this.resolution[i]!;
      }
      if (!this.deps.includes(i)) this.deps.push(i);
      this.lowestGuessRead = Math.min(this.lowestGuessRead, this.deps.indexOf(i));
      return this.resolution[i]!;
    }
    const old = this.deps.length;
    const reads = this.guessReads;
    const outerLowest = this.lowestGuessRead;
    const outerOpenRead = this.lowestOpenRead;
    this.lowestGuessRead = Infinity;
    this.lowestOpenRead = Infinity;
    this.openedAt[i] = this.openings++;
    this.guessReadWhileOpen[i] = 0;
    try {
      return this.resolveFresh(i, old, reads);
    } finally {
      this.openedAt[i] = -1;
      this.lowestGuessRead = Math.min(outerLowest, this.lowestGuessRead);
      this.lowestOpenRead = Math.min(outerOpenRead, this.lowestOpenRead);
    }
  }

  /** Did this move succeed (or: is this unit not dislodged, this convoy in place, this support counting)? */
  ok(i: number): boolean {
    return this.resolve(i) > 0;
  }

  /** The values decision `i` can take: 0 or 1, or for a support 0 up to its whole value. */
  private domain(i: number): number[] {
    const top = this.role[i] === 'support' ? this.worth[i]! : 1;
    return Array.from({ length: top + 1 }, (_, v) => v);
  }

  private resolveFresh(i: number, old: number, reads: number): number {
    this.resolution[i] = 0;
    this.state[i] = GUESSING;
    const settled = this.settledUnderGuess.length;
    const first = this.decide(i);
    // Independent of every guess only if no guessed value was read at all (even one already listed).
    if (this.deps.length === old && this.guessReads === reads) {
      if (this.state[i] !== RESOLVED) {
        this.resolution[i] = first;
        this.state[i] = RESOLVED;
      }
      return first;
    }
    if (!this.guessReadWhileOpen[i]) {
      // Depends on another decision's guess: keep ours as a guess too (the decision whose guess it read settles it).
      return this.keepGuess(i, first);
    }
    // Our own guess is in the cycle: try every other value, keeping what each guess made of the cycle.
    const runs: Guess[] = [{ value: 0, result: first, cycle: this.snapshot(old, settled), custom: this.customOf(i) }];
    for (const value of this.domain(i).slice(1)) {
      this.unresolveFrom(old);
      this.settledUnderGuess.length = settled;
      this.resolution[i] = value;
      this.state[i] = GUESSING;
      const result = this.decide(i);
      runs.push({ value, result, cycle: this.snapshot(old, settled), custom: this.customOf(i) });
    }
    this.settledUnderGuess.length = settled;
    // Built on the guess of a decision outside this cycle (one listed before it, or one still being decided further
    // up the recursion): what the cycle makes of that guess is only a guess too, reset with that decision's cycle
    // (Rapid River Moves read decisions far across the board).
    const conditional = this.lowestGuessRead < old || this.lowestOpenRead < this.openedAt[i]!;
    const consistent = runs.filter((r) => r.result === r.value);
    if (consistent.length === 1) {
      const answer = consistent[0]!.value;
      // Where a move-like special order ends and why are those of the consistent guess, not of the last one tried.
      this.restoreCustom(i, consistent[0]!.custom);
      this.unresolveFrom(old);
      if (conditional) {
        this.settledUnderGuess.push(...consistent[0]!.cycle);
        return this.keepGuess(i, answer);
      }
      this.state[i] = RESOLVED;
      this.resolution[i] = answer;
      return answer;
    }
    // Undecidable: the backup rule fixes part of the cycle and the rest is decided again. Under a guess of a decision
    // further up, what it fixes is only a guess too: the outer cycle sees what its guess leads to, and resets it.
    this.backupRule(i, old, runs, this.lowestOpenRead < this.openedAt[i]!);
    return this.resolve(i);
  }

  /** Decision `i` closes as a guess with this value, listed in `deps` for the cycle that settles it to reset. */
  private keepGuess(i: number, value: number): number {
    if (!this.deps.includes(i)) this.deps.push(i);
    this.state[i] = GUESSING;
    this.resolution[i] = value;
    return value;
  }

  private customOf(i: number): Guess['custom'] {
    return {
      end: this.customEnd[i] ?? null,
      reason: this.customReason[i] ?? null,
      contests: this.customContests[i] ?? [],
    };
  }

  private restoreCustom(i: number, custom: Guess['custom']): void {
    this.customEnd[i] = custom.end;
    this.customReason[i] = custom.reason;
    this.customContests[i] = custom.contests;
  }

  /**
   * The decisions of the cycle (from `old` in `deps`, and those a cycle further down settled under the current guess,
   * from `settled` in `settledUnderGuess`) and the values they took under the current guess.
   */
  private snapshot(old: number, settled: number): Map<number, number> {
    const out = new Map<number, number>(this.settledUnderGuess.slice(settled));
    for (let k = old; k < this.deps.length; k++) out.set(this.deps[k]!, this.resolution[this.deps[k]!]!);
    return out;
  }

  private unresolveFrom(old: number): void {
    for (let k = old; k < this.deps.length; k++) {
      const d = this.deps[k]!;
      this.state[d] = UNRESOLVED;
      // A backup rule's mark made under a guess further up (only such decisions are listed here) goes with it.
      this.paradoxes.delete(d);
      this.loopCut.delete(d);
    }
    this.deps.length = old;
  }

  /**
   * No guess, or more than one, is consistent for decision `head`. Only decisions that are undecidable themselves
   * (the head, or one whose value differs between the guesses) are fixed, so the outcome is the same whichever
   * decision of the cycle happened to be asked first. In this order:
   * - a move-like special order with its own resolution (Warring States Rapid River Move, resolved "after other
   *   orders") whose way depends on moves that depend on it: it does not move;
   * - a convoy in the cycle: a convoy paradox, the Szykman rule (DATC 4.A.2): the convoyed armies do not move;
   * - a support-cut loop (Warring States wall rule 5, Floating Fortress rule 3): every undecidable support counts
   *   as cut. Counting it could let an attack succeed on a strength that exists only if it succeeds; cut, nothing
   *   moves on its strength;
   * - circular movement (DATC 6.C): when both guesses are consistent, the moves that succeed when the cycle moves
   *   do succeed; when neither is (no Classic position without convoys does this), the moves of the cycle fail, so
   *   no move ever succeeds without beating what it must beat.
   * Everything else in the cycle is decided again.
   */
  private backupRule(head: number, old: number, runs: Guess[], provisional: boolean): void {
    const members = new Set<number>([head]);
    for (const run of runs) for (const d of run.cycle.keys()) members.add(d);
    const cycle = [...members];
    const undecidable = (d: number) => d === head || !sameInEveryRun(runs, d);
    const custom = (d: number) => this.role[d] === 'move' && this.customEnd[d] !== null;
    this.unresolveFrom(old);
    for (const d of cycle) this.state[d] = UNRESOLVED;
    // Under a guess of a decision further up, what the rule fixes is a guess too, reset with that decision's cycle.
    const fixed = new Set<number>();
    const fix = (d: number, value: number) => {
      fixed.add(d);
      if (provisional) this.keepGuess(d, value);
      else {
        this.resolution[d] = value;
        this.state[d] = RESOLVED;
      }
    };
    const stuck = cycle.filter((d) => custom(d) && undecidable(d));
    if (stuck.length > 0) {
      for (const d of stuck) {
        fix(d, 0);
        this.customEnd[d] = this.units[d]!.unit;
        this.customContests[d] = [];
        this.customReason[d] = 'its way depended on moves that depended on it, so it did not move';
      }
      return;
    }
    const convoys = cycle.filter((d) => this.role[d] === 'convoy');
    const armies = this.units
      .map((_, a) => a)
      .filter((a) => !this.paradoxes.has(a) && this.convoyers[a]!.some((c) => convoys.includes(c)));
    if (armies.length > 0) {
      // Szykman: the armies convoyed through the paradox do not move (their convoy is disrupted).
      for (const a of armies) {
        this.paradoxes.add(a);
        fix(a, 0);
      }
      return;
    }
    const supports = cycle.filter((d) => this.role[d] === 'support' && undecidable(d));
    if (supports.length > 0) {
      for (const s of supports) {
        this.loopCut.add(s);
        fix(s, 0);
      }
      return;
    }
    const moving = runs.find((r) => r.value === 1 && r.result === 1);
    for (const d of cycle) {
      if (this.role[d] !== 'move' || custom(d)) continue;
      if (moving) {
        // Circular movement (DATC 6.C): the consistent guess in which the cycle moves.
        if (d !== head && moving.cycle.get(d) !== 1) continue;
        fix(d, 1);
      } else fix(d, 0);
    }
    if (!fixed.has(head)) {
      // Never reached by any position we know of (a convoy whose armies were already taken out by the Szykman
      // rule): the head fails, so that the resolution always ends.
      fix(head, 0);
    }
  }

  private decide(i: number): number {
    switch (this.role[i]) {
      case 'move':
        return this.decideMove(i) ? 1 : 0;
      case 'support':
        return this.decideSupport(i);
      case 'convoy':
        if (this.voidReason[i] !== null) return 0;
        // A convoy decided outside the resolver (`convoyStands`: Warhammer decisive battles item 8), else Classic.
        return (this.rules.convoyStands?.(this.ctx, this.units[i]!) ?? !this.dislodgedBy(i)) ? 1 : 0;
      default:
        return this.dislodgedBy(i) ? 0 : 1;
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
        this.customContests[i] = r.contests ?? [];
        return r.success;
      }
    }
    if (!this.hasPath(i)) return false;
    const target = this.dest[i]!;
    const contenders = this.movesInto.get(target)!;
    const override = this.rules.battleWinner?.(
      this.ctx,
      target,
      contenders.map((k) => this.units[k]!),
    );
    if (override !== undefined && (override === null || typeof override === 'string'))
      return override === this.units[i]!.unit.province;
    // A move that lost a battle fought elsewhere (a head-to-head decided at its own province) fails; the others go on.
    if (override && override.lost === this.units[i]!.unit.province) return false;
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

  /**
   * How much a support counts: its whole value, less what the strongest cutting attack takes off (Classic: any
   * attack from another power takes it all, except one from the province supported into); 0 when dislodged.
   */
  private decideSupport(s: number): number {
    if (this.voidReason[s]) return 0;
    const worth = this.worth[s]!;
    const cut = this.strongestCut(s);
    if (cut >= worth) return 0;
    return this.dislodgedBy(s) ? 0 : worth - cut;
  }

  /** The most any attack takes off support `s` (0 when none cuts it): `cuts` without building the list. */
  private strongestCut(s: number): number {
    const supporter = this.units[s]!;
    const order = supporter.order;
    if (order.kind !== 'support') return 0;
    const attackers = this.movesInto.get(supporter.unit.province);
    if (attackers === undefined) return 0;
    const into = order.to ? order.to.province : order.target.province;
    const worth = this.worth[s]!;
    let strongest = 0;
    for (const j of attackers) {
      const amount = this.cutBy(j, supporter, into, worth);
      if (amount > strongest) strongest = amount;
    }
    return strongest;
  }

  /** How much the attack `j` takes off `supporter`'s support into `into` (whole value `worth`); -1: it is no attack on it. */
  private cutBy(j: number, supporter: OrderedUnit, into: ProvinceId, worth: number): number {
    const attacker = this.units[j]!;
    if (attacker.unit.power === supporter.unit.power) return -1;
    if (attacker.unit.province === into) return -1;
    if (!this.hasPath(j)) return -1; // a convoyed attack cuts only when its convoy arrives
    const hook = this.rules.cutsSupport?.(this.ctx, attacker, supporter);
    return hook === undefined || hook === true
      ? worth
      : hook === false
        ? 0
        : Math.min(worth, Math.max(0, Math.floor(hook)));
  }

  /**
   * The attacks on a support and how much each takes off it, 0 included (DATC 6.D: any attack from another power, except
   * from the province supported into, provided a convoyed attacker's convoy arrives; the `cutsSupport` hook may
   * say an attack takes nothing or only part, e.g. by its strength).
   */
  cuts(s: number): { by: number; amount: number }[] {
    const supporter = this.units[s]!;
    const order = supporter.order;
    if (order.kind !== 'support') return [];
    const into = order.to ? order.to.province : order.target.province;
    const worth = this.worth[s]!;
    const result: { by: number; amount: number }[] = [];
    for (const j of this.movesInto.get(supporter.unit.province) ?? NO_MOVES) {
      const amount = this.cutBy(j, supporter, into, worth);
      if (amount >= 0) result.push({ by: j, amount });
    }
    return result;
  }

  /** The support's whole value, before any cut. */
  wholeValue(s: number): number {
    return this.worth[s]!;
  }

  /** Some move into this unit's province succeeds (the unit is not moving away). */
  private dislodgedBy(i: number): boolean {
    for (const j of this.movesInto.get(this.units[i]!.unit.province) ?? NO_MOVES) {
      if (j !== i && this.ok(j) && this.arrives(j, this.units[i]!.unit.province)) return true;
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
    if (this.paradoxes.has(i)) {
      // A paradox fixed under a guess further up is a guess: reading it counts as reading the army's decision.
      if (this.state[i] === GUESSING) this.resolve(i);
      return false;
    }
    const fleets = this.convoyers[i]!;
    if (fleets.length === 0) return false;
    const byProvince = new Map(fleets.map((c) => [this.units[c]!.unit.province, c]));
    return convoyRouteExists(this.map, this.units[i]!.unit.province, this.dest[i]!, [...byProvince.keys()], (p) =>
      this.ok(byProvince.get(p)!),
    );
  }

  // ---------------------------------------------------------------- strengths

  /**
   * Supports that count, optionally excluding those of one power (a power does not help dislodge its own unit) and
   * the support of one unit (`ignored`, an index; -1: none).
   */
  givenSupports(i: number, excludePower?: string, ignored = -1): number[] {
    return this.supporters[i]!.filter(
      (s) => s !== ignored && this.units[s]!.unit.power !== excludePower && this.resolve(s) > 0,
    );
  }

  /**
   * The strength of kind `kind` of unit `i`: 1 plus what its counting supports (less those of `excludePower`, and
   * the support of unit `ignored`) are worth, through the variant's `strength` hook when it has one. Without a hook
   * no list of supports is built. A strength computed without a support (`ignored`) is asked for a cut only: it
   * leaves no note for the reasons.
   */
  private supported(kind: StrengthKind, i: number, excludePower?: string, ignored = -1): number {
    if (this.rules.strength) {
      const sups = this.givenSupports(i, excludePower, ignored);
      return this.strength(kind, i, sups, 1 + this.sum(sups), ignored < 0);
    }
    let total = 1;
    for (const s of this.supporters[i]!) {
      if (s === ignored || this.units[s]!.unit.power === excludePower) continue;
      total += this.resolve(s);
    }
    return total;
  }

  /** How much the support counts (its decision). */
  supportValue(s: number): number {
    return this.resolve(s);
  }

  private sum(supports: number[]): number {
    let total = 0;
    for (const s of supports) total += this.resolve(s);
    return total;
  }

  private strength(kind: StrengthKind, i: number, supports: number[], classic: number, note = true): number {
    const hook = this.rules.strength;
    if (!hook) return classic;
    const got = hook(this.ctx, {
      kind,
      subject: this.units[i]!,
      supports: supports.map((s) => this.units[s]!),
      classic,
    });
    if (got === undefined || typeof got === 'number') {
      if (note && this.strengthNotes.size > 0) this.strengthNotes.delete(strengthKey(kind, i));
      return got ?? classic;
    }
    // A strength a variant's rule set, with why (a wall, an ability, a last-unit bonus): the reasons name it.
    if (note) this.strengthNotes.set(strengthKey(kind, i), got.because);
    return got.value;
  }

  /** Why the variant's rule set this strength of unit `i`, as last computed (ask for the strength first). */
  strengthNote(kind: StrengthKind, i: number): string | undefined {
    return this.strengthNotes.get(strengthKey(kind, i));
  }

  /** `ignored`: a unit (index) whose support is left out, for a cut (`MovementContext.attackStrength`); -1: none. */
  attackStrength(i: number, ignored = -1): number {
    if (!this.hasPath(i)) return 0;
    const j = this.index.get(this.dest[i]!);
    const movesAway = j === undefined || (this.role[j] === 'move' && this.headToHead[i] !== j && this.ok(j));
    if (movesAway) return this.supported('attack', i, undefined, ignored);
    const defender = this.units[j]!.unit.power;
    if (defender === this.units[i]!.unit.power) return this.strength('attack', i, [], 0, ignored < 0); // no self-dislodgement (DATC 6.A)
    return this.supported('attack', i, defender, ignored);
  }

  holdStrength(province: ProvinceId): number {
    const j = this.index.get(province);
    if (j === undefined) return 0;
    if (this.role[j] === 'move') {
      if (!this.ok(j)) return this.strength('hold', j, [], 1);
      // Moved away: nothing holds there, and no rule's note about its hold strength is left from a guess.
      if (this.strengthNotes.size > 0) this.strengthNotes.delete(strengthKey('hold', j));
      return 0;
    }
    return this.supported('hold', j);
  }

  defendStrength(j: number): number {
    return this.supported('defend', j);
  }

  preventStrength(k: number): number {
    if (!this.hasPath(k)) return 0;
    const opponent = this.headToHead[k]!;
    if (opponent >= 0 && this.ok(opponent)) return 0; // lost its head-to-head battle (DATC 6.E)
    return this.supported('prevent', k);
  }

  // ---------------------------------------------------------------- results

  /**
   * The battle decided outside the resolver (`battleWinner`) for the province `province`, given the moves into it:
   * the province the winning unit stands in, null (no move in succeeds), or undefined (no such battle). Asked again
   * once everything is resolved, so it reads the final decisions.
   */
  battleAt(province: ProvinceId): ProvinceId | null | BattleLoss | undefined {
    if (!this.rules.battleWinner) return undefined;
    // A province no move enters still had its battle (Warhammer: the losers destroyed before this pass): its winner is told.
    const contenders = this.movesInto.get(province) ?? [];
    return this.rules.battleWinner(
      this.ctx,
      province,
      contenders.map((k) => this.units[k]!),
    );
  }

  /**
   * The units that kept the failed move `i` out (`MovementOutcomeView.keptOut`), by index, in province order: the
   * winner of a battle decided outside the resolver; else a unit of its own power that stayed in the target without
   * being ordered to move (alone: no battle could put the move through it); else its head-to-head opponent, the unit
   * that stayed in the target, and the moves that stood it off, each when its strength was at least the attack's.
   */
  keptOut(i: number): number[] {
    if (this.role[i] !== 'move' || this.succeeded(i) || this.customEnd[i] || !this.hasPath(i)) return [];
    const target = this.dest[i]!;
    const battle = this.battleAt(target);
    if (battle === null || typeof battle === 'string') {
      const winner = battle === null ? undefined : this.index.get(battle);
      return winner === undefined || winner === i ? [] : [winner];
    }
    if (battle && battle.lost === this.units[i]!.unit.province) {
      const occupant = this.index.get(target);
      return occupant === undefined ? [] : [occupant];
    }
    const occupant = this.index.get(target);
    const mover = this.units[i]!.unit.power;
    if (occupant !== undefined && this.role[occupant] !== 'move' && this.units[occupant]!.unit.power === mover)
      return [occupant];
    const attack = this.attackStrength(i);
    const opponent = this.headToHead[i]!;
    const out: number[] = [];
    if (opponent >= 0) {
      if (attack <= this.defendStrength(opponent)) out.push(opponent);
    } else if (occupant !== undefined && attack <= this.holdStrength(target)) out.push(occupant);
    for (const k of this.movesInto.get(target) ?? NO_MOVES) {
      if (k !== i && k !== opponent && attack <= this.preventStrength(k)) out.push(k);
    }
    return out.sort((a, b) => (this.units[a]!.unit.province < this.units[b]!.unit.province ? -1 : 1));
  }

  resolveAll(): void {
    for (let i = 0; i < this.units.length; i++) this.resolve(i);
    this.settleCustomReasons();
    for (let i = 0; i < this.units.length; i++) this.dislodgers[i] = this.findDislodger(i) ?? NO_DISLODGER;
    this.allResolved = true;
  }

  /**
   * A move-like special order's reason and standoffs, told again from the final decisions. Which decision of an
   * entangled cycle the backup rule fixed (and so which special order was last told under which guess) depends on
   * the order in which decisions were first asked; the final decisions do not. Where the final decisions tell the
   * same end as the one resolved, that telling is the one kept, so no reason depends on how units were listed.
   */
  private settleCustomReasons(): void {
    for (let i = 0; i < this.units.length; i++) {
      const order = this.units[i]!.order;
      if (this.role[i] !== 'move' || order.kind !== 'special' || this.customEnd[i] === null) continue;
      const resolve = this.rules.specialOrders?.[order.name]?.resolve;
      if (!resolve) continue;
      const told = resolve(this.ctx, this.units[i]!);
      if (told.success !== this.ok(i) || locationKey(told.endsAt) !== locationKey(this.customEnd[i]!)) continue;
      this.customReason[i] = told.reason;
      this.customContests[i] = told.contests ?? [];
    }
  }

  succeeded(i: number): boolean {
    return this.ok(i);
  }

  /** Where the unit ends up if its move succeeded. */
  endLocation(i: number): Location {
    return this.customEnd[i] ?? this.destLoc[i] ?? this.units[i]!.unit;
  }

  /** Each unit's dislodger (`NO_DISLODGER`: none), filled in by `resolveAll`. */
  private readonly dislodgers: Int32Array;
  private allResolved = false;

  /** The successful move into this unit's province, if the unit stays and is dislodged (cached once all is resolved). */
  dislodger(i: number): number | null {
    if (!this.allResolved) return this.findDislodger(i);
    const by = this.dislodgers[i]!;
    return by === NO_DISLODGER ? null : by;
  }

  private findDislodger(i: number): number | null {
    // A unit that moved away (a custom move counts when it ended somewhere else) cannot be dislodged.
    if (this.role[i] === 'move' && this.ok(i) && locationKey(this.endLocation(i)) !== locationKey(this.units[i]!.unit))
      return null;
    for (const j of this.movesInto.get(this.units[i]!.unit.province) ?? NO_MOVES) {
      if (j !== i && this.ok(j) && this.arrives(j, this.units[i]!.unit.province)) return j;
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
        return i !== undefined && this.role[i] === 'move' && this.ok(i);
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
        return (this.movesInto.get(p) ?? [])
          .filter((j) => this.units[j]!.unit.power !== owner && this.hasPath(j))
          .map((j) => this.units[j]!);
      },
      attackStrength: (p, options) => {
        const i = at(p);
        const ignored = options?.ignoringSupportOf === undefined ? undefined : at(options.ignoringSupportOf);
        return i === undefined || this.role[i] !== 'move' ? 0 : this.attackStrength(i, ignored ?? -1);
      },
      hasPath: (p) => {
        const i = at(p);
        return i !== undefined && this.hasPath(i);
      },
      pass: this.pass,
    };
  }
}

const STRENGTH_KINDS: Record<StrengthKind, number> = { attack: 0, hold: 1, defend: 2, prevent: 3 };
function strengthKey(kind: StrengthKind, i: number): number {
  return i * 4 + STRENGTH_KINDS[kind];
}

/** What one guess of a cycle's head made of the cycle. */
interface Guess {
  value: number;
  result: number;
  cycle: Map<number, number>;
  /** What the head's own resolution said under this guess (move-like special orders). */
  custom: { end: Location | null; reason: string | null; contests: ProvinceId[] };
}

/** Did decision `d` take the same value under every guess where it was part of the cycle? */
function sameInEveryRun(runs: Guess[], d: number): boolean {
  let seen: number | undefined;
  for (const run of runs) {
    const v = run.cycle.get(d);
    if (v === undefined) continue;
    if (seen !== undefined && v !== seen) return false;
    seen = v;
  }
  return true;
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const a = m.get(k);
  if (a) a.push(v);
  else m.set(k, [v]);
}
