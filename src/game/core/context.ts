/**
 * Looking up "the caller's power in this channel's running game", shared by the player use-cases.
 */
import type { Variant } from '../../engine/variant.js';
import type { Tx } from '../../store/store.js';
import { latestGameByChannel, openGameByChannel, phaseById, playerByUser } from '../../store/queries.js';
import type { GameRow, PhaseRow, PlayerRow } from '../../store/schema.js';
import { fail } from './tx.js';
import type { Caller, Refusal } from './types.js';
import { msg, type Msg } from '../../i18n/index.js';
import { variantOfGame } from './variant-of-game.js';
import { gameKindOf } from './kinds.js';

/** The refusal when a channel has no game. */
export const NO_GAME: Msg = msg('game.refused.noGame');

export interface PlayerContext {
  game: GameRow;
  variant: Variant;
  phase: PhaseRow;
  player: PlayerRow;
}

/**
 * The refusal of a reader of a Diplomacy game's past (`/history`, `/why`, press history) at a game of another kind
 * (the card game), which has no phases or press to read: it says what the game is rather than calling anything gone.
 */
export function otherKindRefusal(game: GameRow, what: 'phases' | 'press'): Refusal | null {
  const kind = gameKindOf(game.kind);
  return kind ? fail(msg('history.refused.kind', { kind: kind.label, what })) : null;
}

/** The running game in the channel and the caller's power in it, or an error sentence. */
export async function playerInGame(
  tx: Tx,
  caller: Caller,
  opts: { allowPaused?: boolean } = {},
): Promise<PlayerContext | Refusal> {
  const game = await openGameByChannel(tx, caller.channelId);
  if (!game) return fail(await noOpenGame(tx, caller.channelId));
  // a game of another kind (the card game) has no Diplomacy player: say what it is, not "you are not playing"
  const kind = gameKindOf(game.kind);
  if (kind) return fail(msg('game.refused.otherKind', { kind: kind.label }));
  if (game.status === 'forming') return fail(msg('game.refused.notStarted'));
  if (game.status === 'paused' && !opts.allowPaused) return fail(pausedMsg(game));
  const player = await playerByUser(tx, game.id, caller.userId);
  if (!player) return fail(msg('game.refused.notPlaying'));
  const variant = variantOfGame(game);
  if (!variant) return fail(msg('game.refused.variantGone', { variant: game.variantId }));
  const phase = game.currentPhaseId !== null ? await phaseById(tx, game.currentPhaseId) : undefined;
  if (!phase) return fail(msg('game.refused.noPhase'));
  return { game, variant, phase, player };
}

/** Why there is no running game here: none at all, or the last one is over. */
export async function noOpenGame(tx: Tx, channelId: string): Promise<Msg> {
  const last = await latestGameByChannel(tx, channelId);
  return last?.status === 'finished' ? GAME_OVER : NO_GAME;
}

export const GAME_OVER: Msg = msg('game.refused.over');

/** Why a paused game refuses a change, naming who paused it (docs/table.md "Pauses that cannot freeze a game"). */
export const pausedMsg = (game: Pick<GameRow, 'pausedBy'>): Msg =>
  msg(game.pausedBy === 'vote' ? 'game.refused.pausedByVote' : 'game.refused.paused');

export function isError(x: object): x is { ok: false; error: string } {
  return 'ok' in x && (x as { ok: unknown }).ok === false;
}
