/**
 * `src/game`, `src/bot`, `src/store` and `src/render` name no variant in code. Comments may cite an
 * example; identifiers and strings may not carry a variant's id or name, nor the names of a variant's own steps and
 * people (decisions.md, "Variants as plug-ins"). The code is read token by token with the TypeScript scanner, so a
 * comment never counts and a name inside a string or an identifier always does.
 *
 * Not layers, so left out (decisions.md): the build tools that make one variant's geometry (`src/render/tools/`)
 * and the gallery script (`src/render/gallery.ts`). The card game is no exception: its game, bot and render code
 * reads its id and names from its own folder (`src/cardgame/identity.ts`), as the layers read a variant's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CARD_GAME } from '../../src/cardgame/identity.js';
import { allVariants, pluginOf } from '../../src/variants/index.js';
import { sourceFiles } from './import-graph.js';

const ROOT = join(import.meta.dirname, '..', '..');
const LAYERS = ['src/game', 'src/bot', 'src/store', 'src/render', 'src/web'];
const NOT_LAYERS = [/^src\/render\/tools\//, /^src\/render\/gallery\.ts$/];

/**
 * The bundled variants' ids and names (a name also as one identifier), their steps' and people's names, and their own
 * order kinds: each special order's name and the legend text it is drawn with (`raise`, `riverMove`, `river move`), so
 * no layer draws or reads a variant's order by its name (the renderer once tested `order.name === 'raise'`).
 */
function forbidden(): { word: string; pattern: RegExp }[] {
  const words = new Set<string>([
    'warring-states-cards',
    'decisive',
    'dogs of war',
    'dogsofwar',
    'sepoy',
    'mercenar',
    'illusion',
    'immortality',
    'hsiung',
    'nomad',
  ]);
  for (const v of allVariants()) {
    words.add(v.id);
    words.add(v.id.replace(/-/g, ''));
    words.add(v.name.toLowerCase());
    for (const [key, spec] of Object.entries(v.rules.specialOrders ?? {})) {
      for (const name of [key, spec.name, spec.draw?.legend ?? '']) if (name) words.add(name.toLowerCase());
    }
  }
  return [...words].map((word) => ({ word, pattern: new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }));
}

/**
 * Words every variant's plug-in names its own steps and actions with (Warhammer's `declarations`, `battles`, `muster`,
 * `declare`, `battle`, `follow`, `revolt`), each as a stem that also finds its other forms (`battl`: battle, battles;
 * `declar`: declare, declaration). A string the layers show everyone (a slash command's description, which every
 * server sees) must not name one: the variant's own wording reaches players through its actions' autocomplete and
 * replies. Only prose is read (a string with a space in it): a one-word string is a key or a discriminant of the
 * plug-in interface (`ComputerQuestion`'s `'declare'`), not something a player reads. Left out: names that are
 * ordinary English the layers use in that sense (`follow`: "the results follow").
 */
