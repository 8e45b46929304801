/**
 * `npm test`'s static checks, run side by side (docs/testing.md): the type check (`tsc --noEmit`), the linter
 * (`biome check`) and the dead-code check (`knip`). Each one's output is printed whole, in that order, once all have
 * ended; the exit code is 1 when any of them failed, naming which.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHECKS = [
  ['type check', 'tsc', ['--noEmit']],
  ['linter', 'biome', ['check']],
  ['dead-code check', 'knip', []],
];

function run([name, bin, args]) {
  return new Promise((done) => {
    const child = spawn(join(root, 'node_modules', '.bin', bin), args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => done({ name, code: 1, output: `${bin}: ${error.message}\n` }));
    child.on('close', (code, signal) =>
      done({ name, code: code ?? 1, output: Buffer.concat(chunks).toString(), signal }),
    );
  });
}

const results = await Promise.all(CHECKS.map(run));
for (const r of results)
  if (r.output.trim() !== '') process.stdout.write(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
const failed = results.filter((r) => r.code !== 0);
for (const r of failed) console.error(`npm test: the ${r.name} failed${r.signal ? ` (${r.signal})` : ''}`);
process.exit(failed.length > 0 ? 1 : 0);
