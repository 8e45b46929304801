/**
 * The fall-back wizard's draft (docs/cardgame.md "The fall-back wizard"): stored in `card_drafts`, so a restart or the
 * deadline resumes it. Nothing is public until Done, which applies the whole fall back in one transaction (with the
 * control round and the end of the round when this was the last seat). A draft belongs to one table version: any other
 * change of the table (a GM skip, a rollback) voids it. The draft is built in steps (`card_drafts.steps`): one wizard
 * screen (`draftChoose`: several effects, the recruit, Fire and Wind sources whose destinations come next) or one
 * effect or recruit (`draftEffect`, `draftRecruit`, the computer players' path); Back undoes the last step.
 */
import { and, eq } from 'drizzle-orm';
import {
  applyEffect,
  claimsOf,
  defaultEffect,
  effectChoices,
  fallBackOption,
  type CardGameState,
  type Effect,
  type Seat,
} from '../../cardgame/index.js';
import { fireSources, windSources, bestRowCards } from '../../cardgame/effects.js';
import { cloneState } from '../../cardgame/clone.js';
import { Refusal as EngineRefusal } from '../../cardgame/refusal.js';
import { parseAction } from '../../cardgame/schema.js';
import type { Tx } from '../../store/store.js';
import { cardDrafts, cardGames, type CardDraftRow, type CardDraftStep } from './tables.js';
import {
  fail,
  inReadTransaction,
  inTransaction,
  type Caller,
  type GameDeps,
  type Refusal,
  type Result,
} from '../core/index.js';
import { isCard } from '../../cardgame/cards.js';
import { msg, type Msg } from '../../i18n/index.js';
import { cardMsg, msgList, otherwise, symbolMsg, symbolParam } from './names.js';
import { commitAction, markPresentInTx, runAutomatic } from './commit.js';
import { queueTable } from './outbox.js';
import { inNotation } from './notation.js';
import { engineRefusal } from './engine-refusals.js';
import { notYourTurn, seatCtx, type SeatCtx } from './play.js';
import { draftOf, infoOf, reload, staleTable } from './store.js';
import { FALL_BACK_GRACE_MS, type CardDraftView, type CardGameInfo } from './types.js';

const noDraft = (): Refusal => fail(msg('cards.refused.noDraft'));

/** "You do not claim fire (your claims: cavalry, spy)." with each locale's words for the symbols. */
function notClaimed(symbol: string, claims: readonly string[]): Refusal {
  return fail(
    msg('cards.refused.notClaimed', {
      symbol: symbolParam(symbol),
      claims: claims.length ? otherwise(claims.join(', '), msgList(claims.map(symbolMsg))) : msg('cards.list.none'),
    }),
  );
}

/** The board as the draft leaves it, or the sentence of the first effect that no longer applies. */
function draftBoard(
  s: CardGameState,
  seat: Seat,
  effects: readonly Effect[],
): { ok: true; state: CardGameState; lines: string[] } | Refusal {
  const board = cloneState(s);
  const events: { text: string; kind: string }[] = [];
  try {
    for (const e of effects) applyEffect(board, seat, e, events);
  } catch (e) {
    if (e instanceof EngineRefusal) return engineRefusal(e.message);
    throw e;
  }
  return { ok: true, state: board, lines: events.filter((e) => e.kind === 'effect').map((e) => e.text) };
}

export function buildDraftView(game: CardGameInfo, s: CardGameState, seat: Seat, draft: CardDraftRow): CardDraftView {
  const effects = draft.effects as Effect[];
  const claims = claimsOf(s, seat);
  const tiebreak = s.phase === 'tiebreak';
  const b = draftBoard(s, seat, effects);
  const board = b.ok ? b.state : s;
  const done = new Set(effects.map((e) => e.symbol));
  const remaining = tiebreak ? [] : claims.filter((c) => !done.has(c));
  const choices: CardDraftView['choices'] = {};
  const defaults: CardDraftView['defaults'] = {};
  for (const sym of remaining) {
    choices[sym] = effectChoices(board, seat, sym);
    defaults[sym] = defaultEffect(board, seat, sym);
  }
  const opt = fallBackOption(s, seat, false);
  // The row after the draft's effects; the seat takes its recruits from it.
  const row = board.row;
  const recruitCount = tiebreak ? 0 : Math.min(opt.recruitCount, row.length + 0);
  const steps = stepsOf(draft);
  return {
    game,
    seat,
    version: draft.version,
    claims,
    effects,
    remaining,
    choices,
    defaults,
    row,
    recruitCount,
    recruit: draft.recruit,
    defaultRecruit: bestRowCards(row, recruitCount),
    extraDraw: opt.extraDraw,
    tiebreak,
    lines: b.ok ? b.lines : [],
    steps: steps.length,
    sources: pendingSources(steps, effects),
  };
}

