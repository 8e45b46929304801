/**
 * Run before every file of the projects whose files share their worker's modules (vitest.config.ts): the list of
 * internal errors (test/support/internal-errors.ts) is one per worker, so a file starts with it empty. A file that
 * closes its store on purpose records an error there; the next file in the same worker must not inherit it.
 */
import { beforeAll } from 'vitest';
import { internalErrors } from './internal-errors.js';

beforeAll(() => {
  internalErrors.length = 0;
});
