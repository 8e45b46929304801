/**
 * Computer players in the seats of a card game. A computer seat is a `card_seats` row whose user id is
 * `computer:<dynasty>` (src/game/core/holder.ts), put there only by a game master (`/gm replace computer:True`,
 * docs/decisions.md "Computer players and sandbox"). It plays every step of its turns through the use-cases a person's
 * clicks go through, with the table version it read, so the checks, the secrecy and the timing are a person's:
 *
 * - it reads its seat's own view (`cardsMyView`: the board, the row, its hand, the sizes of the others; never another
 *   hand or the deck) and asks the card AI in the worker thread (`askComputerPlayer`, job `cards`, off the event loop);
 * - it answers the setup give with `giveCards`, the choice of battle with `chooseBattle`, a wage with `wageBattle`, and
 *   a fall back through the fall-back wizard, step by step as a person does: `startFallBack`, one `draftEffect` per
 *   superiority, `draftRecruit`, `finishFallBack`.
 *
 * Never a stalled table: when the table moved while it thought (another seat acted, a game-master tool), the answer is
 * dropped and the new turn asked again; when the AI fails or a step is refused on the same table, the seat takes the
 * card game's own default at once (as an away seat's turn does, actor `computer`). The turn's deadline stands behind
 * both. Nothing is kept in memory that a restart would lose: the duties are read from the stored tables after every
 * change, sweep and start-up, and a half-done fall-back draft is started again from the top. A hand never reaches a
 * log line above debug.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import { gameNotFinished } from '../../store/queries.js';
import type { Action, CardGameView, Seat } from '../../cardgame/index.js';
import type { Tx } from '../../store/store.js';
import { games } from '../../store/schema.js';
import { cardGames, cardSeats } from './tables.js';
import { CARD_KIND } from './types.js';
import { askComputerPlayer, type AiAnswer, type AiJob } from '../ai-pool/index.js';
import {
  COMPUTER_ID_PREFIX,
  computerLevelOf,
  isComputer,
  isVacant,
  type Level,
  fail,
  inReadTransaction,
  inTransaction,
  type GameDeps,
  type Result,
} from '../core/index.js';
import { commitDefault, runAutomatic } from './commit.js';
import { lateForComputer, markTimeout } from './timer.js';
import { cancelFallBack, draftEffect, draftRecruit, finishFallBack, startFallBack } from './draft.js';
import { cardsMyView, chooseBattle, giveCards, wageBattle } from './play.js';
import { cardCtxById, loadCtx, seatRow, seatsToAct, type CardCtx } from './store.js';

/** A computer seat whose action is due now. */
export interface CardComputerDuty {
  gameId: number;
  channelId: string;
  seat: Seat;
  userId: string;
  /** The table version it was due on (the give phase: any version while the seat has not given). */
  version: number;
  phase: string;
  /** How well it plays: the computer player's own level, or the game's (a vacant seat, a member's late turn). */
  level: Level;
  /** A member's turn past its deadline, played for them (`nmr: computer`): it counts as their missed turn. */
  late: boolean;
}

/** The actor of a default taken for a computer seat that could not decide (the log thread says so). */
export const COMPUTER_DEFAULT_ACTOR = 'computer';

function dutiesOf(ctx: CardCtx, now: number): CardComputerDuty[] {
  if (ctx.game.status !== 'active' || !ctx.state) return [];
  return seatsToAct(ctx.state).flatMap((seat) => {
    const row = seatRow(ctx, seat);
    // An away or conceded seat already resolves at once with the defaults (runAutomatic). Under `nmr: computer` the
    // card AI also plays a vacant seat, and a member's turn once its deadline has passed.
    const late = lateForComputer(ctx, seat, now);
    const vacant = isVacant(row?.userId ?? '') && ctx.game.nmr === 'computer';
    if (!row || !(isComputer(row.userId) || vacant || late) || row.away || row.conceded) return [];
    return [
      {
        gameId: ctx.game.id,
        channelId: ctx.game.channelId,
        seat,
        userId: row.userId,
        version: ctx.card.version,
        phase: ctx.state!.phase,
        level: isComputer(row.userId) ? computerLevelOf(row.userId) : ctx.game.computerLevel,
        late,
      },
    ];
  });
}