function stepsOf(draft: CardDraftRow): CardDraftStep[] {
  return Array.isArray(draft.steps) ? draft.steps : [];
}

/** The steps with the recruit taken out of them (a step that held only the recruit is gone). */
function withoutRecruit(steps: readonly CardDraftStep[]): CardDraftStep[] {
  return steps.flatMap((st) => (!st.recruit ? [st] : st.effects > 0 || st.sources ? [{ ...st, recruit: false }] : []));
}

/** The Fire and Wind sources chosen in a step whose effect is not stored yet (its destination is asked next). */
function pendingSources(steps: readonly CardDraftStep[], effects: readonly Effect[]): { fire?: number; wind?: number } {
  const out: { fire?: number; wind?: number } = {};
  for (const st of steps) {
    for (const sym of ['fire', 'wind'] as const) {
      const h = st.sources?.[sym];
      if (typeof h === 'number' && !effects.some((e) => e.symbol === sym)) out[sym] = h;
    }
  }
  return out;
}

/** The caller's open draft on the current table, or a sentence. */
async function openDraft(
  tx: Tx,
  caller: Caller,
  version: number | null | undefined,
): Promise<{ sc: SeatCtx; draft: CardDraftRow } | Refusal> {
  const sc = await seatCtx(tx, caller);
  if ('ok' in sc) return sc;
  const s = sc.ctx.state!;
  if ((s.phase !== 'battle' && s.phase !== 'tiebreak') || s.turnSeat !== sc.seat) return fail(notYourTurn(sc.ctx));
  if (version !== undefined && version !== null && version !== sc.ctx.card.version) return staleTable();
  const draft = await draftOf(tx, sc.ctx.game.id, sc.seat);
  if (!draft) return noDraft();
  if (draft.version !== sc.ctx.card.version) return staleTable();
  return { sc, draft };
}

async function saveDraft(
  tx: Tx,
  gameId: number,
  seat: Seat,
  set: Partial<Pick<CardDraftRow, 'effects' | 'recruit' | 'steps'>>,
  now: number,
): Promise<void> {
  await tx
    .update(cardDrafts)
    .set({ ...set, updatedAt: now })
    .where(and(eq(cardDrafts.gameId, gameId), eq(cardDrafts.seat, seat)));
}

async function draftResult(tx: Tx, sc: SeatCtx): Promise<Result<{ draft: CardDraftView }>> {
  const ctx = await reload(tx, sc.ctx);
  const draft = (await draftOf(tx, ctx.game.id, sc.seat))!;
  return { ok: true, draft: buildDraftView(infoOf(ctx), ctx.state!, sc.seat, draft) };
}

/**
 * Fall back (step 1 confirmed): starts the draft, or resumes the stored one. With less than 2 minutes left the
 * deadline moves to 2 minutes from now, so the effects can be chosen (docs/cardgame.md "Turns and deadlines", B-6) —
 * once a turn: the grace is given when the turn's draft is created, and Cancel keeps the (emptied) draft, so Fall back
 * → Cancel → Fall back never renews it. A turn is never held beyond its deadline plus one grace.
 */
