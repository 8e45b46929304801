/**
 * The Warring States v2 rules module: every rule of the seed on the engine's hooks (src/engine/rules.ts).
 * Interpretations, with the seed sentence each rests on: docs/rules/warring-states.md.
 */
import { locationKey } from '../../engine/map.js';
import type { OrderedUnit, RulesModule } from '../../engine/rules.js';
import type { Adjudication, OrderResult } from '../../engine/types.js';
import type { WarringStatesFeatures } from './features.js';
import { applyRaises, buildableTypes, raiseSpec, revertedUnit } from './rules/fleets.js';
import { buildableCenters, recordCapturedHomes, stateProblems } from './rules/home-centres.js';
import { raiseParser, riverMoveParser } from './rules/parsers.js';
import { isRiverMove, riverMoveSpec, STOPPED_SHORT } from './rules/rapid-river.js';
import { strengthHooks } from './rules/strength.js';
import { winner } from './rules/victory.js';

export function warringStatesRules(features: WarringStatesFeatures): RulesModule {
  return {
    specialOrders: { raise: raiseSpec, riverMove: riverMoveSpec(features) },
    specialOrderParsers: [raiseParser, riverMoveParser],
    // Fleets 5: "There is no convoy order."
    convoys: false,
    transformUnit: ({ map, position, unit, order }) => revertedUnit(map, position, unit, order),
    ...strengthHooks(features),
    afterMovement: ({ adjudication, ordered }) => describeRiverMoves(applyRaises(adjudication, ordered), ordered),
    buildableCenters: ({ map, position, power }) => buildableCenters(map, position, power),
    buildableTypes: () => buildableTypes(),
    afterCenterUpdate: ({ map, after }) => recordCapturedHomes(map, after),
    // The record of captured home centres (display only) is the state a caller may carry.
    checkState: ({ map, position, powers }) => stateProblems(map, position, powers),
    winner: ({ position, centers }) => winner(position, centers),
  };
}

/**
 * Results in the players' terms: a rapid river move that stopped short moved the fleet but did not carry out the
 * order (failure); a support for a rapid river move is not used (RRM rule 3: "Fleets using Rapid River Move cannot
 * be supported"); a hold support for it is not used because the fleet attempted a move, even when it never left its
 * start (RRM rule 2: "since it has attempted a move, it cannot receive supports to hold").
 */
function describeRiverMoves(adj: Adjudication, ordered: OrderedUnit[]): Adjudication {
  const movers = new Set(
    ordered.filter((ou) => isRiverMove(ou.order) && !ou.illegalReason).map((ou) => ou.unit.province),
  );
  if (movers.size === 0) return adj;
  const supportsOf = (hold: boolean) =>
    new Set(
      ordered
        .filter(
          (ou) =>
            ou.order.kind === 'support' &&
            (ou.order.to === null) === hold &&
            movers.has(ou.order.target.province) &&
            !ou.illegalReason,
        )
        .map((ou) => `${ou.power} ${ou.unit.type} ${locationKey(ou.unit)}`),
    );
  const moveSupports = supportsOf(false);
  const holdSupports = supportsOf(true);
  return {
    ...adj,
    results: adj.results.map((r): OrderResult => {
      if (r.result === 'success' && r.reason.startsWith(STOPPED_SHORT)) return { ...r, result: 'failure' };
      const key = `${r.power} ${r.unit}`;
      if (moveSupports.has(key) && r.result === 'success') {
        return { ...r, result: 'void', reason: 'support not used: a rapid river move cannot be supported' };
      }
      if (holdSupports.has(key) && r.result === 'void')
        return { ...r, reason: r.reason.replace(MOVED_NOT_HELD, ATTEMPTED_RIVER_MOVE) };
      return r;
    }),
  };
}

/** The engine's reason for a hold support of a unit ordered to move (movement/orders/support.ts). */
const MOVED_NOT_HELD = 'the supported unit moved instead of holding';
const ATTEMPTED_RIVER_MOVE =
  'the supported fleet attempted a rapid river move, so it cannot receive supports to hold (Rapid River Move rule 2)';
