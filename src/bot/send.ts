/**
 * The outbox sender: turns one outbox row (src/game/delivery/deliver.ts) into Discord messages.
 *
 * - `phase_results`: a channel post with the phase's two maps as PNGs, one per message (its orders with their results
 *   on the position before it with the results summary, which ends with the next deadline; then the board after it).
 * - Every text is shown as Discord shows it (markup.ts: the game's references to moments, members, roles and
 *   channels become their markup) before it is cut into messages.
 * - Every channel post (`phase_results`, `game_started`, `step_post`, `notice`, `game_over`) longer than one message
 *   goes out as several: its text cut at line boundaries into parts of at most 2,000 characters, in order, the first
 *   carrying the map (and the role mention), a results post's last part the board after; no embeds. Each part is its
 *   own idempotent step: it has its own nonce, and the outbox records the parts sent (`partsSent`, `partSent`), so a
 *   retry or a restarted bot goes on from the next part and Discord drops a repeat of the one in flight. A map is
 *   drawn only while its part is still to send.
 * - `game_over`: the final post, with the game's supply-centre chart on its first part (drawn at delivery) and the final
 *   board in a last message of its own.
 * - `game_started`: the start map and the roster. `status`: edits the status message in place, or posts it
 *   (first time, or after a moderator deleted it), pins it so players find it among the results posts
 *   (`pinStatus`; best effort: without the Pin Messages permission it stays unpinned), and returns its id. `notice`: channel text. `dm`: a direct message (up to 3 parts).
 * - A game kind's rows (`kind`) and its status rows (`status` with `own`): handed to the `BotKind` they name
 *   (src/bot/kinds.ts), which delivers its own messages (e.g. a table message with buttons, turn pings).
 * - It talks to the REST API directly with its own REST client (`createOutboxRest`).
 * - Every message carries a nonce derived from the outbox row (and the part, for a split post or DM) with
 *   `enforce_nonce`, so if a crash makes the deliverer send a row again within Discord's nonce window (a few
 *   minutes; a restarted bot resends within seconds), Discord returns the first message instead of posting again.
 * - Rate limits: the REST client waits out short ones itself; a longer one (`RATE_LIMIT_WAIT_MS`) becomes
 *   `RetryLaterError`, so the outbox puts the row back and the delivery slot serves other targets meanwhile.
 * - Errors that retrying cannot fix become `PermanentDeliveryError` (deleted channel, closed DMs, deleted
 *   status message, other 4xx); anything else is thrown as is and retried with backoff. The outbox logs the
 *   outcome (never the message text).
 */
import { createHash } from 'node:crypto';
import {
  DiscordAPIError,
  RateLimitError,
  REST,
  RESTJSONErrorCodes,
  roleMention,
  Routes,
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIChannel,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type APIMessage,
  type RawFile,
} from 'discord.js';
import {
  notifyRoleOf,
  renderInputForPhase,
  renderInputForStepPicture,
  renderInputsForResults,
  scChartForGame,
  type ScChartFile,
} from '../game/history/index.js';
import { PermanentDeliveryError, RetryLaterError, type DeliveryRow, type SendFn } from '../game/delivery/index.js';
import { phaseMsg, textParts, type GameDeps, variantParam } from '../game/core/index.js';
import type { Logger } from '../log.js';
import { drawScChart } from './charts.js';
import { claimButtonId, musterButtonId, spectateButtonId } from './components.js';
import type { SpectateAnswer } from '../game/spectators/index.js';
import { dmPadRow, type PadSettings } from './pad.js';
import { botKindOf, type BotKind, type KindSendDeps } from './kinds.js';
import { forViewer, mapFileName, pictureAttachment, type MapPicture, type MapRenderer } from './maps.js';
import { discordText } from './markup.js';
import { deliverPressThread } from './press-threads.js';
import { MAX_CONTENT, splitMessage } from './text.js';
import { wordLines } from './locale.js';
import { msg, tr, type Locale } from '../i18n/index.js';
import { forReader } from '../render/index.js';

/** Discord: an embed description holds 4096 characters, and all embeds of a message 6000 together. */
const MAX_EMBED_DESCRIPTION = 4096;
const MAX_EMBEDS_TOTAL = 6000;
const MAX_EMBEDS = 10;
/** Attempts at drawing a phase's map before its post goes out without one. */
export const MAP_ATTEMPTS = 3;
/** A rate limit longer than this is not waited out inside a delivery: the row is put back for that long. */
export const RATE_LIMIT_WAIT_MS = 1_000;
/** Most parts a long DM is split into. */
const MAX_DM_PARTS = 3;

/**
 * The outbox's REST client: separate from the discord.js client's, and refusing to sit in a long rate limit
 * (see RATE_LIMIT_WAIT_MS) so one limited target never holds a delivery slot.
 */
export function createOutboxRest(opts: { token: string; apiBase?: string; globalRequestsPerSecond?: number }): REST {
  return new REST({
    ...(opts.apiBase ? { api: opts.apiBase } : {}),
    ...(opts.globalRequestsPerSecond ? { globalRequestsPerSecond: opts.globalRequestsPerSecond } : {}),
    rejectOnRateLimit: (limit) => limit.timeToReset > RATE_LIMIT_WAIT_MS,
  }).setToken(opts.token);
}

