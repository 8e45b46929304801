/**
 * The adjustment (winter) phase: builds in owned, vacant home centres, disbands, and civil disorder
 * (DATC 6.I, 6.J; 2023 rules).
 */
import { formatOrder } from './format.js';
import { type GameMap, locationKey } from './map.js';
import type { BuildSlot, RulesModule } from './rules.js';
import type { OrderResult, Position, Power, PowerOrder, ProvinceId, Unit, UnitRef, UnitType } from './types.js';

export interface AdjustmentOutcome {
  units: Unit[];
  removed: Unit[];
  civilDisorderRemovals: Unit[];
  results: OrderResult[];
}

/** Centres minus units (or the variant's `adjustmentDelta`): builds when positive, disbands when negative. */
export function adjustmentDelta(position: Position, power: Power, map?: GameMap, rules?: RulesModule): number {
  const hook = map ? rules?.adjustmentDelta?.({ map, position, power }) : undefined;
  if (hook !== undefined) return hook;
  const centers = position.supplyCenters[power]?.length ?? 0;
  const units = position.units.filter((u) => u.power === power).length;
  return centers - units;
}

/** Where a power may build now (Classic: its own home centres that it owns and that are empty). */
export function buildableCenters(map: GameMap, rules: RulesModule, position: Position, power: Power): ProvinceId[] {
  const occupied = new Set(position.units.map((u) => u.province));
  const base =
    rules.buildableCenters?.({ map, position, power }) ??
    map.homeCenters(power).filter((p) => position.supplyCenters[power]?.includes(p));
  return base.filter((p) => !occupied.has(p));
}

export function buildableTypes(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  power: Power,
  province: ProvinceId,
): UnitType[] {
  const hook = rules.buildableTypes?.({ map, position, power, province });
  if (hook) return hook;
  const p = map.province(province);
  if (!p || p.kind === 'sea' || p.kind === 'impassable') return [];
  return p.kind === 'coast' ? ['A', 'F'] : ['A']; // DATC 6.I.2: no fleets inland
}

/** Powers that appear anywhere in the position. */
export function powersIn(position: Position): Power[] {
  const s = new Set<Power>(Object.keys(position.supplyCenters));
  for (const u of position.units) s.add(u.power);
  return [...s].sort();
}

/** The shared state of one adjustment phase: the board being rebuilt, and what every power's orders produced. */
interface AdjustmentBoard {
  map: GameMap;
  rules: RulesModule;
  position: Position;
  /** The board's units (copies), then every accepted build in the order it was accepted. */
  units: Unit[];
  removed: Unit[];
  civilDisorderRemovals: Unit[];
  results: OrderResult[];
}

/** One power's winter in progress: its allowance, and what its orders have used of it so far. */
interface PowerLedger {
  power: Power;
  /** Builds when positive, disbands when negative (`adjustmentDelta`). */
  delta: number;
  /** Where it may build (`buildableCenters`). */
  allowed: Set<ProvinceId>;
  /** Provinces with an accepted or deferred build. */
  built: Set<ProvinceId>;
  disbanded: Set<ProvinceId>;
  /** Builds accepted plus builds waived. */
  builds: number;
  /** Builds that differ by their rank (the variant's `buildSlots`), if any. */
  slots: BuildSlot[] | undefined;
  /** Provinces of the accepted builds, in the order they were accepted. */
  accepted: ProvinceId[];
  /** Builds that did not fit the slots yet; they are tried again once every order is read. */
  deferred: { unit: Unit; name: string }[];
}

/**
 * The adjustment phase: every power's builds, disbands and waives, then unused builds waived and civil disorder
 * (DATC 6.I, 6.J; 4.D.8). Powers are taken in alphabetical order; two powers' builds in one province both fail.
 */
