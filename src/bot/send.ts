/**
 * The outbox sender: turns one outbox row (src/game/outbox.ts) into Discord messages.
 *
 * - `phase_results`: one channel message with the phase's map (orders and results drawn) as a PNG and the
 *   results summary (which ends with the next deadline as `<t:…:R>`); text beyond 2000 characters goes into
 *   embeds of the same message, so the post is one message (sent whole or not at all).
 * - `game_started`: the start map and the roster. `status`: edits the status message in place (or posts it
 *   and returns its id). `notice` / `game_over`: channel text. `dm`: a direct message.
 * - It talks to the REST API directly with its own REST client (see SenderDeps.rest).
 * - Channel posts carry a nonce derived from the dedupe key with `enforce_nonce`, so if a crash makes the
 *   deliverer send a row twice within Discord's nonce window, Discord returns the first message instead
 *   of posting again.
 * - Errors that retrying cannot fix become `PermanentDeliveryError` (deleted channel, closed DMs, deleted
 *   status message, other 4xx); anything else is thrown as is and retried with backoff.
 */
import { createHash } from 'node:crypto';
import {
  DiscordAPIError,
  RESTJSONErrorCodes,
  Routes,
  type APIChannel,
  type APIEmbed,
  type APIMessage,
  type REST,
  type RawFile,
} from 'discord.js';
import { PermanentDeliveryError, renderInputForPhase, type DeliveryRow, type GameDeps, type SendFn } from '../game/index.js';
import { eq } from 'drizzle-orm';
import type { Logger } from '../log.js';
import { games } from '../store/schema.js';
import { mapFileName, type MapPicture, type MapRenderer } from './maps.js';
import { MAX_CONTENT, splitMessage } from './text.js';

/** Discord: an embed description holds 4096 characters, and all embeds of a message 6000 together. */
const MAX_EMBED_DESCRIPTION = 4096;
const MAX_EMBEDS_TOTAL = 6000;
/** Attempts at drawing a phase's map before its post goes out without one. */
export const MAP_ATTEMPTS = 3;

export interface SenderDeps {
  /**
   * A REST client of its own (not the discord.js client's): @discordjs/rest throttles every request of one
   * client against the 50/s global limit, interaction callbacks included, so a burst of deliveries would
   * delay command acknowledgements. Discord exempts interaction callbacks from that limit.
   */
  rest: REST;
  deps: Pick<GameDeps, 'db'>;
  maps: MapRenderer;
  log: Logger;
}

/** A channel message as the REST API takes it: JSON body plus attached files. */
export interface OutgoingMessage {
  body: {
    content: string;
    embeds?: APIEmbed[];
    allowed_mentions: { parse: ('users' | 'roles' | 'everyone')[]; roles?: string[] };
    attachments?: { id: number; filename: string }[];
    nonce?: string;
    enforce_nonce?: boolean;
  };
  files: RawFile[];
}

export function createSender({ rest, deps, maps, log }: SenderDeps): SendFn {
  const dmChannels = new Map<string, string>();

  async function post(channelId: string, message: OutgoingMessage): Promise<APIMessage> {
    return (await rest.post(Routes.channelMessages(channelId), { body: message.body, files: message.files })) as APIMessage;
  }

  async function sendDm(userId: string, text: string): Promise<void> {
    let channelId = dmChannels.get(userId);
    if (!channelId) {
      const channel = (await rest.post(Routes.userChannels(), { body: { recipient_id: userId } })) as APIChannel;
      channelId = channel.id;
      dmChannels.set(userId, channelId);
    }
    for (const part of splitMessage(text).slice(0, 3)) {
      await post(channelId, { body: { content: part, allowed_mentions: { parse: [] } }, files: [] });
    }
  }

  return async (row: DeliveryRow) => {
    const payload = row.payload;
    try {
      if (row.targetKind === 'user') {
        await sendDm(row.target, payload.text);
        return;
      }
      switch (payload.type) {
        case 'phase_results':
        case 'game_started': {
          const picture = await phasePicture(deps, maps, payload.phaseId, payload.type === 'phase_results');
          // A map that failed to draw is retried (with the outbox's backoff) before the post goes out as text.
          if (picture === 'failed' && row.attempts < MAP_ATTEMPTS - 1) throw new Error('the map could not be drawn; will retry');
          const attached = picture === 'failed' ? null : picture;
          const role = notifyRoleOf(deps, payload.gameId);
          const message = messageWithOverflow(role ? `<@&${role}> ${payload.text}` : payload.text, attached, payload.type === 'game_started');
          // Players' issue §4: only the role the game master chose is pinged, never @everyone (decisions.md).
          if (role) message.body.allowed_mentions.roles = [role];
          await post(row.target, withNonce(row, message));
          return;
        }
        case 'status': {
          const body = { content: fit(payload.text), allowed_mentions: { parse: [] } };
          if (row.statusMessageId) {
            await rest.patch(Routes.channelMessage(row.target, row.statusMessageId), { body });
            return { messageId: row.statusMessageId };
          }
          const posted = await post(row.target, withNonce(row, { body, files: [] }));
          return { messageId: posted.id };
        }
        case 'notice':
        case 'game_over':
          await post(row.target, withNonce(row, messageWithOverflow(payload.text, null, true)));
          return;
        case 'dm':
          throw new PermanentDeliveryError('a DM row addressed to a channel', 'rejected');
      }
    } catch (err) {
      throw classify(err, row, log);
    }
  };
}