export interface SenderDeps {
  /**
   * A REST client of its own (not the discord.js client's): @discordjs/rest throttles every request of one
   * client against the 50/s global limit, interaction callbacks included, so a burst of deliveries would
   * delay command acknowledgements. Discord exempts interaction callbacks from that limit.
   */
  rest: REST;
  deps: Pick<GameDeps, 'store'>;
  maps: MapRenderer;
  /** For the warning when the status message cannot be pinned (never a request or response body). */
  log?: Pick<Logger, 'warn'>;
  /** The order pad, when on: the DMs that open a phase, remind of it or confirm orders carry its link button. */
  pad?: PadSettings | null;
}

/** A channel message as the REST API takes it: JSON body plus attached files. */
export interface OutgoingMessage {
  body: {
    content: string;
    embeds?: APIEmbed[];
    allowed_mentions: { parse: ('users' | 'roles' | 'everyone')[]; roles?: string[]; users?: string[] };
    attachments?: { id: number; filename: string; description?: string }[];
    /** Message components (a substitute call's **Claim** button). */
    components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
    nonce?: string;
    enforce_nonce?: boolean;
  };
  files: RawFile[];
}

/** The bot side of the game kind an outbox row names (none: a row no code of this bot can deliver). */
function kindNamed(name: string): BotKind {
  const kind = botKindOf(name);
  if (!kind) throw new PermanentDeliveryError(`no game kind "${name}" delivers this row`, 'rejected');
  return kind;
}

/**
 * What the sender's steps share: the deps it was made with, plus the DM channel opened with each user (each is
 * opened once per sender).
 */
interface SenderContext extends SenderDeps {
  dmChannels: Map<string, string>;
}

export function createSender({ rest, deps, maps, log, pad }: SenderDeps): SendFn {
  const ctx: SenderContext = { rest, deps, maps, log, pad, dmChannels: new Map<string, string>() };
  const lent = kindSendDeps(ctx);
  return (row: DeliveryRow) => deliverRow(ctx, lent, row);
}

/** What the sender lends a game kind to deliver its own rows (src/bot/kind.ts `KindSendDeps`). */
function kindSendDeps(ctx: SenderContext): KindSendDeps {
  return {
    rest: ctx.rest,
    deps: ctx.deps,
    post: (channelId, body, files, key) =>
      post(ctx, channelId, withNonceKey(key, { body: body as OutgoingMessage['body'], files })),
    pin: (row, messageId) => pinStatus(ctx.rest, row, messageId, ctx.log),
    dmChannel: (userId) => dmChannelOf(ctx, userId),
  };
}

/**
 * Delivers one outbox row: a game kind's rows to its `BotKind`, a DM as text, a channel post by its type. Every
 * failure leaves through `classify` (permanent, retry later, or retried with backoff).
 */
async function deliverRow(
  ctx: SenderContext,
  lent: KindSendDeps,
  stored: DeliveryRow,
): Promise<void | { messageId?: string }> {
  const row = inReaderLocale(stored);
  const payload = row.payload;
  try {
    // A game kind's own rows and its status message (src/bot/kinds.ts; e.g. a table message with buttons, turn
    // pings, also by DM); every other DM is text.
    if (payload.type === 'kind') return await kindNamed(payload.kind).deliver(lent, row, payload);
    if (payload.type === 'status' && payload.own)
      return await kindNamed(payload.own.kind).deliverStatus(lent, row, payload.own.data);
    if (payload.type === 'press_thread') return await deliverPressThread(ctx, payload.threadRowId);
    if (payload.type === 'substitute_call_closed') return await closeSubstituteCall(ctx, row, payload);
    if (payload.type === 'substitute_call_refresh') return await refreshSubstituteCall(ctx, row, payload);
    if (payload.type === 'muster_closed') return await closeMuster(ctx, row, payload);
    if (payload.type === 'spectate_request_closed') return await closeSpectateRequest(ctx, row, payload.text);
    // A spectator's copy of a results or final post (src/game/outbox/watchers.ts): sent as the post is, into their DMs.
    if (row.targetKind === 'user' && payload.type === 'phase_results') return await sendResults(ctx, row, payload);
    if (row.targetKind === 'user' && payload.type === 'game_over') return await sendGameOver(ctx, row, payload);
    if (row.targetKind === 'user') {
      // A spectator's copy never carries the player's order pad link (a link is bound to the seat).
      const padRow =
        payload.type === 'dm' && payload.spectateRequest !== undefined
          ? spectateRequestRow(payload.spectateRequest, row.locale ?? 'en')
          : payload.type === 'dm' && !payload.watch
            ? await dmPadRow(ctx.pad, ctx.deps, {
                gameId: payload.gameId,
                userId: row.target,
                reason: payload.reason,
                locale: row.locale,
              })
            : null;
      if (payload.type === 'dm' && payload.fogResults) return await sendFogResultsDm(ctx, row, payload, padRow);
      const map = payload.type === 'dm' ? { phaseId: payload.mapPhaseId, power: payload.mapPower } : undefined;
      const last = await sendDm(ctx, row, payload.text, map?.phaseId, padRow, map?.power);
      // A request to watch: the id of its DM with the buttons, for the edit that removes them should it end otherwise.
      return payload.type === 'dm' && payload.spectateRequest !== undefined && last
        ? { messageId: last.id }
        : undefined;
    }
    switch (payload.type) {
      case 'phase_results':
        await sendResults(ctx, row, payload);
        return;
      case 'game_started':
      case 'step_post':
        return await sendPicturePost(ctx, row, payload);
      case 'status':
        return await sendStatus(ctx, row, payload);
      case 'notice':
        await sendParts(ctx, row, postParts(payload.text, null, { pingUsers: payload.quiet !== true }));
        return;
      case 'game_over':
        await sendGameOver(ctx, row, payload);
        return;
      case 'substitute_call':
        return await sendSubstituteCall(ctx, row, payload);
      case 'dm':
        throw new PermanentDeliveryError('a DM row addressed to a channel', 'rejected');
    }
  } catch (err) {
    throw classify(err, row);
  }
}

