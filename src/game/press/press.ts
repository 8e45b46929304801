import { first } from '../../store/store.js';
/**
 * Press (docs/bot.md "Press"): how a game's players talk through the bot, chosen at `/game create press:`.
 *
 * - `open`: `/press thread with:` opens a private thread in the game's channel for a set of powers; its members are
 *   the players of those powers, kept so when seats change hands (`syncPressThreads`). Discord's side (creating the
 *   thread, adding and removing members) is an outbox row (`press_thread`) whose delivery makes the thread match
 *   `pressThreadPlan`, so a crash or an outage loses nothing and a retry does no harm.
 * - `anonymous`: `/press send` relays a text by DM, headed with the sender's power only; the press is stored, secret
 *   like orders, and `/history press` shows it to anyone once the game is over.
 * - `gunboat`: no press at all. Both hide who plays which power until the end (src/game/core/identities.ts).
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Position } from '../../engine/types.js';
import type { Tx } from '../../store/db.js';
import { gameById, latestGameByChannel, phasesOf, playersOf } from '../../store/queries.js';
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
  phaseLabel,
  channelRef,
  timeRef,
  fail,
  inReadTransaction,
  inTransaction,
  type Caller,
  type GameDeps,
  type Result,
  powerByName,
  variantOfGame,
  typed,
} from '../core/index.js';
import { enqueue, queueDm } from '../outbox/index.js';
import { queueThreadSync } from './sync.js';

/** Anonymous press: messages a power may send in one phase. */
export const PRESS_PER_PHASE = 30;
/** The longest press text: with its heading, a DM stays within Discord's 2,000 characters. */
export const PRESS_MAX_LENGTH = 1800;
/** Discord's longest thread name. */
const THREAD_NAME_MAX = 100;

const GUNBOAT_REFUSAL =
  'This is a gunboat game: there is no press through the bot, and who plays whom stays hidden until the end.';

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
    if (game.press === 'anonymous')
      return fail(
        'In this anonymous game press goes through `/press send`, signed with your power only: a thread would show who you are.',
      );
    const named: string[] = [];
    for (const word of input.with.split(',').map((w) => w.trim())) {
      if (word === '') continue;
      const power = powerByName(variant, word);
      if (!power)
        return fail(
          `"${typed(word)}" is not a power in ${variant.name}. Powers: ${variant.powers.map((p) => p.name).join(', ')}.`,
        );
      named.push(power);
    }
    const powers = [...new Set([player.power, ...named])].sort();
    if (powers.length < 2) return fail('Name at least one other power: `/press thread with:England,France`.');
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
    const members = (await playersOf(tx, game.id))
      .filter((p) => powers.includes(p.power) && isPerson(p.userId))
      .map((p) => p.userId)
      .sort();
    return {
      channelId: game.channelId,
      guildId: game.guildId,
      threadId: row.threadId,
      askedAt: row.createdAt,
      name: threadName(powers),
      members,
    };
  });
}

