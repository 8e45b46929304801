/**
 * Replay steps inside the render worker (worker.ts loads this module on the first one): the sessions being made,
 * by id. A session holds its planned scenes and the GIF so far until it is finished or dropped; the pool drops it
 * when its caller gives up, and at most MAX_SESSIONS live at once (the oldest goes first).
 */
import { jobVariant } from '../job-variant.js';
import type { ReplayStep } from '../worker-protocol.js';
import { ReplayInputError, ReplaySession, type ReplayResult } from './session.js';

const MAX_SESSIONS = 4;
const sessions = new Map<number, ReplaySession>();

export type ReplayStepResult =
  | { ok: true; result?: ReplayResult }
  /** `drawable: false`: the input cannot be drawn (named in `error`). */
  | { ok: false; error: string; drawable?: false };

export async function runReplayStep(step: ReplayStep): Promise<ReplayStepResult> {
  try {
    switch (step.op) {
      case 'open': {
        const variant = await jobVariant(step.variantId, step.options, step.stored);
        if (typeof variant === 'string') return { ok: false, error: variant, drawable: false };
        sessions.set(step.session, new ReplaySession(variant, step.settings, step.phaseCount));
        while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
        return { ok: true };
      }
      case 'plan':
        sessionOf(step.session).plan(step.phases);
        return { ok: true };
      case 'draw':
        sessionOf(step.session).draw(step.index);
        return { ok: true };
      case 'finish': {
        const result = sessionOf(step.session).finish();
        sessions.delete(step.session);
        return { ok: true, result };
      }
      case 'drop':
        sessions.delete(step.session);
        return { ok: true };
    }
  } catch (e) {
    if (step.op !== 'drop') sessions.delete(step.session);
    const error = e instanceof Error ? e.message : String(e);
    return e instanceof ReplayInputError ? { ok: false, error, drawable: false } : { ok: false, error };
  }
}

function sessionOf(id: number): ReplaySession {
  const session = sessions.get(id);
  if (!session) throw new Error(`replay session ${id} is gone`);
  return session;
}
