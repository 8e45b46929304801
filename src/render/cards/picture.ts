/** The card table as a game kind's picture (src/render/pictures.ts): what the render worker draws for a `cards` job. */
import type { CardGameView } from '../../cardgame/views.js';
import type { KindPicture } from '../picture-kind.js';
import { renderCardTable } from './index.js';
import { CARD_TABLE_PICTURE, type CardTableOptions } from './options.js';

/** The input of a card-table job: a public view (never a hand) and how to draw it. */
export interface CardTableInput {
  view: CardGameView;
  opts: CardTableOptions;
}

export const cardTablePicture: KindPicture = {
  kind: CARD_TABLE_PICTURE,
  draw: async (input) => {
    const { view, opts } = input as CardTableInput;
    return (await renderCardTable(view, opts)).png;
  },
};