/** The row with its message lines (if it has any) worded in the reader's locale (docs/locales.md). */
function inReaderLocale(row: DeliveryRow): DeliveryRow {
  const payload = row.payload;
  if (!('lines' in payload) || !payload.lines) return row;
  return { ...row, payload: { ...payload, text: wordLines(row.locale ?? 'en', payload.lines) } };
}

/** One outbox row's payload of the given type. */
type PayloadOf<T extends DeliveryRow['payload']['type']> = Extract<DeliveryRow['payload'], { type: T }>;

/** Posts one message in a channel through the sender's REST client. */
async function post(ctx: SenderContext, channelId: string, message: OutgoingMessage): Promise<APIMessage> {
  return (await ctx.rest.post(Routes.channelMessages(channelId), {
    body: message.body,
    files: message.files,
  })) as APIMessage;
}

/** The DM channel with a user: opened on first use, then remembered by the sender. */
async function dmChannelOf(ctx: SenderContext, userId: string): Promise<string> {
  let channelId = ctx.dmChannels.get(userId);
  if (!channelId) {
    const channel = (await ctx.rest.post(Routes.userChannels(), { body: { recipient_id: userId } })) as APIChannel;
    channelId = channel.id;
    ctx.dmChannels.set(userId, channelId);
  }
  return channelId;
}

/**
 * A direct message: its text cut into at most `MAX_DM_PARTS` parts, each with its own nonce and recorded once sent;
 * the first carries the phase's map when the DM shows the board.
 */
async function sendDm(
  ctx: SenderContext,
  row: DeliveryRow,
  text: string,
  mapPhaseId?: number,
  buttons: APIActionRowComponent<APIComponentInMessageActionRow> | null = null,
  mapPower?: string,
): Promise<APIMessage | undefined> {
  const channelId = await dmChannelOf(ctx, row.target);
  const parts = splitMessage(discordText(text)).slice(0, MAX_DM_PARTS);
  // A DM that shows the board (a substitute's first look at the seat) carries its map with its first part.
  const picture =
    mapPhaseId !== undefined && (row.partsSent ?? 0) === 0
      ? await phasePicture(ctx.deps, ctx.maps, mapPhaseId, row.locale, mapPower)
      : null;
  if (picture === 'failed' && row.attempts < MAP_ATTEMPTS - 1)
    throw new Error('the map could not be drawn; will retry');
  let last: APIMessage | undefined;
  for (let i = row.partsSent ?? 0; i < parts.length; i++) {
    const files = i === 0 && picture && picture !== 'failed' ? [picture] : [];
    // Each part its own nonce and its own record: after a crash between parts, the resend goes on from the next.
    last = await post(
      ctx,
      channelId,
      withNonce(
        row,
        {
          body: {
            content: parts[i]!,
            allowed_mentions: { parse: [] },
            ...(files.length > 0 ? { attachments: files.map(pictureAttachment) } : {}),
            // The order pad's link button goes with the last part (docs/pad.md).
            ...(buttons && i === parts.length - 1 ? { components: [buttons] } : {}),
          },
          files: files.map((p) => ({ name: p.name, data: p.png, contentType: 'image/png' })),
        },
        parts.length > 1 ? i : undefined,
      ),
    );
    if (parts.length > 1) await row.partSent?.(i + 1);
  }
  return last;
}

/**
 * A channel post's messages in order, from the first one Discord does not have yet: the first with the row's own
 * nonce (as a post of one message always had), each later one with its part's; each recorded once Discord has it.
 */
async function sendParts(
  ctx: SenderContext,
  row: DeliveryRow,
  messages: OutgoingMessage[],
): Promise<APIMessage | undefined> {
  // A post's copy for a spectator (src/game/outbox/watchers.ts) goes to the spectator's DMs.
  const channelId = row.targetKind === 'user' ? await dmChannelOf(ctx, row.target) : row.target;
  let last: APIMessage | undefined;
  for (let i = row.partsSent ?? 0; i < messages.length; i++) {
    last = await post(ctx, channelId, withNonce(row, messages[i]!, i === 0 ? undefined : i));
    if (messages.length > 1) await row.partSent?.(i + 1);
  }
  return last;
}

