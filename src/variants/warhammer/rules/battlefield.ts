/**
 * Decisive battles: who fights where, read from a finished (provisional) movement resolution. Shared by the
 * declaration phase (grouping, army sizes: `../decisive-phase.ts`) and by the re-adjudication with the reported
 * winners (`./battles.ts`), so both see the same battles.
 *
 * Seed, Determining Where Decisive Battles Occur: "A unit and all of it's supports is considered one group for the
 * purpose of determining where a decisive battle occurs. So if A moves to C supported by B, and D moves to B supported
 * by C, and both moves are decisive moves, then only one battle is fought".
 *
 * - The sides at a province P: every unit moving into P with the supports that counted for it (not cut) in the
 *   provisional result; and the unit standing at P when it does not move, or when its move failed and the
 *   provisional result dislodges it (it may declare a decisive hold). A unit at P whose move elsewhere failed
 *   without being dislodged is no side at P: if it bounces back it is dislodged (the author's preferred rule, below).
 * - A head-to-head (two units moving into each other's province, neither by convoy): the unit at P defends P with
 *   its move and that move's supports (the strength the other faced: "recall (or recalculate) the strength of the
 *   defense that you faced"), whatever its move's outcome. So the battle at P has both armies, and battles at both
 *   provinces share both groups: "only one battle is fought to determine if A moves to C or if D moves to B". Its
 *   winner's order is carried out and the loser's is not; the two never swap places.
 * - Battles at several provinces whose groups share a unit are one battle; groups sharing a unit are one side.
 */
import type { MovementOutcomeView, OrderedUnit } from '../../../engine/rules.js';
import { locationKey, type GameMap } from '../../../engine/map.js';
import type { Power, ProvinceId, Unit } from '../../../engine/types.js';
import { ATHEL_LOREN, NORSE, WOOD_ELVES } from '../features.js';
import { IMMORTAL_FIELD_LABEL, IMMORTAL_ORIGIN } from './immortality.js';

/** One unit of the field (virtual armies included) and what it did provisionally. */
export interface FieldUnit {
  /** `A altd`; a virtual army is named after its province (`A athe`, `A sylv` for Immortality). */
  label: string;
  /** How players read it in results and events: the label, or a virtual army's name (`the Illusion`). */
  name: string;
  power: Power;
  type: 'A' | 'F';
  /** Where it stands (Immortality's virtual army: `immortality`, no province of the map). */
  province: ProvinceId;
  virtual: boolean;
  /** Target of a legal move, else null. */
  moveTo: ProvinceId | null;
  /** Support it gave (a legal support that matched the order): to the unit in `target`, into `into` (null: to hold). */
  supports: { target: ProvinceId; into: ProvinceId | null; counted: boolean } | null;
  dislodged: boolean;
  moveFailed: boolean;
  /** Strength above 1 + supports that the variant's abilities give (Sea Raiders, the Illusion, Strong Capitals). */
  bonus: number;
}

export interface Group {
  /** The unit the group fights for (it moves into, or stands at, `province`). */
  principal: FieldUnit;
  /** `defend`: the unit at `province` in a head-to-head with a unit moving in, fighting with its own move's group. */
  kind: 'move' | 'hold' | 'defend';
  province: ProvinceId;
  /** Every support given to it, cut or not: the group, for where battles occur. */
  supporters: FieldUnit[];
  /** 1 + the supports that counted (not cut) + the abilities' bonus: the strength it held or attacked with. */
  strength: number;
}

export interface Field {
  units: FieldUnit[];
  /** Groups at each province units move into or stand at. */
  groupsAt(province: ProvinceId): Group[];
}

export interface FieldOptions {
  /** Strong Capitals: any unit holding on a capital holds with an additional strength. */
  strongCapitals?: ReadonlySet<ProvinceId>;
}

