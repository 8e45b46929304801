/**
 * The order grammar: reads tokens into an `Order` shape without looking at the board (board look-ups that fill
 * in unit types and coasts are in `board.ts`). Syntax reference: docs/orders.md.
 *
 *   order    := 'waive' | build-word unit | disband-word unit | unit rest
 *   unit     := [A|F|army|fleet] place [coast]
 *   rest     := hold | move place [coast] [via convoy] | retreat place [coast] | support unit [hold | move place [coast]]
 *             | convoy unit move place | build-word | disband-word | (a variant's special order)
 */
import type { Variant } from '../variant.js';
import type { Location, Order, PhaseType, UnitRef, UnitType } from '../types.js';
import { didYouMean, editDistance, placeIndex } from './places.js';
import { echoed, rawText, type Token } from './tokens.js';
import { localCoast, type OrderLanguage, type WordSets, withoutAccents, wordSets } from './language.js';
import { coastFromWords } from './words.js';

export class ParseError extends Error {}

const COAST: ReadonlySet<string> = new Set(['coast']);

/** Reads tokens left to right; every `read*` either consumes what it recognises or throws a `ParseError`. */
export class Reader {
  i = 0;
  /** The order words read: English, and the language's when there is one. */
  readonly words: WordSets;
  constructor(
    readonly variant: Variant,
    readonly tokens: readonly Token[],
    readonly language?: OrderLanguage,
  ) {
    this.words = wordSets(language);
  }

  peek(offset = 0): Token | undefined {
    return this.tokens[this.i + offset];
  }

  atEnd(): boolean {
    return this.i >= this.tokens.length;
  }

  /** Is the next token a word in `set`? */
  isWord(set: ReadonlySet<string>, offset = 0): boolean {
    const t = this.peek(offset);
    return t?.kind === 'word' && set.has(t.norm);
  }

  /** Is the next token a move operator (a dash or a move word)? */
  isMove(): boolean {
    return this.peek()?.kind === 'dash' || this.isWord(this.words.move);
  }

  /** Consume a move operator: `-`, `to`, `move`, `moves to`, `- to`. */
  readMove(): void {
    this.i++;
    if (this.isWord(this.words.to) || this.peek()?.kind === 'dash') this.i++;
  }

  /** What has been read so far, for messages. */
  sofar(): string {
    return echoed(rawText(this.tokens.slice(0, this.i)));
  }

  fail(message: string): never {
    throw new ParseError(message);
  }

  /** A province name, longest match first (`North Sea` before `North`). */
  readPlace(what = 'a place'): string {
    const index = placeIndex(this.variant.map, this.language);
    const start = this.i;
    const first = this.peek();
    if (first?.kind !== 'word') {
      const after = this.sofar();
      this.fail(
        first ? `expected ${what} after "${after}", found "${echoed(first.raw)}"` : `missing ${what} after "${after}"`,
      );
    }
    // The common case: a one-word name (`par`, `Burgundy`) that no longer name starts with.
    const longest = index.wordsAfter.get(first.norm);
    if (longest === undefined || longest === 1) {
      const hit = index.byKey.get(first.norm);
      if (hit) {
        this.i = start + 1;
        return hit;
      }
    }
    // Candidate spans: words joined by glued hyphens or spaces, up to the longest name.
    const words: string[] = [];
    const ends: number[] = [];
    let j = start;
    while (j < this.tokens.length && words.length < index.maxWords + 1) {
      const t = this.tokens[j]!;
      if (t.kind === 'word') {
        words.push(t.norm);
        ends.push(j + 1);
        j++;
      } else if (t.kind === 'dash' && t.glued && this.tokens[j + 1]?.kind === 'word') j++;
      else break;
    }
    for (let n = words.length; n >= 1; n--) {
      const phrase = n === 1 ? words[0]! : words.slice(0, n).join(' ');
      // `NorthSea`, `StPetersburg`: a single token may match a name written without spaces.
      // `Mer Egée`: a name typed with some of its accents (a capital's dropped) is read as the name without any.
      const hit =
        index.byKey.get(phrase) ??
        (n === 1 ? index.byKey.get(phrase.replace(/ /g, '')) : undefined) ??
        index.byKey.get(withoutAccents(phrase));
      if (hit === undefined) continue;
      if (hit === null)
        this.fail(
          `"${echoed(rawText(this.tokens.slice(start, ends[n - 1])))}" could mean more than one place; use its abbreviation`,
        );
      this.i = ends[n - 1]!;
      return hit;
    }
    const afterArticle = this.readPlaceAfterArticle(start, words, what);
    if (afterArticle !== null) return afterArticle;
    // Unknown: report the words up to the next order word or operator.
    let k = start;
    while (k < this.tokens.length && k - start < index.maxWords + 1) {
      const t = this.tokens[k]!;
      if (t.kind !== 'word' && !(t.kind === 'dash' && t.glued)) break;
      if (k > start && t.kind === 'word' && this.words.stop.has(t.norm)) break;
      k++;
    }
    const phrase = rawText(this.tokens.slice(start, k));
    const hint = didYouMean(this.variant.map, phrase, this.language);
    this.fail(`unknown place "${echoed(phrase)}"${hint ? `: ${hint}` : ''}`);
  }