export function resolveAdjustments(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  orders: PowerOrder[],
): AdjustmentOutcome {
  const board: AdjustmentBoard = {
    map,
    rules,
    position,
    units: position.units.map((u) => ({ ...u })),
    removed: [],
    civilDisorderRemovals: [],
    results: [],
  };
  const powers = new Set([...powersIn(position), ...orders.map((o) => o.power)]);
  for (const power of [...powers].sort()) {
    const mine = orders.filter((o) => o.power === power);
    adjustPower(board, power, mine);
  }
  const { units, removed, civilDisorderRemovals, results } = board;
  const standoff = buildStandoffs(map, position, units, results);
  const gone = new Set(removed.map((u) => u.province));
  return {
    units: units.filter((u) => !gone.has(u.province) && !standoff.has(u)),
    removed,
    civilDisorderRemovals,
    results,
  };
}

/**
 * One power's winter: its orders read one by one (too many builds or disbands are handled in order, DATC 4.D.4,
 * 4.D.6; docs/engine.md), then the builds deferred by the variant's slots, unused builds waived, and civil disorder.
 */
function adjustPower(board: AdjustmentBoard, power: Power, mine: PowerOrder[]): void {
  const { map, rules, position } = board;
  const ledger: PowerLedger = {
    power,
    delta: adjustmentDelta(position, power, map, rules),
    allowed: new Set(buildableCenters(map, rules, position, power)),
    built: new Set(),
    disbanded: new Set(),
    builds: 0,
    slots: rules.buildSlots?.({ map, position, power }),
    accepted: [],
    deferred: [],
  };
  for (const { order } of mine) {
    if (order.kind === 'build') resolveBuild(board, ledger, order.unit);
    else if (order.kind === 'disband') resolveDisband(board, ledger, order.unit);
    else if (order.kind === 'waive') resolveWaive(board, ledger);
    else {
      const unit = 'unit' in order ? `${order.unit.type ?? '?'} ${locationKey(order.unit)}` : '';
      const text = formatOrder(order, rules);
      refuse(board, ledger, unit, text, 'only builds, disbands and waives are given in an adjustment phase', 'illegal');
    }
  }
  if (ledger.slots) placeDeferredBuilds(board, ledger, ledger.slots);
  waiveUnusedBuilds(board, ledger);
  disbandInCivilDisorder(board, ledger);
}

/** Records an order that failed (or was illegal), with the reason a player reads. */
function refuse(
  board: AdjustmentBoard,
  ledger: PowerLedger,
  unit: string,
  order: string,
  reason: string,
  result: OrderResult['result'] = 'failure',
): void {
  board.results.push({ power: ledger.power, unit, order, result, reason });
}

/**
 * Why this build fails before its coast and slot are looked at, or null: no builds this winter, all used (DATC
 * 6.I.1), already built there (6.I.7), not a build site (occupied 6.I.3–6.I.4, not owned 6.I.5, not a home centre
 * 6.I.6, or the variant's `buildRefusal`), or a unit type the province cannot take (6.I.2).
 */
function buildRefusalOf(
  board: AdjustmentBoard,
  ledger: PowerLedger,
  u: UnitRef & { type: UnitType },
  name: string,
): string | null {
  const { map, rules, position } = board;
  const { power, delta } = ledger;
  if (delta <= 0) return `${power} has no builds this winter`;
  if (ledger.builds >= delta) return `all ${delta} build${delta > 1 ? 's are' : ' is'} used`; // DATC 6.I.1
  if (ledger.built.has(u.province)) return `a unit is already built in ${name}`; // DATC 6.I.7
  if (!ledger.allowed.has(u.province)) {
    const occupied = position.units.some((x) => x.province === u.province);
    return occupied
      ? `${name} is occupied` // DATC 6.I.3, 6.I.4
      : (rules.buildRefusal?.({ map, position, power, province: u.province }) ??
          (map.homeCenters(power).includes(u.province)
            ? `${power} does not own ${name}` // DATC 6.I.5
            : `${name} is not a home centre of ${power} that it owns`)); // DATC 6.I.6
  }
  if (!buildableTypes(map, rules, position, power, u.province).includes(u.type))
    return `${u.type === 'F' ? 'a fleet' : 'an army'} cannot be built in ${name}`;
  return null;
}

/**
 * A build order: refused (`buildRefusalOf`, or a fleet on a split coast without its coast, DATC 6.B.14), deferred
 * when it does not fit the variant's slots yet, or accepted.
 */