/**
 * A results post: its text with the orders map (the orders and their results on the board before), then the board
 * after in a message of its own. Discord shows two images of one message as half-width tiles, where names cannot be
 * read; one image per message is shown at full preview width (docs/bot.md, "Results posts"). Each map is drawn only
 * while its message is still to send; the parts are the same on every attempt, so a resend goes on where it stopped.
 */
async function sendResults(ctx: SenderContext, row: DeliveryRow, payload: PayloadOf<'phase_results'>): Promise<void> {
  const { deps, maps } = ctx;
  const sent = row.partsSent ?? 0;
  // Only the role the game master chose is pinged, never @everyone (docs/decisions.md); its mention is part of the
  // text that is cut, so the parts are counted with it.
  const role = row.targetKind === 'user' ? null : await notifyRoleOf(deps, payload.gameId);
  const textParts = postParts(payload.text, null, { pingUsers: false, role }).length;
  const orders = sent === 0 ? await resultsPicture(deps, maps, payload.phaseId, 'orders', row.locale) : null;
  const after = sent <= textParts ? await resultsPicture(deps, maps, payload.phaseId, 'after', row.locale) : null;
  // A map that failed to draw is retried (with the outbox's backoff) before the post goes out without it.
  if ((orders === 'failed' || after === 'failed') && row.attempts < MAP_ATTEMPTS - 1)
    throw new Error('the map could not be drawn; will retry');
  const messages = postParts(payload.text, orders === 'failed' ? null : orders, { pingUsers: false, role });
  // The after map is the last part whatever happened to it, so the parts count the same way on every attempt.
  if (after !== 'failed' && after !== null) messages.push(afterBoardMessage(after, row.locale ?? 'en'));
  await sendParts(ctx, row, messages);
}

/**
 * A game's start post (its start map and roster, pinging the players) or a variant's step post (with the step
 * picture it names, if any): the map goes with the first part, so it is drawn only while that part is still to send.
 */
async function sendPicturePost(
  ctx: SenderContext,
  row: DeliveryRow,
  payload: PayloadOf<'game_started' | 'step_post'>,
): Promise<{ messageId: string } | undefined> {
  const { deps, maps } = ctx;
  // The phase's start map, or a variant's step picture when its step post (src/game/phase/steps.ts) names one (e.g. the
  // orders with their provisional results).
  const first = (row.partsSent ?? 0) === 0;
  const picture = !first
    ? null
    : payload.type === 'game_started'
      ? await phasePicture(deps, maps, payload.phaseId, row.locale)
      : payload.picture
        ? await stepPicture(deps, maps, payload.phaseId, payload.picture, row.locale)
        : null;
  // A map that failed to draw is retried (with the outbox's backoff) before the post goes out as text.
  if (picture === 'failed' && row.attempts < MAP_ATTEMPTS - 1)
    throw new Error('the map could not be drawn; will retry');
  // Only the role the game master chose is pinged, never @everyone (docs/decisions.md).
  const role = await notifyRoleOf(deps, payload.gameId);
  const messages = postParts(payload.text, picture === 'failed' ? null : picture, {
    pingUsers: payload.type === 'game_started',
    role,
  });
  // A muster's **I'm here** button goes with the post's last part, under the line that asks for it.
  const muster = payload.type === 'game_started' && payload.muster === true;
  if (muster) messages.at(-1)!.body.components = [musterRow(payload.gameId, row.locale ?? 'en', false)];
  const last = await sendParts(ctx, row, messages);
  // The part with **I'm here**: its id is kept for the edit that disables the button when the muster ends.
  return muster && last ? { messageId: last.id } : undefined;
}

/** The buttons of a request to watch a power (src/bot/commands/spectate.ts answers them). */
function spectateRequestRow(requestId: number, locale: Locale): APIActionRowComponent<APIButtonComponent> {
  const button = (action: SpectateAnswer, style: ButtonStyle.Success | ButtonStyle.Primary | ButtonStyle.Danger) =>
    ({
      type: ComponentType.Button,
      style,
      label: tr(locale, `spectate.button.${action === 'orders' ? 'orders' : action}`),
      custom_id: spectateButtonId(action, requestId),
    }) satisfies APIButtonComponent;
  return {
    type: ComponentType.ActionRow,
    components: [
      button('allow', ButtonStyle.Success),
      button('orders', ButtonStyle.Primary),
      button('deny', ButtonStyle.Danger),
    ],
  };
}

/** The row of a start post's **I'm here** button (src/game/muster); once the muster is over, disabled. */
function musterRow(gameId: number, locale: Locale, over: boolean): APIActionRowComponent<APIButtonComponent> {
  const button: APIButtonComponent = {
    type: ComponentType.Button,
    style: over ? ButtonStyle.Secondary : ButtonStyle.Success,
    label: tr(locale, over ? 'muster.button.over' : 'muster.button.here'),
    custom_id: musterButtonId(gameId),
    ...(over ? { disabled: true } : {}),
  };
  return { type: ComponentType.ActionRow, components: [button] };
}

/**
 * The edit that closes a muster: the start post's **I'm here** disabled, saying the muster is over. A post that never
 * went out, or that a moderator deleted, has nothing to edit.
 */
