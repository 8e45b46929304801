/**
 * A variant's actions (src/variants/plugin `VariantAction`): what players (`/act`) and the game master (`/gm act`)
 * do beyond orders — a declaration, a start choice, a follower's choice, a battle report. The game layer finds the
 * caller's game and power, runs the action through the phase machine (src/game/phase/machine.ts, as a sandbox does),
 * and writes what it did in one transaction. When the action leaves the step under way waiting for nobody, the step
 * closes at once (`resolveInTx`); a player's in a game that hides who plays whom, at the next mark of the clock
 * (docs/decisions.md "A variant's step every answer is in for").
 */
import type { Tx } from '../../store/store.js';
import { openGameByChannel, phaseById } from '../../store/queries.js';
import type { GameRow, PhaseRow } from '../../store/schema.js';
import type { Variant } from '../../engine/variant.js';
import { codeListParam, commandParam, msg, optionParam, t as wordIn, type Locale, type Msg } from '../../i18n/index.js';
import type { ActionCaller, ActionValues, VariantAction } from '../../variants/plugin/index.js';
import {
  isError,
  noOpenGame,
  playerInGame,
  fail,
  identitiesHiddenNow,
  inTransaction,
  reportInternal,
  type Caller,
  type GameDeps,
  type Result,
  variantOfGame,
  typed as echoTyped,
  variantParam,
} from '../core/index.js';
import { nextProgressMark, privateActDueAt, queueProgressStatus, queueStatus } from '../outbox/index.js';
import {
  actionOption,
  actionSlotChoices,
  matchingChoices,
  openActions,
  readBackAction,
  stepMachine,
  stepUnderWay,
  type ActionRefusal,
  type ShownChoice,
  gameFrame,
  latestBoard,
  writePluginEffects,
  keepShownProgress,
} from '../phase/index.js';
import { resolveInTx } from './resolve.js';
import { setReadyAtMark } from './ready.js';

export type ActionBy = VariantAction['by'];

interface Found {
  game: GameRow;
  variant: Variant;
  phase: PhaseRow;
  caller: ActionCaller;
}

/** The caller's running game and role: a player with their power, or the game master. */
async function callerIn(tx: Tx, input: Caller, by: ActionBy): Promise<Found | { ok: false; error: string }> {
  if (by === 'player') {
    const ctx = await playerInGame(tx, input);
    if (isError(ctx)) return ctx;
    return {
      game: ctx.game,
      variant: ctx.variant,
      phase: ctx.phase,
      caller: { userId: input.userId, power: ctx.player.power },
    };
  }
  const game = await openGameByChannel(tx, input.channelId);
  if (!game) return fail(await noOpenGame(tx, input.channelId));
  if (game.gmUserId !== input.userId) return fail(msg('gm.refused.notMaster'));
  if (game.status !== 'active')
    return fail(msg(game.status === 'paused' ? 'gm.refused.paused' : 'game.refused.notStarted'));
  const variant = variantOfGame(game);
  if (!variant) return fail(msg('game.refused.variantGone', { variant: game.variantId }));
  const phase = game.currentPhaseId !== null ? await phaseById(tx, game.currentPhaseId) : undefined;
  if (!phase) return fail(msg('game.refused.noPhase'));
  return { game, variant, phase, caller: { userId: input.userId, power: null } };
}

const command = (by: ActionBy) => commandParam(by === 'player' ? 'act' : 'gm.act');

/** `declare`, `muster` … or a sentence saying the game has none (another variant's action names nothing here). */
function noSuchAction(variant: Variant, actions: string[], typed: string, by: ActionBy): Msg {
  const name = echoTyped(typed);
  if (actions.length === 0)
    return msg('act.refused.none', { variant: variantParam(variant), by, command: command(by), name });
  const list = codeListParam(actions);
  return msg('act.refused.unknown', { variant: variantParam(variant), by, name, actions: list });
}

/** A refused action, in the words of `/act` and `/gm act`. */
function refusalMsg(variant: Variant, refusal: ActionRefusal, by: ActionBy): Msg {
  switch (refusal.kind) {
    case 'unknown':
      return noSuchAction(variant, refusal.actions, refusal.typed, by);
    case 'missing':
      return msg('act.refused.missing', {
        command: command(by),
        action: refusal.action,
        label: refusal.label,
        slot: optionParam(by === 'player' ? 'act' : 'gm.act', refusal.slot),
      });
    default:
      return refusal.why;
  }
}

const clean = (v: string | null | undefined): string | null => {
  const s = typeof v === 'string' ? v.trim() : '';
  return s === '' ? null : s.slice(0, 200);
};

/**
 * Runs the caller's action `action` with the two slots' values. Refusals change nothing. When a step is under
 * way and the action leaves it waiting for nobody, it closes at once (and the reply says so) — but for a player in a
 * game that hides who plays whom: closing inside the last answer would time the channel's post by that member's act,
 * so the step closes at the next mark of the clock (`games.ready_at_mark_ms`, swept by `resolveReadyAtMarks`) and the
 * reply, the same whoever answers last, says neither that they were last nor who is left (the plug-in's `whenHidden`).
 */
