/**
 * Delivering a card game's outbox rows (src/game/cards/outbox.ts) to Discord; send.ts hands them here.
 * - its status rows (`deliverStatus`, with the table the card kind's `status` gave): the table message
 * (docs/cardgame.md "The table message"),
 *   an embed with the table text and the buttons of the phase, posted and pinned once and edited in place for the
 *   whole game. The board PNG is attached when the board changed (round start, each fall back) and kept otherwise,
 *   so an edit that only moves the turn uploads nothing.
 * - its own rows (`CardsEvent`, src/game/cards/types.ts):
 *   - `log`: one line in the game's log thread, opened on first use (its id recorded by the game layer); without the
 *     permission to open threads the line goes to the channel;
 *   - `turn`: the turn ping in the game's channel (or the player's DMs), pinging exactly that user, with the buttons
 *     to act and a link to the table (docs/bot.md "Card game turns"). A ping whose turn is over is deleted from the
 *     channel (a DM's loses its buttons) when the table next changes; the posted pings are recorded in the game's row
 *     (`card_games.pings`), so a restart in between still retires them, once;
 *   - `round` / `over`: the round summary with the summary image (changed states outlined, moved armies arrowed)
 *     and the end of the game with the final board.
 * Every picture and text here comes from public views and public events only.
 */
import { createHash } from 'node:crypto';
import { DiscordAPIError, RESTJSONErrorCodes, Routes, type APIChannel } from 'discord.js';
import type { CardGameView, GameEvent, StateId } from '../../cardgame/index.js';
import {
  cardGameById,
  cardPings,
  cardRoundActions,
  forgetCardPings,
  recordCardPing,
  recordCardThread,
  type CardsEvent,
  type CardTablePayload,
} from '../../game/cards/index.js';
import { PermanentDeliveryError, type DeliveryRow } from '../../game/delivery/index.js';
import type { GameDeps } from '../../game/core/index.js';
import type { KindPayload } from '../../game/outbox/index.js';
import { renderCardTableOffThread, roundMarks, type CardTableOptions } from '../../render/cards/index.js';
import { tr } from '../../i18n/index.js';
import { altText } from '../maps.js';
import { boardAltText } from './board.js';
import { messageUrl, tableComponents, turnComponents } from './table.js';
import { cardsEventText, cardTableWords } from './words.js';
import type { KindSendDeps } from '../kind.js';
import { discordText } from '../markup.js';
import { truncate } from '../text.js';
import { stateTitle } from './names.js';

/** What the sender lends the card game to deliver its rows (src/bot/send.ts). */
export type CardsSendDeps = KindSendDeps;

const MAX_EMBED = 4096;

/** The table picture's file name: changes with the board, so Discord shows the new one. */
function boardFile(gameId: number, key: string): string {
  return `table-${gameId}-${createHash('sha256').update(key).digest('hex').slice(0, 10)}.png`;
}

/** Last board key attached per table message (in memory: after a restart the next edit attaches it once more). */
const attachedBoards = new Map<string, string>();

const stepOf = (phase: string) => (phase === 'tiebreak' ? 'battle' : phase);

/**
 * Removes the game's pings whose turn is over: deleted from the channel, a DM's buttons taken away; then forgotten.
 * The pings are read from the database (`card_games.pings`), so a ping posted before a restart is retired after it.
 * Best effort: a ping already gone, or one the bot may not delete, is forgotten all the same (its buttons still open
 * the table as it is).
 */
async function retirePings(d: CardsSendDeps, gameId: number, table: CardTablePayload): Promise<void> {
  const pings = await cardPings(d.deps as GameDeps, gameId);
  if (!pings.length) return;
  const due = new Set(table.toActUserIds ?? (table.toActUserId ? [table.toActUserId] : []));
  const retired: string[] = [];
  for (const p of pings) {
    if (due.has(p.userId) && stepOf(p.phase) === stepOf(table.phase)) continue;
    try {
      if (p.dm) await d.rest.patch(Routes.channelMessage(p.channelId, p.messageId), { body: { components: [] } });
      else await d.rest.delete(Routes.channelMessage(p.channelId, p.messageId));
    } catch {
      // already gone, or not allowed: the ping stays, and its buttons still open the table as it is
    }
    retired.push(p.messageId);
  }
  if (retired.length) await forgetCardPings(d.deps as GameDeps, gameId, retired);
}

