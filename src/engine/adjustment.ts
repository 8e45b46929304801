/**
 * The adjustment (winter) phase: builds in owned, vacant home centres, disbands, and civil disorder
 * (DATC 6.I, 6.J; 2023 rules).
 */
import { formatOrder } from './format.js';
import type { GameMap } from './map.js';
import { locationKey } from './map.js';
import type { BuildSlot, RulesModule } from './rules.js';
import type { OrderResult, Position, Power, PowerOrder, ProvinceId, Unit, UnitType } from './types.js';

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

export function resolveAdjustments(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  orders: PowerOrder[],
): AdjustmentOutcome {
  const results: OrderResult[] = [];
  const units = position.units.map((u) => ({ ...u }));
  const removed: Unit[] = [];
  const civilDisorderRemovals: Unit[] = [];
  const powers = new Set([...powersIn(position), ...orders.map((o) => o.power)]);

  for (const power of [...powers].sort()) {
    const delta = adjustmentDelta(position, power, map, rules);
    const mine = orders.filter((o) => o.power === power);
    const allowed = new Set(buildableCenters(map, rules, position, power));
    const built = new Set<ProvinceId>();
    const disbanded = new Set<ProvinceId>();
    let builds = 0;
    const fail = (
      _po: PowerOrder,
      unit: string,
      order: string,
      reason: string,
      result: OrderResult['result'] = 'failure',
    ) => results.push({ power, unit, order, result, reason });

    // Builds that differ by their rank (the variant's `buildSlots`): the k-th build of the winter goes in slot k.
    const slots = rules.buildSlots?.({ map, position, power });
    const accepted: ProvinceId[] = [];
    const deferred: { unit: Unit; name: string }[] = [];
    const accept = (unit: Unit, name: string) => {
      units.push(unit);
      built.add(unit.province);
      accepted.push(unit.province);
      builds++;
      results.push({
        power,
        unit: `${unit.type} ${locationKey(unit)}`,
        order: `${unit.type} ${locationKey(unit)} B`,
        result: 'success',
        reason: `built in ${name}`,
      });
    };

    for (const po of mine) {
      const order = po.order;
      if (order.kind === 'build') {
        const u = order.unit;
        const text = `${u.type} ${locationKey(u)} B`;
        const name = map.province(u.province)?.name ?? u.province;
        if (delta <= 0) {
          fail(po, `${u.type} ${locationKey(u)}`, text, `${power} has no builds this winter`);
          continue;
        }
        if (builds >= delta) {
          fail(po, `${u.type} ${locationKey(u)}`, text, `all ${delta} build${delta > 1 ? 's are' : ' is'} used`);
          continue;
        } // DATC 6.I.1
        if (built.has(u.province)) {
          fail(po, `${u.type} ${locationKey(u)}`, text, `a unit is already built in ${name}`);
          continue;
        } // DATC 6.I.7
        if (!allowed.has(u.province)) {
          const occupied = position.units.some((x) => x.province === u.province);
          const reason = occupied
            ? `${name} is occupied` // DATC 6.I.3, 6.I.4
            : (rules.buildRefusal?.({ map, position, power, province: u.province }) ??
              (map.homeCenters(power).includes(u.province)
                ? `${power} does not own ${name}` // DATC 6.I.5
                : `${name} is not a home centre of ${power} that it owns`)); // DATC 6.I.6
          fail(po, `${u.type} ${locationKey(u)}`, text, reason);
          continue;
        }
        if (!buildableTypes(map, rules, position, power, u.province).includes(u.type)) {
          fail(
            po,
            `${u.type} ${locationKey(u)}`,
            text,
            `${u.type === 'F' ? 'a fleet' : 'an army'} cannot be built in ${name}`,
          );
          continue;
        }
        let coast = u.type === 'A' ? null : u.coast;
        const coasts = map.coastsOf(u.province);
        if (u.type === 'F' && coasts.length > 0 && (!coast || !coasts.includes(coast))) {
          fail(
            po,
            `${u.type} ${locationKey(u)}`,
            text,
            `say which coast of ${name} (${coasts.map((c) => `${u.province}/${c}`).join(' or ')})`,
          ); // DATC 6.B.14
          continue;
        }
        if (u.type === 'F' && coasts.length === 0) coast = null;
        const unit: Unit = { power, type: u.type, province: u.province, coast };
        if (slots && !fitsSlots(slots, [...accepted, u.province])) {
          // Not yet: it may fit once the builds of earlier ranks are in (whatever order they were listed in).
          deferred.push({ unit, name });
          built.add(u.province);
          continue;
        }
        accept(unit, name);
      } else if (order.kind === 'disband') {
        const at = order.unit.province;
        const unit = units.find((x) => x.province === at && !disbanded.has(at));
        const text = `${order.unit.type ?? unit?.type ?? '?'} ${unit ? locationKey(unit) : at} D`;
        const label = `${unit?.type ?? order.unit.type ?? '?'} ${unit ? locationKey(unit) : at}`;
        if (delta >= 0) {
          fail(po, label, text, `${power} has no units to disband this winter`);
          continue;
        }
        if (disbanded.size >= -delta) {
          fail(po, label, text, `only ${-delta} unit${delta < -1 ? 's' : ''} must be disbanded`);
          continue;
        } // DATC 6.J.1
        if (disbanded.has(at)) {
          fail(po, label, text, 'that unit is already disbanded');
          continue;
        } // DATC 6.J.2
        if (!unit || unit.power !== power) {
          fail(po, label, text, `${power} has no unit in ${map.province(at)?.name ?? at}`);
          continue;
        }
        const kept = rules.disbandRefusal?.({ map, position, power, unit });
        if (kept) {
          fail(po, label, text, kept);
          continue;
        }
        disbanded.add(at);
        removed.push(unit);
        results.push({
          power,
          unit: label,
          order: `${unit.type} ${locationKey(unit)} D`,
          result: 'success',
          reason: 'disbanded',
        });
      } else if (order.kind === 'waive') {
        const refused = rules.waiveRefused?.({ map, position, power });
        if (refused) {
          fail(po, '', 'WAIVE', refused, 'illegal');
          continue;
        }
        if (delta <= 0 || builds >= delta) {
          fail(po, '', 'WAIVE', 'no build left to waive');
          continue;
        }
        builds++;
        results.push({ power, unit: '', order: 'WAIVE', result: 'success', reason: 'build waived' });
      } else {
        const unit = 'unit' in order ? `${order.unit.type ?? '?'} ${locationKey(order.unit)}` : '';
        fail(
          po,
          unit,
          formatOrder(order, rules),
          'only builds, disbands and waives are given in an adjustment phase',
          'illegal',
        );
      }
    }
    if (slots) {
      for (let placed = true; placed; ) {
        placed = false;
        for (const d of [...deferred]) {
          if (builds >= delta || !fitsSlots(slots, [...accepted, d.unit.province])) continue;
          deferred.splice(deferred.indexOf(d), 1);
          accept(d.unit, d.name);
          placed = true;
        }
      }
      for (const d of deferred) {
        const label = `${d.unit.type} ${locationKey(d.unit)}`;
        const reason =
          builds >= delta
            ? `all ${delta} build${delta > 1 ? 's are' : ' is'} used`
            : (slots[accepted.length]?.rule ?? `${d.name} cannot take this build`);
        built.delete(d.unit.province);
        results.push({ power, unit: label, order: `${label} B`, result: 'failure', reason });
      }
    }
    if (delta > 0 && builds < delta) {
      const left = Math.min(delta - builds, Math.max(0, allowed.size - built.size));
      if (left > 0) {
        results.push({
          power,
          unit: '',
          order: 'WAIVE',
          result: 'success',
          reason: `${left} unused build${left > 1 ? 's' : ''} waived`,
          defaulted: true,
        });
      }
    }
    if (delta < 0 && disbanded.size < -delta) {
      // Civil disorder (DATC 4.D.8, 2023 rules).
      const own = units.filter((u) => u.power === power && !disbanded.has(u.province));
      const { victims, why } = civilDisorderRemovalsOf(map, rules, position, power, own, -delta - disbanded.size);
      for (const v of victims) {
        disbanded.add(v.province);
        removed.push(v);
        civilDisorderRemovals.push({ ...v });
        results.push({
          power,
          unit: `${v.type} ${locationKey(v)}`,
          order: `${v.type} ${locationKey(v)} D`,
          result: 'success',
          reason: why,
          defaulted: true,
        });
      }
    }
  }
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
