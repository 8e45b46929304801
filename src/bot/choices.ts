/**
 * Autocomplete choices shared by several commands.
 */
import type { AutocompleteInteraction } from 'discord.js';
import type { Variant } from '../engine/variant.js';
import { type Level, powerParam, variantOfGame } from '../game/core/index.js';
import { localeOf, t, tr, type Locale, type Msg } from '../i18n/index.js';
import { findOpenGame } from '../game/history/index.js';
import { localizedChoice } from './command-locales.js';
import type { BotContext } from './context.js';
import { choiceName, MAX_CHOICES } from './text.js';

/**
 * The powers of the channel's game whose name (as the variant spells it, or in the member's language) contains what was
 * typed, shown in the member's language (nothing when there is no game); `only`: just those among them.
 */
export async function respondWithPowers(
  ctx: BotContext,
  interaction: AutocompleteInteraction,
  only?: readonly string[],
): Promise<void> {
  const game = await findOpenGame(ctx.deps, interaction.channelId);
  const variant = game ? variantOfGame(game) : undefined;
  if (!variant) return interaction.respond([]);
  const powers = variant.powers.map((p) => p.name).filter((p) => only === undefined || only.includes(p));
  await interaction.respond(powerChoices(interaction, variant, powers, interaction.options.getFocused()));
}

/**
 * `powers` (the variant's names) whose name as the variant spells it or in the member's language contains `typed`,
 * shown in the member's language (`Autriche`, `秦`), valued by the variant's name, at most a choice list's worth.
 */
export function powerChoices(
  interaction: AutocompleteInteraction,
  variant: Variant,
  powers: readonly string[],
  typed: string,
): { name: string; value: string }[] {
  const locale = localeOf(interaction.locale);
  const wanted = typed.trim().toLowerCase();
  return powers
    .map((power) => ({ value: power, shown: tr(locale, 'text.plain', { text: powerParam(variant, power) }) }))
    .filter((p) => p.value.toLowerCase().includes(wanted) || p.shown.toLowerCase().includes(wanted))
    .slice(0, MAX_CHOICES)
    .map((p) => ({ name: choiceName(p.shown), value: p.value }));
}

/**
 * Phases matching what was typed (their code's start, or a part of their name in English or in the member's
 * language), each with its name in the member's language (`shown`), at most a choice list's worth.
 */
export function phaseChoices<P extends { code: string; label: string; name: Msg }>(
  locale: Locale,
  phases: readonly P[],
  typed: string,
): (P & { shown: string })[] {
  const wanted = typed.trim().toLowerCase();
  return phases
    .map((p) => ({ ...p, shown: t(locale, p.name) }))
    .filter(
      (p) =>
        p.code.toLowerCase().startsWith(wanted) ||
        p.label.toLowerCase().includes(wanted) ||
        p.shown.toLowerCase().includes(wanted),
    )
    .slice(0, MAX_CHOICES);
}

/** The computer players' levels as slash-command choices (`/game create computer-level:`, `/gm replace level:`). */
export const LEVEL_CHOICES = [
  localizedChoice('command.common.level.easy', 'easy'),
  localizedChoice('command.common.level.normal', 'normal'),
  localizedChoice('command.common.level.hard', 'hard'),
] satisfies { value: Level }[];
