/**
 * The board picture for private replies (the table's 🗺 Board button, `/cards board`, the fall-back preview),
 * always drawn from a public view: a view with a hand in it is refused, so no picture can show a hand.
 */
import type { CardGameView } from '../../cardgame/index.js';
import { publicCardBoard } from '../../game/cards/index.js';
import type { Refusal } from '../../game/core/index.js';
import { tr, type Locale } from '../../i18n/index.js';
import { renderCardTableOffThread, type CardTableOptions } from '../../render/cards/index.js';
import type { BotContext } from '../context.js';
import { altText } from '../maps.js';

/** What a card-table picture shows, for its alt text. */
type BoardShown = 'board' | 'preview' | 'final';

/** A card-table picture's alt text (its attachment's description), in `locale`: the game, the board, its round. */
export function boardAltText(locale: Locale, shown: BoardShown, round: number): string {
  const key = { board: 'cards.board.alt', preview: 'cards.board.altPreview', final: 'cards.board.altFinal' } as const;
  return altText(tr(locale, key[shown], { game: tr(locale, 'cards.game.title'), round }));
}

export async function tableBoardPicture(view: CardGameView, opts: CardTableOptions = {}): Promise<Buffer> {
  if (view.seats.some((s) => s.hand !== undefined || s.give !== undefined))
    throw new Error('a board picture is drawn from a public view only');
  return (await renderCardTableOffThread(view, opts)).png;
}

/**
 * The channel's card table as anyone may see it (players and onlookers alike); with none open, the final board of the
 * channel's latest game when that is a finished card game (`/map`, `/cards board` after the end).
 */
export async function publicTable(
  ctx: BotContext,
  channelId: string,
): Promise<{ view: CardGameView } | Pick<Refusal, 'error' | 'message'>> {
  const r = await publicCardBoard(ctx.deps, channelId);
  if (r.ok) return { view: r.view };
  return { error: r.error, ...(r.message ? { message: r.message } : {}) };
}
