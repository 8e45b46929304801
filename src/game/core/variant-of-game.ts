/**
 * The variant a game plays: the registered variant configured for the game's options (Warhammer's campaign rules,
 * `Variant.configure`). Every place the game layer adjudicates, builds a position, checks victory or renders goes
 * through here, so a game with campaign options is judged on its own map and rules.
 */
import type { Variant } from '../../engine/variant.js';
import { getVariant } from '../../variants/index.js';
import { powerName } from '../../variants/names.js';
import { listParam, LOCALES, msg, type MsgParam } from '../../i18n/index.js';
import { powerParam, variantParam } from './names.js';
import type { Refusal } from './types.js';
import { fail } from './tx.js';
import { isStoredVariantId, storedVariantTexts } from '../../variants/stored.js';
import { typed } from './echo.js';
import { storedVariantOrLoad } from './stored-variants.js';

/**
 * The power a text means in the variant: its exact name or adjective, or its name in a locale the bot speaks
 * (`Allemagne`, `秦`), or a unique prefix of its name, in any case.
 */
export function powerByName(variant: Pick<Variant, 'powers' | 'names'>, text: string): string | null {
  const t = String(text ?? '')
    .trim()
    .toLowerCase();
  if (t === '') return null;
  const exact = variant.powers.find((p) => p.name.toLowerCase() === t || p.adjective?.toLowerCase() === t);
  if (exact) return exact.name;
  const local = variant.powers.find((p) =>
    NAMED_LOCALES.some((locale) => powerName(variant, locale, p.name).toLowerCase() === t),
  );
  if (local) return local.name;
  const prefixed = variant.powers.filter((p) => p.name.toLowerCase().startsWith(t));
  return prefixed.length === 1 ? prefixed[0]!.name : null;
}

/** The locales with names of their own for a variant's powers and provinces (docs/locales.md "Names"). */
export const NAMED_LOCALES = LOCALES.filter((locale) => locale !== 'en');

/** The powers a player (a person or a computer player) may take when the game forms (a variant's neutral powers are moved by its own rule). */
export function seatablePowers(variant: Pick<Variant, 'powers'>): string[] {
  return variant.powers.filter((p) => !p.neutral).map((p) => p.name);
}

/**
 * The variant a game (or a sandbox) plays, the one place that knows: a bundled or registered variant by id (configured
 * for the game's options), or a server's variant as the game stored it (src/game/variant-library: the variant file's
 * data kept by content, so a variant removed or changed in the server's library never changes a running game). A
 * stored variant this process has not loaded yet is read from the store first: inside a transaction this throws
 * `PrepareAndRetry`, and the store loads it and runs the transaction again (src/store/store.ts).
 */
export function variantOfGame(game: {
  variantId: string;
  options?: Record<string, string> | null;
}): Variant | undefined {
  const variant = getVariant(game.variantId) ?? storedVariantOrLoad(game.variantId);
  if (!variant?.configure || !game.options) return variant;
  return variant.configure(game.options);
}

/**
 * How a computer player's job (src/ai/job.ts) names the game's variant: its id and options, and for a server's stored
 * variant its map, which the computer players' worker thread loads once.
 */
export function variantJobOf(game: { variantId: string; options?: Record<string, string> | null }): {
  variant: string;
  options?: Record<string, string>;
  stored?: string;
} {
  variantOfGame(game); // loads a stored variant into this process first
  const stored = isStoredVariantId(game.variantId) ? storedVariantTexts(game.variantId)?.map : undefined;
  return {
    variant: game.variantId,
    ...(game.options ? { options: game.options } : {}),
    ...(stored ? { stored } : {}),
  };
}

/**
 * The name of the variant a game plays, for its views, in the reader's locale (`variantParam`); a card game's kind id
 * when it has no variant.
 */
export function variantNameOf(game: { variantId: string; options?: Record<string, string> | null }): MsgParam {
  const variant = variantOfGame(game);
  return variant ? variantParam(variant) : game.variantId;
}

