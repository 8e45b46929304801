/**
 * `/ready`: toggles the caller's readiness; when every power with something to decide is ready, the phase
 * resolves at once (the game layer does it in the same transaction and queues the results post), or in a game that
 * hides who plays whom at the next mark of the clock (src/game/resolve/ready.ts).
 */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { toggleReady } from '../../game/resolve/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { formatList, t, tr } from '../../i18n/index.js';
import { readerOf } from '../locale.js';
import { powerWordsIn } from '../power-words.js';

const data = new SlashCommandBuilder()
  .setName('ready')
  .setDescription('Say you are done with this phase (run again to take it back)')
  .setContexts(InteractionContextType.Guild)
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = await toggleReady(ctx.deps, callerOf(interaction));
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  const words = await powerWordsIn(ctx, interaction.channelId);
  const power = words.power(r.power);
  if (r.resolved.length > 0) {
    const phases = formatList(
      locale,
      r.resolved.map((p) => t(locale, p.name)),
    );
    return replyPrivately(interaction, tr(locale, 'orders.ready.resolved', { power, phases }));
  }
  if (r.stepped) return replyPrivately(interaction, t(locale, r.stepped));
  // Got ready with orders missing: said under the reply, naming the phase (docs/bot.md "/ready").
  const left = r.left ? `\n${t(locale, r.left)}` : '';
  if (r.capped) {
    // A game that hides who plays whom tells of the cap whether the others are ready or not
    // (src/game/resolve/ready.ts).
    const key = r.waiting === null ? 'orders.ready.cappedHidden' : 'orders.ready.capped';
    return replyPrivately(interaction, tr(locale, key, { power, count: r.capped.count }) + left);
  }
  if (!r.ready) return replyPrivately(interaction, tr(locale, 'orders.ready.undone', { power }));
  // In a game that hides who plays whom the powers are neither named nor counted (src/game/resolve/ready.ts).
  if (r.waiting === null)
    return replyPrivately(interaction, tr(locale, 'orders.ready.waitingHidden', { power }) + left);
  if (r.waitingFor.length > 0)
    return replyPrivately(
      interaction,
      tr(locale, 'orders.ready.waitingFor', {
        power,
        powers: formatList(
          locale,
          r.waitingFor.map((p) => words.name(locale, p)),
        ),
      }) + left,
    );
  return replyPrivately(interaction, tr(locale, 'orders.ready.waiting', { power, count: r.waiting }) + left);
}

export const readyCommand: BotCommand = { data, execute, privateReplies: true, secret: true };
