/**
 * The outbox sender: turns one outbox row (src/game/outbox.ts) into Discord messages.
 *
 * - `phase_results`: one channel message with the phase's map (orders and results drawn) as a PNG and the
 *   results summary (which ends with the next deadline as `<t:…:R>`); text beyond 2000 characters goes into
 *   embeds of the same message, so the post is one message (sent whole or not at all).
 * - `game_started`: the start map and the roster. `status`: edits the status message in place (or posts it
 *   and returns its id). `notice` / `game_over`: channel text. `dm`: a direct message.
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
  type APIEmbed,
  type Client,
  type MessageCreateOptions,
  type SendableChannels,
} from 'discord.js';
import { PermanentDeliveryError, renderInputForPhase, type DeliveryRow, type GameDeps, type SendFn } from '../game/index.js';
import type { Logger } from '../log.js';
import { mapFileName, type MapPicture, type MapRenderer } from './maps.js';
import { MAX_CONTENT, splitMessage } from './text.js';

/** Discord: an embed description holds 4096 characters, and all embeds of a message 6000 together. */
const MAX_EMBED_DESCRIPTION = 4096;
const MAX_EMBEDS_TOTAL = 6000;

export interface SenderDeps {
  client: Client;
  deps: Pick<GameDeps, 'db'>;
  maps: MapRenderer;
  log: Logger;
}

export function createSender({ client, deps, maps, log }: SenderDeps): SendFn {
  return async (row: DeliveryRow) => {
    const payload = row.payload;
    try {
      if (row.targetKind === 'user') {
        await sendDm(client, row.target, payload.text);
        return;
      }
      const channel = await sendableChannel(client, row.target);
      switch (payload.type) {
        case 'phase_results':
        case 'game_started': {
          const picture = await phasePicture(deps, maps, payload.phaseId, payload.type === 'phase_results');
          await channel.send(withNonce(row, messageWithOverflow(payload.text, picture, payload.type === 'game_started')));
          return;
        }
        case 'status': {
          if (row.statusMessageId) {
            await channel.messages.edit(row.statusMessageId, { content: fit(payload.text), allowedMentions: { parse: [] } });
            return { messageId: row.statusMessageId };
          }
          const posted = await channel.send(withNonce(row, { content: fit(payload.text), allowedMentions: { parse: [] } }));
          return { messageId: posted.id };
        }
        case 'notice':
        case 'game_over':
          await channel.send(withNonce(row, messageWithOverflow(payload.text, null, true)));
          return;
        case 'dm':
          throw new PermanentDeliveryError('a DM row addressed to a channel', 'rejected');
      }
    } catch (err) {
      throw classify(err, row, log);
    }
  };
}

async function sendableChannel(client: Client, channelId: string): Promise<SendableChannels> {
  const channel = await client.channels.fetch(channelId);
  if (!channel || !channel.isSendable()) {
    throw new PermanentDeliveryError(`channel ${channelId} is not a text channel the bot can post in`, 'channel_gone');
  }
  return channel;
}

async function sendDm(client: Client, userId: string, text: string): Promise<void> {
  const user = await client.users.fetch(userId);
  const parts = splitMessage(text);
  for (const part of parts.slice(0, 3)) await user.send({ content: part, allowedMentions: { parse: [] } });
}

async function phasePicture(deps: Pick<GameDeps, 'db'>, maps: MapRenderer, phaseId: number, withOrders: boolean): Promise<MapPicture | null> {
  const input = renderInputForPhase(deps, phaseId, { withOrders });
  if (!input) return null;
  const { variant, position, title, ...drawn } = input;
  return maps.render(variant, position, { ...drawn, title }, mapFileName(`${position.phase.season}-${position.phase.year}-${position.phase.type}`, withOrders ? 'results' : undefined));
}

/**
 * One message: the first 2000 characters as content, the rest in embeds (up to Discord's totals), and the
 * map as an attachment. Mentions are rendered; only `pingUsers` messages notify the users named.
 */
export function messageWithOverflow(text: string, picture: MapPicture | null, pingUsers: boolean): MessageCreateOptions {
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
    content: content ?? '',
    ...(embeds.length > 0 ? { embeds } : {}),
    ...(picture ? { files: [{ attachment: picture.png, name: picture.name }] } : {}),
    allowedMentions: pingUsers ? { parse: ['users'] } : { parse: [] },
  };
}

function fit(text: string): string {
  return text.length <= MAX_CONTENT ? text : text.slice(0, MAX_CONTENT - 1) + '…';
}

/** Discord drops a second message with the same nonce from the same author for a few minutes. */
function withNonce(row: DeliveryRow, message: MessageCreateOptions): MessageCreateOptions {
  const nonce = createHash('sha256').update(row.dedupeKey).digest('base64url').slice(0, 25);
  return { ...message, nonce, enforceNonce: true };
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
