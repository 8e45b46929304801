/**
 * `/gm edit` (docs/bot.md "Editing the board"): the game master changes the board of the phase under way before
 * anyone orders in it (a unit added, removed or moved, a centre's owner set), written into the phase's board, audited
 * and announced once. The use-case, `editBoard`, is in this file; the pure change of a board is `applyEdit` (edit.ts).
 *
 * The feature's public face: code outside src/game/board-edit/ imports only from here.
 */
import { count, eq } from 'drizzle-orm';
import { msg, type Msg } from '../../i18n/index.js';
import { fogIsUp, powerOfMember, viewerOf } from '../fog/index.js';
import { audit, openGameByChannel, phaseById, stepRowOf } from '../../store/queries.js';
import { orders, phases, type GameRow, type PhaseRow } from '../../store/schema.js';
import { first, type Tx } from '../../store/store.js';
import {
  noOpenGame,
  phaseMsg,
  fail,
  inTransaction,
  type BoardEdit,
  type BoardEditRecord,
  type Caller,
  type GameDeps,
  variantOfGame,
  newToken,
} from '../core/index.js';
import { queueNotice, queueStatus } from '../outbox/index.js';
import { latestBoard } from '../phase/index.js';
import { applyEdit } from './edit.js';

export type { BoardEdit } from '../core/index.js';

/** Done: the phase it changed and what the channel is told; refused: a sentence (`refusal` in the caller's words). */
export type BoardEditResult =
  | { ok: true; phase: Msg; announcement: Msg }
  | { ok: false; error: string }
  | { ok: false; refusal: Msg };

/** The phase whose board may be edited now, or why not. */
async function editablePhase(tx: Tx, game: GameRow): Promise<PhaseRow | Msg> {
  if (game.status !== 'active' && game.status !== 'paused') return msg('gmEdit.refused.notRunning');
  const phase = game.currentPhaseId === null ? undefined : await phaseById(tx, game.currentPhaseId);
  if (!phase || phase.resolvedAt !== null) return msg('gmEdit.refused.notRunning');
  const label = phaseMsg(phase.position.phase, variantOfGame(game));
  if (phase.position.phase.type === 'retreat') return msg('gmEdit.refused.retreats', { phase: label });
  const step = await stepRowOf(tx, phase.id);
  if (step?.step) return msg('gmEdit.refused.step', { phase: label });
  const stored = first(await tx.select({ n: count() }).from(orders).where(eq(orders.phaseId, phase.id)));
  if ((stored?.n ?? 0) > 0) return msg('gmEdit.refused.ordersGiven', { phase: label });
  return phase;
}

const isMsg = (v: unknown): v is Msg => typeof v === 'object' && v !== null && 'key' in v;

export async function editBoard(deps: GameDeps, input: Caller & { edit: BoardEdit }): Promise<BoardEditResult> {
  const refused: { msg: Msg | null } = { msg: null };
  const r = await inTransaction(deps, async (tx, changed) => {
    const game = await openGameByChannel(tx, input.channelId);
    if (!game) return fail(await noOpenGame(tx, input.channelId));
    if (game.gmUserId !== input.userId) return fail(msg('gm.refused.notMaster'));
    // A game master who plays a power sees its view alone while the fog is up (docs/table.md "Fog of war"): an edit's
    // refusals ("already holds an army of Turkey") and its result would show them the rest of the board.
    const viewer = viewerOf(game, { userId: input.userId, power: await powerOfMember(tx, game.id, input.userId) });
    if (viewer.kind !== 'all') {
      refused.msg = msg('gmEdit.refused.fog');
      return fail('');
    }
    const variant = variantOfGame(game);
    const phase = variant ? await editablePhase(tx, game) : msg('gmEdit.refused.noBoard');
    if (isMsg(phase) || !variant) {
      refused.msg = isMsg(phase) ? phase : msg('gmEdit.refused.noBoard');
      return fail('');
    }
    // A board a player's act holds until the mark (src/game/phase/held-board.ts) is edited too, and shows with the
    // edit's notice, which takes that act's post along: edited alone, the mark would undo the edit.
    const outcome = applyEdit(variant, latestBoard(phase).position, input.edit);
    if (!outcome.ok) {
      refused.msg = outcome.refusal;
      return fail('');
    }
    const now = deps.now();
    await tx
      .update(phases)
      .set({ position: outcome.position, heldPosition: null, heldUntilMs: null })
      .where(eq(phases.id, phase.id));
    // The edit as typed and as applied, the phase and the notice: `/history show` and the export tell the phase's edits
    // from it (`phaseEditsOf`).
    const detail: BoardEditRecord = {
      ...input.edit,
      phaseId: phase.id,
      announcement: outcome.announcement,
      applied: outcome.applied,
    };
    await audit(tx, { gameId: game.id, userId: input.userId, action: 'gm_edit', detail, at: now });
    // Worded in the game's locale at delivery (docs/locales.md). While the fog is up the channel learns only that the
    // board was edited: each power sees the change on its own map, where it has sight (docs/table.md "Fog of war").
    await queueNotice(tx, game, {
      text: [fogIsUp(game) ? msg('gmEdit.announce.fogged') : outcome.announcement],
      dedupeKey: `edit:${game.id}:${newToken(deps)}`,
      now,
      phaseId: phase.id,
    });
    await queueStatus(tx, game.id, now);
    changed(game.id);
    return {
      ok: true as const,
      phase: phaseMsg(outcome.position.phase, variant),
      announcement: outcome.announcement,
    };
  });
  if (refused.msg) return { ok: false, refusal: refused.msg };
  return r;
}
