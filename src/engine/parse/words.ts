/**
 * The order words players use, lowercase. Every set is matched against one token; two-word forms
 * (`moves to`, `via convoy`, `north coast`) are handled by the grammar.
 */
import type { UnitType } from '../types.js';

export const UNIT_TYPES: Record<string, UnitType> = { a: 'A', army: 'A', armies: 'A', f: 'F', fleet: 'F', fleets: 'F' };
export const HOLD = new Set(['h', 'hold', 'holds', 'stand', 'stands']);
/** Words for "moves to"; the dash token is handled alongside. `to` may follow any of them. */
export const MOVE = new Set(['to', 'move', 'moves', 'm', 'mv', 'attack', 'attacks', 'go', 'goes', 'into']);
export const RETREAT = new Set(['r', 'retreat', 'retreats']);
export const SUPPORT = new Set(['s', 'support', 'supports', 'sup', 'supp', 'supporting']);
export const CONVOY = new Set(['c', 'convoy', 'convoys', 'cvy']);
export const BUILD = new Set(['b', 'build', 'builds']);
export const DISBAND = new Set(['d', 'disband', 'disbands', 'remove', 'removes']);
export const WAIVE = new Set(['waive', 'waives', 'waived']);
/** `via convoy`, `by convoy`, `via`, `by sea`. */
export const VIA = new Set(['via', 'by']);
export const CONVOY_NOUNS = new Set(['convoy', 'c', 'sea']);

/** Words that end a place name when the grammar reads one (so `A Lodnon S …` reports just "Lodnon"). */
export const STOP_WORDS = new Set([
  ...Object.keys(UNIT_TYPES),
  ...HOLD,
  ...MOVE,
  ...RETREAT,
  ...SUPPORT,
  ...CONVOY,
  ...BUILD,
  ...DISBAND,
  ...VIA,
]);

const DIRECTIONS: Record<string, string> = {
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  n: 'n',
  s: 's',
  e: 'e',
  w: 'w',
};

/**
 * The coast id that `words` name among `coasts`: `nc`, `n`, `north`, `north coast`, `northcoast` -> `nc`.
 * Single letters are accepted only when `allowLetters` (after `/` or inside parentheses: `spa/n`).
 */
export function coastFromWords(words: string[], coasts: readonly string[], allowLetters: boolean): string | undefined {
  const joined = words.join('');
  if (coasts.includes(joined)) return joined;
  const bare = joined.endsWith('coast') ? joined.slice(0, -'coast'.length) : joined;
  if (coasts.includes(bare)) return bare;
  if (bare.length === 1 && !allowLetters && !joined.endsWith('coast')) return undefined;
  const dir = DIRECTIONS[bare];
  if (dir && coasts.includes(`${dir}c`)) return `${dir}c`;
  return undefined;
}