  /**
   * A place named after an article of the reader's language (`la Bourgogne`, `l’Espagne`: OrderLanguage.articles),
   * read when the words with it name none; null (the position unchanged) when there is no article or no place after it.
   */
  private readPlaceAfterArticle(start: number, words: readonly string[], what: string): string | null {
    if (words.length < 2 || !this.language?.articles?.includes(words[0]!)) return null;
    this.i = start + 1;
    try {
      return this.readPlace(what);
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      this.i = start;
      return null;
    }
  }

  /** An optional coast after a place: `/nc`, `(nc)`, `(north coast)`, `nc`, `north coast`. */
  readCoast(province: string): string | null {
    const t = this.peek();
    if (!t) return null;
    const coasts = this.variant.map.coastsOf(province);
    if (t.kind === 'slash') {
      this.i++;
      const words: Token[] = [];
      if (this.peek()?.kind === 'word') words.push(this.tokens[this.i++]!);
      if (this.isWord(COAST)) words.push(this.tokens[this.i++]!);
      if (words.length === 0) this.fail(`missing a coast after "${this.sofar()}"`);
      return this.explicitCoast(province, coasts, words);
    }
    if (t.kind === 'lparen') {
      if (this.peek(1)?.kind === 'word' && this.words.via.has(this.peek(1)!.norm)) return null; // `(via convoy)`
      const close = this.tokens.findIndex((x, idx) => idx > this.i && x.kind === 'rparen');
      const end = close < 0 ? this.tokens.length : close;
      const inner = this.tokens.slice(this.i + 1, end);
      if (inner.length === 0 || inner.some((x) => x.kind !== 'word'))
        this.fail(`expected a coast inside "(…)" after "${this.sofar()}"`);
      this.i = close < 0 ? end : end + 1;
      return this.explicitCoast(province, coasts, inner);
    }
    if (coasts.length === 0) return null;
    // `spa-nc`: a hyphen written straight before one of the province's coasts.
    if (t.kind === 'dash' && t.glued && this.peek(1)?.kind === 'word') {
      const coast = coastFromWords([this.peek(1)!.norm], coasts, false);
      if (coast) {
        this.i += 2;
        return coast;
      }
    }
    if (t.kind === 'word') {
      const two = this.peek(1);
      if (two?.kind === 'word') {
        const coast = coastFromWords([t.norm, two.norm], coasts, false);
        if (coast && two.norm === 'coast') {
          this.i += 2;
          return coast;
        }
        // `côte nord`
        const local = localCoast(this.language, [t.norm, two.norm], coasts);
        if (local) {
          this.i += 2;
          return local;
        }
      }
      const coast = coastFromWords([t.norm], coasts, false) ?? localCoast(this.language, [t.norm], coasts);
      if (coast) {
        this.i++;
        return coast;
      }
    }
    return null;
  }

  /** A coast written after `/` or inside parentheses: it must be one of the province's. */
  private explicitCoast(province: string, coasts: readonly string[], words: Token[]): string {
    const name = this.variant.map.province(province)?.name ?? province;
    const raw = rawText(words);
    if (coasts.length === 0) this.fail(`${name} has no coasts (found "${echoed(raw)}")`);
    const said = words.map((w) => w.norm);
    const coast = coastFromWords(said, coasts, true) ?? localCoast(this.language, said, coasts);
    if (!coast) this.fail(`${name} has no coast "${echoed(raw)}" (its coasts: ${coasts.join(', ')})`);
    return coast;
  }

  readType(): UnitType | null {
    const t = this.peek();
    const type = t?.kind === 'word' ? this.words.unitTypes[t.norm] : undefined;
    if (type && Object.hasOwn(this.words.unitTypes, t!.norm) && this.peek(1)?.kind === 'word') {
      this.i++;
      return type;
    }
    return null;
  }

  readLocation(what?: string): Location {
    const province = this.readPlace(what);
    return { province, coast: this.readCoast(province) };
  }

  /** `[A|F] place [coast]` */
  readUnit(what?: string): UnitRef {
    const type = this.readType();
    const province = this.readPlace(what);
    return { type, province, coast: this.readCoast(province) };
  }