export async function startFallBack(
  deps: GameDeps,
  caller: Caller,
  input: { version?: number | null } = {},
): Promise<Result<{ draft: CardDraftView }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const sc = await seatCtx(tx, caller);
    if ('ok' in sc) return sc;
    const s = sc.ctx.state!;
    if ((s.phase !== 'battle' && s.phase !== 'tiebreak') || s.turnSeat !== sc.seat) return fail(notYourTurn(sc.ctx));
    if (input.version !== undefined && input.version !== null && input.version !== sc.ctx.card.version)
      return staleTable();
    const now = deps.now();
    await markPresentInTx(tx, sc.ctx, caller.userId);
    const existing = await draftOf(tx, sc.ctx.game.id, sc.seat);
    const firstThisTurn = !existing || existing.version !== sc.ctx.card.version;
    if (firstThisTurn) {
      await tx.delete(cardDrafts).where(and(eq(cardDrafts.gameId, sc.ctx.game.id), eq(cardDrafts.seat, sc.seat)));
      await tx.insert(cardDrafts).values({
        gameId: sc.ctx.game.id,
        seat: sc.seat,
        version: sc.ctx.card.version,
        effects: [],
        recruit: null,
        steps: [],
        updatedAt: now,
      });
    }
    const deadline = sc.ctx.card.deadlineMs;
    // A turn whose deadline has passed gets no grace (its default, or under `nmr: computer` the card AI, is due).
    if (firstThisTurn && deadline !== null && deadline > now && deadline - now < FALL_BACK_GRACE_MS) {
      await tx
        .update(cardGames)
        .set({ deadlineMs: now + FALL_BACK_GRACE_MS, remindAtMs: null })
        .where(eq(cardGames.gameId, sc.ctx.game.id));
      await queueTable(tx, sc.ctx, now);
      changed(sc.ctx.game.id);
    }
    return await draftResult(tx, sc);
  });
}

/** The caller's stored draft (the wizard reopened, or after a restart). */
export async function cardsDraft(deps: GameDeps, caller: Caller): Promise<Result<{ draft: CardDraftView }>> {
  return await inReadTransaction(deps, async (tx) => {
    const d = await openDraft(tx, caller, null);
    if ('ok' in d) return d;
    return { ok: true, draft: buildDraftView(infoOf(d.sc.ctx), d.sc.ctx.state!, d.sc.seat, d.draft) };
  });
}

/** Resolves the next superiority: an effect of `effectChoices`, or `{symbol, draw: true}`. */
export async function draftEffect(
  deps: GameDeps,
  caller: Caller,
  input: { version?: number | null; effect: unknown },
): Promise<Result<{ draft: CardDraftView }>> {
  return await inTransaction(deps, async (tx) => {
    const d = await openDraft(tx, caller, input.version);
    if ('ok' in d) return d;
    const { sc, draft } = d;
    const s = sc.ctx.state!;
    if (s.phase === 'tiebreak') return fail(msg('cards.refused.tiebreakDone'));
    const parsed = parseAction({ type: 'fallBack', seat: sc.seat, effects: [input.effect] });
    if (!parsed.ok || parsed.action.type !== 'fallBack' || !parsed.action.effects?.[0])
      return fail(msg('cards.refused.effectUnknown'));
    const effect = parsed.action.effects[0];
    const effects = draft.effects as Effect[];
    const claims = claimsOf(s, sc.seat);
    if (!claims.includes(effect.symbol)) return notClaimed(effect.symbol, claims);
    if (effects.some((e) => e.symbol === effect.symbol))
      return fail(msg('cards.refused.alreadyResolved', { symbol: symbolParam(effect.symbol) }));
    const b = draftBoard(s, sc.seat, [...effects, effect]);
    if (!b.ok) return b;
    // an effect clears the recruit (a Spy pick changes the row): no step holds it any more
    await saveDraft(
      tx,
      sc.ctx.game.id,
      sc.seat,
      {
        effects: [...effects, effect],
        recruit: null,
        steps: [...withoutRecruit(stepsOf(draft)), { effects: 1, recruit: false }],
      },
      deps.now(),
    );
    return await draftResult(tx, sc);
  });
}

/**
 * Back: undoes the draft's last step (a wizard screen's choices, or one effect or recruit). A draft stored before
 * steps were kept undoes its recruit, else its last effect.
 */
