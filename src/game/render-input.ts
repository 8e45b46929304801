/**
 * What the deliverer needs to draw a phase's map at send time (so the resolving transaction stays fast):
 * `renderMap(input.variant, input.position, { orders, results, adjudication, title })`.
 */
import type { Adjudication, OrderResult, Position, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { getVariant } from '../variants/index.js';
import { gameById, ordersOf, phaseById } from '../store/queries.js';
import { isBallotKey } from './orders.js';
import { phaseLabel } from './summary.js';
import type { GameDeps } from './types.js';

export interface RenderInput {
  variant: Variant;
  /** The position at the start of the phase. */
  position: Position;
  /** The phase's orders (only for a resolved phase and `withOrders`). */
  orders?: PowerOrder[];
  results?: OrderResult[];
  adjudication?: Adjudication;
  title: string;
}

/**
 * Inputs for drawing phase `phaseId`. Orders are only ever returned for a resolved phase (secret until
 * adjudication); for an unresolved phase the map shows the position alone. Null when the phase is gone
 * (e.g. undone by a rollback) or its variant is unknown.
 */
export function renderInputForPhase(deps: Pick<GameDeps, 'db'>, phaseId: number, opts: { withOrders?: boolean } = {}): RenderInput | null {
  try {
    return readRenderInput(deps, phaseId, opts);
  } catch {
    return null;
  }
}

function readRenderInput(deps: Pick<GameDeps, 'db'>, phaseId: number, opts: { withOrders?: boolean }): RenderInput | null {
  return deps.db.transaction((tx) => {
    const phase = phaseById(tx, phaseId);
    if (!phase) return null;
    const game = gameById(tx, phase.gameId);
    const variant = game ? getVariant(game.variantId) : undefined;
    if (!variant) return null;
    const label = phaseLabel(phase.position.phase, variant);
    if (!opts.withOrders || !phase.adjudication) return { variant, position: phase.position, title: `${variant.name} · ${label}` };
    return {
      variant,
      position: phase.position,
      // Votes for neutral units stay secret even after the phase: only the adopted orders (in the results) are shown.
      orders: ordersOf(tx, phase.id)
        .filter((o) => !isBallotKey(o.unitKey))
        .map((o) => ({ power: o.power, order: o.order })),
      results: phase.adjudication.results,
      adjudication: phase.adjudication,
      title: `${variant.name} · ${label} · results`,
    };
  });
}
