/**
 * Every source file opens with its header comment, what the file is for, before anything else (brief "Shape of the
 * code"): an import above it hides it from a reader and from the editor's hover.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './import-graph.js';

const opensWithHeader = (text: string) => /^(\/\*\*|\/\/)/.test(text);

describe('source files', () => {
  it('each opens with its header comment', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(300);
    const without = files.filter((file) => !opensWithHeader(readFileSync(file, 'utf8'))).map((f) => relative(ROOT, f));
    expect(without).toEqual([]);
  });

  it('names a file that opens with an import above its header', () => {
    expect(opensWithHeader("import { a } from './a.js';\n/** What this file is. */\n")).toBe(false);
    expect(opensWithHeader("/** What this file is. */\nimport { a } from './a.js';\n")).toBe(true);
  });
});