export async function draftBack(
  deps: GameDeps,
  caller: Caller,
  input: { version?: number | null } = {},
): Promise<Result<{ draft: CardDraftView }>> {
  return await inTransaction(deps, async (tx) => {
    const d = await openDraft(tx, caller, input.version);
    if ('ok' in d) return d;
    const effects = d.draft.effects as Effect[];
    const steps = stepsOf(d.draft);
    const now = deps.now();
    const last = steps.at(-1);
    if (last)
      await saveDraft(
        tx,
        d.sc.ctx.game.id,
        d.sc.seat,
        {
          effects: effects.slice(0, effects.length - last.effects),
          recruit: last.recruit ? null : d.draft.recruit,
          steps: steps.slice(0, -1),
        },
        now,
      );
    else if (d.draft.recruit) await saveDraft(tx, d.sc.ctx.game.id, d.sc.seat, { recruit: null }, now);
    else if (effects.length) await saveDraft(tx, d.sc.ctx.game.id, d.sc.seat, { effects: effects.slice(0, -1) }, now);
    else return fail(msg('cards.refused.nothingToUndo'));
    return await draftResult(tx, d.sc);
  });
}

/** The recruit's refusal on the row as the draft leaves it, or null. */
function recruitError(row: readonly string[], count: number, cards: readonly string[]): Msg | null {
  if (cards.length !== count) return msg('cards.refused.recruitCount', { count, given: cards.length });
  const left = [...row];
  for (const c of cards) {
    const i = left.indexOf(c);
    if (i < 0)
      return msg('cards.refused.notInRow', {
        card: isCard(c) ? otherwise(inNotation(c), cardMsg(c)) : inNotation(c),
      });
    left.splice(i, 1);
  }
  return null;
}

/**
 * One screen of the fall-back wizard as a step: effects for some superiorities (applied after the draft's, in this
 * order), the recruit when the screen asked for it, and the Fire and Wind sources whose destinations the next screen
 * asks for. All checked on the draft's board, or nothing is stored.
 */
export async function draftChoose(
  deps: GameDeps,
  caller: Caller,
  input: {
    version?: number | null;
    effects?: unknown[];
    recruit?: string[] | null;
    sources?: { fire?: number; wind?: number };
  },
): Promise<Result<{ draft: CardDraftView }>> {
  return await inTransaction(deps, async (tx) => {
    const d = await openDraft(tx, caller, input.version);
    if ('ok' in d) return d;
    const { sc, draft } = d;
    const s = sc.ctx.state!;
    if (s.phase === 'tiebreak') return fail(msg('cards.refused.tiebreakChoose'));
    const raw = Array.isArray(input.effects) ? input.effects : [];
    const parsed = parseAction({ type: 'fallBack', seat: sc.seat, effects: raw });
    if (!parsed.ok || parsed.action.type !== 'fallBack') return fail(msg('cards.refused.choiceUnknown'));
    const added = parsed.action.effects ?? [];
    const effects = draft.effects as Effect[];
    const claims = claimsOf(s, sc.seat);
    const done = new Set(effects.map((e) => e.symbol));
    const pending = pendingSources(stepsOf(draft), effects);
    for (const e of added) {
      if (!claims.includes(e.symbol)) return notClaimed(e.symbol, claims);
      if (done.has(e.symbol)) return fail(msg('cards.refused.alreadyResolved', { symbol: symbolParam(e.symbol) }));
      done.add(e.symbol);
    }
    const b = draftBoard(s, sc.seat, [...effects, ...added]);
    if (!b.ok) return b;
    const sources: { fire?: number; wind?: number } = {};
    for (const sym of ['fire', 'wind'] as const) {
      const h = input.sources?.[sym];
      if (h === undefined) continue;
      if (!claims.includes(sym)) return fail(msg('cards.refused.notClaimedShort', { symbol: symbolParam(sym) }));
      if (done.has(sym) || pending[sym] !== undefined)
        return fail(msg('cards.refused.alreadyChosen', { symbol: symbolParam(sym) }));
      const legal = sym === 'fire' ? fireSources(b.state, sc.seat) : windSources(b.state, sc.seat);
      if (!Number.isInteger(h) || !legal.includes(h))
        return fail(msg(sym === 'fire' ? 'cards.refused.fireSource' : 'cards.refused.windSource', { h: String(h) }));
      sources[sym] = h;
    }
    let recruit = draft.recruit;
    if (input.recruit !== undefined && input.recruit !== null) {
      if (recruit) return fail(msg('cards.refused.recruitsChosen'));
      const view = buildDraftView(infoOf(sc.ctx), s, sc.seat, { ...draft, effects: [...effects, ...added] });
      const cards = Array.isArray(input.recruit) ? input.recruit.map(String) : [];
      const why = recruitError(view.row, view.recruitCount, cards);
      if (why) return fail(why);
      recruit = cards;
    }
    if (added.length === 0 && recruit === draft.recruit && Object.keys(sources).length === 0)
      return fail(msg('cards.refused.nothingChosen'));
    const step: CardDraftStep = {
      effects: added.length,
      recruit: recruit !== draft.recruit,
      ...(Object.keys(sources).length ? { sources } : {}),
    };
    await saveDraft(
      tx,
      sc.ctx.game.id,
      sc.seat,
      { effects: [...effects, ...added], recruit, steps: [...stepsOf(draft), step] },
      deps.now(),
    );
    return await draftResult(tx, sc);
  });
}

