/**
 * What one board edit does to a position (docs/bot.md "Editing the board"), pure: a unit added, removed or moved, a
 * centre's owner set, each checked against the map the way a game master expects it refused: two units in a province,
 * a fleet inland, an army at sea, a split coast not named, a centre that does not exist, a power the game lacks.
 */
import type { GameMap } from '../../engine/map.js';
import { normalizeName, placeIndex } from '../../engine/parse/places.js';
import type { Position, Unit, UnitType } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { msg, type Msg, type MsgParam } from '../../i18n/index.js';
import { type BoardEdit, locationParam, powerByName, powerParam, provinceParam, typed } from '../core/index.js';

/**
 * The edited position, its announcement and the edit as it was applied (`applied`: places as location ids, `spa/sc`,
 * powers as the variant names them; what the game's export lists, docs/bot.md "Export and import"), or the refusal.
 */
export type EditOutcome =
  | { ok: true; position: Position; announcement: Msg; applied: BoardEdit }
  | { ok: false; refusal: Msg };

/** A location as ids: `spa/sc`, `par`. */
const locationId = (p: { province: string; coast?: string | null }) =>
  p.coast ? `${p.province}/${p.coast}` : p.province;

interface Place {
  province: string;
  coast: string | null;
}

const refuse = (refusal: Msg): EditOutcome => ({ ok: false, refusal });

/** `spa/nc`, `Spain (nc)`, `St. Petersburg sc`, `stp`: a province of the map and the coast named, if any. */
function placeOf(map: GameMap, text: string): Place | Msg {
  const m = /^(.*?)(?:\s*[/(]\s*|\s+)([a-z]{2})\s*\)?$/i.exec(text.trim());
  const index = placeIndex(map).byKey;
  const find = (name: string) => index.get(normalizeName(name)) ?? index.get(normalizeName(name).replace(/ /g, ''));
  const whole = find(text);
  if (whole) return { province: whole, coast: null };
  if (m) {
    const province = find(m[1]!);
    const coast = m[2]!.toLowerCase();
    if (province && map.province(province)!.coasts.includes(coast)) return { province, coast };
  }
  return msg('gmEdit.refused.unknownPlace', { text: typed(text) });
}

const unitName = (type: UnitType) => msg(type === 'A' ? 'gmEdit.unit.army' : 'gmEdit.unit.fleet');
const newUnitName = (type: UnitType) => msg(type === 'A' ? 'gmEdit.unit.newArmy' : 'gmEdit.unit.newFleet');

/** Where a unit of `type` may stand: the place itself, a split coast named, or a refusal. */
function standing(variant: Variant, type: UnitType, place: Place): Place | Msg {
  const info = variant.map.province(place.province)!;
  const province = provinceParam(variant, info.id);
  if (info.kind === 'impassable') return msg('gmEdit.refused.impassable', { province });
  if (type === 'A') {
    if (info.kind === 'sea') return msg('gmEdit.refused.armyAtSea', { province });
    return { province: place.province, coast: null };
  }
  if (info.kind === 'land') return msg('gmEdit.refused.fleetInland', { province });
  if (info.coasts.length > 0 && !place.coast)
    return msg('gmEdit.refused.coast', { province, example: `${info.id}/${info.coasts[0]}` });
  return { province: place.province, coast: info.coasts.length > 0 ? place.coast : null };
}

const isMsg = (v: unknown): v is Msg => typeof v === 'object' && v !== null && 'key' in v;

