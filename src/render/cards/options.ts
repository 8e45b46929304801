/** How a card-table image is drawn (src/render/cards/index.ts draws it, the render worker receives it). */
import type { StateId } from '../../cardgame/types.js';
import type { Locale } from '../../i18n/index.js';
import type { ArmyMove } from './moves.js';

/** The picture kind of a card-table job (src/render/pictures.ts). */
export const CARD_TABLE_PICTURE = 'cards';

export interface CardTableOptions {
  /** States whose control changed (outlined): the round summary image. */
  changed?: StateId[];
  /** Armies moved this round (small arrows from their origin): the round summary image. */
  moves?: readonly ArmyMove[];
  /** The title line instead of "Warring States · Round n · Battle in …" (the summary of a round that has ended). */
  heading?: string;
  /** The locale of its words and names (the game's for a channel post, the member's for a reply); English by default. */
  locale?: Locale;
}
