/**
 * Splits player text into tokens. Arrows of every spelling become one `-` token; parentheses and slashes
 * become their own tokens (for coasts: `spa(nc)`, `spa/nc`); punctuation that carries no meaning is dropped.
 * A hyphen written between two words without spaces (`Mid-Atlantic`, `mun-sil`) is kept as a `-` token marked
 * `glued`, so the place matcher can read it as part of a name and the grammar as a move.
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

/** Arrow spellings (longest first) that all mean "moves to". */
const ARROWS = ['-->', '==>', '->', '=>', '→', '⇒', '⟶', '>', '–', '—', '−'];

/** Characters dropped everywhere: they never change the meaning of an order. */
const DROPPED = /[.,!?:"'`´’‘“”*+|[\]{}<]/g;

export function tokenize(text: string): Token[] {
  let s = text.normalize('NFKC');
  for (const arrow of ARROWS) s = s.split(arrow).join(' - ');
  s = s.replace(DROPPED, ' ');
  const tokens: Token[] = [];
  const re = /\s+|[()/]|-|[^\s()/-]+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s)) !== null) {
    const piece = m[0];
    if (/^\s+$/.test(piece)) continue;
    if (piece === '(') tokens.push({ kind: 'lparen', raw: piece, norm: piece, glued: false });
    else if (piece === ')') tokens.push({ kind: 'rparen', raw: piece, norm: piece, glued: false });
    else if (piece === '/') tokens.push({ kind: 'slash', raw: piece, norm: piece, glued: false });
    else if (piece === '-') {
      const before = s[m.index - 1];
      const after = s[m.index + 1];
      const glued = before !== undefined && after !== undefined && /[^\s()/-]/.test(before) && /[^\s()/-]/.test(after);
      tokens.push({ kind: 'dash', raw: piece, norm: '-', glued });
    } else tokens.push({ kind: 'word', raw: piece, norm: piece.toLowerCase(), glued: false });
  }
  return tokens;
}

/** The raw text of a run of tokens, re-joined for messages (`Mid-Atlantic Ocean`). */
export function rawText(tokens: readonly Token[]): string {
  let out = '';
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1];
    const tight = t.glued || prev?.glued || t.kind === 'slash' || prev?.kind === 'slash' || t.kind === 'rparen' || prev?.kind === 'lparen';
    out += i === 0 || tight ? t.raw : ` ${t.raw}`;
  });
  return out;
}