function resolveBuild(board: AdjustmentBoard, ledger: PowerLedger, u: UnitRef & { type: UnitType }): void {
  const { map } = board;
  const label = `${u.type} ${locationKey(u)}`;
  const text = `${label} B`;
  const name = map.province(u.province)?.name ?? u.province;
  const refusal = buildRefusalOf(board, ledger, u, name);
  if (refusal !== null) {
    refuse(board, ledger, label, text, refusal);
    return;
  }
  let coast = u.type === 'A' ? null : u.coast;
  const coasts = map.coastsOf(u.province);
  if (u.type === 'F' && coasts.length > 0 && (!coast || !coasts.includes(coast))) {
    const which = coasts.map((c) => `${u.province}/${c}`).join(' or ');
    refuse(board, ledger, label, text, `say which coast of ${name} (${which})`); // DATC 6.B.14
    return;
  }
  if (u.type === 'F' && coasts.length === 0) coast = null;
  const unit: Unit = { power: ledger.power, type: u.type, province: u.province, coast };
  if (ledger.slots && !fitsSlots(ledger.slots, [...ledger.accepted, u.province])) {
    // Not yet: it may fit once the builds of earlier ranks are in (whatever order they were listed in).
    ledger.deferred.push({ unit, name });
    ledger.built.add(u.province);
    return;
  }
  acceptBuild(board, ledger, unit, name);
}

/** Puts a build on the board and uses one of the power's builds. */
function acceptBuild(board: AdjustmentBoard, ledger: PowerLedger, unit: Unit, name: string): void {
  board.units.push(unit);
  ledger.built.add(unit.province);
  ledger.accepted.push(unit.province);
  ledger.builds++;
  board.results.push({
    power: ledger.power,
    unit: `${unit.type} ${locationKey(unit)}`,
    order: `${unit.type} ${locationKey(unit)} B`,
    result: 'success',
    reason: `built in ${name}`,
  });
}

/**
 * The variant's slots (`buildSlots`, docs/engine.md): deferred builds are placed while any still fits beside the
 * accepted ones, so the set accepted does not depend on the order they were listed in; the rest fail.
 */
function placeDeferredBuilds(board: AdjustmentBoard, ledger: PowerLedger, slots: BuildSlot[]): void {
  const { deferred, accepted, delta } = ledger;
  for (let placed = true; placed; ) {
    placed = false;
    for (const d of [...deferred]) {
      if (ledger.builds >= delta || !fitsSlots(slots, [...accepted, d.unit.province])) continue;
      deferred.splice(deferred.indexOf(d), 1);
      acceptBuild(board, ledger, d.unit, d.name);
      placed = true;
    }
  }
  for (const d of deferred) {
    const label = `${d.unit.type} ${locationKey(d.unit)}`;
    const reason =
      ledger.builds >= delta
        ? `all ${delta} build${delta > 1 ? 's are' : ' is'} used`
        : (slots[accepted.length]?.rule ?? `${d.name} cannot take this build`);
    ledger.built.delete(d.unit.province);
    board.results.push({ power: ledger.power, unit: label, order: `${label} B`, result: 'failure', reason });
  }
}

/**
 * A disband order: refused when the power owes no disband, has paid them all (DATC 6.J.1), disbands the same unit
 * twice (6.J.2), has no unit there, or the variant keeps the unit (`disbandRefusal`); otherwise the unit is removed.
 */