async function closeMuster(ctx: SenderContext, row: DeliveryRow, payload: PayloadOf<'muster_closed'>): Promise<void> {
  await editCallPost(ctx, row, { components: [musterRow(payload.gameId, row.locale ?? 'en', true)] });
}

/**
 * The edit that ends a request to watch whose buttons still showed (src/game/spectators): the request DM
 * (`DeliveryRow.callMessageId`) says how it ended, with no buttons. A DM never sent, or deleted, has nothing to edit.
 */
async function closeSpectateRequest(ctx: SenderContext, row: DeliveryRow, text: string): Promise<void> {
  if (!row.callMessageId) return;
  await editCallPost(ctx, row, { content: discordText(text), components: [] }, await dmChannelOf(ctx, row.target));
}

/**
 * The final post of a Diplomacy game: its text, with the game's supply-centre chart (in the game's palette) on its first
 * part, drawn at delivery and only while that part is still to send, then the final board in a message of its own (one
 * image per message, as a results post's board after). A chart that cannot be drawn (or read) is not retried: the post
 * goes out without it, with a warning in the log (never the post's text); a final board that failed to draw is retried
 * like a results map, then left out. The members it names are shown, never pinged (each has the game-over DM).
 */
async function sendGameOver(ctx: SenderContext, row: DeliveryRow, payload: PayloadOf<'game_over'>): Promise<void> {
  let chart: MapPicture | null = null;
  const sent = row.partsSent ?? 0;
  if (sent === 0) {
    let file: ScChartFile | null = null;
    try {
      file = await scChartForGame(ctx.deps, payload.gameId);
    } catch (err) {
      ctx.log?.warn({ err, gameId: payload.gameId }, 'supply-centre chart not read; going on without it');
    }
    if (file) chart = await drawScChart(file, ctx.log, { gameId: payload.gameId }, row.locale ?? 'en');
  }
  const messages = postParts(payload.text, chart, { pingUsers: false });
  const board =
    payload.phaseId !== undefined && sent <= messages.length
      ? await phasePicture(ctx.deps, ctx.maps, payload.phaseId, row.locale)
      : null;
  if (board === 'failed' && row.attempts < MAP_ATTEMPTS - 1) throw new Error('the map could not be drawn; will retry');
  // The final board is the last part whatever happened to it, so the parts count the same way on every attempt.
  if (board !== null && board !== 'failed') messages.push(boardMessage(board, tr(row.locale ?? 'en', 'end.board')));
  await sendParts(ctx, row, messages);
}

/**
 * The status message: edited in place, or posted (and pinned) when the game has none yet or a moderator deleted
 * it. Answers the message's id for the outbox to record.
 */
async function sendStatus(
  ctx: SenderContext,
  row: DeliveryRow,
  payload: PayloadOf<'status'>,
): Promise<{ messageId: string }> {
  // A long status (21 Warhammer powers) continues in embeds of the same message; an edit always sends
  // `embeds`, so a status that got shorter loses the embeds it no longer needs.
  const { content, embeds } = messageWithOverflow(payload.text, null, false, row.locale ?? 'en').body;
  const body = { content, embeds: embeds ?? [], allowed_mentions: { parse: [] } };
  if (row.statusMessageId) {
    try {
      await ctx.rest.patch(Routes.channelMessage(row.target, row.statusMessageId), { body });
      return { messageId: row.statusMessageId };
    } catch (err) {
      if (!(err instanceof DiscordAPIError && Number(err.code) === RESTJSONErrorCodes.UnknownMessage)) throw err;
    }
  }
  // A new status message: the game's first, or the one after a moderator deleted it. Its nonce names the
  // game (and the deleted message), not the row, so whichever status row posts it after a crash between
  // posting and recording its id, Discord returns the message already posted.
  const key = row.statusMessageId ? `status-repost:${row.statusMessageId}` : `status-post:${row.gameId ?? row.target}`;
  const posted = await post(ctx, row.target, withNonceKey(key, { body, files: [] }));
  await pinStatus(ctx.rest, row, posted.id, ctx.log);
  return { messageId: posted.id };
}

/**
 * A substitute call with its Claim button (src/bot/commands/game.ts handles the press); nobody is pinged. Answers the
 * post's id, which the outbox keeps for the edit that closes the call.
 */
async function sendSubstituteCall(
  ctx: SenderContext,
  row: DeliveryRow,
  payload: PayloadOf<'substitute_call'>,
): Promise<{ messageId: string }> {
  const [message] = postParts(payload.text, null, { pingUsers: false });
  message!.body.components = [claimRow(payload.callId, null, row.locale ?? 'en')];
  const posted = await post(ctx, row.target, withNonce(row, message!));
  return { messageId: posted.id };
}

/** The row of a call's button: **Claim**, or once the call is closed a disabled button saying why. */
function claimRow(
  callId: number,
  closed: 'taken' | 'closed' | null,
  locale: Locale,
): APIActionRowComponent<APIButtonComponent> {
  const label =
    closed === 'taken'
      ? 'seats.call.button.taken'
      : closed === 'closed'
        ? 'seats.call.button.closed'
        : 'seats.call.button.claim';
  const claim: APIButtonComponent = {
    type: ComponentType.Button,
    style: closed ? ButtonStyle.Secondary : ButtonStyle.Primary,
    label: tr(locale, label),
    custom_id: claimButtonId(callId),
    ...(closed ? { disabled: true } : {}),
  };
  return { type: ComponentType.ActionRow, components: [claim] };
}

