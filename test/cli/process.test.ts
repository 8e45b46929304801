/**
 * The CLI as a real process: stdin in, JSON on stdout only, exit code.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('a reader that closes stdout early (docs/cli.md)', () => {
  it('ends the command quietly: exit 0, nothing on stderr', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'parse'], { cwd: root });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.end('A Munich -> Silesia\n'.repeat(200_000));
    const code = await new Promise<number | null>((res) => child.on('exit', (c) => res(c)));
    expect([code, err]).toEqual([0, '']);
  });
});

describe('npx tsx src/cli/main.ts render, failing before its first picture', () => {
  it('exits with code 2 and the reason, without waiting on the render worker it started', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zhanguo-process-'));
    const file = join(dir, 'nogeo.json');
    const data = JSON.parse(readFileSync(join(root, 'src/variants/classic/map.json'), 'utf8')) as { id: string };
    writeFileSync(file, JSON.stringify({ ...data, id: 'nogeo' }));
    const r = spawnSync(
      'npx',
      ['tsx', 'src/cli/main.ts', 'render', '--variant-file', file, '--out', join(dir, 'x.png')],
      {
        cwd: root,
        input: '{}',
        encoding: 'utf8',
        // A process the worker kept alive would be killed here (the test then fails on its status).
        timeout: 60_000,
      },
    );
    expect(r.signal).toBeNull();
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      'variant nogeo has no drawing (province shapes) to draw its map from: import it with its SVG (--svg)',
    );
  });
});