/** The field of a finished movement resolution (`outcome` of pass 0 = the provisional result). */
export function fieldOf(map: GameMap, outcome: MovementOutcomeView, opts: FieldOptions = {}): Field {
  const resultOf = new Map<string, string>();
  for (const r of outcome.results)
    if (!resultOf.has(`${r.power}|${r.unit}`)) resultOf.set(`${r.power}|${r.unit}`, r.result);
  const dislodged = new Set(outcome.dislodged.map((d) => `${d.power}|${d.type} ${locationKey(d)}`));
  const arrived = new Set(outcome.units.map((u) => `${u.power}|${u.province}`));
  const units: FieldUnit[] = outcome.ordered.map((ou) => fieldUnit(map, ou, resultOf, dislodged, arrived, opts));
  const byProvince = new Map(units.map((u) => [u.province, u]));
  const convoyed = new Set(outcome.convoyed);
  const cache = new Map<ProvinceId, Group[]>();
  const group = (u: FieldUnit, kind: Group['kind'], province: ProvinceId): Group => {
    const supporters = units.filter(
      (s) => s.supports && s.supports.target === u.province && s.supports.into === u.moveTo,
    );
    return {
      principal: u,
      kind,
      province,
      supporters,
      strength: 1 + supporters.filter((x) => x.supports!.counted).length + u.bonus,
    };
  };
  return {
    units,
    groupsAt(province) {
      let out = cache.get(province);
      if (out) return out;
      out = units.filter((u) => u.moveTo === province).map((u) => group(u, 'move', province));
      const holder = byProvince.get(province);
      const headToHead =
        holder?.moveTo &&
        !convoyed.has(holder.province) &&
        byProvince.get(holder.moveTo)?.moveTo === province &&
        !convoyed.has(holder.moveTo);
      if (holder && headToHead) out.push(group(holder, 'defend', province));
      else if (holder && holder.moveTo !== province && (!holder.moveTo || (holder.moveFailed && holder.dislodged)))
        out.push(group(holder, 'hold', province));
      out.sort((a, b) => a.principal.label.localeCompare(b.principal.label));
      cache.set(province, out);
      return out;
    },
  };
}

function fieldUnit(
  map: GameMap,
  ou: OrderedUnit,
  resultOf: Map<string, string>,
  dislodged: Set<string>,
  arrived: Set<string>,
  opts: FieldOptions,
): FieldUnit {
  const order = ou.order;
  const legal = !ou.illegalReason;
  const moveTo = legal && order.kind === 'move' ? order.to.province : null;
  const province = ou.unit.province;
  const label = fieldLabel(ou);
  const result = ou.virtual
    ? moveTo
      ? arrived.has(`${ou.unit.power}|${moveTo}`)
        ? 'success'
        : 'failure'
      : 'success'
    : resultOf.get(`${ou.unit.power}|${label}`);
  const given = legal && order.kind === 'support' && (result === 'success' || result === 'failure');
  const supports = given
    ? { target: order.target.province, into: order.to ? order.to.province : null, counted: result === 'success' }
    : null;
  let bonus = 0;
  // The abilities' strength, as the strength hook gives it (rules/sea-raiders.ts, rules/illusion.ts, Strong Capitals).
  if (ou.unit.power === NORSE && ou.unit.type === 'F' && moveTo && map.province(moveTo)?.kind === 'coast') bonus += 1;
  if (!moveTo && ou.unit.power === WOOD_ELVES && ou.unit.province === ATHEL_LOREN && !ou.virtual) bonus += 1;
  if (!moveTo && opts.strongCapitals?.has(ou.unit.province)) bonus += 1;
  return {
    label,
    name: ou.virtual && ou.label ? ou.label : label,
    power: ou.unit.power,
    type: ou.unit.type,
    province,
    virtual: ou.virtual === true,
    moveTo,
    supports,
    dislodged: dislodged.has(`${ou.unit.power}|${label}`),
    moveFailed: moveTo !== null && result !== 'success',
    bonus,
  };
}

/**
 * How declarations and battles name a unit: `A altd`; a virtual army after where it stands (`A athe`, the Illusion),
 * the Immortality army, which stands on no province, `Immortality`.
 */
export function fieldLabel(ou: { unit: Unit }): string {
  return ou.unit.province === IMMORTAL_ORIGIN ? IMMORTAL_FIELD_LABEL : `${ou.unit.type} ${locationKey(ou.unit)}`;
}

/** A battle: the provinces it decides and its sides (groups sharing a unit are one side). */
export interface FieldBattle {
  provinces: ProvinceId[];
  sides: FieldSide[];
}

export interface FieldSide {
  /** The leading unit's label: the principal of the side's strongest group (ties: by label). */
  lead: string;
  /** The leading unit as players read it (`the Illusion` for the virtual army labelled `A athe`). */
  leadName: string;
  power: Power;
  groups: Group[];
  /** The units that field an army, once each: the groups' principals and the supports that counted (not cut). */
  units: FieldUnit[];
  /** 1 per unit fielding an army, plus the abilities' bonus. */
  strength: number;
}

