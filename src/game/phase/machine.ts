/**
 * The phase-step machine, pure: a phase (`PhaseFrame`: where its steps stand, its board, records and seats, the
 * variant's plug-in) and an input in; the new step state and the effects out. One machine for every variant, for the
 * game and the sandbox alike: a game applies the effects in its transaction (src/game/phase/steps.ts, src/game/resolve/actions.ts:
 * the outbox, its tables), a sandbox to its JSON (src/game/sandbox/rules.ts). Nothing here reads or writes a
 * database or sends anything.
 *
 * The steps are the plug-in's (src/variants/plugin `PhaseStep`): a **start** step (a start choice) before a phase's
 * orders open, a **claim** step (a declaration step) between its orders and its claim. The inputs:
 *
 * - `start`: the first phase is about to open its orders (`/game start`; a sandbox copied in the game's start
 *   choice). The plug-in's `startSteps` may open a step: effect `open`, with the line that replaces the start post's
 *   orders line.
 * - `boundary`: the phase reaches a step boundary (its deadline, `/gm advance`, nobody left to wait for, `/sandbox
 *   next`). The step under way closes (its `close`), or, the orders ending, `beforeClaim` may open one. The last effect
 *   says what follows: `open` (a step is under way until its deadline), `beginOrders` (the phase's orders begin on
 *   this board) or `adjudicate` (with what the steps hand over).
 * - `act`: a player's or the game master's action (`/act`, `/gm act`, `/sandbox act`). Its `answer` is the reply, and
 *   whether the step under way now waits for nobody (`settled`: the caller crosses the boundary), or why it was refused
 *   (a refusal has no effects).
 *
 * The queries below (`stepStatusOf`, `openActions`, …) read a frame the same way for both.
 */
import { adjudicate } from '../../engine/index.js';
import type { Adjudication, Position, PowerOrder } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type {
  AdvanceWords,
  ActionCaller,
  ActionValues,
  Handoff,
  PhaseStep,
  StepDecision,
  StepProgress,
  VariantAction,
  VariantPlugin,
} from '../../variants/plugin/index.js';
import { randomToken } from '../core/index.js';
import { msg, type Locale, type Msg } from '../../i18n/index.js';
import { pickedAction, pickedValue, type ActionOption } from './action-choices.js';
import { pluginLines, pluginMsg } from './texts.js';
import { contextOf, type PhaseFrame, type PluginEffect, type StepState } from './frame.js';

export type StepInput =
  | { kind: 'start' }
  | { kind: 'boundary' }
  /** `action`: as typed (any case); `values`: the two slots, trimmed, null when empty. */
  | { kind: 'act'; by: VariantAction['by']; caller: ActionCaller; action: string; values: ActionValues };

/** What the machine decided, after what the plug-in did (`PluginEffect`s, in order). */
export type StepEffect =
  | PluginEffect
  /** The step `step` is under way until `deadline`; `announce` (at `start` only) replaces the start post's orders line. */
  | { kind: 'open'; step: string; at: PhaseStep['at']; deadline: number; announce?: Msg }
  /** The phase's orders begin now, on `position`, with the phase's own duration; `announce` opens the post that says so. */
  | { kind: 'beginOrders'; position: Position; announce: Msg[] }
  /** The phase is adjudicated now, with what its steps hand over. */
  | { kind: 'adjudicate'; handoff: Handoff };

/** Why an action was refused (each caller says it in its own commands' words). */
export type ActionRefusal =
  /** No action of that name for this caller (`actions`: the names there are). */
  | { kind: 'unknown'; typed: string; actions: string[] }
  /** Not open to the caller now: the plug-in's sentence (`available`), or its own refusal of the values (`run`). */
  | { kind: 'unavailable' | 'refused'; why: Msg }
  /** A required slot left empty. */
  | { kind: 'missing'; action: string; slot: 'choice' | 'detail'; label: Msg };

export type ActionAnswer =
  | { ok: true; action: string; reply: Msg; whenOpen?: Msg; whenClosed?: Msg; whenHidden?: Msg; settled: boolean }
  | { ok: false; refusal: ActionRefusal };