async function png(view: CardGameView, opts: CardTableOptions = {}): Promise<Buffer> {
  return (await renderCardTableOffThread(view, opts)).png;
}

/** Edits (or posts) the table message; returns its id for the game's status message. */
export async function deliverTable(
  d: CardsSendDeps,
  row: DeliveryRow,
  table: CardTablePayload,
): Promise<{ messageId: string }> {
  const gameId = row.gameId!;
  await retirePings(d, gameId, table);
  // Worded now, in the channel's locale (the game's: docs/locales.md).
  const locale = row.locale ?? 'en';
  const words = cardTableWords(table, locale);
  const body = {
    content: '',
    embeds: [
      { title: words.title.slice(0, 256), description: truncate(discordText(words.text), MAX_EMBED), color: 0x8a1c1c },
    ],
    components: tableComponents(gameId, table.phase, locale),
    allowed_mentions: { parse: [] as string[] },
  };
  const file = table.board ? boardFile(gameId, table.boardKey) : null;
  const picture = async () =>
    table.board && file
      ? [
          {
            name: file,
            data: await png(table.board, { locale }),
            contentType: 'image/png',
            description: boardAltText(locale, 'board', table.round),
          },
        ]
      : [];
  if (row.statusMessageId) {
    const fresh = file !== null && attachedBoards.get(row.statusMessageId) !== file;
    try {
      if (fresh) {
        const files = await picture();
        await d.rest.patch(Routes.channelMessage(row.target, row.statusMessageId), {
          body: { ...body, attachments: files.map((f, id) => ({ id, filename: f.name, description: f.description })) },
          files: files.map((f) => ({ name: f.name, data: f.data, contentType: f.contentType })),
        });
        attachedBoards.set(row.statusMessageId, file!);
      } else await d.rest.patch(Routes.channelMessage(row.target, row.statusMessageId), { body });
      return { messageId: row.statusMessageId };
    } catch (err) {
      if (!(err instanceof DiscordAPIError && Number(err.code) === RESTJSONErrorCodes.UnknownMessage)) throw err;
    }
  }
  // A new table message: the game's first, or one after a moderator deleted it. The nonce names the game (and
  // the deleted message), not the row, so a crash between posting and recording its id reposts nothing.
  const files = await picture();
  const key = `cards-table:${gameId}:${row.statusMessageId ?? 'new'}`;
  const posted = await d.post(
    row.target,
    {
      ...body,
      ...(files.length
        ? { attachments: files.map((f, id) => ({ id, filename: f.name, description: f.description })) }
        : {}),
    },
    files,
    key,
  );
  if (file) attachedBoards.set(posted.id, file);
  await d.pin(row, posted.id);
  return { messageId: posted.id };
}

/** The game's log thread, opened on first use; null when the bot may not open one (the line then goes to the channel). */
async function logThread(d: CardsSendDeps, row: DeliveryRow): Promise<string | null> {
  const gameId = row.gameId ?? (row.payload as { gameId?: number }).gameId ?? 0;
  const info = await cardGameById(d.deps as GameDeps, gameId);
  if (info?.threadId) return info.threadId;
  try {
    const thread = (await d.rest.post(Routes.threads(row.target), {
      body: {
        name: tr(row.locale ?? 'en', 'cards.thread.name', {
          game: tr(row.locale ?? 'en', 'cards.game.title'),
          id: gameId,
        }),
        type: 11,
        auto_archive_duration: 10080,
      },
    })) as APIChannel;
    await recordCardThread(d.deps as GameDeps, gameId, thread.id);
    return thread.id;
  } catch (err) {
    if (
      err instanceof DiscordAPIError &&
      (err.status === 403 || Number(err.code) === RESTJSONErrorCodes.MissingPermissions)
    )
      return null;
    throw err;
  }
}

