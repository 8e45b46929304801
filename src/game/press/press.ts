/**
 * Press (docs/bot.md "Press"): how a game's players talk through the bot, chosen at `/game create press:`.
 *
 * - `open`: `/press thread with:` opens a private thread in the game's channel for a set of powers; its members are
 *   the players of those powers, kept so when seats change hands (`syncPressThreads`). Discord's side (creating the
 *   thread, adding and removing members) is an outbox row (`press_thread`) whose delivery makes the thread match
 *   `pressThreadPlan`, so a crash or an outage loses nothing and a retry does no harm.
 * - `anonymous`: `/press send` relays a text by DM, headed with the sender's power only; the press is stored, secret
 *   like orders, and `/history press` shows it to anyone once the game is over. Press is addressed to a power: a seat
 *   nobody holds keeps it for its next player (src/game/outbox `keepForSeat`).
 * - `gunboat`: no press at all. Both hide who plays which power until the end (src/game/core/identities.ts).
 */
import { first, type Tx } from '../../store/store.js';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Position } from '../../engine/types.js';
import {
  gameById,
  latestGameByChannel,
  openGameByChannel,
  phasesOf,
  playerByUser,
  playersOf,
} from '../../store/queries.js';
import {
  pressMessages,
  pressThreads,
  type GameRow,
  type PlayerRow,
  type PressMessageRow,
  type PressThreadRow,
} from '../../store/schema.js';
import {
  isComputer,
  isPerson,
  isVacant,
  isError,
  playerInGame,
  NO_GAME,
  channelRef,
  timeRef,
  fail,
  phaseMsg,
  plainMsg,
  gameLocale,
  type Refusal,
  inReadTransaction,
  inTransaction,
  type Caller,
  type GameDeps,
  type Result,
  powerByName,
  variantOfGame,
  typed,
  gamePowerParam,
  powerParam,
  powersParam,
  variantParam,
  otherKindRefusal,
} from '../core/index.js';
import { enqueue, keepForSeat, queueDm, worded } from '../outbox/index.js';
import { listParam, msg, tr, type Locale, type Msg } from '../../i18n/index.js';
import { queueThreadSync } from './sync.js';
import { powerName } from '../../variants/names.js';

/** Anonymous press: messages a power may send in one phase. */
export const PRESS_PER_PHASE = 30;
/** The longest press text: with its heading, a DM stays within Discord's 2,000 characters. */
export const PRESS_MAX_LENGTH = 1800;
/** Discord's longest thread name. */
const THREAD_NAME_MAX = 100;

const GUNBOAT_REFUSAL = msg('press.refused.gunboat');

// ---------------------------------------------------------------------------------------------------------------
// Threads (open press)

/** What `/press thread` answers: the thread (its id once Discord made it) and who in it will not answer. */
export interface PressThreadView {
  powers: string[];
  threadId: string | null;
  created: boolean;
  /** Named powers a computer player holds (their thread exists; nobody answers there). */
  computerPowers: string[];
  /** Named powers with nobody in the seat now (their next player is added when the seat is taken). */
  emptyPowers: string[];
}

/**
 * `/press thread with:` — the private thread of the caller's power and the named ones (the same thread for the same
 * set of powers, whoever asks). Refused outside an open game's play, for a name that is no power, and for the
 * caller's own power alone.
 */