export function applyEdit(variant: Variant, position: Position, edit: BoardEdit): EditOutcome {
  const map = variant.map;
  const unitIn = (province: string) => position.units.find((u) => u.province === province);
  const nameOf = (province: string) => provinceParam(variant, province);
  const where = (p: Place) => locationParam(variant, p.province, p.coast);
  switch (edit.kind) {
    case 'add': {
      const power = powerByName(variant, edit.power);
      if (!power) return refuse(msg('gmEdit.refused.unknownPower', { text: typed(edit.power) }));
      const place = placeOf(map, edit.place);
      if (isMsg(place)) return refuse(place);
      const spot = standing(variant, edit.unit, place);
      if (isMsg(spot)) return refuse(spot);
      const there = unitIn(spot.province);
      if (there) return refuse(occupied(variant, nameOf(spot.province), there));
      const unit: Unit = { power, type: edit.unit, province: spot.province, coast: spot.coast };
      return {
        ok: true,
        position: { ...position, units: [...position.units, unit] },
        applied: { kind: 'add', power, unit: edit.unit, place: locationId(spot) },
        announcement: msg('gmEdit.announce.add', {
          unit: newUnitName(edit.unit),
          power: powerParam(variant, power),
          province: where(spot),
        }),
      };
    }
    case 'remove': {
      const place = placeOf(map, edit.place);
      if (isMsg(place)) return refuse(place);
      const unit = unitIn(place.province);
      if (!unit) return refuse(msg('gmEdit.refused.noUnit', { province: nameOf(place.province) }));
      return {
        ok: true,
        position: { ...position, units: position.units.filter((u) => u !== unit) },
        applied: { kind: 'remove', place: locationId(unit) },
        announcement: msg('gmEdit.announce.remove', {
          unit: unitName(unit.type),
          power: powerParam(variant, unit.power),
          province: where(unit),
        }),
      };
    }
    case 'move':
      return moveUnit(variant, position, edit.from, edit.to);
    case 'owner':
      return setOwner(variant, position, edit.place, edit.power);
  }
}

const occupied = (variant: Variant, province: MsgParam, unit: Unit) =>
  msg('gmEdit.refused.occupied', { province, unit: unitName(unit.type), power: powerParam(variant, unit.power) });

function moveUnit(variant: Variant, position: Position, fromText: string, toText: string): EditOutcome {
  const map = variant.map;
  const nameOf = (province: string) => provinceParam(variant, province);
  const from = placeOf(map, fromText);
  if (isMsg(from)) return refuse(from);
  const unit = position.units.find((u) => u.province === from.province);
  if (!unit) return refuse(msg('gmEdit.refused.noUnit', { province: nameOf(from.province) }));
  const to = placeOf(map, toText);
  if (isMsg(to)) return refuse(to);
  const spot = standing(variant, unit.type, to);
  if (isMsg(spot)) return refuse(spot);
  if (spot.province === unit.province && spot.coast === unit.coast)
    return refuse(msg('gmEdit.refused.samePlace', { province: nameOf(spot.province) }));
  const there = position.units.find((u) => u.province === spot.province && u !== unit);
  if (there) return refuse(occupied(variant, nameOf(spot.province), there));
  const moved: Unit = { ...unit, province: spot.province, coast: spot.coast };
  const at = (p: { province: string; coast?: string | null }) => locationParam(variant, p.province, p.coast);
  return {
    ok: true,
    position: { ...position, units: position.units.map((u) => (u === unit ? moved : u)) },
    applied: { kind: 'move', from: locationId(unit), to: locationId(spot) },
    announcement: msg('gmEdit.announce.move', {
      unit: unitName(unit.type),
      power: powerParam(variant, unit.power),
      from: at(unit),
      to: at(spot),
    }),
  };
}

function setOwner(variant: Variant, position: Position, placeText: string, powerText: string | null): EditOutcome {
  const map = variant.map;
  const place = placeOf(map, placeText);
  if (isMsg(place)) return refuse(place);
  const info = map.province(place.province)!;
  const province = provinceParam(variant, info.id);
  if (!info.supplyCenter) return refuse(msg('gmEdit.refused.notCentre', { province }));
  const power = powerText === null ? null : powerByName(variant, powerText);
  if (powerText !== null && !power) return refuse(msg('gmEdit.refused.unknownPower', { text: typed(powerText) }));
  const owner = Object.keys(position.supplyCenters).find((p) => position.supplyCenters[p]!.includes(info.id)) ?? null;
  if (owner === power)
    return refuse(
      power
        ? msg('gmEdit.refused.sameOwner', { power: powerParam(variant, power), province })
        : msg('gmEdit.refused.alreadyNeutral', { province }),
    );
  const supplyCenters: Record<string, string[]> = {};
  for (const [p, centres] of Object.entries(position.supplyCenters))
    supplyCenters[p] = centres.filter((c) => c !== info.id);
  if (power) supplyCenters[power] = [...(supplyCenters[power] ?? []), info.id];
  return {
    ok: true,
    position: { ...position, supplyCenters },
    applied: { kind: 'owner', place: info.id, power },
    announcement: power
      ? msg('gmEdit.announce.owner', { province, power: powerParam(variant, power) })
      : msg('gmEdit.announce.ownerNone', { province }),
  };
}