/** "Press · England, France", shortened to Discord's 100 characters with the count of powers left out. */
export function threadName(powers: string[]): string {
  const full = `Press · ${powers.join(', ')}`;
  if (full.length <= THREAD_NAME_MAX) return full;
  for (let n = powers.length - 1; n > 0; n--) {
    const name = `Press · ${powers.slice(0, n).join(', ')} … (+${powers.length - n})`;
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
        text: '⚠️ I cannot open press threads here: I need the **Create Private Threads**, **Send Messages in Threads** and **Manage Threads** permissions in this channel. A server manager can give them; `/press thread` works again once they do.',
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
  /** The powers the text goes to (by DM to their players). */
  delivered: string[];
  /** Powers left out: a computer player's (it does not negotiate) or a vacant seat's. */
  skipped: { power: string; why: string }[];
  /** Messages the power may still send this phase. */
  left: number;
}

/**
 * `/press send to: text:` in an anonymous game: stores the text and queues it by DM to the player of `to` (or of every
 * other surviving power with `all`), headed with the sender's power only, and a copy to the sender.
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
    if (game.press === 'open')
      return fail('In this game press is open: talk in a private thread with `/press thread with:`.');
    const text = input.text.trim();
    if (text === '') return fail('The message is empty.');
    if (text.length > PRESS_MAX_LENGTH)
      return fail(`The message is ${text.length} characters long; at most ${PRESS_MAX_LENGTH} go in one.`);
    const sent = await sentThisPhase(tx, game.id, phase.id, player.power);
    if (sent >= PRESS_PER_PHASE)
      return fail(
        `${player.power} has sent ${PRESS_PER_PHASE} messages this phase, the most a power may. You can send again when the next phase opens${game.deadlineMs !== null ? ` (${timeRef(game.deadlineMs, 'R')})` : ''}.`,
      );
    const recipients = await recipientsOf(tx, game, phase.position, player.power, input.to, variant);
    if (!recipients.ok) return recipients;
    if (recipients.to.length === 0)
      return fail(
        `Nobody would receive it: ${recipients.skipped.map((s) => `${s.power} (${s.why})`).join(', ') || 'no other power survives'}.`,
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
    const label = phaseLabel({ season: phase.season, year: phase.year, type: phase.type } as never, variant);
    const where = `(game in ${channelRef(game.channelId)}, ${label})`;
    for (const r of recipients.to)
      await enqueue(tx, {
        gameId: game.id,
        payload: {
          type: 'dm',
          gameId: game.id,
          reason: 'press',
          text: `📨 **Press from ${player.power}** ${where}\n>>> ${text}`,
          press: { fromUserId: input.userId, toPower: r.power },
        },
        target: { kind: 'user', id: r.userId },
        dedupeKey: `press:${message.id}:${r.power}`,
        now,
      });
    const toText = toAll
      ? `every other power (${recipients.to.map((r) => r.power).join(', ')})`
      : recipients.to[0]!.power;
    await queueDm(
      tx,
      game,
      input.userId,
      'press',
      `📤 **You sent to ${toText}** ${where}\n>>> ${text}`,
      `press:${message.id}:copy`,
      now,
    );
    changed(game.id);
    return {
      ok: true,
      fromPower: player.power,
      delivered: recipients.to.map((r) => r.power),
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

type Recipients = { ok: true; to: { power: string; userId: string }[]; skipped: { power: string; why: string }[] };

/** Who `to` reaches: one named power, or with `all` every other power that still has a unit or a centre. */
async function recipientsOf(
  tx: Tx,
  game: GameRow,
  position: Position,
  from: string,
  to: string,
  variant: NonNullable<ReturnType<typeof variantOfGame>>,
): Promise<Recipients | { ok: false; error: string }> {
  const seats = new Map((await playersOf(tx, game.id)).map((p: PlayerRow) => [p.power, p.userId]));
  const alive = (power: string) =>
    position.units.some((u) => u.power === power) || (position.supplyCenters[power]?.length ?? 0) > 0;
  const wanted = to.trim();
  let powers: string[];
  if (wanted.toLowerCase() === 'all') powers = variant.powers.map((p) => p.name).filter((p) => p !== from && alive(p));
  else {
    const power = powerByName(variant, wanted);
    if (!power) return fail(`"${typed(wanted)}" is not a power in ${variant.name}: name one, or \`all\`.`);
    if (power === from) return fail('That is your own power.');
    if (!alive(power)) return fail(`${power} is out of the game: it has no unit and no centre.`);
    const holder = seats.get(power);
    if (holder && isComputer(holder))
      return fail(`${power} is played by a computer player, which does not negotiate: nothing was sent.`);
    if (!holder || !isPerson(holder)) return fail(`Nobody plays ${power} now: nothing was sent.`);
    powers = [power];
  }
  const out: Recipients = { ok: true, to: [], skipped: [] };
  for (const power of powers) {
    const holder = seats.get(power);
    if (holder && isPerson(holder)) out.to.push({ power, userId: holder });
    else
      out.skipped.push({
        power,
        why: holder && isComputer(holder) ? 'a computer player, which does not negotiate' : 'nobody plays it now',
      });
  }
  return out;
}

/** One stored press message as `/history press` shows it. */
export interface PressLine {
  phase: string;
  from: string;
  to: string[];
  toAll: boolean;
  text: string;
}

/** `/history press`: the game's anonymous press, once the game is over; refused before (it is secret like orders). */
export async function pressHistory(
  deps: GameDeps,
  channelId: string,
): Promise<Result<{ lines: PressLine[]; press: string }>> {
  return await inReadTransaction(deps, async (tx) => {
    const game = await latestGameByChannel(tx, channelId);
    if (!game) return fail(NO_GAME);
    if (game.press === 'gunboat')
      return fail('This game has no press to show: it is a gunboat game, in which press is off.');
    if (game.press !== 'anonymous')
      return fail(
        "This game's press is open: its players talk in their own press threads (the final post lists them), which the bot does not keep; `/history press` shows an anonymous game's press.",
      );
    if (game.status !== 'finished')
      return fail('The press of this game is secret until the game is over; `/history press` shows it then.');
    const variant = variantOfGame(game);
    const labels = new Map(
      (await phasesOf(tx, game.id)).map((p) => [
        p.id,
        phaseLabel({ season: p.season, year: p.year, type: p.type } as never, variant ?? undefined),
      ]),
    );
    const rows: PressMessageRow[] = await tx
      .select()
      .from(pressMessages)
      .where(eq(pressMessages.gameId, game.id))
      .orderBy(asc(pressMessages.sentAt), asc(pressMessages.id));
    const lines = rows.map((r) => ({
      phase: labels.get(r.phaseId) ?? '',
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
export async function pressEndLines(tx: Tx, game: GameRow): Promise<string[]> {
  const lines: string[] = [];
  const threads = (
    await tx.select().from(pressThreads).where(eq(pressThreads.gameId, game.id)).orderBy(asc(pressThreads.id))
  ).filter((t) => t.threadId);
  if (threads.length > 0)
    lines.push(
      `🧵 **Press threads** (still readable by their members): ${threads.map((t) => `${channelRef(t.threadId!)} (${t.powers.split(',').join(', ')})`).join(', ')}`,
    );
  return lines;
}
