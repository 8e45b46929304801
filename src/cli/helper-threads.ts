/**
 * The CLI's process is a batch job: its main thread does the work, and V8's helper threads (Node starts four, for
 * the optimizing compiler and the concurrent parts of the garbage collector) only support it. On a machine with
 * fewer cores than that they compete with the main thread for the CPU: on the 2-core machine, `adjudicate` of the
 * benchmark's 2,000 phases took a median 588 ms with them at normal priority and 521 ms without (alternating runs
 * of the two builds; `node --v8-pool-size=1`, which a program cannot set for itself, gave the same). The CLI therefore
 * lowers their scheduling priority, so the main thread keeps a core and the helpers use what is left. On Linux a
 * thread's nice value is set through its thread id (`/proc/self/task`); elsewhere nothing changes. Only the
 * threads that exist when it is called are affected (the render pool's workers start later, at normal priority).
 */
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The lowest priority: the helpers run on cores the main thread leaves free. */
const HELPER_NICE = 19;

/** Lowers the priority of every thread of this process but the main one; returns how many were lowered. */
export function yieldHelperThreads(): number {
  if (process.platform !== 'linux') return 0;
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const tid of tids) {
    const id = Number(tid);
    // The main thread's id is the process id.
    if (!Number.isSafeInteger(id) || id === process.pid) continue;
    try {
      setPriority(id, HELPER_NICE);
      lowered++;
    } catch {
      // Not permitted, or the thread has just ended: leave it as it is.
    }
  }
  return lowered;
}
