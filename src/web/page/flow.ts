/**
 * The pad's order flow (docs/pad.md "Kinds and flows"), pure: from a piece the viewer clicked and its legal orders
 * (the server's `PadChoice`s, from the engine's legal-order generator) to the one order to store, click by click.
 * Each step says which provinces may be clicked now; nothing else can be chosen, so every order the flow ends on
 * is one the legal-order generator listed.
 *
 * - move / retreat: the destination (then the coast, where several).
 * - support / convoy: the supported or convoyed unit's province, then the destination (for a support, the same
 *   province again: support to hold).
 * - a path order (a variant's multi-space move): its spaces one by one; where a legal path ends but a longer one
 *   goes on, "stop here" ends it.
 * - build: the kind (army, fleet), then the coast where several; every other kind stores at once.
 */
import type { PadChoice, PadPiece } from '../../game/pad/index.js';

export type { PadChoice, PadPiece };

/** The order kinds in the order their buttons are shown; a variant's own kinds follow. */
const KIND_ORDER = ['hold', 'move', 'support', 'convoy', 'retreat', 'disband', 'build-army', 'build-fleet', 'waive'];

export type Prompt =
  | 'pickTarget'
  | 'pickSupported'
  | 'pickSupportTo'
  | 'pickSupportMove'
  | 'pickSupportHold'
  | 'pickConvoyed'
  | 'pickConvoyTo'
  | 'pickPath';

/**
 * What a support's second click may pick, said as it is: where the supported unit moves, the same unit again (support
 * to hold), or both. A unit out of reach of the supported unit's province may only support its move, so "or the same
 * unit again" would send a new player to a province that is not lit.
 */
function supportPrompt(target: string, choices: PadChoice[]): Prompt {
  const hold = choices.some((c) => c.to === target);
  const move = choices.some((c) => c.to !== target);
  if (hold && move) return 'pickSupportTo';
  return hold ? 'pickSupportHold' : 'pickSupportMove';
}

export type Step =
  | { at: 'idle' }
  | { at: 'kind'; piece: PadPiece }
  | {
      at: 'target';
      piece: PadPiece;
      kind: string;
      /** The choices still open. */
      choices: PadChoice[];
      /** What the next click picks: a `to`, a `target`, or the next space of a path. */
      stage: 'to' | 'target' | 'path';
      /** Path orders: the spaces clicked so far. */
      picked: string[];
      prompt: Prompt;
      /** A path that may end here (the "stop here" button). */
      finish: PadChoice | null;
    }
  | { at: 'coast'; piece: PadPiece; options: { coast: string; choice: PadChoice }[] };

/** What a click leads to: the next step, or the order to store. */
export type Outcome = { step: Step } | { done: PadChoice };

/**
 * The step to keep when a fresh view arrives (a stored order's answer, a save): the one under way while its piece
 * is offered unchanged, else idle. An answer to an earlier click must not undo the click after it.
 */
export function keepStep(step: Step, pieces: readonly PadPiece[]): Step {
  if (step.at === 'idle') return step;
  const fresh = pieces.find((p) => p.province === step.piece.province);
  return fresh && JSON.stringify(fresh) === JSON.stringify(step.piece) ? step : { at: 'idle' };
}

export function kindsOf(piece: PadPiece): string[] {
  const kinds = [...new Set(piece.choices.map((c) => c.kind))];
  const rank = (k: string) => (KIND_ORDER.includes(k) ? KIND_ORDER.indexOf(k) : KIND_ORDER.length);
  return kinds.sort((a, b) => rank(a) - rank(b));
}

const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => v !== undefined))];

/** One order per coast of the same destination, or the order itself (a plain move before one by convoy). */
function byCoast(piece: PadPiece, matches: PadChoice[]): Outcome {
  const plain = matches.filter((c) => !c.via);
  const pool = plain.length > 0 ? plain : matches;
  const coasts = unique(pool.map((c) => c.coast));
  if (coasts.length > 1)
    return {
      step: {
        at: 'coast',
        piece,
        options: coasts.map((coast) => ({ coast, choice: pool.find((c) => c.coast === coast)! })),
      },
    };
  return { done: pool[0]! };
}

const targetStep = (
  piece: PadPiece,
  kind: string,
  choices: PadChoice[],
  stage: 'to' | 'target' | 'path',
  prompt: Prompt,
): Outcome => ({ step: { at: 'target', piece, kind, choices, stage, picked: [], prompt, finish: null } });

/** The viewer chose a kind of order for the piece. */
export function chooseKind(piece: PadPiece, kind: string): Outcome {
  const choices = piece.choices.filter((c) => c.kind === kind);
  if (choices.length === 0) return { step: { at: 'kind', piece } };
  if (choices.some((c) => c.path))
    return targetStep(
      piece,
      kind,
      choices.filter((c) => c.path),
      'path',
      'pickPath',
    );
  if (choices.some((c) => c.target !== undefined))
    return targetStep(piece, kind, choices, 'target', kind === 'convoy' ? 'pickConvoyed' : 'pickSupported');
  if (choices.some((c) => c.to !== undefined)) return targetStep(piece, kind, choices, 'to', 'pickTarget');
  // Builds in a province with several coasts: one button per coast.
  if (choices.length > 1 && choices.every((c) => c.coast !== undefined)) return byCoast(piece, choices);
  return { done: choices[0]! };
}

/** The provinces that may be clicked now. */
export function litProvinces(step: Step): Set<string> {
  if (step.at !== 'target') return new Set();
  if (step.stage === 'target') return new Set(unique(step.choices.map((c) => c.target)));
  if (step.stage === 'to') return new Set(unique(step.choices.map((c) => c.to)));
  return new Set(unique(step.choices.map((c) => c.path?.[step.picked.length])));
}

/**
 * The provinces already chosen for the order under way, marked on the map while the next one is clicked (docs/pad.md
 * "Kinds and flows"): the supported unit or the convoyed army, the spaces of a path so far, the destination whose
 * coast is asked.
 */
export function pickedProvinces(step: Step): string[] {
  if (step.at === 'coast') {
    const first = step.options[0]?.choice;
    return unique([first?.target, first?.to]);
  }
  if (step.at !== 'target') return [];
  if (step.stage === 'path') return step.picked;
  return step.stage === 'to' ? unique([step.choices[0]?.target]) : [];
}

/** The viewer clicked province `p` while choosing a target; null when `p` is not one of the lit ones. */
export function pickProvince(step: Step, p: string): Outcome | null {
  if (step.at !== 'target' || !litProvinces(step).has(p)) return null;
  if (step.stage === 'target') {
    const choices = step.choices.filter((c) => c.target === p);
    const prompt: Prompt = step.kind === 'convoy' ? 'pickConvoyTo' : supportPrompt(p, choices);
    return { step: { ...step, choices, stage: 'to', prompt } };
  }
  if (step.stage === 'to')
    return byCoast(
      step.piece,
      step.choices.filter((c) => c.to === p),
    );
  const picked = [...step.picked, p];
  const along = step.choices.filter((c) => picked.every((q, i) => c.path?.[i] === q));
  const exact = along.find((c) => c.path!.length === picked.length) ?? null;
  const longer = along.filter((c) => c.path!.length > picked.length);
  if (exact && longer.length === 0) return { done: exact };
  return { step: { ...step, choices: longer, picked, finish: exact } };
}
