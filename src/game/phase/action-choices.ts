/**
 * A variant's actions and their slots' choices as autocomplete and the order pad show them (docs/locales.md,
 * "Variants' own texts"): each name a message worded in the member's locale, matched against what the member typed in
 * their own words or in English; the value picked stays the plug-in's canonical one.
 */
import { msg, t, type Locale, type Msg } from '../../i18n/index.js';
import type { VariantAction } from '../../variants/plugin/index.js';
import { pluginMsg } from './texts.js';

/** A choice as the game layer keeps it: its name as a message, and the value picking it gives. */
export interface ActionOption {
  name: Msg;
  value: string;
}

/** A choice worded for one reader. */
export interface ShownChoice {
  name: string;
  value: string;
}

/** An action as `action:` offers it: `declare: a decisive battle …`, in the reader's words. */
export function actionOption(action: VariantAction): ActionOption {
  const name = pluginMsg(action.title ?? action.name);
  return { name: msg('act.choice', { action: name, description: pluginMsg(action.description) }), value: action.name };
}

/** Lowercase without accents: `Déclarer` and `declarer` match. */
const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The options whose value, English name or name in `locale` contains what the member typed (case and accents aside),
 * worded in `locale`, in the plug-in's order.
 */
export function matchingChoices(options: readonly ActionOption[], typed: string, locale: Locale): ShownChoice[] {
  const wanted = folded(typed.trim());
  return options.flatMap((option) => {
    const name = t(locale, option.name);
    const english = locale === 'en' ? name : t('en', option.name);
    return [option.value, name, english].some((s) => folded(s).includes(wanted)) ? [{ name, value: option.value }] : [];
  });
}

/**
 * A slot's value as a member typed it without picking a choice, read back as the plug-in's: as typed when it is one
 * of the options' values or matches none or several of them; else the one option's value it matches (`passer` or
 * `放棄` → `none`, `flotte` → `fleet`).
 */
export function pickedValue(options: readonly ActionOption[], typed: string | null, locale: Locale): string | null {
  if (typed === null || typed.trim() === '' || options.some((o) => folded(o.value) === folded(typed.trim())))
    return typed;
  const found = matchingChoices(options, typed, locale);
  return found.length === 1 ? found[0]!.value : typed;
}

/** An action's name as a member typed it: the action whose name in their words (or in English) it is, else as typed. */
export function pickedAction(actions: readonly VariantAction[], typed: string, locale: Locale): string {
  const wanted = folded(typed.trim());
  const named = actions.find((a) =>
    [t(locale, pluginMsg(a.title ?? a.name)), t('en', pluginMsg(a.title ?? a.name))].some((s) => folded(s) === wanted),
  );
  return named?.name ?? typed;
}