/** Every computer seat of a running card game that must act now. */
export async function cardComputerDuties(deps: GameDeps): Promise<CardComputerDuty[]> {
  const now = deps.now();
  const r = await inReadTransaction(deps, async (tx) => {
    const rows = await tx
      .select({ game: games })
      .from(games)
      .innerJoin(cardGames, eq(cardGames.gameId, games.id))
      .where(and(eq(games.kind, CARD_KIND), inArray(games.status, ['active'])));
    const duties: CardComputerDuty[] = [];
    for (const { game } of rows) {
      const ctx = await loadCtx(tx, game);
      if (ctx && (ctx.game.nmr === 'computer' || ctx.seats.some((s) => isComputer(s.userId))))
        duties.push(...dutiesOf(ctx, now));
    }
    return { ok: true as const, duties };
  });
  return r.ok ? r.duties : [];
}

/** Does a card game not finished yet have a computer seat (then the bot warms the AI worker up before its first turn)? */
export async function cardComputerSeatsExist(deps: GameDeps): Promise<boolean> {
  const r = await inReadTransaction(deps, async (tx) => ({
    ok: true as const,
    any:
      (
        await tx
          .select({ id: cardSeats.id })
          .from(cardSeats)
          .innerJoin(games, eq(games.id, cardSeats.gameId))
          .where(and(gameNotFinished, like(cardSeats.userId, `${COMPUTER_ID_PREFIX}%`)))
          .limit(1)
      ).length > 0,
  }));
  return r.ok && r.any;
}

/** Whether `duty` is still the seat's turn: same seat due, and the same table (a give: until the seat has given). */
async function stillDue(tx: Tx, duty: CardComputerDuty, now: number): Promise<boolean> {
  const ctx = await cardCtxById(tx, duty.gameId);
  if (!ctx) return false;
  return dutiesOf(ctx, now).some(
    (d) =>
      d.seat === duty.seat &&
      d.userId === duty.userId &&
      d.phase === duty.phase &&
      (d.phase === 'give' || d.version === duty.version),
  );
}

/**
 * The seat's default now (a failed or refused answer on the table it was asked about): the same default a timeout or
 * an away seat takes, then away seats after it resolve as usual. Nothing happens when the table moved meanwhile.
 */
export async function playCardComputerDefault(
  deps: GameDeps,
  duty: CardComputerDuty,
): Promise<Result<{ played: boolean }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const now = deps.now();
    if (!(await stillDue(tx, duty, now))) return { ok: true, played: false };
    const ctx = (await cardCtxById(tx, duty.gameId))!;
    const r = await commitDefault(tx, ctx, duty.seat, COMPUTER_DEFAULT_ACTOR, now);
    if ('ok' in r) return r;
    await runAutomatic(tx, r, now);
    changed(duty.gameId);
    return { ok: true, played: true };
  });
}

/** A member's turn the card AI played past its deadline counts as theirs run out (toward a vacant seat). */
async function countLateTurn(deps: GameDeps, duty: CardComputerDuty): Promise<void> {
  await inTransaction(deps, async (tx, changed) => {
    const ctx = await cardCtxById(tx, duty.gameId);
    if (!ctx) return { ok: true };
    await markTimeout(tx, ctx, duty.seat, deps.now());
    changed(duty.gameId);
    return { ok: true };
  });
}

/** The seat's view, through the same use-case as its "My hand" button; null when it is no longer due. */
async function viewFor(deps: GameDeps, duty: CardComputerDuty): Promise<CardGameView | null> {
  const caller = { channelId: duty.channelId, userId: duty.userId };
  const r = await cardsMyView(deps, caller);
  if (!r.ok || r.seat !== duty.seat || r.game.version !== duty.version) return null;
  return r.view;
}

/**
 * Plays one action through the person's use-cases. A fall back goes through the wizard: started (a draft left by an
 * earlier attempt, before a restart, is emptied first), each chosen effect in order, the recruits, Done.
 */
