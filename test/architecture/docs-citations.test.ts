/**
 * Comments and docs cite `docs/` by a heading's name (`docs/render.md "The results post in Discord's preview"`); a
 * citation must lead somewhere: to a doc that exists and to a heading, a bold lead-in or a table row's first cell of
 * it that begins with the quoted words. A heading renamed or moved without its citations fails here. Code cites
 * docs/ only: never a file outside the repository (the briefs beside it, the design brief), which a reader of the
 * code does not have.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph.js';

/** Words as a heading and a citation compare: no markup, no section number, one space, lower case. */
const plain = (text: string) =>
  text
    .replace(/[`*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\d+\.\s*/, '')
    .toLowerCase();

/** What a citation of the doc may name: its headings, its bold lead-ins, its table rows' first cells. */
function placesOf(markdown: string): string[] {
  const places: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('#')) places.push(plain(line.replace(/^#+/, '')));
    const cell = /^\|\s*([^|]+?)\s*\|/.exec(line);
    if (cell) places.push(plain(cell[1]));
  }
  for (const bold of markdown.matchAll(/\*\*([^*\n]{3,100})\*\*/g)) places.push(plain(bold[1]).replace(/\.$/, ''));
  return places;
}

/** Each `docs/<file>.md "<words>"` in a text, its comment markers taken out where the quote wraps across lines. */
function citationsIn(text: string): { doc: string; words: string }[] {
  const joined = text.replace(/\n\s*(?:\*(?!\*)|\/\/)?\s*/g, ' ');
  return [...joined.matchAll(/(docs\/[\w/.-]+\.md),?\s*\(?["“]([^"”<]{2,100})["”]/g)].map((m) => ({
    doc: m[1],
    words: m[2],
  }));
}

/** The citations that lead nowhere, as `file: docs/x.md "words"`. */
function brokenCitations(files: Record<string, string>, docs: Record<string, string | null>): string[] {
  const broken: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    for (const { doc, words } of citationsIn(text)) {
      const markdown = docs[doc];
      const wanted = plain(words);
      if (markdown === null || markdown === undefined) broken.push(`${file}: ${doc} (no such doc)`);
      else if (!placesOf(markdown).some((place) => place.startsWith(wanted))) broken.push(`${file}: ${doc} "${words}"`);
    }
  }
  return broken;
}

/** The repository's texts that may cite docs/ (this file's own examples left out). */
function trackedTexts(): Record<string, string> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const files: Record<string, string> = {};
  for (const file of listed.split('\n')) {
    if (!/\.(ts|mjs|md)$/.test(file) || file === 'test/architecture/docs-citations.test.ts') continue;
    if (existsSync(join(ROOT, file))) files[file] = readFileSync(join(ROOT, file), 'utf8');
  }
  return files;
}

/** A citation of a file outside the repository: the briefs' folder beside it, or the card game's design brief. */
const OUTSIDE = /\.\.\/shared|\bshared\/(?:seeds|formats|maps|card-game|notes|datc)\b|\/work\/|design\.md|design ?§/;

/** The source files' lines that cite a file outside the repository, as `file:line: text`. */
function outsideCitations(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files))
    text.split('\n').forEach((line, i) => {
      if (OUTSIDE.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  return found;
}

/** The tracked source files under src/, test/, scripts/ and bench/ (this file's own examples left out). */
function sourceTexts(): Record<string, string> {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'test', 'scripts', 'bench'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  const files: Record<string, string> = {};
  for (const file of listed.split('\n')) {
    if (!/\.(ts|mts|mjs|cjs|js|json)$/.test(file) || file === 'test/architecture/docs-citations.test.ts') continue;
    if (existsSync(join(ROOT, file))) files[file] = readFileSync(join(ROOT, file), 'utf8');
  }
  return files;
}

describe('citations of docs/', () => {
  it('each names a doc that exists and a place in it', () => {
    const files = trackedTexts();
    const cited = new Set(Object.values(files).flatMap((text) => citationsIn(text).map((c) => c.doc)));
    expect(cited.size).toBeGreaterThan(10);
    const docs = Object.fromEntries([...cited].map((doc) => [doc, files[doc] ?? null]));
    expect(brokenCitations(files, docs)).toEqual([]);
  });

  it('names a citation whose heading is gone, and takes one wrapped across comment lines', () => {
    const doc = "# Maps\n\n## The results post in Discord's preview\n\n**Legibility.** Text.\n\n| row one | x |\n";
    const docs = { 'docs/render.md': doc, 'docs/gone.md': null };
    const files = {
      'a.ts':
        '/** Sized (docs/render.md "The results post in\n * Discord\'s preview"), read (docs/render.md "Legibility"). */',
      'b.ts': '// docs/render.md, "Row one" and docs/render.md "Colours"',
      'c.ts': '/** see docs/gone.md "Anything" */',
    };
    expect(brokenCitations(files, docs)).toEqual([
      'b.ts: docs/render.md "Colours"',
      'c.ts: docs/gone.md (no such doc)',
    ]);
  });

  it('no source file cites a file outside the repository', () => {
    const files = sourceTexts();
    expect(Object.keys(files).length).toBeGreaterThan(500);
    expect(outsideCitations(files)).toEqual([]);
  });

  it('names each way of citing the briefs, and leaves words that only contain "shared" alone', () => {
    const files = {
      'a.ts': '/** Wage battle (design §3.5). */\n// the tables of design.md §4.2\nconst ok = 1;',
      'b.ts': ' * contract: shared/formats/cli.md "cards"\n * (../shared/maps/x.json), /work/shared/notes/stack.md §1',
      'c.ts':
        'import { x } from \'./shared.js\';\n// shared-scenes.ts; a shared scheduler (docs/cardgame.md "Defaults")',
      'd.ts': '// copied from shared/datc; the seed (shared/seeds/x.md), data (shared/card-game/data.json)',
    };
    expect(outsideCitations(files)).toEqual([
      'a.ts:1: /** Wage battle (design §3.5). */',
      'a.ts:2: // the tables of design.md §4.2',
      'b.ts:1: * contract: shared/formats/cli.md "cards"',
      'b.ts:2: * (../shared/maps/x.json), /work/shared/notes/stack.md §1',
      'd.ts:1: // copied from shared/datc; the seed (shared/seeds/x.md), data (shared/card-game/data.json)',
    ]);
  });
});
