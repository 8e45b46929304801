/**
 * Reading the Warring States orders from player text (tried before the standard grammar; words arrive lowercase,
 * every arrow spelling already turned into `-`):
 *
 *   raise a fleet   A Ji R F · A Ji Raise Fleet · Army Ji Raise Fleet · A Ji L F (French "lève une flotte") ·
 *                   A 薊 組建艦隊 · A 蓟 组建舰队 (Chinese, the catalogues' words)
 *   rapid river     F Boh - Lin - Diq - Wei · F Bo Hai -> Linzi -> Diqiu -> Wei · F Boh to Lin to Diq to Wei
 */
import type { SpecialOrderParser } from '../../../engine/rules.js';
import type { Location } from '../../../engine/types.js';
import { RAISE } from './fleets.js';
import { RIVER_MOVE } from './rapid-river.js';

/**
 * "Raise a fleet" as the catalogues and the map's legend word it in Chinese (docs/locales.md glossary: 組建艦隊,
 * 组建舰队), whole or as its verb and fleet word, in both scripts.
 */
const CHINESE_RAISE = ['組建艦隊', '组建舰队'];
const CHINESE_VERBS = ['組建', '组建'];
const RAISE_VERBS = new Set(['r', 'raise', 'raises', 'l', 'leve', 'lève', 'lever', ...CHINESE_VERBS]);
// `f`: a language's fleet word (`艦隊`, `舰队`, `flotte`) as the parser receives it in that language.
const FLEET_WORDS = new Set(['f', 'fleet', 'flotte', '艦隊', '舰队']);
const FILLER = new Set(['a', 'une', 'un']);

export const raiseParser: SpecialOrderParser = {
  parse(tokens, helpers) {
    const words = tokens.filter((t) => !FILLER.has(t));
    if (words.length === 2 && RAISE_VERBS.has(words[0]!) && FLEET_WORDS.has(words[1]!))
      return { name: RAISE, path: [] };
    if (
      words.length === 1 &&
      (['raise', 'raises', ...CHINESE_RAISE].includes(words[0]!) || helpers.special(RAISE).has(words[0]!))
    )
      return { name: RAISE, path: [] };
    return null;
  },
  words: [...CHINESE_RAISE, ...CHINESE_VERBS],
};

const SEPARATORS = new Set(['-', 'to', 'move', 'moves']);

/**
 * A path of two or more places after a move word: `- lin - diq - wei`. A single destination is an ordinary move
 * and is left to the standard grammar. A hyphen inside a name (`Chang-hsia`) arrives as `-` too, so pieces that
 * do not name a place on their own are tried joined with their neighbours.
 */
export const riverMoveParser: SpecialOrderParser = {
  parse(tokens, helpers) {
    if (
      tokens.length === 0 ||
      (tokens[0] !== '-' && tokens[0] !== 'to' && tokens[0] !== 'move' && tokens[0] !== 'moves')
    )
      return null;
    const pieces: string[][] = [];
    let current: string[] = [];
    for (const t of tokens) {
      if (SEPARATORS.has(t)) {
        if (current.length > 0) pieces.push(current);
        current = [];
      } else current.push(t);
    }
    if (current.length > 0) pieces.push(current);
    if (pieces.length < 2) return null;
    const path = readPath(pieces, helpers.location);
    if (path === null) return null;
    if (path.length < 2) return null;
    if (path.length > 3) return { error: 'a rapid river move goes at most 3 spaces' };
    return { name: RIVER_MOVE, path };
  },
};

/** Place names from the pieces between separators, joining pieces split at a hyphen inside a name. */
function readPath(pieces: string[][], location: (text: string) => Location | null): Location[] | null {
  const path: Location[] = [];
  let i = 0;
  while (i < pieces.length) {
    let found: { loc: Location; next: number } | null = null;
    for (let j = pieces.length; j > i && !found; j--) {
      const text = pieces
        .slice(i, j)
        .map((p) => p.join(' '))
        .join('-');
      const loc = location(text);
      if (loc) found = { loc, next: j };
    }
    if (!found) return null;
    path.push(found.loc);
    i = found.next;
  }
  return path;
}