/** The round's public events, in order (for the summary image's arrows). */
async function roundEvents(d: CardsSendDeps, gameId: number, round: number): Promise<GameEvent[]> {
  return (await cardRoundActions(d.deps as GameDeps, gameId, round)).flat();
}

/** The state a round was fought for (its choose event), for the summary's title. */
async function roundFought(d: CardsSendDeps, gameId: number, round: number): Promise<StateId | null> {
  const chosen = (await roundEvents(d, gameId, round)).find((e) => e.kind === 'choose');
  return chosen && typeof chosen.state === 'string' ? (chosen.state as StateId) : null;
}

const CARDS_EVENTS: readonly string[] = ['log', 'turn', 'round', 'over'] satisfies CardsEvent['event'][];

/** One of the card kind's own rows (send.ts hands it over by its `kind`). */
export async function deliverCards(d: CardsSendDeps, row: DeliveryRow, own: KindPayload): Promise<void> {
  if (!CARDS_EVENTS.includes(own.event))
    throw new PermanentDeliveryError(`the card game has no outbox event "${own.event}"`, 'rejected');
  const { event, data: payload } = own as KindPayload<CardsEvent>;
  const gameId = own.gameId;
  // Worded now, in the reader's locale: the game's for the channel, the member's for a DM (docs/locales.md).
  const locale = row.locale ?? 'en';
  const text = cardsEventText(own as KindPayload<CardsEvent>, locale);
  switch (event) {
    case 'log': {
      const thread = await logThread(d, row);
      await d.post(
        thread ?? row.target,
        { content: truncate(discordText(text)), allowed_mentions: { parse: [] } },
        [],
        row.dedupeKey,
      );
      return;
    }
    case 'turn': {
      // In the game's channel (never the log thread, where no button is) or the DM: the buttons to act, and a
      // link to the table. Only this user is pinged (docs/decisions.md: user input never produces a ping).
      const info = await cardGameById(d.deps as GameDeps, gameId);
      const tableUrl = info?.tableMessageId ? messageUrl(info.guildId, info.channelId, info.tableMessageId) : null;
      const phase = payload.phase ?? info?.phase ?? 'battle';
      const dm = row.targetKind === 'user';
      const channelId = dm ? await d.dmChannel(row.target) : row.target;
      const body = {
        content: truncate(discordText(text)),
        components: turnComponents(gameId, phase, tableUrl, locale),
        allowed_mentions: { parse: [], users: [payload.userId] },
      };
      const posted = await d.post(channelId, body, [], row.dedupeKey);
      // remembered in the database before the row counts as sent: a restart after this still retires the ping
      await recordCardPing(d.deps as GameDeps, gameId, {
        channelId: posted.channel_id ?? channelId,
        messageId: posted.id,
        userId: payload.userId,
        phase,
        dm,
      });
      return;
    }
    case 'round': {
      const marks = roundMarks(await roundEvents(d, gameId, payload.round));
      const changed = [...new Set([...(payload.changed as StateId[]), ...marks.changed])];
      const fought = await roundFought(d, gameId, payload.round);
      const heading = tr(locale, fought ? 'cards.summary.heading.battle' : 'cards.summary.heading', {
        game: tr(locale, 'cards.game.title'),
        round: payload.round,
        state: fought ? stateTitle(fought, locale) : '',
      });
      const image = await png(payload.board, { changed, moves: marks.moves, heading, locale });
      const name = `round-${payload.round}-summary.png`;
      return await postWithImage(d, row, text, { name, image, description: altText(heading) });
    }
    case 'over':
      return await postWithImage(d, row, text, {
        name: 'final-board.png',
        image: await png(payload.board, { locale }),
        description: boardAltText(locale, 'final', payload.board.round),
      });
  }
}

/** The row's text with one picture of the table, to the row's target. */
async function postWithImage(
  d: CardsSendDeps,
  row: DeliveryRow,
  text: string,
  { name, image, description }: { name: string; image: Buffer; description: string },
) {
  await d.post(
    row.target,
    {
      content: truncate(discordText(text)),
      attachments: [{ id: 0, filename: name, description }],
      allowed_mentions: { parse: [] },
    },
    [{ name, data: image, contentType: 'image/png' }],
    row.dedupeKey,
  );
}
