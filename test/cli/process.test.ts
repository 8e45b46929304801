/**
 * The CLI as a real process: stdin in, JSON on stdout only, exit code.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('npx tsx src/cli/main.ts parse', () => {
  it('reads stdin and prints only JSON on stdout', () => {
    const r = spawnSync('npx', ['tsx', 'src/cli/main.ts', 'parse'], {
      cwd: root,
      input: 'A Munich -> Silesia\nF Lodnon H\n',
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      expect.objectContaining({ line: 1, ok: true, text: 'A mun - sil' }),
      expect.objectContaining({ line: 2, ok: false, error: 'unknown place "Lodnon": did you mean London (lon)?' }),
    ]);
  });
});