/**
 * The edit that closes a substitute call: its button disabled, saying the seat was taken or the game is over. A call
 * whose post never went out, or that a moderator deleted, has nothing to edit.
 */
async function closeSubstituteCall(
  ctx: SenderContext,
  row: DeliveryRow,
  payload: PayloadOf<'substitute_call_closed'>,
): Promise<void> {
  await editCallPost(ctx, row, {
    ...(payload.text ? { content: discordText(payload.text) } : {}),
    components: [claimRow(payload.callId, payload.why, row.locale ?? 'en')],
  });
}

/**
 * Edits the message with a row's buttons (`DeliveryRow.callMessageId`: a substitute call's or muster's post in the row's
 * channel, a request to watch in `channelId`, the DM's): one never posted, or deleted, has nothing to edit.
 */
async function editCallPost(
  ctx: SenderContext,
  row: DeliveryRow,
  body: { content?: string; components: APIActionRowComponent<APIButtonComponent>[] },
  channelId: string = row.target,
): Promise<void> {
  if (!row.callMessageId) return;
  try {
    // Nobody is pinged: the post never was.
    const mentions = body.content === undefined ? {} : { allowed_mentions: { parse: [] } };
    await ctx.rest.patch(Routes.channelMessage(channelId, row.callMessageId), { body: { ...body, ...mentions } });
  } catch (err) {
    if (!(err instanceof DiscordAPIError && Number(err.code) === RESTJSONErrorCodes.UnknownMessage)) throw err;
  }
}

/**
 * The edit that brings an open substitute call's post up to date (its phase, deadline, holdings), its **Claim** button
 * kept. A post deleted meanwhile has nothing to edit.
 */
async function refreshSubstituteCall(
  ctx: SenderContext,
  row: DeliveryRow,
  payload: PayloadOf<'substitute_call_refresh'>,
): Promise<void> {
  await editCallPost(ctx, row, {
    content: discordText(payload.text ?? ''),
    components: [claimRow(payload.callId, null, row.locale ?? 'en')],
  });
}

/**
 * Pins a newly posted status message (the status stays findable above the results posts).
 * - Exactly once: pinning a message that is already pinned succeeds and changes nothing in Discord, so a
 *   resend after a crash (the nonce hands back the same message) pins it again harmlessly.
 * - Nothing to unpin: a status message is only replaced after it was deleted, and deleting a message removes
 *   its pin; an edit keeps the pin.
 * - Best effort: the message is posted whatever happens here. Without the Pin Messages permission (50013), at
 *   Discord's pin cap (30003), or on any other failure the status stays unpinned (still edited in place) with
 *   one warning naming the Discord code; it is not retried, so a channel that forbids pins never sees a
 *   retry storm.
 */
async function pinStatus(rest: REST, row: DeliveryRow, messageId: string, log: SenderDeps['log']): Promise<void> {
  try {
    await rest.put(Routes.channelMessagesPin(row.target, messageId));
  } catch (err) {
    const code = err instanceof DiscordAPIError ? Number(err.code) : undefined;
    const status = err instanceof DiscordAPIError ? err.status : undefined;
    const reason =
      code === RESTJSONErrorCodes.MissingPermissions
        ? 'the bot lacks the Pin Messages permission'
        : code === RESTJSONErrorCodes.MaximumNumberOfPinsReachedForTheChannel
          ? "the channel is at Discord's pin cap"
          : 'Discord refused or failed the pin';
    log?.warn({ gameId: row.gameId, channel: row.target, code, status }, `status message not pinned: ${reason}`);
  }
}

/** The phase's map (its position); null when there is nothing to draw (phase undone by a rollback), 'failed' when drawing failed. */
async function phasePicture(
  deps: Pick<GameDeps, 'store'>,
  maps: MapRenderer,
  phaseId: number,
  locale: Locale = 'en',
  power?: string,
): Promise<MapPicture | null | 'failed'> {
  const input = await renderInputForPhase(deps, phaseId, power ? { viewer: { kind: 'power', power } } : {});
  if (!input) return null;
  const { variant, position, viewer, ...drawn } = input;
  const name = mapFileName(`${position.phase.season}-${position.phase.year}-${position.phase.type}`, viewer);
  const plain = msg('map.title.board', { variant: variantParam(variant), phase: phaseMsg(position.phase, variant) });
  return (
    (await maps.render(variant, position, forViewer(drawn, locale, { variant, power: viewer }, plain), name)) ??
    'failed'
  );
}

/** A picture a variant's step post names (src/game/history/render-input.ts `renderInputForStepPicture`). */
async function stepPicture(
  deps: Pick<GameDeps, 'store'>,
  maps: MapRenderer,
  phaseId: number,
  picture: string,
  locale: Locale = 'en',
): Promise<MapPicture | null | 'failed'> {
  const input = await renderInputForStepPicture(deps, phaseId, picture);
  if (!input) return null;
  const { variant, position, file, ...rest } = input;
  const drawn = forReader(rest, locale);
  const p = position.phase;
  const name = `${p.season}-${p.year}-${p.type}`;
  return (await maps.render(variant, position, drawn, file ? mapFileName(name, file) : mapFileName(name))) ?? 'failed';
}

