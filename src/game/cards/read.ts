/**
 * Read-only look-ups for the bot, and the bookkeeping writes its deliverer needs: the log thread's id and the turn
 * pings still up (docs/bot.md "Card game turns").
 */
import { first } from '../../store/store.js';
import { eq, and, asc, desc } from 'drizzle-orm';
import {
  controllerOf,
  dynastyLabel,
  eligibleStates,
  physicalCount,
  stateLabel,
  type CardGameView,
  type GameEvent,
  type StateId,
} from '../../cardgame/index.js';
import { games } from '../../store/schema.js';
import { cardEvents, cardGames, type CardPing } from './tables.js';
import { idText, latestGameByChannel } from '../../store/queries.js';
import { inReadTransaction, inTransaction, fail, type GameDeps, type Result } from '../core/index.js';
import { cardCtxById, infoOf, loadCtx, openCardGame } from './store.js';
import { CARD_KIND, type CardGameInfo, type CardTablePayload } from './types.js';
import { replayCardGame } from './gm.js';
import { msg } from '../../i18n/index.js';
import { cardTablePayload } from './outbox.js';

/** The channel's unfinished card game, else its latest finished one, else null (also null for a Diplomacy game). */
export async function cardGameInChannel(deps: GameDeps, channelId: string): Promise<CardGameInfo | null> {
  const r = await inReadTransaction(deps, async (tx) => {
    const open = await openCardGame(tx, channelId);
    if (!('ok' in open)) return { ok: true, info: infoOf(open) as CardGameInfo | null };
    const last = first(
      await tx
        .select()
        .from(games)
        .where(and(eq(games.channelId, idText(channelId)), eq(games.kind, CARD_KIND)))
        .orderBy(desc(games.id))
        .limit(1),
    );
    const ctx = last && last.status === 'finished' ? await loadCtx(tx, last) : null;
    return { ok: true, info: ctx ? infoOf(ctx) : null };
  });
  return r.ok ? r.info : null;
}

export async function cardGameById(deps: GameDeps, gameId: number): Promise<CardGameInfo | null> {
  const r = await inReadTransaction(deps, async (tx) => {
    const ctx = await cardCtxById(tx, gameId);
    return { ok: true, info: ctx ? infoOf(ctx) : null };
  });
  return r.ok ? r.info : null;
}

/** Is the channel's unfinished game a card game? (The bot routes `/game …` on it.) */
export async function isCardChannel(deps: GameDeps, channelId: string): Promise<boolean> {
  const r = await inReadTransaction(deps, async (tx) => ({
    ok: true,
    yes: !('ok' in (await openCardGame(tx, channelId))),
  }));
  return r.ok && r.yes;
}

/**
 * The states the chooser may pick, with their labels: "Gu 顧 — neutral · 5 around" (docs/cardgame.md "Choosing the next
 * battle").
 */
export async function cardChoosableStates(
  deps: GameDeps,
  channelId: string,
): Promise<{ state: StateId; label: string }[]> {
  const r = await inReadTransaction(deps, async (tx) => {
    const ctx = await openCardGame(tx, channelId);
    if ('ok' in ctx || !ctx.state || ctx.state.phase !== 'choose')
      return { ok: true, list: [] as { state: StateId; label: string }[] };
    const s = ctx.state;
    const list = eligibleStates(s).map((st) => {
      const c = controllerOf(s, st);
      return {
        state: st,
        label: `${stateLabel(st)} — ${c === 'neutral' ? 'neutral' : dynastyLabel(s.seats[c]!.dynasty)} · ${physicalCount(s, st)} around`,
      };
    });
    return { ok: true, list };
  });
  return r.ok ? r.list : [];
}

/**
 * The public events of a round's stored actions, action by action in the order they were played (`/cards log`
 * writes a line per action; the round summary's picture draws their moves). A round nothing was stored for: [].
 */
export async function cardRoundActions(deps: GameDeps, gameId: number, round: number): Promise<GameEvent[][]> {
  const r = await inReadTransaction(deps, async (tx) => {
    if (!Number.isSafeInteger(gameId) || !Number.isSafeInteger(round))
      return { ok: true, actions: [] as GameEvent[][] };
    const rows = await tx
      .select({ events: cardEvents.events })
      .from(cardEvents)
      .where(and(eq(cardEvents.gameId, gameId), eq(cardEvents.round, round)))
      .orderBy(asc(cardEvents.seq));
    return { ok: true, actions: rows.map((row) => (Array.isArray(row.events) ? (row.events as GameEvent[]) : [])) };
  });
  return r.ok ? r.actions : [];
}

/**
 * Whether the table's last move was the member's own (`card_events.actor`): a click on a view that move made stale is
 * most likely a second click on a button they already pressed (docs/cardgame.md "The Discord table").
 */
export async function lastMoveWasBy(deps: GameDeps, gameId: number, userId: string): Promise<boolean> {
  const r = await inReadTransaction(deps, async (tx) => {
    if (!Number.isSafeInteger(gameId)) return { ok: true, actor: null };
    const last = first(
      await tx
        .select({ actor: cardEvents.actor })
        .from(cardEvents)
        .where(eq(cardEvents.gameId, gameId))
        .orderBy(desc(cardEvents.seq))
        .limit(1),
    );
    return { ok: true, actor: last?.actor ?? null };
  });
  return r.ok && r.actor === `user:${userId}`;
}

