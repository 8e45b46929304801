/**
 * Splits player text into tokens in one left-to-right pass over the character codes (no per-character strings,
 * no regular expressions per piece: its work is linear in the text). Arrows of every spelling become one `-`
 * token; parentheses and slashes become their own tokens (for coasts: `spa(nc)`, `spa/nc`); punctuation that
 * carries no meaning separates words and is dropped. A hyphen written between two words without spaces
 * (`Mid-Atlantic`, `mun-sil`) is kept as a `-` token marked `glued`, so the place matcher can read it as part
 * of a name and the grammar as a move.
 */

export type TokenKind = 'word' | 'dash' | 'slash' | 'lparen' | 'rparen';

export interface Token {
  kind: TokenKind;
  /** The text as the player wrote it (for error messages). */
  raw: string;
  /** Lowercase form used for matching (`-` for every arrow). */
  norm: string;
  /** A dash written without spaces between two words. */
  glued: boolean;
}

/** Characters dropped everywhere (they separate words but never change the meaning of an order). */
const DROPPED = new Set([...'.,!?:"\'`´’‘“”*+|[]{}<'].map((c) => c.charCodeAt(0)));
/** One-character arrows: `→ ⇒ ⟶ > – — −`. */
const ARROW_CHARS = new Set([...'→⇒⟶>–—−'].map((c) => c.charCodeAt(0)));

const HYPHEN = 0x2d; // -
const EQUALS = 0x3d; // =
const GREATER = 0x3e; // >
const LPAREN = 0x28;
const RPAREN = 0x29;
const SLASH = 0x2f;

/** JavaScript's `\s`. */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Length of the arrow starting at `i` (`-->`, `==>`, `->`, `=>`, or a one-character arrow), 0 if none. */
function arrowAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c === HYPHEN) {
    if (s.charCodeAt(i + 1) === HYPHEN && s.charCodeAt(i + 2) === GREATER) return 3;
    return s.charCodeAt(i + 1) === GREATER ? 2 : 0;
  }
  if (c === EQUALS) {
    if (s.charCodeAt(i + 1) === EQUALS && s.charCodeAt(i + 2) === GREATER) return 3;
    return s.charCodeAt(i + 1) === GREATER ? 2 : 0;
  }
  return ARROW_CHARS.has(c) ? 1 : 0;
}

/** Does a word character start at `i` (not a space, bracket, slash, hyphen, dropped character or arrow)? */
function wordStartsAt(s: string, i: number): boolean {
  if (i >= s.length) return false;
  const c = s.charCodeAt(i);
  return !(
    isSpace(c) ||
    c === LPAREN ||
    c === RPAREN ||
    c === SLASH ||
    c === HYPHEN ||
    DROPPED.has(c) ||
    arrowAt(s, i) > 0
  );
}

/** Anything outside printable ASCII: only then is NFKC normalisation (full-width letters, ligatures) needed. */
const NEEDS_NORMALIZING = /[^\x20-\x7e]/;

const ARROW_TOKEN: Token = Object.freeze({ kind: 'dash', raw: '-', norm: '-', glued: false });
const LPAREN_TOKEN: Token = Object.freeze({ kind: 'lparen', raw: '(', norm: '(', glued: false });
const RPAREN_TOKEN: Token = Object.freeze({ kind: 'rparen', raw: ')', norm: ')', glued: false });
const SLASH_TOKEN: Token = Object.freeze({ kind: 'slash', raw: '/', norm: '/', glued: false });
const GLUED_DASH: Token = Object.freeze({ kind: 'dash', raw: '-', norm: '-', glued: true });

/** What an ASCII character is to the tokenizer (one table look-up instead of several tests per character). */
const WORD = 0;
const SKIP = 1; // a space or a dropped character
const OTHER = 2; // a hyphen, `=`, `>`, a bracket or a slash: looked at by the full tests
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if (isSpace(c) || DROPPED.has(c)) ASCII_CLASS[c] = SKIP;
  else if (c === HYPHEN || c === EQUALS || c === GREATER || c === LPAREN || c === RPAREN || c === SLASH)
    ASCII_CLASS[c] = OTHER;
  else ASCII_CLASS[c] = WORD;
}

/** At most `limit` tokens are read (the rest of the text is not looked at); callers check `length > limit - 1`. */
export function tokenize(text: string, limit = Infinity): Token[] {
  const s = NEEDS_NORMALIZING.test(text) ? text.normalize('NFKC') : text;
  const tokens: Token[] = [];
  const n = s.length;
  let i = 0;
  // Was the character before `i` part of a word (for glued hyphens)?
  let afterWord = false;
  while (i < n && tokens.length < limit) {
    const c = s.charCodeAt(i);
    const cls = c < 128 ? ASCII_CLASS[c] : isSpace(c) || DROPPED.has(c) ? SKIP : OTHER;
    if (cls === SKIP) {
      i++;
      afterWord = false;
      continue;
    }
    if (cls === OTHER) {
      const arrow = arrowAt(s, i);
      if (arrow > 0) {
        tokens.push(ARROW_TOKEN);
        i += arrow;
        afterWord = false;
        continue;
      }
      if (c === HYPHEN) {
        tokens.push(afterWord && wordStartsAt(s, i + 1) ? GLUED_DASH : ARROW_TOKEN);
        i++;
        afterWord = false;
        continue;
      }
      if (c === LPAREN || c === RPAREN || c === SLASH) {
        tokens.push(c === LPAREN ? LPAREN_TOKEN : c === RPAREN ? RPAREN_TOKEN : SLASH_TOKEN);
        i++;
        afterWord = false;
        continue;
      }
    }
    // A word: plain ASCII letters and digits by the table, anything else by the full test.
    const start = i;
    let upper = c >= 128 || (c >= 0x41 && c <= 0x5a);
    i++;
    while (i < n) {
      const d = s.charCodeAt(i);
      if (d < 128 && ASCII_CLASS[d] === WORD) {
        if (d >= 0x41 && d <= 0x5a) upper = true;
        i++;
      } else if (d >= 128 || d === EQUALS) {
        if (!wordStartsAt(s, i)) break;
        upper = true; // not ASCII: let toLowerCase decide
        i++;
      } else break;
    }
    const raw = s.slice(start, i);
    tokens.push({ kind: 'word', raw, norm: upper ? raw.toLowerCase() : raw, glued: false });
    afterWord = true;
  }
  return tokens;
}

/** The most characters of what a player typed that a message repeats. */
const ECHO_MAX = 40;

/** What a player typed, as a message repeats it: one line, at most ECHO_MAX characters (an ellipsis marks the cut). */
export function echoed(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > ECHO_MAX ? `${chars.slice(0, ECHO_MAX - 1).join('')}…` : line;
}

/** The raw text of a run of tokens, re-joined for messages (`Mid-Atlantic Ocean`). */
export function rawText(tokens: readonly Token[]): string {
  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = tokens[i - 1];
    const tight =
      t.glued ||
      prev?.glued ||
      t.kind === 'slash' ||
      prev?.kind === 'slash' ||
      t.kind === 'rparen' ||
      prev?.kind === 'lparen';
    out += i === 0 || tight ? t.raw : ` ${t.raw}`;
  }
  return out;
}
