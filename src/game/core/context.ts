/**
 * Looking up "the caller's power in this channel's running game", shared by the player use-cases.
 */
import type { Variant } from '../../engine/variant.js';
import type { Tx } from '../../store/db.js';
import { latestGameByChannel, openGameByChannel, phaseById, playerByUser } from '../../store/queries.js';
import type { GameRow, PhaseRow, PlayerRow } from '../../store/schema.js';
import { fail } from './tx.js';
import type { Caller } from './types.js';
import { variantOfGame } from './variant-of-game.js';

/** The refusal when a channel has no game. */
export const NO_GAME = 'There is no game in this channel. A game master can create one with `/game create`.';

export interface PlayerContext {
  game: GameRow;
  variant: Variant;
  phase: PhaseRow;
  player: PlayerRow;
}

/** The running game in the channel and the caller's power in it, or an error sentence. */
export async function playerInGame(
  tx: Tx,
  caller: Caller,
  opts: { allowPaused?: boolean } = {},
): Promise<PlayerContext | { ok: false; error: string }> {
  const game = await openGameByChannel(tx, caller.channelId);
  if (!game) return fail(await noOpenGame(tx, caller.channelId));
  if (game.status === 'forming') return fail('The game has not started yet.');
  if (game.status === 'paused' && !opts.allowPaused) return fail('The game is paused by the game master.');
  const player = await playerByUser(tx, game.id, caller.userId);
  if (!player) return fail('You are not playing in this game.');
  const variant = variantOfGame(game);
  if (!variant) return fail(`This game's variant "${game.variantId}" is no longer available.`);
  const phase = game.currentPhaseId !== null ? await phaseById(tx, game.currentPhaseId) : undefined;
  if (!phase) return fail('The game has no current phase.');
  return { game, variant, phase, player };
}

/** Why there is no running game here: none at all, or the last one is over. */
export async function noOpenGame(tx: Tx, channelId: string): Promise<string> {
  const last = await latestGameByChannel(tx, channelId);
  return last?.status === 'finished' ? GAME_OVER : NO_GAME;
}

export const GAME_OVER = 'The game in this channel is over. A game master can start a new one with `/game create`.';

export function isError(x: object): x is { ok: false; error: string } {
  return 'ok' in x && (x as { ok: unknown }).ok === false;
}