function resolveDisband(board: AdjustmentBoard, ledger: PowerLedger, ordered: UnitRef): void {
  const { map, rules, position } = board;
  const { power, delta, disbanded } = ledger;
  const at = ordered.province;
  const unit = board.units.find((x) => x.province === at && !disbanded.has(at));
  const text = `${ordered.type ?? unit?.type ?? '?'} ${unit ? locationKey(unit) : at} D`;
  const label = `${unit?.type ?? ordered.type ?? '?'} ${unit ? locationKey(unit) : at}`;
  if (delta >= 0) {
    refuse(board, ledger, label, text, `${power} has no units to disband this winter`);
    return;
  }
  if (disbanded.size >= -delta) {
    refuse(board, ledger, label, text, `only ${-delta} unit${delta < -1 ? 's' : ''} must be disbanded`);
    return;
  } // DATC 6.J.1
  if (disbanded.has(at)) {
    refuse(board, ledger, label, text, 'that unit is already disbanded');
    return;
  } // DATC 6.J.2
  if (!unit || unit.power !== power) {
    refuse(board, ledger, label, text, `${power} has no unit in ${map.province(at)?.name ?? at}`);
    return;
  }
  const kept = rules.disbandRefusal?.({ map, position, power, unit });
  if (kept) {
    refuse(board, ledger, label, text, kept);
    return;
  }
  disbanded.add(at);
  board.removed.push(unit);
  board.results.push({
    power,
    unit: label,
    order: `${unit.type} ${locationKey(unit)} D`,
    result: 'success',
    reason: 'disbanded',
  });
}

/** A `WAIVE`: illegal when the variant refuses it (`waiveRefused`), failed with no build left, else one build used. */
function resolveWaive(board: AdjustmentBoard, ledger: PowerLedger): void {
  const { map, rules, position } = board;
  const refused = rules.waiveRefused?.({ map, position, power: ledger.power });
  if (refused) {
    refuse(board, ledger, '', 'WAIVE', refused, 'illegal');
    return;
  }
  if (ledger.delta <= 0 || ledger.builds >= ledger.delta) {
    refuse(board, ledger, '', 'WAIVE', 'no build left to waive');
    return;
  }
  ledger.builds++;
  board.results.push({ power: ledger.power, unit: '', order: 'WAIVE', result: 'success', reason: 'build waived' });
}

/** Builds neither ordered nor waived are waived by default, as many as there are free build sites for. */
function waiveUnusedBuilds(board: AdjustmentBoard, ledger: PowerLedger): void {
  const { delta, builds } = ledger;
  if (delta <= 0 || builds >= delta) return;
  const left = Math.min(delta - builds, Math.max(0, ledger.allowed.size - ledger.built.size));
  if (left <= 0) return;
  board.results.push({
    power: ledger.power,
    unit: '',
    order: 'WAIVE',
    result: 'success',
    reason: `${left} unused build${left > 1 ? 's' : ''} waived`,
    defaulted: true,
  });
}

/** Disbands a power did not order are made in civil disorder (DATC 4.D.8, 2023 rules; `civilDisorderRemovalsOf`). */
function disbandInCivilDisorder(board: AdjustmentBoard, ledger: PowerLedger): void {
  const { map, rules, position } = board;
  const { power, delta, disbanded } = ledger;
  if (delta >= 0 || disbanded.size >= -delta) return;
  const own = board.units.filter((u) => u.power === power && !disbanded.has(u.province));
  const { victims, why } = civilDisorderRemovalsOf(map, rules, position, power, own, -delta - disbanded.size);
  for (const v of victims) {
    disbanded.add(v.province);
    board.removed.push(v);
    board.civilDisorderRemovals.push({ ...v });
    board.results.push({
      power,
      unit: `${v.type} ${locationKey(v)}`,
      order: `${v.type} ${locationKey(v)} D`,
      result: 'success',
      reason: why,
      defaulted: true,
    });
  }
}

/**
 * The units civil disorder removes from `own` (a power's units not disbanded), and the reason they read. Units that
 * do not count against the centres (the variant's `disbandRefusal`) are passed over.
 */
function civilDisorderRemovalsOf(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  power: Power,
  own: Unit[],
  count: number,
): { victims: Unit[]; why: string } {
  const remaining = own.filter((u) => !rules.disbandRefusal?.({ map, position, power, unit: u }));
  const measure = rules.civilDisorderCenters?.({ map, position, power }) ?? {
    provinces: position.supplyCenters[power] ?? [],
    measuredFrom: 'an owned supply centre',
  };
  const victims = civilDisorder(map, measure.provinces, remaining, count);
  // When every unit goes, none was chosen by its distance: say so rather than "farthest".
  if (victims.length < remaining.length)
    return { victims, why: `removed in civil disorder (farthest from ${measure.measuredFrom})` };
  const counted =
    remaining.length < own.length
      ? remaining.length === 1
        ? ' that counts against its centres'
        : ' that count against its centres'
      : '';
  const all = remaining.length === 1 ? 'its last unit' : `all ${remaining.length} of its units`;
  return { victims, why: `removed in civil disorder (no disband was ordered; ${all}${counted} must go)` };
}