export interface Transition {
  state: StepState;
  effects: StepEffect[];
  /** The token of the plug-in's calls (the phase's, or a fresh one for an action): it keys what they post. */
  token: string;
  /** `act` only: the reply, or the refusal. */
  answer?: ActionAnswer;
}

/** The machine's decision in a transition (its last effect when it is one), or null. */
export function decisionOf(t: Transition): Extract<StepEffect, { kind: 'open' | 'beginOrders' | 'adjudicate' }> | null {
  const last = t.effects.at(-1);
  return last && (last.kind === 'open' || last.kind === 'beginOrders' || last.kind === 'adjudicate') ? last : null;
}

/** One input, one transition. */
export function stepMachine(frame: PhaseFrame, input: StepInput): Transition {
  switch (input.kind) {
    case 'start':
      return startPhase(frame);
    case 'boundary':
      return crossBoundary(frame);
    case 'act':
      return runAction(frame, input);
  }
}

/** Does the plug-in have phase steps at all (a variant without them has no boundary to cross)? */
export const hasPhaseSteps = (plugin: VariantPlugin): boolean =>
  Boolean(plugin.steps || plugin.beforeClaim || plugin.startSteps);

function specOf(frame: PhaseFrame, step: string): PhaseStep {
  const spec = frame.plugin.steps?.[step];
  if (!spec) throw new Error(`the plug-in of ${frame.variant.id} opened a step it does not have: ${step}`);
  return spec;
}

/** The step under way and its spec, or null (a step the plug-in no longer has counts as none). */
export function stepUnderWay(frame: {
  plugin: VariantPlugin;
  steps: Pick<StepState, 'step'>;
}): { name: string; spec: PhaseStep } | null {
  const name = frame.steps.step;
  const spec = name ? frame.plugin.steps?.[name] : undefined;
  return name && spec ? { name, spec } : null;
}

function opened(
  frame: PhaseFrame,
  decision: Extract<StepDecision, { open: string }>,
  withAnnounce: boolean,
): { state: StepState; effect: StepEffect } {
  const spec = specOf(frame, decision.open);
  const announce = withAnnounce && decision.announce ? { announce: pluginMsg(decision.announce) } : {};
  return {
    state: { step: decision.open, startedAt: frame.now, token: frame.steps.token },
    effect: { kind: 'open', step: decision.open, at: spec.at, deadline: decision.deadline, ...announce },
  };
}

function startPhase(frame: PhaseFrame): Transition {
  const token = frame.steps.token;
  if (!frame.plugin.startSteps) return { state: frame.steps, effects: [], token };
  const call = contextOf(frame, { token, writer: null });
  const decision = frame.plugin.startSteps(call.ctx);
  if (!decision) return { state: frame.steps, effects: call.effects, token };
  const open = opened(frame, decision, true);
  return { state: open.state, effects: [...call.effects, open.effect], token };
}

function crossBoundary(frame: PhaseFrame): Transition {
  const { plugin } = frame;
  const token = frame.steps.token;
  const over: StepState = { ...frame.steps, step: null };
  const open = stepUnderWay(frame);
  if (!open && !plugin.beforeClaim) return { state: over, effects: [{ kind: 'adjudicate', handoff: {} }], token };
  const call = contextOf(frame, { token, writer: null });
  const decision = open ? open.spec.close(call.ctx) : (plugin.beforeClaim?.(call.ctx) ?? null);
  const done = (state: StepState, effect: StepEffect): Transition => ({
    state,
    effects: [...call.effects, effect],
    token,
  });
  if (!decision) return done(over, { kind: 'adjudicate', handoff: {} });
  if ('open' in decision) {
    const next = opened(frame, decision, false);
    return done(next.state, next.effect);
  }
  if ('adjudicate' in decision) return done(over, { kind: 'adjudicate', handoff: decision.adjudicate });
  const { position, announce } = decision.beginOrders;
  return done(over, { kind: 'beginOrders', position: position ?? call.position(), announce: pluginLines(announce) });
}