export async function openPressThread(
  deps: GameDeps,
  input: Caller & { with: string },
): Promise<Result<PressThreadView>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await playerInGame(tx, input, { allowPaused: true });
    if (isError(ctx)) return ctx;
    const { game, variant, player } = ctx;
    if (game.press === 'gunboat') return fail(GUNBOAT_REFUSAL);
    if (game.press === 'anonymous') return fail(msg('press.refused.anonymousThread'));
    const named: string[] = [];
    for (const word of input.with.split(',').map((w) => w.trim())) {
      if (word === '') continue;
      const power = powerByName(variant, word);
      if (!power)
        return fail(
          msg('press.refused.notPowerList', {
            typed: typed(word),
            variant: variantParam(variant),
            powers: powersParam(
              variant,
              variant.powers.map((p) => p.name),
            ),
          }),
        );
      named.push(power);
    }
    const powers = [...new Set([player.power, ...named])].sort();
    if (powers.length < 2) return fail(msg('press.refused.atLeastOne'));
    const key = powers.join(',');
    const now = deps.now();
    let row = await threadByPowers(tx, game.id, key);
    const created = !row;
    if (!row) {
      row = (
        await tx
          .insert(pressThreads)
          .values({ gameId: game.id, powers: key, threadId: null, createdBy: input.userId, createdAt: now })
          .returning()
      )[0]!;
      await queueThreadSync(tx, game, row, now, 'open');
      changed(game.id);
    } else if (!row.threadId) {
      // Not made yet (the outbox is on it, or the bot lacked a permission then): asking again tries again.
      await queueThreadSync(tx, game, row, now, 'again');
      changed(game.id);
    }
    const seats = new Map((await playersOf(tx, game.id)).map((p) => [p.power, p.userId]));
    const holder = (p: string) => seats.get(p);
    return {
      ok: true,
      powers,
      threadId: row.threadId,
      created,
      computerPowers: powers.filter((p) => isComputer(holder(p) ?? '')),
      emptyPowers: powers.filter((p) => holder(p) === undefined || isVacant(holder(p)!)),
    };
  });
}

async function threadByPowers(tx: Tx, gameId: number, key: string): Promise<PressThreadRow | undefined> {
  return first(
    await tx
      .select()
      .from(pressThreads)
      .where(and(eq(pressThreads.gameId, gameId), eq(pressThreads.powers, key)))
      .limit(1),
  );
}

/** What a thread's delivery makes true on Discord. */
export interface PressThreadPlan {
  channelId: string;
  /** The game's server (where a thread already made is looked for); null outside one. */
  guildId: string | null;
  threadId: string | null;
  /** When the thread was asked for: a thread of the same name made before belongs to an earlier game. */
  askedAt: number;
  name: string;
  /** The members the thread must have: the persons now playing its powers. */
  members: string[];
}

/** The plan of thread row `threadRowId` as the store says now; null when the row or its game is gone. */
export async function pressThreadPlan(
  deps: Pick<GameDeps, 'store'>,
  threadRowId: number,
): Promise<PressThreadPlan | null> {
  return await deps.store.transaction(async (tx) => {
    const row = first(await tx.select().from(pressThreads).where(eq(pressThreads.id, threadRowId)).limit(1));
    const game = row ? await gameById(tx, row.gameId) : undefined;
    if (!row || !game) return null;
    const powers = row.powers.split(',');
    const locale = gameLocale(game);
    const variant = variantOfGame(game);
    const names = powers.map((p) => (variant ? powerName(variant, locale, p) : p));
    const members = (await playersOf(tx, game.id))
      .filter((p) => powers.includes(p.power) && isPerson(p.userId))
      .map((p) => p.userId)
      .sort();
    return {
      channelId: game.channelId,
      guildId: game.guildId,
      threadId: row.threadId,
      askedAt: row.createdAt,
      name: threadName(names, locale),
      members,
    };
  });
}

/**
 * "Press · England, France" (in the game's locale, its powers named there: "Négociation · Angleterre, France",
 * "外交 · …"), shortened to Discord's 100 characters with the count of powers left out.
 */
export function threadName(powers: string[], locale: Locale = 'en'): string {
  const full = tr(locale, 'press.thread.name', { powers: powers.join(', ') });
  if (full.length <= THREAD_NAME_MAX) return full;
  for (let n = powers.length - 1; n > 0; n--) {
    const name = tr(locale, 'press.thread.nameCut', {
      powers: powers.slice(0, n).join(', '),
      more: powers.length - n,
    });
    if (name.length <= THREAD_NAME_MAX) return name;
  }
  return full.slice(0, THREAD_NAME_MAX);
}

/** Discord made the thread: its id is kept (the first one recorded wins); answers the id kept, null if the row is gone. */
export async function recordPressThread(
  deps: Pick<GameDeps, 'store'>,
  threadRowId: number,
  threadId: string,
): Promise<string | null> {
  return await deps.store.transaction(async (tx) => {
    const row = first(await tx.select().from(pressThreads).where(eq(pressThreads.id, threadRowId)).limit(1));
    if (!row) return null;
    if (row.threadId) return row.threadId;
    await tx.update(pressThreads).set({ threadId }).where(eq(pressThreads.id, threadRowId));
    return threadId;
  });
}

