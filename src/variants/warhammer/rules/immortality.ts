/**
 * Vampire Counts, Immortality. Seed: "During Fall Moves, if the home center of the Vampire Counts (Sylvania) is
 * controlled by foreign power, a virtual Vampire Count army moves to Sylvania This represents the Vampire Counts
 * retaking their ancesteral lands. A second Vampire Count army may support this move."
 *
 * - In a Fall movement phase, when another power owns the Sylvania centre and no Vampire Counts unit is there, a
 *   virtual Vampire Counts army moves into Sylvania (the engine's `extraOrders`, `virtual`). It comes from nowhere
 *   on the board (`IMMORTAL_ORIGIN`, reachable only through `canMove`), so it cannot be attacked, dislodged or caught
 *   in a head-to-head; like any move into Sylvania it cuts a support given from there.
 * - Its strength is 1 plus supports, resolved by the resolver like any move. "A second Vampire Count army may
 *   support this move": a Vampire Counts army next to Sylvania orders `A Gfor S Immortality` (also `S Immortality -
 *   Sylv`, `S A Immortality - Sylv`); while the virtual army moves, the order is carried out as an ordinary support of
 *   its move (`adoptOrders`), so the resolver counts it, cuts it and reports it like any support.
 * - When a Vampire Counts unit is ordered into Sylvania itself, Immortality steps aside that phase.
 * - If the move succeeds the virtual army becomes a real Vampire Counts army in Sylvania (the engine's
 *   `materializes`); an occupant is dislodged and retreats as usual (only possible once supports exist). Sylvania changes owner at the end of Fall by the ordinary rule. If it fails, it vanishes.
 * - The Vampire Counts are never beyond return: the rule applies even when they have no unit or centre left
 *   (brief §5.3, 5: dormant, not eliminated).
 */
import { unitCanReachProvince } from '../../../engine/board.js';
import type { GameMap } from '../../../engine/map.js';
import type { OrderedUnit, RulesModule, SpecialOrderParser, SpecialOrderSpec } from '../../../engine/rules.js';
import type {
  Adjudication,
  Location,
  Order,
  OrderResult,
  Position,
  PowerOrder,
  Unit,
  VariantEvent,
} from '../../../engine/types.js';
import { SYLVANIA, VAMPIRE_COUNTS } from '../features.js';
import { movesLegallyInto } from './legal.js';

/** How results name the virtual army. */
export const IMMORTAL_LABEL = 'the Immortality army';
/** How declarations and battles name it (it stands on no province): `Immortality`. */
export const IMMORTAL_FIELD_LABEL = 'Immortality';

/** Where the virtual army "stands": no province of the map (checked in the tests). */
export const IMMORTAL_ORIGIN = 'immortality';

function foreignOwner(position: Position): boolean {
  return Object.entries(position.supplyCenters).some(
    ([power, owned]) => power !== VAMPIRE_COUNTS && owned.includes(SYLVANIA),
  );
}

/**
 * The virtual Vampire Counts army moving into Sylvania this phase, if it rises: a Fall, Sylvania owned by another
 * power, no Vampire Counts unit there, and no Vampire Counts unit carrying out a move into it (an illegal move is a
 * hold and stops nothing).
 */
export function immortalArmy(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  orders: PowerOrder[],
): OrderedUnit[] {
  if (position.phase.season !== 'fall' || position.phase.type !== 'movement' || !foreignOwner(position)) return [];
  if (position.units.some((u) => u.province === SYLVANIA && u.power === VAMPIRE_COUNTS)) return [];
  if (movesLegallyInto(map, rules, position, orders, VAMPIRE_COUNTS, SYLVANIA)) return [];
  const unit = { power: VAMPIRE_COUNTS, type: 'A' as const, province: IMMORTAL_ORIGIN, coast: null };
  const to = { province: SYLVANIA, coast: null };
  return [
    {
      unit,
      order: { kind: 'move', unit: { ...unit }, to, viaConvoy: false },
      power: VAMPIRE_COUNTS,
      virtual: true,
      materializes: true,
      label: IMMORTAL_LABEL,
    },
  ];
}