/** Remembers the game's log thread (the bot opens it on the card game's first `log` row). */
export async function recordCardThread(deps: GameDeps, gameId: number, threadId: string): Promise<Result<object>> {
  return await inTransaction(deps, async (tx) => {
    if (!idText(threadId)) return fail('No thread id.');
    await tx
      .update(cardGames)
      .set({ threadId: idText(threadId) })
      .where(eq(cardGames.gameId, gameId));
    return { ok: true };
  });
}

/**
 * The game's turn pings still up (posted, not yet retired), oldest first. Kept in the database, so a restart between
 * a ping and the end of its turn still retires it.
 */
export async function cardPings(deps: GameDeps, gameId: number): Promise<CardPing[]> {
  const r = await inReadTransaction(deps, async (tx) => {
    const row = first(
      await tx.select({ pings: cardGames.pings }).from(cardGames).where(eq(cardGames.gameId, gameId)).limit(1),
    );
    return { ok: true, pings: Array.isArray(row?.pings) ? row.pings : [] };
  });
  return r.ok ? r.pings : [];
}

/** Remembers a turn ping the deliverer just posted (once: the same message twice is kept once). */
export async function recordCardPing(deps: GameDeps, gameId: number, ping: CardPing): Promise<Result<object>> {
  return await inTransaction(deps, async (tx) => {
    const row = first(
      await tx.select({ pings: cardGames.pings }).from(cardGames).where(eq(cardGames.gameId, gameId)).limit(1),
    );
    if (!row) return fail('No such card game.');
    const pings = Array.isArray(row.pings) ? row.pings : [];
    if (pings.some((p) => p.messageId === ping.messageId)) return { ok: true };
    await tx
      .update(cardGames)
      .set({ pings: [...pings, ping] })
      .where(eq(cardGames.gameId, gameId));
    return { ok: true };
  });
}

/** Forgets retired turn pings (deleted from the channel, or a DM's buttons taken away). */
export async function forgetCardPings(
  deps: GameDeps,
  gameId: number,
  messageIds: readonly string[],
): Promise<Result<object>> {
  return await inTransaction(deps, async (tx) => {
    const row = first(
      await tx.select({ pings: cardGames.pings }).from(cardGames).where(eq(cardGames.gameId, gameId)).limit(1),
    );
    if (!row) return { ok: true };
    const gone = new Set(messageIds);
    const keep = (Array.isArray(row.pings) ? row.pings : []).filter((p) => !gone.has(p.messageId));
    await tx
      .update(cardGames)
      .set({ pings: keep.length ? keep : null })
      .where(eq(cardGames.gameId, gameId));
    return { ok: true };
  });
}

/** Replays the stored actions from the seed and compares with the stored state, byte for byte. */
export async function verifyCardReplay(deps: GameDeps, gameId: number): Promise<Result<{ same: boolean }>> {
  return await inReadTransaction(deps, async (tx) => {
    const ctx = await cardCtxById(tx, gameId);
    if (!ctx) return fail('No such card game.');
    const r = await replayCardGame(tx, ctx);
    if (!r.ok) return r;
    return { ok: true, same: JSON.stringify(r.state) === ctx.card.state };
  });
}

/**
 * The table message as it is now (for `/cards status` in a card game's channel), as data the bot words in the member's
 * locale; null when there is no card game.
 */
export async function cardTableOf(deps: GameDeps, channelId: string): Promise<CardTablePayload | null> {
  const r = await inReadTransaction(deps, async (tx) => {
    const open = await openCardGame(tx, channelId);
    if (!('ok' in open)) return { ok: true, table: await cardTablePayload(tx, open.game) };
    // none open: the channel's latest game when it is a finished card game (its final table, `/game status`)
    const last = await latestGameByChannel(tx, channelId);
    return {
      ok: true,
      table: last && last.kind === CARD_KIND && last.status === 'finished' ? await cardTablePayload(tx, last) : null,
    };
  });
  return r.ok ? r.table : null;
}

/**
 * The channel's card board as anyone may see it (players and onlookers alike: the table's 🗺 Board button, `/cards
 * board`, `/map`): the open game's public view; with none open, the final board of the channel's latest game when that
 * is a finished card game; else the open game's refusal (`cards.refused.noBoard` before the first deal).
 */
export async function publicCardBoard(deps: GameDeps, channelId: string): Promise<Result<{ view: CardGameView }>> {
  const open = await inReadTransaction(deps, async (tx) => {
    const c = await openCardGame(tx, channelId);
    if ('ok' in c) return c;
    const table = infoOf(c).table;
    return table ? { ok: true as const, view: table } : fail(msg('cards.refused.noBoard'));
  });
  if (open.ok) return open;
  const ended = await cardTableOf(deps, channelId);
  return ended?.board ? { ok: true, view: ended.board } : open;
}
