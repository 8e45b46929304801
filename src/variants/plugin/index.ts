/**
 * The plug-in interfaces: what a variant contributes to the layers above the engine (issue 21), defined once for
 * every variant. A variant's folder (`src/variants/<id>/`) may export a `VariantPlugin` next to its `Variant`; the
 * registry (src/variants/index.ts) hands it to the game, bot and render layers, which name no variant and call
 * only these interfaces. Everything here is plain data and pure functions of what the caller passes in: a plug-in
 * never touches the database or Discord (the game layer does, in its transactions).
 *
 * See docs/architecture.md ("Variants as plug-ins") and docs/variants.md for the worked examples.
 */
import type { Adjudication, BattleReport, Position, PowerOrder } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { MapOverlay } from './overlay.js';

export * from './overlay.js';

/** Which picture of a phase is being drawn. */
export type PictureKind =
  /** A phase's board (its starting position; an unresolved phase shows nothing else). */
  | 'board'
  /** A resolved phase's orders with their results, on the position before it. */
  | 'orders'
  /** The board after a resolved phase (the next phase's position). */
  | 'after';

/** What a plug-in is told when a map of one of its games is drawn. */
export interface OverlayContext {
  /** The variant as the game plays it (with its options). */
  variant: Variant;
  picture: PictureKind;
  /** The game's options (each given or defaulted at creation). */
  options: Readonly<Record<string, string>>;
  /** The phase the picture is of. */
  phase: {
    /** 0 for the first phase of the game. */
    index: number;
    /** The position at its start. */
    position: Position;
    /** Its adjudication, once resolved (on the `orders` picture of a phase still in a step: the provisional one). */
    adjudication: Adjudication | null;
    /** The orders the picture draws (the powers' own; never a secret one such as a ballot). */
    orders?: readonly PowerOrder[];
    /**
     * Battles fought outside the adjudicator for it (the engine's `AdjudicationContext.battles`), once its result is
     * final (empty: none was fought); absent while the result shown is provisional.
     */
    battles?: readonly BattleReport[];
  };
}

/** What a variant contributes above the engine. Every member is optional: a variant without a plug-in is plain. */
export interface VariantPlugin {
  /**
   * What the renderer draws on this picture beyond units and orders (battle marks, the places a step is about).
   * Called for every picture of the variant's games; must not reveal anything secret (an unresolved phase's
   * inputs): the pictures are posted in the channel.
   */
  mapOverlays?(ctx: OverlayContext): MapOverlay[];
}

/** The plug-in of a variant that has none. */
export const PLAIN: VariantPlugin = Object.freeze({});