/** The recruiting-row cards to take (exactly `recruitCount`, from the row as the draft leaves it). */
export async function draftRecruit(
  deps: GameDeps,
  caller: Caller,
  input: { version?: number | null; cards: string[] },
): Promise<Result<{ draft: CardDraftView }>> {
  return await inTransaction(deps, async (tx) => {
    const d = await openDraft(tx, caller, input.version);
    if ('ok' in d) return d;
    const view = buildDraftView(infoOf(d.sc.ctx), d.sc.ctx.state!, d.sc.seat, d.draft);
    const cards = Array.isArray(input.cards) ? input.cards.map(String) : [];
    if (view.tiebreak) return fail(msg('cards.refused.tiebreakRecruit'));
    const why = recruitError(view.row, view.recruitCount, cards);
    if (why) return fail(why);
    // a recruit chosen again replaces the one chosen before: its step no longer holds it
    await saveDraft(
      tx,
      d.sc.ctx.game.id,
      d.sc.seat,
      { recruit: cards, steps: [...withoutRecruit(stepsOf(d.draft)), { effects: 0, recruit: true }] },
      deps.now(),
    );
    return await draftResult(tx, d.sc);
  });
}

/**
 * Cancel before Done: back to the turn; nothing was public. The choices are dropped, but the draft row stays (empty)
 * for the rest of the turn: it records that this turn's fall-back grace was given (see `startFallBack`).
 */
export async function cancelFallBack(deps: GameDeps, caller: Caller): Promise<Result<object>> {
  return await inTransaction(deps, async (tx) => {
    const sc = await seatCtx(tx, caller);
    if ('ok' in sc) return sc;
    const draft = await draftOf(tx, sc.ctx.game.id, sc.seat);
    if (!draft) return noDraft();
    await saveDraft(tx, sc.ctx.game.id, sc.seat, { effects: [], recruit: null, steps: [] }, deps.now());
    return { ok: true };
  });
}

/** Done: the whole fall back in one transaction; superiorities not resolved and a missing recruit take the defaults. */
export async function finishFallBack(
  deps: GameDeps,
  caller: Caller,
  input: { version?: number | null } = {},
): Promise<Result<{ game: CardGameInfo }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const d = await openDraft(tx, caller, input.version);
    if ('ok' in d) return d;
    const { sc, draft } = d;
    const now = deps.now();
    const action = {
      type: 'fallBack' as const,
      seat: sc.seat,
      effects: draft.effects as Effect[],
      ...(draft.recruit ? { recruit: draft.recruit } : {}),
    };
    const r = await commitAction(
      tx,
      sc.ctx,
      sc.ctx.state!.phase === 'tiebreak' ? { type: 'fallBack', seat: sc.seat } : action,
      `user:${caller.userId}`,
      now,
    );
    if ('ok' in r) return r;
    const after = await runAutomatic(tx, r, now);
    changed(sc.ctx.game.id);
    return { ok: true, game: infoOf(after) };
  });
}