/**
 * The battles fought at these provinces: one per province, merged when their groups share a unit (the seed's
 * "only one battle is fought"). `lead` picks a side's leading unit among its principals (default: strongest).
 */
export function battlesAt(
  field: Field,
  provinces: ProvinceId[],
  leadOf?: (side: Group[]) => FieldUnit | undefined,
): FieldBattle[] {
  const list = [...new Set(provinces)].sort();
  const members = (g: Group) => [g.principal, ...g.supporters].map((u) => u.label);
  // Union-find over provinces (shared units merge battles) and over groups (shared units merge sides).
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let p = parent.get(x) ?? x;
    while (p !== (parent.get(p) ?? p)) p = parent.get(p) ?? p;
    parent.set(x, p);
    return p;
  };
  const union = (a: string, b: string) => {
    const [x, y] = [find(a), find(b)].sort() as [string, string];
    if (x !== y) parent.set(y, x);
  };
  const groups = list.flatMap((p) => field.groupsAt(p).map((g) => ({ key: `${p}#${g.principal.label}`, g })));
  const unitHome = new Map<string, string>();
  for (const { key, g } of groups) {
    for (const label of members(g)) {
      const seen = unitHome.get(label);
      if (seen) union(`g:${seen}`, `g:${key}`);
      else unitHome.set(label, key);
    }
  }
  const provinceOfGroup = (key: string) => key.split('#')[0]!;
  for (const { key } of groups) union(`p:${provinceOfGroup(find(`g:${key}`).slice(2))}`, `p:${provinceOfGroup(key)}`);
  const battles = new Map<string, FieldBattle>();
  for (const p of list) {
    const root = find(`p:${p}`);
    const b = battles.get(root) ?? { provinces: [], sides: [] };
    b.provinces.push(p);
    battles.set(root, b);
  }
  for (const b of battles.values()) {
    const sideGroups = new Map<string, Group[]>();
    for (const { key, g } of groups) {
      if (!b.provinces.includes(provinceOfGroup(key))) continue;
      const root = find(`g:${key}`);
      sideGroups.set(root, [...(sideGroups.get(root) ?? []), g]);
    }
    b.sides = [...sideGroups.values()].map((gs) => sideOf(gs, leadOf)).sort((x, y) => x.lead.localeCompare(y.lead));
  }
  return [...battles.values()].sort((x, y) => x.provinces[0]!.localeCompare(y.provinces[0]!));
}

function sideOf(groups: Group[], leadOf?: (side: Group[]) => FieldUnit | undefined): FieldSide {
  const units = new Map<string, FieldUnit>();
  for (const g of groups)
    for (const u of [g.principal, ...g.supporters.filter((x) => x.supports!.counted)]) units.set(u.label, u);
  const strongest = [...groups].sort(
    (a, b) => b.strength - a.strength || a.principal.label.localeCompare(b.principal.label),
  )[0]!.principal;
  const lead = leadOf?.(groups) ?? strongest;
  const list = [...units.values()].sort((a, b) => a.label.localeCompare(b.label));
  const bonus = Math.max(0, ...groups.map((g) => g.principal.bonus));
  return {
    lead: lead.label,
    leadName: lead.name,
    power: lead.power,
    groups,
    units: list,
    strength: list.length + bonus,
  };
}

/** The side a reported winner names: by its unit, else the one side `power` fights on (its lead's power first). */
export function winningSide(battle: FieldBattle, power: Power, unit?: string): FieldSide | string {
  if (unit) {
    const side = battle.sides.find(
      (s) => s.units.some((u) => u.label === unit) || s.groups.some((g) => g.supporters.some((u) => u.label === unit)),
    );
    if (!side) return `no side of the battle at ${battle.provinces.join(', ')} has ${unit}`;
    if (!side.units.some((u) => u.power === power)) return `${power} does not fight on the side of ${unit}`;
    return side;
  }
  const led = battle.sides.filter((s) => s.power === power);
  if (led.length === 1) return led[0]!;
  const with_ = battle.sides.filter((s) => s.units.some((u) => u.power === power));
  if (with_.length === 1) return with_[0]!;
  if (with_.length === 0)
    return `${power} does not fight in the battle at ${battle.provinces.join(', ')} (sides: ${battle.sides.map((s) => `${s.power} ${s.lead}`).join('; ')})`;
  return `${power} fights on several sides at ${battle.provinces.join(', ')}: say which with "unit" (${with_.map((s) => s.lead).join(', ')})`;
}