function runAction(frame: PhaseFrame, input: Extract<StepInput, { kind: 'act' }>): Transition {
  const refused = (refusal: ActionRefusal, token = ''): Transition => ({
    state: frame.steps,
    effects: [],
    token,
    answer: { ok: false, refusal },
  });
  const actions = actionsBy(frame.plugin, input.by);
  const typed = input.action.trim().toLowerCase();
  const action = actions.find((a) => a.name === typed);
  if (!action) return refused({ kind: 'unknown', typed, actions: actions.map((a) => a.name) });
  const token = randomToken(frame.random);
  const call = contextOf(frame, { token, writer: input.caller.userId });
  const available = action.available(call.ctx, input.caller);
  if (available !== true) return refused({ kind: 'unavailable', why: pluginMsg(available) }, token);
  for (const slot of ['choice', 'detail'] as const) {
    const spec = action[slot];
    if (spec?.required && input.values[slot] === null)
      return refused({ kind: 'missing', action: action.name, slot, label: pluginMsg(spec.label) }, token);
  }
  const r = action.run(call.ctx, input.caller, input.values);
  if (!r.ok) return refused({ kind: 'refused', why: pluginMsg(r.error) }, token);
  const after: PhaseFrame = { ...frame, phase: { ...frame.phase, position: call.position() }, records: call.records() };
  const status = stepStatusOf(after);
  const settled = status !== null && isSettled(status.progress);
  const { whenOpen, whenClosed, whenHidden } = r;
  const answer: ActionAnswer = {
    ok: true,
    action: action.name,
    reply: pluginMsg(r.reply),
    settled,
    ...(whenOpen ? { whenOpen: pluginMsg(whenOpen) } : {}),
    ...(whenClosed ? { whenClosed: pluginMsg(whenClosed) } : {}),
    ...(whenHidden ? { whenHidden: pluginMsg(whenHidden) } : {}),
  };
  return { state: frame.steps, effects: call.effects, token, answer };
}

// ---------------------------------------------------------------------------------------------------------------
// Queries: what a frame shows

/** The adjudication of a phase's orders with what its steps handed over (`players`: the seated powers, who vote on neutral units). */
export function adjudicatePhase(
  variant: Variant,
  position: Position,
  orders: PowerOrder[],
  players: string[],
  handoff: Handoff,
): Adjudication {
  const battles = handoff.battles ?? [];
  const adjudicated = adjudicate(variant, position, orders, battles.length > 0 ? { players, battles } : { players });
  return handoff.nextPosition ? { ...adjudicated, position: handoff.nextPosition(adjudicated.position) } : adjudicated;
}

/** The step under way as a status shows it: its line, and who it waits for (never what they chose). */
export interface StepStatus {
  name: string;
  at: PhaseStep['at'];
  line: Msg;
  progress: StepProgress;
  labels: { answered: Msg; waiting: Msg };
}

export function stepStatusOf(frame: PhaseFrame): StepStatus | null {
  const open = stepUnderWay(frame);
  if (!open) return null;
  const { ctx } = contextOf(frame, { token: frame.steps.token, writer: null });
  const progress = open.spec.progress(ctx);
  return {
    name: open.name,
    at: open.spec.at,
    line: pluginMsg(open.spec.statusLine(ctx, progress)),
    progress,
    labels: open.spec.labels
      ? { answered: pluginMsg(open.spec.labels.answered), waiting: pluginMsg(open.spec.labels.waiting) }
      : { answered: msg('status.step.answered'), waiting: msg('status.step.waiting') },
  };
}

/** The step waits for nobody any more: every power answered, nothing left for the game master. */
export const isSettled = (progress: StepProgress): boolean =>
  !progress.gameMaster && progress.powers.every((p) => p.answered);

/** Where a step's answer is read: a slash command's reply, or the order pad (whose actions are buttons). */
export type StepSurface = 'command' | 'pad';

/** Why orders cannot change while `spec` is under way (a `claim` step closes them), or null. */
export function closedOrdersMsg(spec: PhaseStep | undefined, surface: StepSurface = 'command'): Msg | null {
  if (spec?.at !== 'claim') return null;
  const line = (surface === 'pad' ? spec.onPad?.closedOrders : undefined) ?? spec.closedOrders;
  return line !== undefined ? pluginMsg(line) : msg('orders.closed.step');
}