/**
 * The bot lacks a permission press threads need in the game's channel: the channel is told once, plainly, what to
 * give it (README.md "Permissions").
 */
export async function reportPressPermission(
  deps: Pick<GameDeps, 'store'>,
  threadRowId: number,
  now: number,
): Promise<void> {
  await deps.store.transaction(async (tx) => {
    const row = first(await tx.select().from(pressThreads).where(eq(pressThreads.id, threadRowId)).limit(1));
    const game = row ? await gameById(tx, row.gameId) : undefined;
    if (!game) return;
    await enqueue(tx, {
      gameId: game.id,
      payload: {
        type: 'notice',
        gameId: game.id,
        ...worded([msg('press.permission')]),
      },
      target: { kind: 'channel', id: game.channelId },
      dedupeKey: `press-permission:${game.id}`,
      now,
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Anonymous press

/** What `/press send` answers the sender. */
export interface PressSent {
  fromPower: string;
  /**
   * The powers the text is sent to: by DM to their players, or kept for the next player of a seat nobody holds now
   * (press is addressed to a power; the sender is never told which, docs/bot.md "Press").
   */
  sentTo: string[];
  /** Powers left out: a computer player's (it does not negotiate) or one nobody ever took. */
  skipped: { power: string; why: Msg }[];
  /** Messages the power may still send this phase. */
  left: number;
}

/**
 * `/press send to: text:` in an anonymous game: stores the text and queues it by DM to the player of `to` (or of every
 * other surviving power with `all`), headed with the sender's power only, and a copy to the sender. A seat nobody
 * holds now keeps it for its next player (src/game/outbox `keepForSeat`), whatever the channel has been told of the
 * seat yet: the sender reads the same as for a seat with a player (docs/bot.md "Press").
 */
export async function sendPress(
  deps: GameDeps,
  input: Caller & { to: string; text: string },
): Promise<Result<PressSent>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await playerInGame(tx, input);
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    if (game.press === 'gunboat') return fail(GUNBOAT_REFUSAL);
    if (game.press === 'open') return fail(msg('press.refused.openSend'));
    const text = input.text.trim();
    if (text === '') return fail(msg('press.refused.empty'));
    if (text.length > PRESS_MAX_LENGTH)
      return fail(msg('press.refused.tooLong', { length: text.length, max: PRESS_MAX_LENGTH }));
    const sent = await sentThisPhase(tx, game.id, phase.id, player.power);
    if (sent >= PRESS_PER_PHASE)
      return fail(
        game.deadlineMs !== null
          ? msg('press.refused.limitUntil', {
              power: powerParam(variant, player.power),
              max: PRESS_PER_PHASE,
              relative: timeRef(game.deadlineMs, 'R'),
            })
          : msg('press.refused.limit', { power: powerParam(variant, player.power), max: PRESS_PER_PHASE }),
      );
    const recipients = await recipientsOf(tx, game, phase.position, player.power, input.to, variant);
    if (!recipients.ok) return recipients;
    if (recipients.to.length === 0)
      return fail(
        recipients.skipped.length > 0
          ? msg('press.refused.nobody', { skipped: skippedList(variant, recipients.skipped) })
          : msg('press.refused.nobodyLeft'),
      );
    const now = deps.now();
    const toAll = input.to.trim().toLowerCase() === 'all';
    const message = (
      await tx
        .insert(pressMessages)
        .values({
          gameId: game.id,
          phaseId: phase.id,
          fromPower: player.power,
          toPowers: recipients.to.map((r) => r.power),
          toAll,
          text,
          sentAt: now,
        })
        .returning()
    )[0]!;
    const where = { channel: channelRef(game.channelId), phase: phaseMsg(phase.position.phase, variant) };
    const quote = msg('press.dm.quote', { text });
    const from = { game, messageId: message.id, fromPower: player.power, fromUserId: input.userId, now };
    for (const r of recipients.to) await queuePressDm(tx, from, r, where, quote);
    const toText = toAll
      ? msg('press.dm.everyOther', {
          powers: powersParam(
            variant,
            recipients.to.map((r) => r.power),
          ),
        })
      : powerParam(variant, recipients.to[0]!.power);
    await queueDm(tx, game, {
      to: input.userId,
      reason: 'press',
      text: [msg('press.dm.copy', { to: toText, ...where }), quote],
      dedupeKey: `press:${message.id}:copy`,
      now,
    });
    changed(game.id);
    return {
      ok: true,
      fromPower: player.power,
      sentTo: recipients.to.map((r) => r.power),
      skipped: recipients.skipped,
      left: PRESS_PER_PHASE - sent - 1,
    };
  });
}

async function sentThisPhase(tx: Tx, gameId: number, phaseId: number, power: string): Promise<number> {
  return (
    first(
      await tx
        .select({ n: count() })
        .from(pressMessages)
        .where(
          and(eq(pressMessages.gameId, gameId), eq(pressMessages.phaseId, phaseId), eq(pressMessages.fromPower, power)),
        )
        .limit(1),
    )?.n ?? 0
  );
}

/** A power press is sent to, and its player now (null: nobody holds the seat now; the press is kept for the next). */
type Recipient = { power: string; userId: string | null };

type Recipients = { ok: true; to: Recipient[]; skipped: { power: string; why: Msg }[] };

/**
 * One press DM: to the power's player, or, when nobody holds the seat now, kept for its next player (src/game/outbox
 * `keepForSeat`), headed so that they know it came while the seat was empty.
 */
async function queuePressDm(
  tx: Tx,
  from: { game: GameRow; messageId: number; fromPower: string; fromUserId: string; now: number },
  to: Recipient,
  where: { channel: string; phase: Msg },
  quote: Msg,
): Promise<void> {
  const { game, now } = from;
  const dedupeKey = `press:${from.messageId}:${to.power}`;
  const kept = to.userId === null;
  const power = gamePowerParam(game, from.fromPower);
  const head = kept
    ? msg('press.dm.kept', { power, to: gamePowerParam(game, to.power), ...where })
    : msg('press.dm.from', { power, ...where });
  const payload = {
    type: 'dm' as const,
    gameId: game.id,
    reason: 'press' as const,
    ...worded([head, quote]),
    press: { fromUserId: from.fromUserId, toPower: to.power, ...(kept ? { kept } : {}) },
  };
  if (to.userId === null) return await keepForSeat(tx, { gameId: game.id, payload, power: to.power, dedupeKey, now });
  await enqueue(tx, { gameId: game.id, payload, target: { kind: 'user', id: to.userId }, dedupeKey, now });
}

/** "Russia (a computer player, which does not negotiate), Turkey (nobody plays it now)" as one message. */
function skippedList(
  variant: NonNullable<ReturnType<typeof variantOfGame>>,
  skipped: readonly { power: string; why: Msg }[],
): Msg {
  const items = skipped.map((s) => msg('press.skipped.item', { power: powerParam(variant, s.power), why: s.why }));
  return items.reduceRight((rest, first) => msg('press.skipped.more', { first, rest }));
}

/** Who `to` reaches: one named power, or with `all` every other power that still has a unit or a centre. */
async function recipientsOf(
  tx: Tx,
  game: GameRow,
  position: Position,
  from: string,
  to: string,
  variant: NonNullable<ReturnType<typeof variantOfGame>>,
): Promise<Recipients | Refusal> {
  const seats = new Map((await playersOf(tx, game.id)).map((p: PlayerRow) => [p.power, p.userId]));
  const alive = (power: string) =>
    position.units.some((u) => u.power === power) || (position.supplyCenters[power]?.length ?? 0) > 0;
  const wanted = to.trim();
  let powers: string[];
  if (wanted.toLowerCase() === 'all') powers = variant.powers.map((p) => p.name).filter((p) => p !== from && alive(p));
  else {
    const power = powerByName(variant, wanted);
    if (!power) return fail(msg('press.refused.notPowerAll', { typed: typed(wanted), variant: variantParam(variant) }));
    if (power === from) return fail(msg('press.refused.ownPower'));
    if (!alive(power)) return fail(msg('press.refused.outOfGame', { power: powerParam(variant, power) }));
    const holder = seats.get(power);
    if (holder && isComputer(holder)) return fail(msg('press.refused.computer', { power: powerParam(variant, power) }));
    if (!holder) return fail(msg('press.refused.vacant', { power: powerParam(variant, power) }));
    powers = [power];
  }
  const out: Recipients = { ok: true, to: [], skipped: [] };
  for (const power of powers) {
    const holder = seats.get(power);
    // A seat its player left stays a seat: its press is kept for its next player, and the sender reads the same as
    // for a seat with a player, before the channel is told of the leave as after (docs/bot.md "Press").
    if (holder && !isComputer(holder)) out.to.push({ power, userId: isPerson(holder) ? holder : null });
    else
      out.skipped.push({ power, why: msg(holder ? 'press.skipped.computer' : 'press.skipped.vacant', { count: 1 }) });
  }
  return out;
}

/** One stored press message as `/history press` shows it. */
export interface PressLine {
  /** The phase's name, worded by the reader. */
  phase: Msg;
  from: string;
  to: string[];
  toAll: boolean;
  text: string;
}

/**
 * The caller's own power in the channel's open game, or null: `/press` never offers it as an addressee (a player
 * never writes press to themselves; docs/bot.md "Press").
 */
export async function pressCallerPower(deps: GameDeps, caller: Caller): Promise<string | null> {
  const r = await inReadTransaction(deps, async (tx) => {
    const game = await openGameByChannel(tx, caller.channelId);
    const player = game ? await playerByUser(tx, game.id, caller.userId) : undefined;
    return { ok: true as const, power: player?.power ?? null };
  });
  return r.ok ? r.power : null;
}

/** `/history press`: the game's anonymous press, once the game is over; refused before (it is secret like orders). */
export async function pressHistory(
  deps: GameDeps,
  channelId: string,
): Promise<Result<{ lines: PressLine[]; press: string }>> {
  return await inReadTransaction(deps, async (tx) => {
    const game = await latestGameByChannel(tx, channelId);
    if (!game) return fail(NO_GAME);
    const otherKind = otherKindRefusal(game, 'press');
    if (otherKind) return otherKind;
    if (game.press === 'gunboat') return fail(msg('press.refused.historyGunboat'));
    if (game.press !== 'anonymous') return fail(msg('press.refused.historyOpen'));
    if (game.status !== 'finished') return fail(msg('press.refused.historySecret'));
    const variant = variantOfGame(game);
    const labels = new Map(
      (await phasesOf(tx, game.id)).map((p) => [
        p.id,
        phaseMsg({ season: p.season, year: p.year, type: p.type } as never, variant ?? undefined),
      ]),
    );
    const rows: PressMessageRow[] = await tx
      .select()
      .from(pressMessages)
      .where(eq(pressMessages.gameId, game.id))
      .orderBy(asc(pressMessages.sentAt), asc(pressMessages.id));
    const lines = rows.map((r) => ({
      phase: labels.get(r.phaseId) ?? plainMsg(''),
      from: r.fromPower,
      to: r.toPowers,
      toAll: r.toAll,
      text: r.text,
    }));
    return { ok: true, lines, press: game.press };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The end

/**
 * The final post's press lines: the open game's press threads, which stay readable. (Who played which power is in the
 * final post's standings, src/game/resolve/end-post.ts, in every game: the reveal of a game that hid it.)
 */
export async function pressEndLines(tx: Tx, game: GameRow): Promise<Msg[]> {
  const lines: Msg[] = [];
  const threads = (
    await tx.select().from(pressThreads).where(eq(pressThreads.gameId, game.id)).orderBy(asc(pressThreads.id))
  ).filter((t) => t.threadId);
  const variant = variantOfGame(game);
  const powersOf = (list: string[]) => (variant ? powersParam(variant, list) : list.join(', '));
  if (threads.length > 0)
    lines.push(
      msg('press.end.threads', {
        threads: listParam(
          threads.map((t) =>
            msg('press.end.thread', { thread: channelRef(t.threadId!), powers: powersOf(t.powers.split(',')) }),
          ),
        ),
      }),
    );
  return lines;
}
