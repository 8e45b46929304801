/**
 * Comments and docs cite `docs/` by a heading's name (`docs/render.md "The results post in Discord's preview"`); a
 * citation must lead somewhere: to a doc that exists and to a heading, a bold lead-in or a table row's first cell of
 * it that begins with the quoted words. A heading renamed or moved without its citations fails here.
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
});
