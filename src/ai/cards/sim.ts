/**
 * Playing on a determinized state in place. The engine's `apply` copies the whole state for every action (its
 * callers must never see a changed input); a playout owns its copy, so it calls the engine's own action steps
 * on it directly: the same rules code, without a copy per step.
 */
import { cloneState } from '../../cardgame/clone.js';
import { applyFallBack } from '../../cardgame/fallback.js';
import { Refusal } from '../../cardgame/refusal.js';
import { applyChoose, applyGive } from '../../cardgame/setup-actions.js';
import { applyWage } from '../../cardgame/wage.js';
import type { Action, CardGameState, GameEvent } from '../../cardgame/index.js';

export { cloneState };

const sink: GameEvent[] = [];

/** Carry out a legal action on `s` itself. An illegal one is a bug of the caller: it throws with the reason. */
export function step(s: CardGameState, a: Action): void {
  sink.length = 0;
  try {
    switch (a.type) {
      case 'give':
        return applyGive(s, a, sink);
      case 'choose':
        return applyChoose(s, a, sink);
      case 'wage':
        return applyWage(s, a, sink);
      case 'fallBack':
        return applyFallBack(s, a, sink);
    }
  } catch (e) {
    if (e instanceof Refusal)
      throw new Error(`card AI: illegal ${a.type} in a playout: ${e.message} (${JSON.stringify(a)})`);
    throw e;
  } finally {
    sink.length = 0;
  }
}
