/**
 * Spectators' copies (docs/table.md "Spectators"): a spectator sees what the player of the power they watch sees,
 * because every row that shows that player the game is copied, as it is queued, to the power's allowed spectators.
 * One code path makes the player's view and the spectator's: whatever builds a seat's private rows (a fog game's
 * per-power results DMs, src/game/fog) or the channel's posts builds the spectator's copy too, so a view filter applied
 * there applies to the copy. What is copied:
 * - the channel's results and final posts (`WATCHED_POSTS`), once per spectator;
 * - the DMs to the watched seat's player that show the game (`WATCHED_DMS`: a fog game's results), and, only when the
 *   player allowed it (`show_orders`), the ones that show its orders before the results (`ORDER_DMS`).
 * Never copied: prompts, reminders, press, seat changes. A copy is skipped when the spectator holds a seat in the game
 * now, or the seat changed hands since the player allowed it (the new player did not consent).
 * A copy of a DM that answers the player's own act (`ORDER_DMS`) waits, in a game that hides who plays whom, for the
 * next mark of the clock, as the pinned status does: at once it would tell the spectator when that power's player
 * acted, to pair with a member seen acting (docs/table.md "Spectators").
 */
import { gameById } from '../../store/queries.js';
import { and, eq, isNull, like } from 'drizzle-orm';
import type { Tx } from '../../store/store.js';
import { outbox, players, spectators, type GameRow, type PlayerRow, type SpectatorRow } from '../../store/schema.js';
import { hasMessage, msg, t, type MessageKey, type Msg } from '../../i18n/index.js';
import { channelRef, isPerson, powerParam, variantOfGame } from '../core/index.js';
import { privateActDueAt } from './marks.js';

/** A row just queued (write.ts `Enqueue`, seen from here: the fields a copy reads). */
interface Queued {
  gameId: number | null;
  phaseId?: number | null;
  payload: { type: string; text?: string; lines?: Msg[]; reason?: string; watch?: unknown };
  target: { kind: 'channel' | 'user'; id: string };
  dedupeKey: string;
  now: number;
  dueAt?: number;
}

/** Channel posts a spectator gets a copy of. */
const WATCHED_POSTS: readonly string[] = ['phase_results', 'game_over'];
/** DM reasons a spectator gets a copy of (`results`: a fog game's results as the power saw them). */
const WATCHED_DMS: readonly string[] = ['results'];
/** DM reasons that show a power's orders before the results: copied only with `show_orders`. */
const ORDER_DMS: readonly string[] = ['order_confirmation', 'variant'];

/** The end of a copy's dedupe key: the original's key, then this (stopping a spectator drops its pending copies). */
export function watchKeySuffix(row: Pick<SpectatorRow, 'id'>): string {
  return `|watch:${row.id}`;
}

/** Queues the copies of a row just queued for its spectators (inside the same transaction). */
export async function copyToWatchers(tx: Tx, m: Queued): Promise<void> {
  if (m.gameId === null) return;
  const payload = m.payload;
  const post = m.target.kind === 'channel' && WATCHED_POSTS.includes(payload.type);
  const dm = m.target.kind === 'user' && payload.type === 'dm' && !payload.watch;
  if (!post && !dm) return;
  const reason = dm ? String(payload.reason) : '';
  if (dm && !WATCHED_DMS.includes(reason) && !ORDER_DMS.includes(reason)) return;
  const seats = await tx.select().from(players).where(eq(players.gameId, m.gameId));
  const watched = dm ? seats.find((s) => s.userId === m.target.id)?.power : undefined;
  if (dm && !watched) return;
  const rows = await tx
    .select()
    .from(spectators)
    .where(and(eq(spectators.gameId, m.gameId), eq(spectators.status, 'allowed')));
  if (rows.length === 0) return;
  const game = await gameById(tx, m.gameId);
  if (!game) return;
  const seen = new Set<string>();
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    if (watched !== undefined && row.power !== watched) continue;
    if (ORDER_DMS.includes(reason) && !row.showOrders) continue;
    if (!consentStands(row, seats) || seen.has(row.userId)) continue;
    seen.add(row.userId);
    await insertCopy(tx, m, row, game, copyDueAt(game, reason, m.dueAt ?? m.now));
  }
}

/** The spectator plays no power here now, and the watched seat's player is the one who allowed it. */
function consentStands(row: SpectatorRow, seats: readonly PlayerRow[]): boolean {
  if (seats.some((s) => s.userId === row.userId)) return false;
  const seat = seats.find((s) => s.power === row.power);
  return seat !== undefined && isPerson(seat.userId) && seat.joinedAt <= (row.decidedAt ?? 0);
}