/** The role a game's start and results posts ping (`/game create notify:`), if any. */
function notifyRoleOf(deps: Pick<GameDeps, 'db'>, gameId: number): string | null {
  return deps.db.select({ role: games.notifyRoleId }).from(games).where(eq(games.id, gameId)).get()?.role ?? null;
}

/** The phase's map; null when there is nothing to draw (phase undone by a rollback), 'failed' when drawing failed. */
async function phasePicture(deps: Pick<GameDeps, 'db'>, maps: MapRenderer, phaseId: number, withOrders: boolean): Promise<MapPicture | null | 'failed'> {
  const input = renderInputForPhase(deps, phaseId, { withOrders });
  if (!input) return null;
  const { variant, position, title, ...drawn } = input;
  const name = mapFileName(`${position.phase.season}-${position.phase.year}-${position.phase.type}`, withOrders ? 'results' : undefined);
  return (await maps.render(variant, position, { ...drawn, title }, name)) ?? 'failed';
}

/**
 * One message: the first 2000 characters as content, the rest in embeds (up to Discord's totals), and the
 * map as an attachment. Mentions are rendered; only `pingUsers` messages notify the users named.
 */
export function messageWithOverflow(text: string, picture: MapPicture | null, pingUsers: boolean): OutgoingMessage {
  const [content, ...rest] = splitMessage(text, MAX_CONTENT);
  const embeds: APIEmbed[] = [];
  let budget = MAX_EMBEDS_TOTAL;
  for (const chunk of splitMessage(rest.join('\n'), MAX_EMBED_DESCRIPTION)) {
    if (chunk === '' || embeds.length >= 10) break;
    if (chunk.length > budget) {
      embeds.push({ description: chunk.slice(0, Math.max(0, budget - 40)) + '\n… (the rest: `/history`)' });
      break;
    }
    embeds.push({ description: chunk });
    budget -= chunk.length;
  }
  return {
    body: {
      content: content ?? '',
      ...(embeds.length > 0 ? { embeds } : {}),
      ...(picture ? { attachments: [{ id: 0, filename: picture.name }] } : {}),
      allowed_mentions: { parse: pingUsers ? ['users'] : [] },
    },
    files: picture ? [{ name: picture.name, data: picture.png, contentType: 'image/png' }] : [],
  };
}

function fit(text: string): string {
  return text.length <= MAX_CONTENT ? text : text.slice(0, MAX_CONTENT - 1) + '…';
}

/** Discord drops a second message with the same nonce from the same author for a few minutes. */
function withNonce(row: DeliveryRow, message: OutgoingMessage): OutgoingMessage {
  const nonce = createHash('sha256').update(row.dedupeKey).digest('base64url').slice(0, 25);
  return { ...message, body: { ...message.body, nonce, enforce_nonce: true } };
}

const CHANNEL_GONE = new Set<number>([RESTJSONErrorCodes.UnknownChannel, RESTJSONErrorCodes.MissingAccess, RESTJSONErrorCodes.UnknownGuild]);

/** Maps a failure to a permanent error (no retry) or returns it for a retry. */
export function classify(err: unknown, row: DeliveryRow, log: Logger): unknown {
  if (err instanceof PermanentDeliveryError) return err;
  if (err instanceof DiscordAPIError) {
    const code = Number(err.code);
    const fields = { outboxId: row.id, kind: row.kind, status: err.status, code };
    if (row.targetKind === 'user' && (code === RESTJSONErrorCodes.CannotSendMessagesToThisUser || code === RESTJSONErrorCodes.UnknownUser)) {
      log.info(fields, 'DMs are closed or the user is gone');
      return new PermanentDeliveryError(err.message, 'dm_closed');
    }
    if (CHANNEL_GONE.has(code)) {
      log.warn(fields, 'the game channel is gone or the bot lost access to it');
      return new PermanentDeliveryError(err.message, 'channel_gone');
    }
    if (code === RESTJSONErrorCodes.UnknownMessage && row.kind === 'status') {
      return new PermanentDeliveryError(err.message, 'message_gone');
    }
    if (err.status >= 400 && err.status < 500 && err.status !== 429) {
      log.error(fields, 'Discord refused a message');
      return new PermanentDeliveryError(err.message, 'rejected');
    }
  }
  log.warn({ outboxId: row.id, kind: row.kind, err }, 'delivery failed; will retry');
  return err;
}