/**
 * Builds of two powers in one province (possible only where a variant lets a power build beyond its own centres:
 * Mandate of Heaven's Hsiung-Nu place armies in any vacant province of their area, rule 2, while the centre's owner
 * builds there too). One province holds one unit ("All other rules are as in Standard Diplomacy"), and neither build
 * comes first, so both fail, like two moves into one province. Returns the units not built; rewrites their results.
 */
function buildStandoffs(map: GameMap, position: Position, units: Unit[], results: OrderResult[]): Set<Unit> {
  // `units` starts with the board's units; every build was pushed after them.
  const built = units.slice(position.units.length);
  const byProvince = new Map<ProvinceId, Unit[]>();
  for (const u of built) byProvince.set(u.province, [...(byProvince.get(u.province) ?? []), u]);
  const out = new Set<Unit>();
  for (const [province, here] of byProvince) {
    const powers = [...new Set(here.map((u) => u.power))].sort();
    if (powers.length < 2) continue;
    const name = map.province(province)?.name ?? province;
    for (const u of here) {
      out.add(u);
      const r = results.find(
        (x) => x.power === u.power && x.result === 'success' && x.order === `${u.type} ${locationKey(u)} B`,
      );
      if (!r) continue;
      r.result = 'failure';
      r.reason = `${powers.join(' and ')} both built in ${name}, which holds one unit: neither is built`;
    }
  }
  return out;
}

/**
 * Can these builds (provinces, one build each) take the first `builds.length` slots, one build per slot, each in one
 * of its slot's places? A small bipartite matching (augmenting paths): a winter has a handful of builds.
 */
export function fitsSlots(slots: readonly BuildSlot[], builds: readonly ProvinceId[]): boolean {
  if (builds.length > slots.length) return false;
  const slotOf = new Array<number>(builds.length).fill(-1);
  const buildIn = new Array<number>(builds.length).fill(-1);
  const place = (b: number, seen: boolean[]): boolean => {
    for (let k = 0; k < builds.length; k++) {
      if (seen[k] || !slots[k]!.places.includes(builds[b]!)) continue;
      seen[k] = true;
      if (buildIn[k] === -1 || place(buildIn[k]!, seen)) {
        buildIn[k] = b;
        slotOf[b] = k;
        return true;
      }
    }
    return false;
  };
  return builds.every((_, b) => place(b, new Array<boolean>(builds.length).fill(false)));
}

/**
 * Units removed when a power does not order enough disbands (DATC 4.D.8, 2023 rules): greatest distance to an
 * owned supply centre first, counting moves over land and sea for every unit; ties remove fleets before armies,
 * then by the alphabetical order of the province's full name.
 */
export function civilDisorder(map: GameMap, ownedCenters: ProvinceId[], units: Unit[], count: number): Unit[] {
  const owned = new Set(ownedCenters);
  const distance = (from: ProvinceId): number => {
    if (owned.has(from)) return 0;
    const seen = new Set([from]);
    let frontier = [from];
    for (let d = 1; frontier.length > 0; d++) {
      const next: ProvinceId[] = [];
      for (const p of frontier) {
        for (const q of map.neighbours(p)) {
          if (seen.has(q)) continue;
          if (owned.has(q)) return d;
          seen.add(q);
          next.push(q);
        }
      }
      frontier = next;
    }
    return Number.POSITIVE_INFINITY;
  };
  const ranked = units.map((u) => ({ u, d: distance(u.province), name: map.province(u.province)?.name ?? u.province }));
  ranked.sort(
    (a, b) => b.d - a.d || (a.u.type === b.u.type ? 0 : a.u.type === 'F' ? -1 : 1) || a.name.localeCompare(b.name),
  );
  return ranked.slice(0, count).map((r) => r.u);
}