const ORDINARY_ENGLISH = new Set(['follow']);
function stepAndActionWords(): { word: string; pattern: RegExp }[] {
  const names = new Set<string>();
  for (const v of allVariants()) {
    const plugin = pluginOf(v.id);
    for (const step of Object.keys(plugin.steps ?? {})) names.add(step.toLowerCase());
    for (const action of plugin.actions ?? []) names.add(action.name.toLowerCase());
  }
  return [...names]
    .filter((name) => !ORDINARY_ENGLISH.has(name))
    .map((name) => name.replace(/(e?s|e)$/, ''))
    .filter((stem, i, all) => all.indexOf(stem) === i)
    .map((stem) => ({ word: stem, pattern: new RegExp(`\\b${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }));
}

/** The stems of `words` a text names, if it is prose (see above). */
function namedIn(text: string, words: { word: string; pattern: RegExp }[]): string[] {
  if (!/\s/.test(text.trim())) return [];
  const lower = text.toLowerCase();
  return words.filter(({ pattern }) => pattern.test(lower)).map(({ word }) => word);
}

/** Tokens after which a `/` divides; after any other it starts a regular expression. */
const OPERAND_END = new Set([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.ThisKeyword,
]);

/** Every identifier, string and template text of a file, without its comments (with `strings`: only the strings and template texts). */
function codeTokens(source: string, only: 'all' | 'strings' = 'all'): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, /* skipTrivia */ true, ts.LanguageVariant.Standard, source);
  const out: string[] = [];
  /** What each open `{` is: a block or object (`brace`), or a template's `${` (`template`). */
  const open: ('brace' | 'template')[] = [];
  let previous = ts.SyntaxKind.Unknown;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.CloseBraceToken && open.pop() === 'template') kind = scanner.reScanTemplateToken(false);
    else if (
      (kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) &&
      !OPERAND_END.has(previous)
    )
      kind = scanner.reScanSlashToken();
    if (kind === ts.SyntaxKind.OpenBraceToken) open.push('brace');
    if (kind === ts.SyntaxKind.TemplateHead || kind === ts.SyntaxKind.TemplateMiddle) open.push('template');
    if (
      (kind === ts.SyntaxKind.Identifier && only === 'all') ||
      kind === ts.SyntaxKind.StringLiteral ||
      kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
      kind === ts.SyntaxKind.TemplateHead ||
      kind === ts.SyntaxKind.TemplateMiddle ||
      kind === ts.SyntaxKind.TemplateTail
    )
      out.push(scanner.getTokenValue());
    previous = kind;
  }
  return out;
}

/**
 * The card game is a game kind (docs/architecture.md "Game kinds"): its code sits in each layer's `cards/` folder, and
 * each layer's kind registry names it once (as src/variants/index.ts names the variants). Every other file of the
 * layers names it no more than a variant: not its id, its `games.kind`, its name, its cards, nor its dynasties.
 */
const KIND_FOLDER = /^src\/(game|bot|render)\/cards\//;
const KIND_REGISTRIES = ['src/game/core/kinds.ts', 'src/bot/kinds.ts', 'src/render/pictures.ts'];
function cardWords(): { word: string; pattern: RegExp }[] {
  const words = [CARD_GAME.id, CARD_GAME.kind, CARD_GAME.name.toLowerCase(), 'card', 'dynast'];
  return words.map((word) => ({ word, pattern: new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }));
}

const layerFiles = () =>
  sourceFiles().filter((f) => LAYERS.some((l) => f.startsWith(`${l}/`)) && !NOT_LAYERS.some((r) => r.test(f)));

describe('the layers above the variants name no variant', () => {
  it('reads code tokens and leaves comments out', () => {
    expect(
      codeTokens(
        "// warhammer\nconst a = 'decisive'; /* sepoy */ const b = `x ${{ a }.a} Dogs ${a / 2} of War`;\nif (a) { f(/nomad/); } // illusion",
      ),
    ).toEqual(['a', 'decisive', 'b', 'x ', 'a', 'a', ' Dogs ', 'a', ' of War', 'a', 'f']);
  });

  it('finds no variant id, name or variant-specific identifier in src/game, src/bot, src/store, src/render or src/web', () => {
    const words = forbidden();
    expect(words.map((w) => w.word)).toEqual(
      expect.arrayContaining([
        'classic',
        'warhammer',
        'mandate-of-heaven',
        'warring-states',
        'mandate of heaven',
        'raise',
        'rivermove',
        'river move',
        'raise fleet',
        'immortalsupport',
      ]),
    );
    const files = layerFiles();
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of files) {
      const hits = new Set<string>();
      for (const token of codeTokens(readFileSync(join(ROOT, file), 'utf8'))) {
        const lower = token.toLowerCase();
        const compact = lower.replace(/[\s_]/g, '');
        for (const { word, pattern } of words) if (pattern.test(lower) || pattern.test(compact)) hits.add(word);
      }
      if (hits.size > 0) found.push(`${file}: ${[...hits].sort().join(', ')}`);
    }
    expect(found).toEqual([]);
  });

  it("shows nobody a variant's own step or action in a string (a command description every server sees)", () => {
    const words = stepAndActionWords();
    expect(words.map((w) => w.word)).toEqual(
      expect.arrayContaining(['declaration', 'battl', 'muster', 'declar', 'revolt']),
    );
    // The descriptions this test was written for would be caught.
    expect(namedIn("An action of this game's variant for its game master (a battle report…)", words)).toEqual([
      'battl',
    ]);
    expect(
      namedIn(
        'Act for a seat or as the game master in the variant’s steps (a declaration, a battle’s winner …)',
        words,
      ).sort(),
    ).toEqual(['battl', 'declar', 'declaration']);
    expect(codeTokens("const a = 'x'; // a battle\nf(a, `(a ${a} battle)`)", 'strings')).toEqual([
      'x',
      '(a ',
      ' battle)',
    ]);
    expect(namedIn('declare', words)).toEqual([]);
    // The card game's own battles are its own words (its folders), not a variant's step.
    const files = layerFiles().filter((f) => !KIND_FOLDER.test(f));
    const found: string[] = [];
    for (const file of files) {
      const hits = new Set<string>();
      for (const token of codeTokens(readFileSync(join(ROOT, file), 'utf8'), 'strings'))
        for (const word of namedIn(token, words)) hits.add(word);
      if (hits.size > 0) found.push(`${file}: ${[...hits].sort().join(', ')}`);
    }
    expect(found).toEqual([]);
  });

  it('finds the card game named only in its own folders and the kind registries', () => {
    const words = cardWords();
    const files = layerFiles().filter((f) => !KIND_FOLDER.test(f) && !KIND_REGISTRIES.includes(f));
    const found: string[] = [];
    for (const file of files) {
      const hits = new Set<string>();
      for (const token of codeTokens(readFileSync(join(ROOT, file), 'utf8'))) {
        const lower = token.toLowerCase();
        const compact = lower.replace(/[\s_-]/g, '');
        for (const { word, pattern } of words) if (pattern.test(lower) || pattern.test(compact)) hits.add(word);
      }
      if (hits.size > 0) found.push(`${file}: ${[...hits].sort().join(', ')}`);
    }
    expect(found).toEqual([]);
    // the registries do name it: the exemption is needed
    expect(codeTokens(readFileSync(join(ROOT, 'src/game/core/kinds.ts'), 'utf8')).some((t) => /card/i.test(t))).toBe(
      true,
    );
  });
});
