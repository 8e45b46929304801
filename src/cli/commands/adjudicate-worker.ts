/** The second thread of a parallel `adjudicate` (see adjudicate-parallel.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { withoutBom } from '../io.js';
import { adjudicateClaimed } from './adjudicate.js';
import type { WorkerInput } from './adjudicate-parallel.js';

const { args, stdin, counter } = workerData as WorkerInput;
let list: unknown[];
try {
  list = JSON.parse(withoutBom(stdin)) as unknown[];
} catch {
  list = [];
}
parentPort!.postMessage(await adjudicateClaimed(args, list, new Int32Array(counter)));
