/**
 * `npm run bench -- <section>` (bench/run.ts, README.md "Quick start"): `--help` prints the sections and measures
 * nothing; a section name that matches nothing exits 2 naming it. Neither writes docs/benchmarks.md.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const DOCS = join(ROOT, 'docs/benchmarks.md');

function bench(...args: string[]) {
  return spawnSync(process.execPath, ['--import', TSX_LOADER, join(ROOT, 'bench/run.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run bench arguments', () => {
  it('--help lists the sections, exits 0 and writes nothing', () => {
    const before = statSync(DOCS).mtimeMs;
    const run = bench('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('usage: npm run bench');
    expect(run.stdout).toMatch(/sections: engine, render, .*pad/);
    expect(run.stderr).not.toContain('bench: ');
    expect(statSync(DOCS).mtimeMs).toBe(before);
  });

  it('a section that matches nothing exits 2 naming it, before anything is measured or written', () => {
    const before = statSync(DOCS).mtimeMs;
    const run = bench('engine', 'rendr');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('bench: no section matches "rendr"');
    expect(run.stderr).not.toContain('Engine');
    expect(run.stdout).toBe('');
    expect(statSync(DOCS).mtimeMs).toBe(before);
  });
});
