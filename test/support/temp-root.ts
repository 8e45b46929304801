/**
 * vitest's globalSetup, first of the list: every temporary file of the run goes under one folder, removed when the
 * run ends (docs/testing.md "Temporary files"). `os.tmpdir()` reads TMPDIR at each call and the workers, the CLI and
 * bot children, the browser and the database inherit it, so a test that makes a folder of its own and never removes
 * it (or a child killed before it could) leaves nothing behind on the machine. vitest runs it once per project: the
 * first made is kept. The folder is open to every user as /tmp is: PostgreSQL's server runs as another user.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MADE = 'ZHANGUO_TEST_TMPDIR';

export default function setup(): () => void {
  if (process.env[MADE] !== undefined && process.env[MADE] === process.env.TMPDIR) return () => {};
  const outer = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), 'zhanguo-run-'));
  chmodSync(root, 0o1777);
  process.env.TMPDIR = root;
  process.env[MADE] = root;
  return () => {
    if (outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outer;
    delete process.env[MADE];
    rmSync(root, { recursive: true, force: true });
  };
}
