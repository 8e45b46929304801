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

/** The campaign rules a game plays with (options other than decisiveBattles that are not off), or ''. */
export function campaignLine(options: Record<string, string>): string {
  const on = Object.entries(options).filter(([k, v]) => k !== 'decisiveBattles' && v !== 'off');
  return on.length === 0 ? '' : `Campaign rules: ${on.map(([k, v]) => (v === 'on' ? k : `${k}=${v}`)).join(', ')}.\n`;
}
