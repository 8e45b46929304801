/**
 * The order pad's side in the bot (docs/pad.md "Discord surface"): `/orders pad` answers the caller privately with a
 * link button (style 5) to their seat's pad and, when the Activity is configured, a button that launches it inside
 * Discord (interaction callback 12, `LAUNCH_ACTIVITY`); the DMs that open a phase, remind of it or confirm orders
 * carry the same link button. Links are made by the game layer (src/game/pad/pad.ts) and never logged.
 */
import {
  ButtonStyle,
  ComponentType,
  MessageFlags,
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { padLinkInChannel, padLinkOfMember } from '../game/pad/index.js';
import type { GameDeps } from '../game/core/index.js';
import type { DmReason } from '../game/outbox/index.js';
import { localeOf, tr, type Locale } from '../i18n/index.js';
import type { BotContext, PadSettings } from './context.js';
import { callerOf } from './respond.js';
import { refusalText } from './locale.js';
import { powerWordsIn } from './power-words.js';

export type { PadSettings } from './context.js';

/** The launch button's custom id (`/orders`'s component `launch`, src/bot/commands/orders.ts). */
const LAUNCH_ID = 'orders:launch';

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

/** Discord: a link button's URL holds at most 512 characters. */
const MAX_URL = 512;

/** The URL of a link token (with the reader's language when known). */
export function padUrl(pad: PadSettings, token: string, locale?: Locale): string {
  return `${pad.publicUrl}/pad/${token}${locale ? `?lang=${locale}` : ''}`;
}

function linkRow(pad: PadSettings, token: string, locale: Locale | undefined, launch: boolean): Row {
  const url = padUrl(pad, token, locale);
  if (url.length > MAX_URL) throw new Error('PUBLIC_URL is too long for a link button');
  const label = tr(locale ?? 'en', 'pad.button.open');
  const components: Row['components'] = [{ type: ComponentType.Button, style: ButtonStyle.Link, label, url }];
  if (launch)
    components.push({
      type: ComponentType.Button,
      style: ButtonStyle.Primary,
      label: tr(locale ?? 'en', 'pad.button.launch'),
      custom_id: LAUNCH_ID,
    });
  return { type: ComponentType.ActionRow, components };
}

/** `/orders pad`: the caller's link, privately; refused, saying why, when there is no seat or no pad. */
export async function replyWithPad(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  const reply = (content: string, components: Row[] = []) =>
    interaction.reply({ content, components, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  if (!ctx.pad) return void (await reply(tr(locale, 'pad.reply.off')));
  const link = await padLinkInChannel(ctx.deps, ctx.pad.key, callerOf(interaction));
  if (!link.ok) return void (await reply(`⚠️ ${refusalText(locale, link)}`));
  const power = (await powerWordsIn(ctx, interaction.channelId)).power(link.power);
  // An Activity launched in the channel shows who is in it to everyone there: in a game that hides who plays whom, that
  // would show who plays at all, so only the link (a page of the member's own) is offered.
  const launch = ctx.pad.activity && !link.hidden;
  await reply(tr(locale, 'pad.reply.link', { power }), [linkRow(ctx.pad, link.token, locale, launch)]);
}

/** The DMs that carry the pad's link button: a seat given (the first phase's orders open), a phase opened, a reminder, a confirmation. */
const DM_REASONS: readonly DmReason[] = ['power_assigned', 'phase_started', 'reminder', 'order_confirmation'];

/**
 * The link button row for a DM to `userId` about game `gameId`, or null (no pad, no seat, another kind of DM): labelled
 * in the DM's language, which the link names for the page too.
 */
export async function dmPadRow(
  pad: PadSettings | null | undefined,
  deps: Pick<GameDeps, 'store'>,
  dm: { gameId: number | null; userId: string; reason: DmReason; locale?: Locale | null },
): Promise<Row | null> {
  if (!pad || dm.gameId === null || !DM_REASONS.includes(dm.reason)) return null;
  const token = await padLinkOfMember(deps, pad.key, { gameId: dm.gameId, userId: dm.userId });
  return token ? linkRow(pad, token, dm.locale ?? undefined, false) : null;
}
