/**
 * The Warring States v2 rules module: every rule of the seed on the engine's hooks (src/engine/rules.ts).
 * Interpretations, with the seed sentence each rests on: docs/rules/warring-states.md.
 */
import type { RulesModule } from '../../engine/rules.js';
import type { Adjudication } from '../../engine/types.js';
import type { WarringStatesFeatures } from './features.js';
import { applyRaises, buildableTypes, raiseSpec, revertedUnit } from './rules/fleets.js';
import { buildableCenters, recordCapturedHomes } from './rules/home-centres.js';
import { raiseParser, riverMoveParser } from './rules/parsers.js';
import { isRiverMove, riverMoveSpec } from './rules/rapid-river.js';
import { strengthHooks } from './rules/strength.js';
import { winner } from './rules/victory.js';

export function warringStatesRules(features: WarringStatesFeatures): RulesModule {
  return {
    specialOrders: { raise: raiseSpec, riverMove: riverMoveSpec(features) },
    specialOrderParsers: [raiseParser, riverMoveParser],
    transformUnit: ({ map, position, unit, order }) => revertedUnit(map, position, unit, order),
    ...strengthHooks(features),
    afterMovement: ({ adjudication, ordered }) => markShortRiverMoves(applyRaises(adjudication, ordered), ordered),
    buildableCenters: ({ map, position, power }) => buildableCenters(map, position, power),
    buildableTypes: () => buildableTypes(),
    afterCenterUpdate: ({ map, after }) => recordCapturedHomes(map, after),
    winner: ({ position, centers }) => winner(position, centers),
  };
}

/** A rapid river move that stopped short moved the fleet but did not carry out the order: report it as failed. */
function markShortRiverMoves(adj: Adjudication, ordered: Parameters<NonNullable<RulesModule['afterMovement']>>[0]['ordered']): Adjudication {
  if (!ordered.some((ou) => isRiverMove(ou.order))) return adj;
  return {
    ...adj,
    results: adj.results.map((r) => (r.result === 'success' && r.reason.startsWith('stopped short at') ? { ...r, result: 'failure' } : r)),
  };
}
