/**
 * The variant a game plays: the bundled variant configured for the game's options (Warhammer's campaign rules,
 * `Variant.configure`). Every place the game layer adjudicates, builds a position, checks victory or renders goes
 * through here, so a game with campaign options is judged on its own map and rules.
 */
import type { Variant } from '../engine/variant.js';
import { getVariant } from '../variants/index.js';

export function variantOfGame(game: { variantId: string; options?: Record<string, string> | null }): Variant | undefined {
  const variant = getVariant(game.variantId);
  if (!variant || !variant.configure || !game.options) return variant;
  return variant.configure(game.options);
}

/**
 * The `/game create campaign:` text as options: a comma-separated list of `name` (= on) or `name=value`, names
 * matched without regard to case against the variant's options. Unknown names are refused naming them.
 */
export function parseCampaign(variant: Variant, text: string | null | undefined): { ok: true; options: Record<string, string> } | { ok: false; error: string } {
  const options: Record<string, string> = {};
  if (!text || !text.trim()) return { ok: true, options };
  const specs = variant.rules.gameOptions ?? {};
  const names = Object.keys(specs).filter((n) => n !== 'decisiveBattles');
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [rawName, rawValue] = part.split('=').map((s) => s.trim());
    const name = names.find((n) => n.toLowerCase() === rawName!.toLowerCase());
    if (!name) {
      return { ok: false, error: names.length === 0 ? `${variant.name} has no campaign options (you gave "${rawName}").` : `Unknown campaign option "${rawName}"; ${variant.name} offers ${names.join(', ')}.` };
    }
    const value = rawValue ?? (specs[name]!.values.includes('on') ? 'on' : '');
    if (!specs[name]!.values.includes(value)) return { ok: false, error: `Campaign option ${name} takes ${specs[name]!.values.join(', ')} (you gave "${rawValue ?? ''}").` };
    options[name] = value;
  }
  return { ok: true, options };
}

/** One suggestion for the `campaign:` text: the whole text with one more rule, and what that rule does. */
export interface CampaignSuggestion {
  /** The rule added and its description (the player reads this). */
  label: string;
  /** The whole `campaign:` text with the rule added (what the option becomes when picked). */
  text: string;
}

/**
 * Suggestions while a player types `/game create campaign:` (its autocomplete): the rules already written are
 * kept, and the one being written (after the last comma) is completed with each rule of the variant not yet
 * written that matches it (`name` for an on/off rule, `name=value` for each value of the others). A suggestion
 * longer than `maxText` is left out (Discord's limit on a choice's value); none for a variant without campaign
 * rules.
 */
export function campaignSuggestions(variant: Variant, typed: string, maxText = 100): CampaignSuggestion[] {
  const specs = variant.rules.gameOptions ?? {};
  const parts = typed.split(',').map((s) => s.trim());
  const writing = parts.pop()!.toLowerCase();
  const written = parts.filter(Boolean);
  const taken = new Set(written.map((p) => p.split('=')[0]!.trim().toLowerCase()));
  const out: CampaignSuggestion[] = [];
  for (const [name, spec] of Object.entries(specs)) {
    if (name === 'decisiveBattles' || taken.has(name.toLowerCase())) continue;
    const forms = spec.values.includes('on') ? [name] : spec.values.filter((v) => v !== 'off').map((v) => `${name}=${v}`);
    for (const form of forms) {
      if (!form.toLowerCase().includes(writing)) continue;
      const text = [...written, form].join(', ');
      if (text.length > maxText) continue;
      out.push({ label: `${form}: ${spec.description}`, text });
    }
  }
  return out;
}

/** The campaign rules a game plays with (options other than decisiveBattles that are not off), or ''. */
export function campaignLine(options: Record<string, string>): string {
  const on = Object.entries(options).filter(([k, v]) => k !== 'decisiveBattles' && v !== 'off');
  return on.length === 0 ? '' : `Campaign rules: ${on.map(([k, v]) => (v === 'on' ? k : `${k}=${v}`)).join(', ')}.\n`;
}
