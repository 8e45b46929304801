/**
 * Texts and stores every reply and every test pays for: wording a message in the reader's locale (src/i18n, a results
 * line with its unit and places), and opening an in-memory database (a copy of the migrated image, src/store/db.ts).
 */
import { performance } from 'node:perf_hooks';
import { LOCALES, msg, t } from '../src/i18n/index.js';
import { openDatabase } from '../src/store/db.js';
import { median, type BenchResult } from './types.js';

const ROUNDS = 20;
const CALLS = 2_000;

function wordingMicros(): number[] {
  const line = msg('results.dislodged.retreat', { unit: 'A Munich', options: msg('locale.name') });
  const runs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) t(LOCALES[i % LOCALES.length]!, line);
    runs.push(((performance.now() - started) * 1000) / CALLS);
  }
  return runs;
}

function openingMs(): number[] {
  openDatabase(':memory:').close(); // the image is made once per process
  const runs: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    openDatabase(':memory:').close();
    runs.push(performance.now() - started);
  }
  return runs;
}

export async function benchWording(): Promise<BenchResult[]> {
  return [
    {
      name: 'Wording one message in the reader’s locale',
      value: median(wordingMicros()),
      unit: 'µs',
      note: `median of ${ROUNDS} rounds of ${CALLS} results lines (a nested message), the four locales in turn; each text compiled once per process`,
    },
    {
      name: 'Opening an in-memory database',
      value: median(openingMs()),
      unit: 'ms',
      note: 'median of 50, every migration applied: a copy of the migrated image made at the first opening',
    },
  ];
}