/**
 * The `/game create options:` text as options: a comma-separated list of `name` (= on) or `name=value`, names
 * matched without regard to case against the variant's options (`rules.gameOptions`). Unknown names are refused
 * naming them.
 */
export function parseOptionsText(
  variant: Variant,
  text: string | null | undefined,
): { ok: true; options: Record<string, string> } | Refusal {
  const options: Record<string, string> = {};
  if (!text?.trim()) return { ok: true, options };
  const specs = variant.rules.gameOptions ?? {};
  const names = Object.keys(specs);
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [rawName, rawValue] = part.split('=').map((s) => s.trim());
    const name = names.find((n) => n.toLowerCase() === rawName!.toLowerCase());
    if (!name)
      return fail(
        names.length === 0
          ? msg('lobby.refused.noOptions', { variant: variantParam(variant), text: typed(rawName) })
          : msg('lobby.refused.unknownOptionOf', {
              variant: variantParam(variant),
              text: typed(rawName),
              options: listParam(names),
            }),
      );
    const value = rawValue ?? (specs[name]!.values.includes('on') ? 'on' : '');
    if (!specs[name]!.values.includes(value))
      return fail(
        msg('lobby.refused.optionValue', { name, values: listParam(specs[name]!.values), text: typed(rawValue) }),
      );
    options[name] = value;
  }
  return { ok: true, options };
}

/** One suggestion for the `options:` text: the whole text with one more option, and what that option does. */
export interface OptionSuggestion {
  /** The option added and its description (the player reads this). */
  label: string;
  /** The whole `options:` text with the option added (what the text becomes when picked). */
  text: string;
}

/**
 * Suggestions while a player types `/game create options:` (its autocomplete): the options already written are kept,
 * and the one being written (after the last comma) is completed with each option of the variant not yet written
 * that matches it (`name` for an on/off option, `name=value` for each value of the others but its default). A
 * suggestion longer than `maxText` is left out (Discord's limit on a choice's value); none for a variant without
 * options.
 */
export function optionSuggestions(variant: Variant, typed: string, maxText = 100): OptionSuggestion[] {
  const specs = variant.rules.gameOptions ?? {};
  const parts = typed.split(',').map((s) => s.trim());
  const writing = parts.pop()!.toLowerCase();
  const written = parts.filter(Boolean);
  const taken = new Set(written.map((p) => p.split('=')[0]!.trim().toLowerCase()));
  const out: OptionSuggestion[] = [];
  for (const [name, spec] of Object.entries(specs)) {
    if (taken.has(name.toLowerCase())) continue;
    const forms =
      spec.values.includes('on') && spec.values.includes('off') && spec.values.length === 2
        ? [name]
        : spec.values.filter((v) => v !== spec.default).map((v) => `${name}=${v}`);
    for (const form of forms) {
      if (!form.toLowerCase().includes(writing)) continue;
      const text = [...written, form].join(', ');
      if (text.length > maxText) continue;
      out.push({ label: `${form}: ${spec.description}`, text });
    }
  }
  return out;
}

/** The optional rules a game plays with (options not `off`, leaving out those its plug-in describes itself), or ''. */
export function optionsLine(options: Record<string, string>, ownOptions: readonly string[] = []): string {
  const on = Object.entries(options).filter(([k, v]) => !ownOptions.includes(k) && v !== 'off');
  return on.length === 0 ? '' : `Campaign rules: ${on.map(([k, v]) => (v === 'on' ? k : `${k}=${v}`)).join(', ')}.\n`;
}

/**
 * A power of a game's variant as a message parameter in each reader's locale (`powerParam`, docs/locales.md "Names"),
 * or its name as it is when the variant is gone.
 */
export function gamePowerParam(
  game: { variantId: string; options?: Record<string, string> | null },
  power: string,
): MsgParam {
  const variant = variantOfGame(game);
  return variant ? powerParam(variant, power) : power;
}
