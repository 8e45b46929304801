/**
 * `/gm set` and `/game create timezone:`: the settings' autocomplete (docs/table.md "Settings beyond Discord's 25
 * options"), worded in the member's language.
 */
import type { AutocompleteInteraction } from 'discord.js';
import { SETTING_NAMES, settingAbout, settingSuggestions } from '../game/settings/index.js';
import { localeOf, t } from '../i18n/index.js';
import { choiceName, MAX_CHOICE, MAX_CHOICES } from './text.js';

/** The values `setting` takes, given what the member typed (at most Discord's 25). */
export async function respondWithSuggestions(
  interaction: AutocompleteInteraction,
  setting: string,
  typed: string,
): Promise<void> {
  const locale = localeOf(interaction.locale);
  const suggestions = settingSuggestions(setting, typed, MAX_CHOICES);
  await interaction.respond(
    suggestions
      .slice(0, MAX_CHOICES)
      .filter((s) => s.value.length <= MAX_CHOICE)
      .map((s) => ({ name: choiceName(s.label ? t(locale, s.label) : s.value), value: s.value })),
  );
}

/** `/gm set setting:` (every setting with what it is for, filtered by what is typed) and `value:` (that setting's). */
export async function autocompleteGmSet(interaction: AutocompleteInteraction): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name === 'value')
    return respondWithSuggestions(interaction, interaction.options.getString('setting') ?? '', focused.value);
  const locale = localeOf(interaction.locale);
  const typed = focused.value.trim().toLowerCase();
  const all = SETTING_NAMES.map((name) => ({ name: choiceName(t(locale, settingAbout(name))), value: name }));
  // by the setting's name; else by what it is for, in the member's words (`fuseau`, `时区`)
  const byName = all.filter((c) => c.value.includes(typed));
  const shown = byName.length > 0 ? byName : all.filter((c) => c.name.toLowerCase().includes(typed));
  await interaction.respond(shown.slice(0, MAX_CHOICES));
}
