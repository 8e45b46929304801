/**
 * Pauses that cannot freeze a game (docs/table.md "Pauses that cannot freeze a game"): `pauseClock`, `resumeClock`
 * and a playing game master's limit (clock.ts), the players' pause vote (vote.ts `votePause`); the scheduler asks
 * `nextPauseWakeAt` and runs `sweepPauses` (here) for limits that ran out and proposals that lapsed.
 *
 * The feature's public face: code outside src/game/pauses/ imports only from here.
 */
import type { GameDeps } from '../core/index.js';
import { nextResumeAt, resumeDuePauses } from './clock.js';
import { lapseDueProposals, nextProposalLapse, pauseAgreedProposals } from './vote.js';

export { pauseAllowance, pauseClock, resumeClock } from './clock.js';
export { pauseAgreedProposals, votePause } from './vote.js';

/** When the scheduler must next look at pauses: a limited pause's end or a pause proposal's lapse, or null. */
export async function nextPauseWakeAt(deps: GameDeps): Promise<number | null> {
  const times = [await nextResumeAt(deps), await nextProposalLapse(deps)].filter((t): t is number => t !== null);
  return times.length > 0 ? Math.min(...times) : null;
}

/** The scheduler's sweep of pauses: limited pauses that ran out resume, old pause proposals lapse. */
export async function sweepPauses(deps: GameDeps): Promise<{ done: number; failures: string[] }> {
  const resumed = await resumeDuePauses(deps);
  // A proposal everyone left with a vote agreed to passes, rather than lapse (vote.ts `pauseAgreedProposals`).
  const agreed = await pauseAgreedProposals(deps);
  const lapsed = await lapseDueProposals(deps);
  return {
    done: resumed.resumed + agreed.paused + lapsed.lapsed,
    failures: [...resumed.failures, ...agreed.failures, ...lapsed.failures],
  };
}