/**
 * One of a results post's two maps: the orders with their results on the position before the phase, or the board
 * after it. Null when the phase has no such pictures; 'failed' when it could not be drawn.
 */
async function resultsPicture(
  deps: Pick<GameDeps, 'store'>,
  maps: MapRenderer,
  phaseId: number,
  which: 'orders' | 'after',
  locale: Locale = 'en',
  power?: string,
): Promise<MapPicture | null | 'failed'> {
  const inputs = await renderInputsForResults(deps, phaseId, power ? { viewer: { kind: 'power', power } } : {});
  if (!inputs) return null;
  const before = inputs.orders.position.phase;
  const { season, year, type } = before;
  const { variant, position, viewer, ...opts } = inputs[which];
  const phase = phaseMsg(before, variant);
  const plain =
    which === 'orders'
      ? msg('map.title.orders', { variant: variantParam(variant), phase })
      : msg('map.title.after', { variant: variantParam(variant), phase, next: phaseMsg(position.phase, variant) });
  const drawn = forViewer(opts, locale, { variant, power: viewer }, plain);
  const name = mapFileName(`${season}-${year}-${type}`, viewer ? `${which}-${viewer}` : which);
  return (await maps.render(variant, position, drawn, name)) ?? 'failed';
}

/**
 * A fog game's results DM (src/game/fog): its text with the orders map as the power saw them, then the board after as
 * the power sees it, in a message of its own (as a results post). The parts are the same on every attempt, so a resend
 * goes on where it stopped; the order pad's button goes with the last text part.
 */
async function sendFogResultsDm(
  ctx: SenderContext,
  row: DeliveryRow,
  payload: PayloadOf<'dm'>,
  buttons: APIActionRowComponent<APIComponentInMessageActionRow> | null,
): Promise<void> {
  const { phaseId, power } = payload.fogResults!;
  const sent = row.partsSent ?? 0;
  const texts = splitMessage(discordText(payload.text)).slice(0, MAX_DM_PARTS);
  const orders = sent === 0 ? await resultsPicture(ctx.deps, ctx.maps, phaseId, 'orders', row.locale, power) : null;
  const after =
    sent <= texts.length ? await resultsPicture(ctx.deps, ctx.maps, phaseId, 'after', row.locale, power) : null;
  if ((orders === 'failed' || after === 'failed') && row.attempts < MAP_ATTEMPTS - 1)
    throw new Error('the map could not be drawn; will retry');
  const messages: OutgoingMessage[] = texts.map((content, i) => {
    const files = i === 0 && orders && orders !== 'failed' ? [orders] : [];
    return {
      body: {
        content,
        allowed_mentions: { parse: [] },
        ...(files.length > 0 ? { attachments: files.map(pictureAttachment) } : {}),
        ...(buttons && i === texts.length - 1 ? { components: [buttons] } : {}),
      },
      files: files.map((p) => ({ name: p.name, data: p.png, contentType: 'image/png' })),
    };
  });
  if (after !== 'failed' && after !== null) messages.push(afterBoardMessage(after, row.locale ?? 'en'));
  const channelId = await dmChannelOf(ctx, row.target);
  for (let i = sent; i < messages.length; i++) {
    await post(ctx, channelId, withNonce(row, messages[i]!, messages.length > 1 ? i : undefined));
    if (messages.length > 1) await row.partSent?.(i + 1);
  }
}

/** The message after a results post's text: the board after the phase, alone, so Discord shows it at full width. */
export function afterBoardMessage(picture: MapPicture, locale: Locale): OutgoingMessage {
  return boardMessage(picture, tr(locale, 'results.board.after'));
}

/** A board alone in a message of its own, under a caption, so Discord shows it at full width. */
function boardMessage(picture: MapPicture, caption: string): OutgoingMessage {
  return {
    body: {
      content: caption,
      attachments: [pictureAttachment(picture, 0)],
      allowed_mentions: { parse: [] },
    },
    files: [{ name: picture.name, data: picture.png, contentType: 'image/png' }],
  };
}

/**
 * A channel post as the messages it goes out in: its text (after the role's mention, when the game pings
 * one) cut at line boundaries into parts of at most 2,000 characters, in order; the first carries the picture and is
 * the only one that may ping the role (`allowed_mentions.roles`). No embeds: each part is plain content, as a post of
 * one message is. Mentions are rendered; only `pingUsers` posts notify the users named. The cut depends on the text
 * alone, so a resend after a crash cuts it the same way.
 */
export function postParts(
  text: string,
  picture: MapPicture | null,
  opts: { pingUsers: boolean; role?: string | null },
): OutgoingMessage[] {
  const pictures = picture === null ? [] : [picture];
  const users = opts.pingUsers ? namedUsers(text) : [];
  const shown = discordText(text);
  return splitMessage(opts.role ? `${roleMention(opts.role)} ${shown}` : shown, MAX_CONTENT).map((content, i) => {
    const first = i === 0;
    return {
      body: {
        content,
        ...(first && pictures.length > 0 ? { attachments: pictures.map(pictureAttachment) } : {}),
        allowed_mentions: { parse: [], users, ...(first && opts.role ? { roles: [opts.role] } : {}) },
      },
      files: first ? pictures.map((p) => ({ name: p.name, data: p.png, contentType: 'image/png' })) : [],
    };
  });
}