export async function runAction(
  deps: GameDeps,
  input: Caller & {
    by: ActionBy;
    action: string;
    choice?: string | null;
    detail?: string | null;
    /** The member's locale, when they typed the values (`/act`): names in it are read back as the plug-in's values. */
    locale?: Locale;
    /** The phase the order pad shows: refused once the game has moved on (docs/pad.md "A phase that moves on"). */
    phaseId?: number;
  },
): Promise<Result<{ action: string; reply: string; message: Msg; closed: boolean }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const found = await callerIn(tx, input, input.by);
    if (isError(found)) return found;
    const { game, variant, phase, caller } = found;
    if (input.phaseId !== undefined && input.phaseId !== phase.id) return fail(msg('act.refused.phaseChanged'));
    const now = deps.now();
    // The game master's act is public; a player's answer shows with the others' at the next mark in a hidden game,
    // and so do its posts, its DMs to others (a follower's choice told to the channel and to its master) and the board
    // it changes (src/game/phase/held-board.ts), on which the next player's act runs, so that acts add up.
    const hidden = input.by === 'player' && identitiesHiddenNow(game);
    const held = hidden ? { dueAt: privateActDueAt(game, now), actor: input.userId } : undefined;
    const frame = await gameFrame(tx, game, variant, hidden ? latestBoard(phase) : phase, {
      now,
      random: deps.random,
      token: '',
      report: (e) => reportInternal(deps, e),
    });
    const typed = {
      action: String(input.action ?? ''),
      values: { choice: clean(input.choice), detail: clean(input.detail) },
    };
    const { action, values } = input.locale
      ? readBackAction(frame, { ...typed, by: input.by, caller, locale: input.locale })
      : typed;
    const t = stepMachine(frame, { kind: 'act', by: input.by, caller, action, values });
    const answer = t.answer!;
    if (!answer.ok) return fail(refusalMsg(variant, answer.refusal, input.by));
    if (input.by === 'player') await keepShownProgress(tx, game, now);
    await writePluginEffects(tx, game, phase, t, now, held);
    changed(game.id);
    const wasOpen = stepUnderWay(frame) !== null;
    const closed = answer.settled && !hidden;
    if (closed) {
      // Nobody is left to wait for: the step closes now rather than at its deadline.
      const resolved = await resolveInTx(tx, deps, game.id, phase.id, 'step');
      if (!resolved.ok) return resolved;
    } else if (answer.settled) {
      // Every answer is in: the step closes at the next mark (a changed answer before it keeps it; the sweep reads it
      // again there and closes only a step still settled).
      const mark = nextProgressMark(now);
      if (game.readyAtMarkMs !== mark) await setReadyAtMark(tx, game.id, mark);
      await queueProgressStatus(tx, game, now);
    } else if (input.by === 'player') await queueProgressStatus(tx, game, now);
    else await queueStatus(tx, game.id, now);
    const tail = !wasOpen ? undefined : hidden ? answer.whenHidden : closed ? answer.whenClosed : answer.whenOpen;
    const told = tail ? msg('text.then', { text: answer.reply, more: tail }) : answer.reply;
    // A board held until the mark: the player is told why the map and the status do not show their act yet.
    const boardHeld = held && t.effects.some((e) => e.kind === 'position');
    const message = boardHeld ? msg('text.then', { text: told, more: msg('act.boardAtMark') }) : told;
    return { ok: true, action: answer.action, reply: wordIn('en', message), message, closed };
  });
}

/**
 * Autocomplete for `/act` and `/gm act`: the actions open to the caller now (`focused: 'action'`), or the choices
 * of one slot of the named action, worded in the member's `locale` and matched against what they typed in it or in
 * English. Empty when there is nothing to offer (no game, another variant, not now).
 */
export async function actionChoices(
  deps: GameDeps,
  input: Caller & {
    by: ActionBy;
    focused: 'action' | 'choice' | 'detail';
    action: string | null;
    typed: string;
    values: ActionValues;
    locale: Locale;
  },
): Promise<ShownChoice[]> {
  try {
    return await deps.store.transaction(async (tx) => {
      const found = await callerIn(tx, input, input.by);
      if (isError(found)) return [];
      const { game, variant, phase, caller } = found;
      const frame = await gameFrame(tx, game, variant, phase, { now: deps.now(), token: '' });
      const values = { choice: clean(input.values.choice), detail: clean(input.values.detail) };
      const options =
        input.focused === 'action'
          ? openActions(frame, input.by, caller).map(actionOption)
          : actionSlotChoices(frame, { by: input.by, caller, action: input.action, slot: input.focused, values });
      return matchingChoices(options, input.typed, input.locale);
    });
  } catch {
    return [];
  }
}