/** The virtual army reaches Sylvania and nothing else. */
export function immortalCanMove(unit: Unit, to: Location): boolean | undefined {
  return unit.province === IMMORTAL_ORIGIN ? to.province === SYLVANIA : undefined;
}

/** The special order a player gives to support the Immortality army (`A Gfor S Immortality`). */
export const IMMORTAL_SUPPORT = 'immortalSupport';

const SUPPORT_WORDS = new Set(['s', 'support', 'supports']);
const IMMORTAL_WORDS = new Set(['immortality', 'immortal']);

/**
 * `S Immortality`, `S Immortality - Sylv`, `S A Immortality - Sylvania`, and the brief's `S Immortal Sylv` (§5.3: the
 * destination may follow without a dash).
 */
export const immortalSupportParser: SpecialOrderParser = {
  parse(tokens, helpers) {
    if (tokens.length < 2 || !SUPPORT_WORDS.has(tokens[0]!)) return null;
    let i = 1;
    if (tokens[i] === 'a' || tokens[i] === 'army') i++;
    if (!IMMORTAL_WORDS.has(tokens[i] ?? '') && !helpers.special(IMMORTAL_SUPPORT).has(tokens[i] ?? '')) return null;
    i++;
    if (i === tokens.length) return { name: IMMORTAL_SUPPORT, path: [] };
    if (tokens[i] === '-' || tokens[i] === 'to' || tokens[i] === 'into') i++;
    const to = helpers.location(tokens.slice(i).join(' '));
    if (to?.province !== SYLVANIA) return { error: 'the Immortality army only ever moves to Sylvania' };
    return { name: IMMORTAL_SUPPORT, path: [] };
  },
};

/**
 * Can the Immortality army rise on this board, whatever the orders? A Fall movement phase, Sylvania owned by another
 * power, no Vampire Counts unit there (`immortalArmy` also steps aside for a Vampire Counts move into Sylvania).
 */
function mayRise(position: Position): boolean {
  return (
    position.phase.season === 'fall' &&
    position.phase.type === 'movement' &&
    foreignOwner(position) &&
    !position.units.some((u) => u.province === SYLVANIA && u.power === VAMPIRE_COUNTS)
  );
}

/**
 * `A Gfor S Immortality`: legal when a Vampire Counts army that could move to Sylvania gives it in a phase the
 * Immortality army may rise (the support is then carried out as an ordinary support of its move, `adoptOrders`).
 * When a Vampire Counts unit's own legal move into Sylvania makes Immortality step aside, the order stays legal and is
 * void, like a support of a move that was not made (`voidImmortalSupports`). `rulesOf` gives the variant's rules
 * (the reach of the supporting army is the adjudicator's).
 */
export function immortalSupportSpec(rulesOf: () => RulesModule): SpecialOrderSpec {
  return {
    name: IMMORTAL_SUPPORT,
    kindName: 'support-immortality',
    actsAs: 'hold',
    validate: ({ map, position, unit }) => {
      if (unit.power !== VAMPIRE_COUNTS || unit.type !== 'A')
        return 'only a Vampire Counts army may support the Immortality army';
      if (!mayRise(position))
        return 'no Immortality army moves this phase (it rises only in a Fall, while another power owns Sylvania)';
      if (!unitCanReachProvince(map, rulesOf(), unit, SYLVANIA))
        return `an army in ${map.province(unit.province)?.name ?? unit.province} cannot reach ${map.province(SYLVANIA)?.name}`;
      return null;
    },
    format: (order) => `${order.unit.type ?? 'A'} ${order.unit.province} S Immortality - ${SYLVANIA}`,
    // In a reader's language: `A gfor 支援 不朽之軍 - sylv` (the names file's `orders.immortalSupport`).
    write: (order, w) =>
      `${w.unit(order.unit)} ${w.word('support')} ${w.special(IMMORTAL_SUPPORT) ?? 'Immortality'} - ${w.place({ province: SYLVANIA, coast: null })}`,
    // Maps draw it as what it is carried out as: a support of the Immortality army's move (to the middle of its arrow).
    draw: {
      as: 'hold',
      carriedOut: (order) => ({
        kind: 'support',
        unit: order.unit,
        target: { power: VAMPIRE_COUNTS, type: 'A', province: IMMORTAL_ORIGIN, coast: null },
        to: { province: SYLVANIA, coast: null },
      }),
    },
    // Offered to every Vampire Counts army; `validate` keeps those that may give it on this board.
    options: ({ unit }) =>
      unit.power === VAMPIRE_COUNTS && unit.type === 'A'
        ? [
            {
              kind: 'special',
              name: IMMORTAL_SUPPORT,
              unit: { type: 'A', province: unit.province, coast: null },
              path: [],
            },
          ]
        : [],
  };
}