/** A line the player reads as theirs (`Your orders for France`), worded for a spectator (`The orders of France`). */
const WATCHED_LINES: Readonly<Partial<Record<MessageKey, MessageKey>>> = {
  'orders.confirm.head': 'orders.confirm.watched',
  'orders.confirm.cleared': 'orders.confirm.watchedCleared',
};

/**
 * A line's wording for a spectator, when the player's addresses the player: `WATCHED_LINES`, or for a variant's line
 * (`variant.<id>.<text>`) the variant's own `variant.<id>.watched.<text>` when its catalogue has one (Warhammer's
 * declarations, muster and sight lines: docs/table.md "Spectators"). Undefined: the line reads the same for both.
 */
function watchedKey(key: string): MessageKey | undefined {
  const own = WATCHED_LINES[key as MessageKey];
  if (own) return own;
  const plugin = /^(variant\.[^.]+\.)(.+)$/.exec(key);
  const candidate = plugin ? `${plugin[1]}watched.${plugin[2]}` : '';
  return plugin && hasMessage(candidate) ? candidate : undefined;
}

/** The original's lines as a spectator reads them: none of them says "you" to the spectator (`watchedKey`). */
function watchedLines(lines: readonly Msg[]): Msg[] {
  return lines.map((line) => {
    const key = watchedKey(line.key);
    return key ? { ...line, key } : line;
  });
}

/** A copy's payload: the original's, headed by `head` (whose view it is), marked as watched. */
function copyPayload(original: Queued['payload'], head: Msg, watch: unknown) {
  const lines = original.lines ? watchedLines(original.lines) : undefined;
  const reworded = lines?.some((line, i) => line.key !== original.lines?.[i]?.key) ? lines : undefined;
  const text = reworded ? reworded.map((line) => t('en', line)).join('\n') : (original.text ?? '');
  return { ...original, text: `${t('en', head)}\n${text}`, ...(lines ? { lines: [head, ...lines] } : {}), watch };
}

/** When a copy of a row due at `due` may go: a copy of an `ORDER_DMS` DM not before the next mark in a hidden game. */
function copyDueAt(game: Pick<GameRow, 'press' | 'status'>, reason: string, due: number): number {
  return ORDER_DMS.includes(reason) ? privateActDueAt(game, due) : due;
}

/** One spectator's copy: the row's payload headed by a line saying whose view it is, to the spectator by DM. */
async function insertCopy(tx: Tx, m: Queued, row: SpectatorRow, game: GameRow, dueAt: number): Promise<void> {
  const variant = variantOfGame(game);
  const power = variant ? powerParam(variant, row.power) : row.power;
  const head = msg('spectate.copy.head', { power, channel: channelRef(game.channelId) });
  const payload = copyPayload(m.payload, head, { power: row.power });
  await tx
    .insert(outbox)
    .values({
      gameId: m.gameId,
      phaseId: m.phaseId ?? null,
      kind: payload.type,
      targetKind: 'user',
      target: row.userId,
      payload,
      dedupeKey: `${m.dedupeKey}${watchKeySuffix(row)}`,
      createdAt: m.now,
      nextAttemptAt: dueAt,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}

/**
 * A row still waiting was rewritten or put off (an order confirmation takes the newest orders during its quiet
 * period, src/game/orders): its copies not yet handed to Discord are rewritten alike and leave with it (or at the mark
 * after it, `copyDueAt`), so a spectator reads the orders the player reads, never an earlier set.
 */
export async function rewriteCopies(
  tx: Tx,
  original: { dedupeKey: string; payload: Queued['payload']; nextAttemptAt: number },
): Promise<void> {
  const copies = await tx
    .select()
    .from(outbox)
    .where(
      and(
        like(outbox.dedupeKey, `${original.dedupeKey}|watch:%`),
        isNull(outbox.sentAt),
        isNull(outbox.failedAt),
        isNull(outbox.claimedBy),
      ),
    );
  const game = copies[0]?.gameId ? await gameById(tx, copies[0].gameId) : null;
  for (const copy of copies) {
    const old = copy.payload as Queued['payload'];
    const head = old.lines?.[0];
    if (!head) continue;
    const due = game
      ? copyDueAt(game, String(original.payload.reason), original.nextAttemptAt)
      : original.nextAttemptAt;
    await tx
      .update(outbox)
      .set({ payload: copyPayload(original.payload, head, old.watch), nextAttemptAt: due })
      .where(eq(outbox.id, copy.id));
  }
}
