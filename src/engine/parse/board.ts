/**
 * Completes a parsed order from the board: fills in unit types (and a fleet's coast) the player left out,
 * checks that the ordered unit exists when the caller says whose order it is, and picks the type of a build
 * when only one type is possible there.
 */
import type { GameMap } from '../map.js';
import type { Variant } from '../variant.js';
import type { Order, Position, Power, ProvinceId, Unit, UnitRef, UnitType } from '../types.js';
import { ParseError, type DraftOrder } from './grammar.js';
import type { OrderLanguage } from './language.js';

export interface ParseContext {
  /** The board the order is given on: fills in omitted unit types, decides retreat vs move. */
  position?: Position;
  /** Whose order this is: orders for another power's unit, or for an empty province, are rejected. */
  power?: Power;
  /** Powers whose units `power` may order too: its votes for them (Mandate of Heaven neutrals, `votedPowers`). */
  alsoFor?: readonly Power[];
  /** The reader's language: its place names and order words are read besides the English ones. */
  language?: OrderLanguage;
  /**
   * Provinces out of the caller's sight (fog of war, docs/table.md "Fog of war"): `position` is then the caller's view,
   * and a support or convoy for a unit there must say its type, which the view cannot fill in.
   */
  unseen?: ReadonlySet<ProvinceId>;
}

const typeName = (t: UnitType) => (t === 'A' ? 'army' : 'fleet');

function placeName(map: GameMap, province: string): string {
  return map.province(province)?.name ?? province;
}

/** The unit an order is for: the power's own if it has one there; in a retreat phase the dislodged unit comes first. */
function orderedUnitAt(position: Position, province: string, power: Power | undefined): Unit | undefined {
  let onBoard: Unit | undefined;
  for (const u of position.units) {
    if (u.province === province) {
      onBoard = u;
      break;
    }
  }
  let dislodged: Unit | undefined;
  for (const u of position.dislodged) {
    if (u.province === province) {
      dislodged = u;
      break;
    }
  }
  const retreat = position.phase.type === 'retreat';
  const first = retreat ? dislodged : onBoard;
  const second = retreat ? onBoard : dislodged;
  if (first && first.power === power) return first;
  if (second && second.power === power) return second;
  return first ?? second;
}

/** Fill type and coast from `found` where the player left them out. */
function fill(ref: UnitRef, found: Unit | undefined): UnitRef {
  if (!found) return ref;
  const type = ref.type ?? found.type;
  const coast = ref.coast ?? (type === found.type ? found.coast : null);
  return { ...ref, type, coast };
}

function orderedUnit(variant: Variant, ref: UnitRef, ctx: ParseContext): UnitRef {
  const { position, power } = ctx;
  if (!position) return ref;
  const found = orderedUnitAt(position, ref.province, power);
  if (!found || power) return checkedUnit(variant, ref, ctx, found);
  return fill(ref, found);
}

/** `orderedUnit` when there is no unit there, or when the caller says whose order it is. */
function checkedUnit(variant: Variant, ref: UnitRef, ctx: ParseContext, found: Unit | undefined): UnitRef {
  const { power } = ctx;
  const where = placeName(variant.map, ref.province);
  if (!found) {
    if (power) throw new ParseError(`${power} has no unit in ${where}`);
    if (ref.type === null) throw new ParseError(`there is no unit in ${where}`);
    return ref;
  }
  if (power && found.power !== power && !ctx.alsoFor?.includes(found.power)) {
    throw new ParseError(`the ${typeName(found.type)} in ${where} belongs to ${found.power}, not ${power}`);
  }
  if (power && ref.type !== null && ref.type !== found.type) {
    throw new ParseError(
      `the unit in ${where} is ${found.type === 'A' ? 'an army' : 'a fleet'}, not ${ref.type === 'A' ? 'an army' : 'a fleet'}`,
    );
  }
  // For the unit's own power a wrong coast on the ordered fleet is corrected from the board (DATC 4.B.5 ignores it anyway).
  if (power && found.coast !== null) return { ...fill(ref, found), coast: found.coast };
  return fill(ref, found);
}

/** The unit types that may be built in `province` (variant hook first, then what can stand there). */
function buildTypes(variant: Variant, province: string, ctx: ParseContext): UnitType[] {
  const { map, rules } = variant;
  if (rules.buildableTypes && ctx.position && ctx.power) {
    return rules.buildableTypes({ map, position: ctx.position, power: ctx.power, province });
  }
  const types: UnitType[] = [];
  if (map.isLand(province)) types.push('A');
  if (map.isFleetable(province)) types.push('F');
  return types;
}

export function completeWithBoard(variant: Variant, draft: DraftOrder, ctx: ParseContext): Order {
  switch (draft.kind) {
    case 'waive':
      return draft;
    case 'build': {
      if (draft.unit.type) return { kind: 'build', unit: { ...draft.unit, type: draft.unit.type } };
      const types = buildTypes(variant, draft.unit.province, ctx);
      const where = placeName(variant.map, draft.unit.province);
      if (types.length === 1) return { kind: 'build', unit: { ...draft.unit, type: types[0]! } };
      if (types.length === 0) throw new ParseError(`nothing can be built in ${where}`);
      throw new ParseError(
        `say which unit to build in ${where}: ${types.map((t) => `${t} (${typeName(t)})`).join(' or ')}`,
      );
    }
    case 'support':
    case 'convoy': {
      const unit = orderedUnit(variant, draft.unit, ctx);
      const found = ctx.position?.units.find((u) => u.province === draft.target.province);
      if (ctx.position && ctx.power && !found && draft.target.type === null) {
        const verb = draft.kind === 'support' ? 'support' : 'convoy';
        const where = placeName(variant.map, draft.target.province);
        if (ctx.unseen?.has(draft.target.province))
          throw new ParseError(`${where} is out of sight: say which unit to ${verb} there, A (army) or F (fleet)`);
        throw new ParseError(`there is no unit in ${where} to ${verb}`);
      }
      return { ...draft, unit, target: fill(draft.target, found) };
    }
    default:
      return { ...draft, unit: orderedUnit(variant, draft.unit, ctx) };
  }
}
