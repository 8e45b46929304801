/**
 * What a newcomer reads to find their way in src/game names only what exists (docs/architecture.md "Where to find
 * it"): the table's files and functions, the files a src/game header comment names, the functions a feature's face
 * lists, and the `.ts` files docs/architecture.md names. A file renamed or moved, or a function renamed, without the
 * text that points at it fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './import-graph.js';

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const ticked = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
const isIdentifier = (word: string) => /^[a-z][A-Za-z0-9]*$/.test(word);

/** Does `source` declare `name` (a function, a constant, a class)? */
const declares = (source: string, name: string) =>
  new RegExp(`(?:function\\*?|const|let|class)\\s+${name}\\b`).test(source);

/**
 * The file a `.ts` name in `from` leads to, or null: a path from the root, src, src/game or `from`'s folder; a bare
 * name in `from`'s folder, the root, or anywhere among `files`.
 */
function fileOf(name: string, from: string, files: readonly string[]): string | null {
  const bases = name.includes('/') ? ['.', 'src', 'src/game', dirname(from)] : [dirname(from), '.'];
  const found = bases.map((base) => join(base, name)).find((p) => existsSync(join(ROOT, p)));
  if (found !== undefined || name.includes('/')) return found ?? null;
  return files.find((f) => basename(f) === name) ?? null;
}

/** The `.ts` names in `text` that lead nowhere. */
function missingFiles(text: string, from: string, files: readonly string[]): string[] {
  return [...new Set(text.match(/(?<![\w./<>-])[\w-][\w./-]*\.ts\b/g) ?? [])]
    .filter((name) => !/^[\w.-]*\.(test|e2e\.test)\.ts$/.test(basename(name)) || name.includes('/'))
    .filter((name) => fileOf(name, from, files) === null);
}

/** A file's header: its first comment block. */
const headerOf = (source: string) => /^\/\*\*[\s\S]*?\*\//.exec(source)?.[0] ?? '';

/** The rows of the "Where to find it" table: the files each names (from src/game) and the functions. */
function whereRows(markdown: string): { line: string; files: string[]; names: string[] }[] {
  const section = markdown.split('### Where to find it')[1]?.split(/\n#/)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| what happens'))
    .map((line) => {
      const words = ticked(line);
      return {
        line,
        files: words.filter((w) => w.endsWith('.ts')).map((w) => (w.startsWith('src/') ? w : `src/game/${w}`)),
        names: words.filter(isIdentifier),
      };
    });
}

describe('where to find it', () => {
  const all = sourceFiles();

  it("docs/architecture.md's table names files and functions that exist, each function in its row's files", () => {
    const rows = whereRows(read('docs/architecture.md'));
    expect(rows.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const row of rows) {
      const gone = row.files.filter((f) => !existsSync(join(ROOT, f)));
      if (gone.length > 0) wrong.push(`${gone.join(', ')}: no such file (${row.line})`);
      const sources = row.files.filter((f) => !gone.includes(f)).map(read);
      for (const name of row.names) {
        if (!sources.some((s) => declares(s, name))) wrong.push(`${name}: not in ${row.files.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the header comments of src/game name files that exist', () => {
    const gone = all
      .filter((f) => f.startsWith('src/game/'))
      .flatMap((f) => missingFiles(headerOf(read(f)), f, all).map((name) => `${f}: ${name}`));
    expect(gone).toEqual([]);
  });

  it("each feature's face lists functions its folder declares", () => {
    const faces = all.filter((f) => /^src\/game\/[\w-]+\/index\.ts$/.test(f));
    expect(faces.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const face of faces) {
      const folder = all.filter((f) => dirname(f) === dirname(face)).map(read);
      for (const name of ticked(headerOf(read(face))).filter(isIdentifier)) {
        if (!folder.some((s) => declares(s, name))) wrong.push(`${face}: ${name}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('docs/architecture.md names .ts files that exist', () => {
    expect(missingFiles(read('docs/architecture.md'), 'docs/architecture.md', all)).toEqual([]);
  });

  it('names a file, a function or a table row that is gone', () => {
    const files = ['src/game/seats/record.ts', 'src/game/seats/seats.ts'];
    expect(missingFiles('the record is seat-record.ts, kept by record.ts', 'src/game/seats/seats.ts', files)).toEqual([
      'seat-record.ts',
    ]);
    expect(declares('export async function vacateSeat(', 'vacateSeat')).toBe(true);
    expect(declares('export async function vacateSeats(', 'vacateSeat')).toBe(false);
    const doc =
      '### Where to find it\n\n| what happens | file | function |\n|---|---|---|\n| x | `seats/seats.ts` | `gone` |\n';
    expect(whereRows(doc)).toEqual([
      { line: '| x | `seats/seats.ts` | `gone` |', files: ['src/game/seats/seats.ts'], names: ['gone'] },
    ]);
  });
});
