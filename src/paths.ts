/**
 * Where the project's files are, whether the code runs from src/ (tsx, tests) or from the compiled bundles in
 * dist/ (`npm start`): the project root is the nearest folder above this module that holds package.json.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/** Is this code running from TypeScript sources (tsx, vitest) rather than the compiled build? */
export const RUNNING_FROM_SOURCE = import.meta.url.endsWith('.ts');
