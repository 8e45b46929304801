/**
 * Who acts in a stored game's phase: the seated powers with something to decide, each as its own view shows it under
 * the fog of war (duties.ts `seatedToAct`). The one reading that `/ready`, `/order` and `/orders show` share, so the
 * powers the phase waits for are those told they may order (docs/bot.md "How it works").
 */
import type { Position } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { Tx } from '../../store/store.js';
import { playersOf } from '../../store/queries.js';
import type { GameRow } from '../../store/schema.js';
import { viewsUnderFog } from '../fog/index.js';
import { seatedToAct } from './duties.js';

/** The game's seated powers (a player, a computer player, a vacant seat) with something to decide in `position`. */
export async function seatedPowersToAct(
  tx: Tx,
  game: GameRow,
  variant: Variant,
  position: Position,
): Promise<string[]> {
  const seated = (await playersOf(tx, game.id)).map((p) => p.power);
  return seatedToAct(variant, position, seated, viewsUnderFog(game, variant, position));
}
