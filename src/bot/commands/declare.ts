/**
 * `/declare battle: [commander:]`: a secret decisive battle declaration in Warhammer's Decisive Battle phase
 * (issue 11 §3; seed "Declaring Decisive Moves/Holds"), one per battle commander (the player, plus their Sepoys and
 * Mercenaries). `battle:none` passes. The reply is ephemeral and a DM confirms what is stored; nobody else sees
 * it before the declaration deadline.
 */
import { InteractionContextType, SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { commanderChoices, declarationChoices, declareBattle } from '../../game/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { choiceName, MAX_CHOICE, MAX_CHOICES } from '../text.js';

const data = new SlashCommandBuilder()
  .setName('declare')
  .setDescription('Declare a decisive battle (Warhammer), secret until the declaration deadline')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) =>
    o.setName('battle').setDescription('The decisive move or hold, or none to pass').setRequired(true).setAutocomplete(true).setMaxLength(MAX_CHOICE),
  )
  .addStringOption((o) =>
    o.setName('commander').setDescription('Which battle commander fights it (default: you)').setAutocomplete(true).setMaxLength(MAX_CHOICE),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = declareBattle(ctx.deps, {
    ...callerOf(interaction),
    battle: interaction.options.getString('battle', true),
    commander: interaction.options.getString('commander'),
  });
  if (!r.ok) return replyRejected(interaction, r.error);
  const what = r.declared ? `⚔️ Stored for ${r.commander}: ${r.declared}.` : `⚔️ Stored: ${r.commander} passes.`;
  const all = r.stored.length > 1 ? `\nAll your declarations: ${r.stored.join('; ')}.` : '';
  const next = r.closed ? '\nEveryone has answered: declarations are closed and the battles are being set up.' : '\nYou may change it until the deadline; a DM confirms it.';
  return replyPrivately(interaction, `${what}${all}${next}`);
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const focused = interaction.options.getFocused(true);
  const typed = focused.value.trim().toLowerCase();
  const caller = callerOf(interaction);
  if (focused.name === 'commander') {
    const matches = commanderChoices(ctx.deps, caller).filter((c) => c.toLowerCase().includes(typed)).slice(0, MAX_CHOICES);
    return interaction.respond(matches.map((c) => ({ name: choiceName(c), value: c })));
  }
  const matches = declarationChoices(ctx.deps, caller)
    .filter((c) => c.key.toLowerCase().includes(typed) || c.text.toLowerCase().includes(typed))
    .slice(0, MAX_CHOICES);
  return interaction.respond(matches.map((c) => ({ name: choiceName(c.text), value: c.key })));
}

export const declareCommand: BotCommand = { data, execute, autocomplete, privateReplies: true };
