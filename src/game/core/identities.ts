/**
 * Hidden identities (docs/bot.md "Press"): in a `gunboat` or `anonymous` game nobody but the game master learns who
 * plays which power until the game ends. Every text another member may read names a seat's holder through
 * `publicHolderName` (src/game/core/holder.ts's `holderName` for open games), and every channel post of such a
 * game passes `hideMembers` when it is queued (src/game/outbox/write.ts), the one place that makes sure no member
 * reference reaches the channel before the final post, which reveals who played whom.
 */
import type { GameRow } from '../../store/schema.js';
import { holderName, isPerson } from './holder.js';
import { type Msg, msg } from '../../i18n/index.js';

/** Does the game hide who plays which power (until it ends)? */
export function hidesIdentities(game: Pick<GameRow, 'press'>): boolean {
  return game.press === 'gunboat' || game.press === 'anonymous';
}

/** Is who plays which power hidden now: in a game that hides identities, until it is over. */
export function identitiesHiddenNow(game: Pick<GameRow, 'press' | 'status'>): boolean {
  return hidesIdentities(game) && game.status !== 'finished';
}

/**
 * A seat's holder as a text other members read: their mention in an open game; in a game that hides identities
 * "a player" (a computer player or a vacant seat is named as such in every game: no member is behind it).
 */
export function publicHolderName(game: Pick<GameRow, 'press' | 'status'>, userId: string): string | Msg {
  return identitiesHiddenNow(game) && isPerson(userId) ? msg('gm.holder.hidden') : holderName(userId);
}

/**
 * A channel text of a game that hides identities, with every member reference replaced (the game master's by "the
 * game master", anyone else's by "a player"); the text as it is in an open game, or once the game is over.
 * Returns the text and how many references it replaced (each one a text that should have been written without it).
 */
export function hideMembers(
  game: Pick<GameRow, 'press' | 'gmUserId' | 'status'>,
  text: string,
): { text: string; hidden: number } {
  if (!identitiesHiddenNow(game)) return { text, hidden: 0 };
  let hidden = 0;
  const out = text.replace(MEMBER_REF, (_, userId: string) => {
    hidden++;
    return userId === game.gmUserId ? 'the game master' : 'a player';
  });
  return { text: out, hidden };
}

/** A member reference as text-refs.ts writes it. */
const MEMBER_REF = /⟦member:([\w-]+)⟧/g;
