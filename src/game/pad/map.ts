/**
 * The order pad's map (docs/pad.md "The map"): the board of the seat's current phase, drawn like `/map` draws a
 * player's private map — the position, the variant's board overlays and the seat's own orders (never a ballot, never
 * another power's order) — in the palette the member chose with `/map palette:` (else the game's).
 */
import type { Tx } from '../../store/store.js';
import { ordersOf, phaseById } from '../../store/queries.js';
import type { GameRow, PlayerRow } from '../../store/schema.js';
import { isBallotKey } from '../phase/index.js';
import { withOverlays, type RenderInput } from '../history/index.js';
import { phaseMsg, powerParam, variantOfGame, variantParam } from '../core/index.js';
import { msg, t, type Msg } from '../../i18n/index.js';
import { fogIsUp, powerView } from '../fog/index.js';

/** What to draw, and the phase it is of (the page refuses a map of another phase than its view's). */
export interface PadMapInput {
  ok: true;
  phaseId: number;
  /**
   * `title` is the map's title as a message, worded in the viewer's language (src/web/api.ts); `input.title` is its
   * English wording (a render input always has a title).
   */
  input: RenderInput;
  title: Msg;
}

/** The map of a seat checked in this transaction, from the game and seat rows it was checked against. */
export async function padMapInput(
  tx: Tx,
  { game, player }: { game: GameRow; player: PlayerRow },
): Promise<PadMapInput | { ok: false; status: 404; reason: 'no-game' }> {
  const variant = variantOfGame(game);
  const phase = game.currentPhaseId != null ? await phaseById(tx, game.currentPhaseId) : undefined;
  if (!variant || !phase) return { ok: false, status: 404, reason: 'no-game' };
  const orders = (await ordersOf(tx, phase.id, player.power))
    .filter((o) => !isBallotKey(o.unitKey))
    .map((o) => ({ power: o.power, order: o.order }));
  const palette = (player.mapPalette ?? game.palette) === 'colorblind' ? 'colorblind' : 'standard';
  const phaseOf = phase.position.phase;
  const title = msg('pad.map.title', {
    variant: variantParam(variant),
    phase: phaseMsg(phaseOf, variant),
    power: powerParam(variant, player.power),
  });
  const english = t('en', title);
  // Fog of war: the seat's power's view, drawn with the fog and without the variant's overlays (docs/table.md).
  if (fogIsUp(game)) {
    const view = powerView(variant, phase.position, player.power);
    const fogged: RenderInput = { variant, position: view.position, orders, title: english, palette, fog: view.hidden };
    return { ok: true, phaseId: phase.id, input: { ...fogged, legendCounts: view.counts }, title };
  }
  const board: RenderInput = { variant, position: phase.position, orders, title: english, palette };
  const input = await withOverlays(tx, board, game, phase, 'board');
  return { ok: true, phaseId: phase.id, input, title };
}