/**
 * The status message (one message, edited in place): the first 2000 characters as content, the rest in embeds (up to
 * Discord's totals). Mentions are rendered; only `pingUsers` messages notify the users named.
 */
export function messageWithOverflow(
  text: string,
  picture: MapPicture | MapPicture[] | null,
  pingUsers: boolean,
  locale: Locale = 'en',
): OutgoingMessage {
  // Ends the last embed of a status too long for one message, in the status's language.
  const overflowNote = `\n${tr(locale, 'status.overflow')}`;
  const pictures = picture === null ? [] : Array.isArray(picture) ? picture : [picture];
  const [content, ...rest] = splitMessage(discordText(text), MAX_CONTENT);
  const embeds: APIEmbed[] = [];
  let budget = MAX_EMBEDS_TOTAL;
  const chunks = splitMessage(rest.join('\n'), MAX_EMBED_DESCRIPTION).filter((chunk) => chunk !== '');
  for (const [i, chunk] of chunks.entries()) {
    // Past Discord's totals (6000 characters over all embeds, 10 embeds): whole lines up to the limit, then a note.
    if (chunk.length > budget || (i === MAX_EMBEDS - 1 && i < chunks.length - 1)) {
      const room = Math.max(0, budget - overflowNote.length);
      const lastBreak = chunk.lastIndexOf('\n', room);
      const kept = lastBreak > 0 ? chunk.slice(0, lastBreak) : '';
      embeds.push({ description: kept === '' ? overflowNote.trimStart() : kept + overflowNote });
      break;
    }
    embeds.push({ description: chunk });
    budget -= chunk.length;
  }
  return {
    body: {
      content: content ?? '',
      ...(embeds.length > 0 ? { embeds } : {}),
      ...(pictures.length > 0 ? { attachments: pictures.map(pictureAttachment) } : {}),
      allowed_mentions: { parse: [], users: pingUsers ? namedUsers(text) : [] },
    },
    files: pictures.map((p) => ({ name: p.name, data: p.png, contentType: 'image/png' })),
  };
}

/**
 * The members a game text names by reference (`memberRef`), the only ones a post may notify (Discord takes at most
 * 100): a mention a member typed into a text (a pause's reason) is shown but notifies nobody (docs/bot.md "Who a
 * post notifies").
 */
function namedUsers(text: string): string[] {
  const ids = textParts(text).flatMap((p) => (typeof p !== 'string' && p.kind === 'member' ? [p.userId] : []));
  return [...new Set(ids)].slice(0, 100);
}

/** The nonce of a row's message (or of one part of a split post or DM): at most 25 characters, as Discord allows. */
export function nonceFor(dedupeKey: string, part?: number): string {
  const source = part === undefined ? dedupeKey : `${dedupeKey}#${part}`;
  return createHash('sha256').update(source).digest('base64url').slice(0, 25);
}

/** Discord drops a second message with the same nonce from the same author for a few minutes. */
function withNonce(row: DeliveryRow, message: OutgoingMessage, part?: number): OutgoingMessage {
  return withNonceKey(row.dedupeKey, message, part);
}

function withNonceKey(key: string, message: OutgoingMessage, part?: number): OutgoingMessage {
  return { ...message, body: { ...message.body, nonce: nonceFor(key, part), enforce_nonce: true } };
}

const CHANNEL_GONE = new Set<number>([
  RESTJSONErrorCodes.UnknownChannel,
  RESTJSONErrorCodes.MissingAccess,
  RESTJSONErrorCodes.UnknownGuild,
]);

/** Maps a failure to a permanent error (no retry), a later retry (rate limit), or returns it for a retry. */
export function classify(err: unknown, row: DeliveryRow): unknown {
  if (err instanceof PermanentDeliveryError || err instanceof RetryLaterError) return err;
  if (err instanceof RateLimitError) {
    return new RetryLaterError(
      `${err.method.toUpperCase()} ${err.route} is rate-limited${err.global ? ' (global)' : ''}`,
      Math.max(1, err.timeToReset),
    );
  }
  if (err instanceof DiscordAPIError) {
    const code = Number(err.code);
    if (
      row.targetKind === 'user' &&
      (code === RESTJSONErrorCodes.CannotSendMessagesToThisUser || code === RESTJSONErrorCodes.UnknownUser)
    ) {
      return new PermanentDeliveryError(err.message, 'dm_closed', err);
    }
    if (CHANNEL_GONE.has(code)) return new PermanentDeliveryError(err.message, 'channel_gone', err);
    if (code === RESTJSONErrorCodes.UnknownMessage && row.kind === 'status') {
      return new PermanentDeliveryError(err.message, 'message_gone', err);
    }
    if (err.status >= 400 && err.status < 500 && err.status !== 429) {
      return new PermanentDeliveryError(err.message, 'rejected', err);
    }
  }
  return err;
}