  /** `via convoy`, `by convoy`, `via` at the current position. */
  readViaConvoy(): boolean {
    const paren = this.peek()?.kind === 'lparen';
    if (!this.isWord(this.words.via, paren ? 1 : 0)) return false;
    this.i += paren ? 2 : 1;
    if (this.isWord(this.words.convoyNouns)) this.i++;
    if (paren && this.peek()?.kind === 'rparen') this.i++;
    return true;
  }

  expectEnd(): void {
    const t = this.peek();
    if (t) this.fail(`unexpected "${echoed(rawText(this.tokens.slice(this.i)))}" after "${this.sofar()}"`);
  }
}

/** The standard grammar, after a unit (and after the variant's special parsers said no). */
export function readRest(r: Reader, unit: UnitRef, phase: PhaseType | undefined): DraftOrder {
  const t = r.peek();
  if (!t) r.fail(`missing an order after "${r.sofar()}": write H, -, S, C, R, B or D`);
  if (r.isWord(r.words.hold)) {
    r.i++;
    r.expectEnd();
    return { kind: 'hold', unit };
  }
  if (r.isMove() || r.isWord(r.words.retreat)) {
    const retreatWord = r.isWord(r.words.retreat);
    r.readMove();
    const to = r.readLocation('a destination');
    const viaConvoy = r.readViaConvoy();
    r.expectEnd();
    if (retreatWord || phase === 'retreat') {
      if (viaConvoy) r.fail('a retreat cannot go via convoy');
      return { kind: 'retreat', unit, to };
    }
    return { kind: 'move', unit, to, viaConvoy };
  }
  if (r.isWord(r.words.support)) {
    r.i++;
    const target = r.readUnit('the supported unit');
    if (r.atEnd()) return { kind: 'support', unit, target, to: null };
    if (r.isWord(r.words.hold)) {
      r.i++;
      r.expectEnd();
      return { kind: 'support', unit, target, to: null };
    }
    if (!r.isMove()) r.expectEnd();
    r.readMove();
    const to = r.readLocation('the destination of the supported move');
    r.readViaConvoy(); // "S A lon - bel via convoy": the support is the same
    r.expectEnd();
    return { kind: 'support', unit, target, to };
  }
  if (r.isWord(r.words.convoy)) {
    r.i++;
    const target = r.readUnit('the convoyed army');
    if (!r.isMove()) r.fail(`missing the destination of the convoy after "${r.sofar()}"`);
    r.readMove();
    const to = r.readLocation('the destination of the convoy');
    r.expectEnd();
    return { kind: 'convoy', unit, target, to };
  }
  if (r.isWord(r.words.build)) {
    r.i++;
    r.expectEnd();
    return buildOrder(unit);
  }
  if (r.isWord(r.words.disband)) {
    r.i++;
    r.expectEnd();
    return { kind: 'disband', unit };
  }
  const near = nearestOrderWord(t.norm);
  return r.fail(
    `unknown order "${echoed(t.raw)}" after "${r.sofar()}": ${near ? `did you mean "${near}"? ` : ''}write H (hold), - (move), S (support), C (convoy), R (retreat), B (build) or D (disband)`,
  );
}

const ORDER_WORDS = [
  'hold',
  'holds',
  'move',
  'moves',
  'support',
  'supports',
  'convoy',
  'convoys',
  'retreat',
  'retreats',
  'build',
  'disband',
  'remove',
];

/** A misspelt order word (`suport`, `convoi`), if one is close enough. */
function nearestOrderWord(word: string): string | null {
  if (word.length < 3) return null;
  let best: { word: string; d: number } | null = null;
  for (const w of ORDER_WORDS) {
    const d = editDistance(word, w);
    if (d <= 2 && (!best || d < best.d)) best = { word: w, d };
  }
  return best?.word ?? null;
}

/** An order as read from text: like `Order`, except that a build may still lack its unit type. */
export type DraftOrder = Exclude<Order, { kind: 'build' }> | { kind: 'build'; unit: UnitRef };

/** A build keeps the type unknown (`null`) for the board step to fill in or reject. */
function buildOrder(unit: UnitRef): DraftOrder {
  return { kind: 'build', unit };
}

/** Orders that start with a verb: `waive`, `Build A war`, `Remove A par`, `Disband F lyo`. */
export function readPrefixed(r: Reader): DraftOrder | null {
  if (r.isWord(r.words.waive)) {
    r.i++;
    if (r.isWord(r.words.build)) r.i++;
    r.expectEnd();
    return { kind: 'waive' };
  }
  if (r.isWord(r.words.build) && r.peek(1)?.kind === 'word') {
    r.i++;
    const unit = r.readUnit('the place to build in');
    r.expectEnd();
    return buildOrder(unit);
  }
  if (r.isWord(r.words.disband) && r.peek(1)?.kind === 'word') {
    r.i++;
    const unit = r.readUnit('the unit to disband');
    r.expectEnd();
    return { kind: 'disband', unit };
  }
  return null;
}
