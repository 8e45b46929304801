/**
 * Functions short enough to read at once (docs/architecture.md "Functions"): counted from their first line to their
 * last, comments and blank lines included, none over 100 lines in `src/game` and `src/bot`, none over 150 anywhere in
 * `src/`. Biome's `noExcessiveLinesPerFunction` (biome.json) says the same while editing, but counts fewer lines.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './import-graph.js';

/** Every function of `text` longer than `max` lines, as `file:line (n lines)`. */
function longFunctions(file: string, text: string, max: number): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > max) out.push(`${file}:${first + 1} (${last - first + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Every function of `src/` over 100 lines, read once for both bars. */
let overHundred: string[] | undefined;
const longIn = (dir: string, max: number) => {
  overHundred ??= sourceFiles('src').flatMap((file) =>
    longFunctions(file, readFileSync(join(ROOT, file), 'utf8'), 100),
  );
  return overHundred.filter((at) => at.startsWith(`${dir}/`) && Number(/\((\d+) lines\)$/.exec(at)![1]) > max);
};

describe('function lengths', () => {
  it('counts every kind of function from its first line to its last (the checker itself)', () => {
    const body = Array.from({ length: 4 }, (_, i) => `  // line ${i}`).join('\n');
    expect(longFunctions('x.ts', `function f() {\n${body}\n}`, 5)).toEqual(['x.ts:1 (6 lines)']);
    expect(longFunctions('x.ts', `function f() {\n${body}\n}`, 6)).toEqual([]);
    expect(longFunctions('x.ts', `const f = async () => {\n${body}\n};`, 5)).toHaveLength(1);
    expect(longFunctions('x.ts', `class C {\n  m() {\n${body}\n  }\n}`, 5)).toHaveLength(1);
    expect(longFunctions('x.ts', `declare function f(): void;`, 0)).toEqual([]);
  });

  it('keeps every function of src/game and src/bot within 100 lines', () => {
    expect([...longIn('src/game', 100), ...longIn('src/bot', 100)]).toEqual([]);
  });

  it('keeps every function of src/ within 150 lines', () => {
    expect(longIn('src', 150)).toEqual([]);
  });
});
