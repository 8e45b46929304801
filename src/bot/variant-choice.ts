/**
 * `/game create variant:`: the bundled variants, the game kinds and this server's own variants (its library,
 * `/variant add`), offered by autocomplete; what a member wrote read back as a variant id for the game layer.
 */
import type { AutocompleteInteraction } from 'discord.js';
import { chosenVariant, resolveServerVariant, serverVariantChoices } from '../game/variant-library/index.js';
import type { Variant } from '../engine/variant.js';
import { botVariants } from '../variants/index.js';
import type { BotContext } from './context.js';
import { botKinds } from './kinds.js';
import { choiceName, MAX_CHOICES } from './text.js';
import { hasMessage, tr, type Locale } from '../i18n/index.js';
import { readerOf } from './locale.js';

/**
 * A bundled choice as the member's client names the option's choices (`command.game.create.variant.choice.<id>`:
 * `Diplomatie classique`, `戰國 v2`; docs/locales.md "Names"), else its English name.
 */
function bundledName(locale: Locale, choice: { name: string; value: string }): string {
  const key = `command.game.create.variant.choice.${choice.value}`;
  return hasMessage(key) ? tr(locale, key) : choice.name;
}

/**
 * The choices matching what is typed (in the member's words or in English): bundled variants and game kinds first,
 * named in the member's locale, then the server's own.
 */
export async function respondWithVariants(
  ctx: BotContext,
  interaction: AutocompleteInteraction,
  typed: string,
): Promise<void> {
  const want = typed.trim().toLowerCase();
  const matches = (...words: string[]) => want === '' || words.some((w) => w.toLowerCase().includes(want));
  const locale = readerOf(interaction);
  const bundled = [...botVariants().map((v) => ({ name: v.name, value: v.id })), ...botKinds().map((k) => k.choice)]
    .map((c) => ({ english: c.name, name: bundledName(locale, c), value: c.value }))
    .filter((c) => matches(c.name, c.english, c.value))
    .map((c) => ({ name: choiceName(c.name), value: c.value }));
  const own = (await serverVariantChoices(ctx.deps, interaction.guildId, typed)).map((c) => ({
    name: choiceName(c.name),
    value: c.variantId,
  }));
  await interaction.respond([...bundled, ...own].slice(0, MAX_CHOICES));
}

/**
 * The variant id the game layer is given for `variant:` as written: one of this server's variants by its name (or the
 * id its choice carries), else as written (a bundled variant's id; the game layer refuses anything else, and a stored
 * variant outside this server's library, naming the variants).
 */
export async function variantIdOf(ctx: BotContext, guildId: string | null, written: string): Promise<string> {
  return (await resolveServerVariant(ctx.deps, guildId, written)) ?? written;
}

/** The variant `variant:` names so far (for the autocomplete of `options:` and `computer:`), or null. */
export function variantChosen(ctx: BotContext, guildId: string | null, written: string): Promise<Variant | null> {
  return chosenVariant(ctx.deps, guildId, written);
}