export async function playCardAction(deps: GameDeps, duty: CardComputerDuty, action: Action): Promise<Result<object>> {
  const caller = { channelId: duty.channelId, userId: duty.userId };
  const version = duty.version;
  if (action.seat !== duty.seat) return fail(`the answer is for seat ${action.seat}, not ${duty.seat}`);
  switch (action.type) {
    case 'give':
      return await giveCards(deps, caller, action.cards ?? []);
    case 'choose':
      return await chooseBattle(deps, caller, {
        version,
        state: action.state ?? '',
        ...(action.start !== undefined ? { start: action.start } : {}),
      });
    case 'wage': {
      const { type: _t, seat: _s, ...play } = action;
      return await wageBattle(deps, caller, { ...play, version });
    }
    case 'fallBack': {
      const started = await startFallBack(deps, caller, { version });
      if (!started.ok) return started;
      if (started.draft.effects.length > 0 || started.draft.recruit) {
        const emptied = await cancelFallBack(deps, caller);
        if (!emptied.ok) return emptied;
      }
      if (!started.draft.tiebreak) {
        for (const effect of action.effects ?? []) {
          const r = await draftEffect(deps, caller, { version, effect });
          if (!r.ok) return r;
        }
        if (action.recruit && action.recruit.length > 0) {
          const r = await draftRecruit(deps, caller, { version, cards: action.recruit });
          if (!r.ok) return r;
        }
      }
      return await finishFallBack(deps, caller, { version });
    }
  }
}

export interface CardComputersOptions {
  /** The AI (tests may pass a stand-in); default: the worker thread. */
  ask?: (job: AiJob) => Promise<AiAnswer>;
  /** The card AI's search budget per decision (default: the AI's own, docs/ai.md). */
  playouts?: number;
  /** Debug-level log of what a computer seat played (it may name cards of its hand: never above debug). */
  debug?: (message: string) => void;
  /** Told when a seat's answer could not be computed or was refused (the seat then took its default; no card named). */
  onError?: (err: unknown) => void;
}

/**
 * Plays the computer seats of every card game: `play()` starts one promise per seat that must act and is not already
 * thinking, each asking the AI and storing its answer (or the default). Call it after every change and sweep.
 */
export function cardComputerSeats(
  deps: GameDeps,
  options: CardComputersOptions = {},
): { play(): Promise<Promise<void>[]>; busy(): number } {
  const thinking = new Set<string>();
  const ask = options.ask ?? askComputerPlayer;
  const keyOf = (d: CardComputerDuty) => `${d.gameId}:${d.seat}`;
  const playOne = async (duty: CardComputerDuty): Promise<void> => {
    const key = keyOf(duty);
    thinking.add(key);
    try {
      const view = await viewFor(deps, duty);
      if (!view) return;
      let refusal: string | null = null;
      try {
        // Deterministic per game, table version and seat: the same table replays to the same choice.
        const job: AiJob = {
          kind: 'cards',
          view,
          seed: `${duty.gameId}:${duty.version}:${duty.seat}`,
          level: duty.level,
          ...(options.playouts !== undefined ? { playouts: options.playouts } : {}),
        };
        const answer = await ask(job);
        if (answer.kind !== 'cards') throw new Error(`unexpected answer ${answer.kind}`);
        if (!answer.action) return;
        const played = await playCardAction(deps, duty, answer.action);
        if (played.ok && duty.late) await countLateTurn(deps, duty);
        if (played.ok) {
          options.debug?.(
            `computer seat ${duty.seat} of card game ${duty.gameId}: played ${JSON.stringify(answer.action)}`,
          );
          return;
        }
        refusal = played.error;
        options.debug?.(
          `computer seat ${duty.seat} of card game ${duty.gameId}: ${JSON.stringify(answer.action)} refused: ${played.error}`,
        );
      } catch (err) {
        options.onError?.(err);
      }
      // The same table still waits for this seat: take the default rather than stall it.
      const fallback = await playCardComputerDefault(deps, duty);
      if (fallback.ok && fallback.played && duty.late) await countLateTurn(deps, duty);
      if (fallback.ok && fallback.played && refusal !== null) {
        options.onError?.(
          new Error(
            `computer seat ${duty.seat} of card game ${duty.gameId}: its action was refused, the default was taken`,
          ),
        );
      }
    } finally {
      thinking.delete(key);
    }
  };
  return {
    play: async () => (await cardComputerDuties(deps)).filter((d) => !thinking.has(keyOf(d))).map(playOne),
    busy: () => thinking.size,
  };
}