/** The step's own words for refusing `/ready` (or the pad's ready) while it is under way, if it has any. */
export function stepReadyRefusalMsg(spec: PhaseStep, surface: StepSurface = 'command'): Msg | undefined {
  const line = (surface === 'pad' ? spec.onPad?.readyRefusal : undefined) ?? spec.readyRefusal;
  return line !== undefined ? pluginMsg(line) : undefined;
}

/** `/gm advance`: what ending the current stage early is called, and what follows. */
export function advanceWordsOf(frame: PhaseFrame): AdvanceWords {
  const open = stepUnderWay(frame);
  if (open) return open.spec.advance;
  const { ctx } = contextOf(frame, { token: '', writer: null });
  return frame.plugin.ordersAdvance?.(ctx) ?? {};
}

/** The step's reminders before `deadline`: a text for each seated power it still waits for (a step without a reminder: none). */
export function stepReminders(frame: PhaseFrame, deadline: number): { power: string; userId: string; text: Msg[] }[] {
  const open = stepUnderWay(frame);
  if (!open?.spec.reminder) return [];
  const { ctx } = contextOf(frame, { token: frame.steps.token, writer: null });
  return open.spec.progress(ctx).powers.flatMap(({ power, answered }) => {
    const seat = frame.seats.find((s) => s.power === power);
    const text = !answered && seat ? open.spec.reminder!(ctx, power, deadline) : null;
    return text && seat ? [{ power, userId: seat.userId, text: pluginLines(text) }] : [];
  });
}

function actionsBy(plugin: VariantPlugin, by: VariantAction['by']): VariantAction[] {
  return (plugin.actions ?? []).filter((a) => a.by === by);
}

/** The plug-in's actions open to `caller` now. */
export function openActions(frame: PhaseFrame, by: VariantAction['by'], caller: ActionCaller): VariantAction[] {
  const { ctx } = contextOf(frame, { token: frame.steps.token, writer: caller.userId });
  return actionsBy(frame.plugin, by).filter((a) => a.available(ctx, caller) === true);
}

/**
 * Every choice of one slot of the action named `action`, as offered to `caller` (none when it is not open to them),
 * its names as messages; `matchingChoices` keeps those matching what the member typed, in their words.
 */
export function actionSlotChoices(
  frame: PhaseFrame,
  input: {
    by: VariantAction['by'];
    caller: ActionCaller;
    action: string | null;
    slot: 'choice' | 'detail';
    values: ActionValues;
  },
): ActionOption[] {
  const action = actionsBy(frame.plugin, input.by).find(
    (a) =>
      a.name ===
      String(input.action ?? '')
        .trim()
        .toLowerCase(),
  );
  if (!action?.choices || !action[input.slot]) return [];
  const { ctx } = contextOf(frame, { token: frame.steps.token, writer: input.caller.userId });
  if (action.available(ctx, input.caller) !== true) return [];
  return action
    .choices(ctx, input.caller, input.slot, input.values)
    .map((c) => ({ name: pluginMsg(c.name), value: c.value }));
}

/**
 * What a member typed in `locale` without picking a choice, read back as the plug-in's names and values (an action's
 * name in their words, a slot's choice named in them): see `pickedValue`. `/act`, `/gm act` and `/sandbox act` read
 * what was typed through it alike.
 */
export function readBackAction(
  frame: PhaseFrame,
  input: { by: VariantAction['by']; caller: ActionCaller; action: string; values: ActionValues; locale: Locale },
): { action: string; values: ActionValues } {
  const { by, caller, locale } = input;
  // Every action of the caller's side, open or not: a closed one typed in their words gets its own refusal.
  const ownActions = (frame.plugin.actions ?? []).filter((a) => a.by === by);
  const action = pickedAction(ownActions, input.action, locale);
  const slot = (name: 'choice' | 'detail', values: ActionValues) =>
    pickedValue(actionSlotChoices(frame, { by, caller, action, slot: name, values }), values[name], locale);
  const choice = slot('choice', input.values);
  const detail = slot('detail', { ...input.values, choice });
  return { action, values: { choice, detail } };
}
