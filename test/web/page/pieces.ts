/** The pieces the pad's view would give a power on a board (src/game/pad/view.ts), without a database. */
import { legalOrderObjects } from '../../../src/engine/options.js';
import type { Position } from '../../../src/engine/types.js';
import type { Variant } from '../../../src/engine/variant.js';
import { choiceOf, type PadPiece } from '../../../src/game/pad/view.js';

export function readPadPieces(variant: Variant, position: Position, power: string): PadPiece[] {
  return legalOrderObjects(variant, position, power).map((u) => ({
    province: u.unit.province,
    unit: { type: u.unit.type, power: u.unit.power, coast: u.unit.coast },
    site: position.phase.type === 'adjustment',
    ballot: false,
    choices: u.orders.map((o) => choiceOf(variant, o)),
  }));
}