/**
 * A legal `S Immortality` that was not carried out as a support (a Vampire Counts unit marched on Sylvania itself, so
 * no Immortality army moved): void, like a support of a move that was not made.
 */
export function voidImmortalSupports(ordered: readonly OrderedUnit[], results: OrderResult[]): OrderResult[] {
  const unused = new Set(
    ordered
      .filter(
        (ou) => ou.order.kind === 'special' && ou.order.name === IMMORTAL_SUPPORT && ou.illegalReason === undefined,
      )
      .map((ou) => `${ou.power} ${ou.unit.type} ${ou.unit.province}`),
  );
  if (unused.size === 0) return results;
  return results.map((r) =>
    unused.has(`${r.power} ${r.unit}`) && r.result === 'success'
      ? {
          ...r,
          result: 'void',
          reason: 'support not used: no Immortality army moved (a Vampire Counts unit marched on Sylvania itself)',
        }
      : r,
  );
}

/** Orders `S Immortality` of Vampire Counts armies become supports of the virtual army's move, while it moves. */
export function adoptImmortalSupports(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  orders: PowerOrder[],
): PowerOrder[] {
  if (!orders.some((po) => po.order.kind === 'special' && po.order.name === IMMORTAL_SUPPORT)) return orders;
  if (immortalArmy(map, rules, position, orders).length === 0) return orders;
  const vampireArmies = new Set(
    position.units.filter((u) => u.power === VAMPIRE_COUNTS && u.type === 'A').map((u) => u.province),
  );
  return orders.map((po) => {
    const o = po.order;
    if (
      o.kind !== 'special' ||
      o.name !== IMMORTAL_SUPPORT ||
      po.power !== VAMPIRE_COUNTS ||
      !vampireArmies.has(o.unit.province)
    )
      return po;
    const support: Order = {
      kind: 'support',
      unit: o.unit,
      target: { type: 'A', province: IMMORTAL_ORIGIN, coast: null },
      to: { province: SYLVANIA, coast: null },
    };
    return { power: po.power, order: support };
  });
}

/**
 * The Immortality army has no result line of its own (a virtual unit): its rising is an event, "This represents the
 * Vampire Counts retaking their ancesteral lands", and so is its failure.
 */
export function immortalityEvents(ordered: readonly OrderedUnit[], adj: Adjudication): VariantEvent[] {
  if (!ordered.some((ou) => ou.virtual && ou.unit.province === IMMORTAL_ORIGIN)) return [];
  // Immortality rises only when no Vampire Counts unit is in Sylvania or moves there: one there now is the risen army.
  const rose = adj.position.units.some((u) => u.power === VAMPIRE_COUNTS && u.province === SYLVANIA);
  return [
    rose
      ? {
          kind: 'immortality',
          power: VAMPIRE_COUNTS,
          province: SYLVANIA,
          text: 'The Vampire Counts retake Sylvania: the Immortality army rises there and stays as a real army (Immortality).',
        }
      : {
          kind: 'immortality',
          power: VAMPIRE_COUNTS,
          province: SYLVANIA,
          text: 'The Immortality army marched on Sylvania and failed to take it (Immortality).',
        },
  ];
}

/** A support of the Immortality army reads as it was given (`A gfor S Immortality - sylv`), never naming its origin. */
export function immortalSupportTexts(results: OrderResult[]): OrderResult[] {
  const internal = ` S A ${IMMORTAL_ORIGIN} - `;
  return results.map((r) =>
    r.order.includes(internal) ? { ...r, order: r.order.replace(internal, ' S Immortality - ') } : r,
  );
}
