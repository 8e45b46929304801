/**
 * The engine's one entry point for play: `apply(state, action)` returns the next state and the public events,
 * or a refusal with a sentence. It never throws on any action and never changes the state it is given.
 */
import { cloneState } from './clone.js';
import { applyFallBack } from './fallback.js';
import { Refusal } from './refusal.js';
import { applyChoose, applyGive } from './setup-actions.js';
import type { Action, ApplyResult, CardGameState, GameEvent } from './types.js';
import { applyWage } from './wage.js';

export function apply(state: CardGameState, action: Action): ApplyResult {
  const s = cloneState(state);
  const events: GameEvent[] = [];
  try {
    if (s.phase === 'finished') return { ok: false, error: 'The game is over.' };
    switch (action.type) {
      case 'give':
        applyGive(s, action, events);
        break;
      case 'choose':
        applyChoose(s, action, events);
        break;
      case 'wage':
        applyWage(s, action, events);
        break;
      case 'fallBack':
        applyFallBack(s, action, events);
        break;
      default:
        return { ok: false, error: `Unknown action type "${(action as { type?: unknown }).type}".` };
    }
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.message };
    throw e;
  }
  return { ok: true, state: s, events };
}

/** Apply a list of actions in order; stops at the first refusal and names its index. */
export function applyAll(
  state: CardGameState,
  actions: readonly Action[],
): { ok: true; state: CardGameState; events: GameEvent[] } | { ok: false; error: string; at: number } {
  let s = state;
  const events: GameEvent[] = [];
  for (let i = 0; i < actions.length; i++) {
    const r = apply(s, actions[i]!);
    if (!r.ok) return { ok: false, error: r.error, at: i };
    s = r.state;
    events.push(...r.events);
  }
  return { ok: true, state: s, events };
}
