/**
 * The play of a sandbox (issue 25 §1), pure: orders for every power checked exactly as `/order` checks a player's
 * (src/game/orders.ts `checkOrder`), and the phase played as a game plays it — the variant plug-in's own phase steps
 * (`startSteps`, `beforeClaim`, each step's `close`, with what they hand to the adjudication) and its actions, run on
 * a context over the sandbox instead of the game's tables, the owner acting for every seat and as the game master.
 * What the steps would post in the game's channel is kept for the owner; nothing is sent. The plug-in's `sandbox`
 * rules say what a sandbox plays differently (the ballots of a vote, the options). No database: src/game/sandbox.ts
 * keeps the board, the orders and the stage.
 */
import { parseOrder, parseOrders } from '../engine/parse/index.js';
import type { Adjudication, Order, Position, Power, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { SandboxOrder, SandboxRecord, SandboxStage } from '../store/schema.js';
import { pluginOf } from '../variants/index.js';
import type { ActionCaller, ActionChoice, ActionValues, Handoff, LiveContext, PhaseStep, SandboxFacts, StepProgress, VariantAction } from '../variants/plugin/index.js';
import { dutiesOf, hasDuties } from './duties.js';
import { checkOrder, missingOrders } from './orders.js';
import { resultsLinesOf } from './plugin-context.js';
import { listRecords } from './records.js';
import { adjudicatePhase } from './steps.js';
import { phaseLabel } from './summary.js';
import type { RejectedOrder } from './types.js';
import { randomToken } from './views.js';
import { channelRef, timeRef } from './text-refs.js';

/** The game a sandbox was copied from, as its plug-in's steps are told about it (they name its channel and durations). */
export interface SandboxGame {
  id: number;
  channelId: string;
  durations: Readonly<Record<'movement' | 'retreat' | 'adjustment', number>>;
}

/** What a sandbox plays on: its variant (with the game's options), board, orders and where the phase's steps stand. */
export interface SandboxBoard {
  variantId: string;
  variant: Variant;
  /** The options the sandbox plays: the game's, as the plug-in's `sandbox.options` adapts them. */
  options: Readonly<Record<string, string>>;
  position: Position;
  orders: readonly SandboxOrder[];
  /** The powers seated in the copied game (they vote on neutral units, and only they act in a phase step). */
  seated: readonly Power[];
  stage: SandboxStage;
  game: SandboxGame;
  /** The owner: in the sandbox, the player of every seat and the game master. */
  ownerUserId: string;
  /** Phases stepped through since the copy (the plug-in's `phase.index` in the sandbox). */
  index: number;
}

/** When a sandbox use-case runs, and its randomness (the game layer's `deps`). */
export interface SandboxCall {
  now: number;
  random: () => number;
  /** Told about stored records their schema refuses. */
  report?: (err: unknown) => void;
}

/** At most this many phases with nothing to decide are stepped through after one `next` (as resolve.ts chains them). */
const MAX_SKIPPED_PHASES = 20;

/** The power whose unit (or, for a build, whose centre) an order is about; null when there is none. */
function ownerOf(position: Position, order: Order): Power | null {
  if (order.kind === 'waive') return null;
  const at = order.unit.province;
  switch (position.phase.type) {
    case 'movement':
      return position.units.find((u) => u.province === at)?.power ?? null;
    case 'retreat':
      return position.dislodged.find((u) => u.province === at)?.power ?? null;
    case 'adjustment':
      if (order.kind === 'build') {
        for (const [power, owned] of Object.entries(position.supplyCenters)) if (owned.includes(at)) return power;
        return null;
      }
      return position.units.find((u) => u.province === at)?.power ?? null;
  }
}

const placeName = (variant: Variant, province: string) => variant.map.province(province)?.name ?? province;

/**
 * Reads `text` (orders separated by `;` or new lines) as orders for whichever power owns each unit, checks each as
 * `/order` would for that power, and returns the new order set (an order replaces the one for the same unit).
 */
export function enterSandboxOrders(
  board: Pick<SandboxBoard, 'variant' | 'position' | 'orders'>,
  text: string,
): { orders: SandboxOrder[]; stored: SandboxOrder[]; rejected: RejectedOrder[]; replaced: { before: string; after: string }[] } {
  const { variant, position } = board;
  const orders = [...board.orders];
  const stored: SandboxOrder[] = [];
  const rejected: RejectedOrder[] = [];
  const replaced: { before: string; after: string }[] = [];
  for (const read of parseOrders(variant, text, { position })) {
    if (!read.ok) {
      rejected.push({ input: read.input, error: read.error });
      continue;
    }
    if (read.order.kind === 'waive') {
      rejected.push({ input: read.text, error: 'In a sandbox a build left out is waived: name the builds you want, and leave the others out.' });
      continue;
    }
    const owner = ownerOf(position, read.order);
    if (!owner) {
      const where = placeName(variant, read.order.unit.province);
      const why =
        position.phase.type === 'retreat' ? `No unit was dislodged in ${where}.` : read.order.kind === 'build' ? `${where} is nobody's supply centre.` : `There is no unit in ${where}.`;
      rejected.push({ input: read.text, error: why });
      continue;
    }
    // Read again as the owner's order, exactly as `/order` reads it for that power (its coast corrected from the board …).
    const parsed = parseOrder(variant, read.text, { position, power: owner });
    if (!parsed.ok) {
      rejected.push({ input: parsed.input, error: parsed.error });
      continue;
    }
    const own = orders.filter((o) => o.power === owner).map((o) => ({ unitKey: o.unitKey, kind: o.order.kind }));
    const checked = checkOrder(variant, position, owner, parsed.order, dutiesOf(variant, position, owner), own);
    if ('error' in checked) {
      rejected.push({ input: parsed.text, error: checked.error });
      continue;
    }
    const entry: SandboxOrder = { power: owner, unitKey: checked.unitKey, text: parsed.text, order: parsed.order };
    const i = orders.findIndex((o) => o.power === owner && o.unitKey === checked.unitKey);
    if (i >= 0) {
      if (orders[i]!.text !== entry.text) replaced.push({ before: orders[i]!.text, after: entry.text });
      orders.splice(i, 1);
    }
    orders.push(entry);
    const j = stored.findIndex((o) => o.power === owner && o.unitKey === checked.unitKey);
    if (j >= 0) stored.splice(j, 1);
    stored.push(entry);
  }
  return { orders, stored, rejected, replaced };
}

/** The powers that have something to decide on this board, each with what is still without an order. */
export function sandboxDuties(board: Pick<SandboxBoard, 'variant' | 'position' | 'orders'>): { power: Power; missing: string[] }[] {
  return board.variant.powers
    .map((p) => p.name)
    .flatMap((power) => {
      const duties = dutiesOf(board.variant, board.position, power);
      if (!hasDuties(duties)) return [];
      return [{ power, missing: missingOrders(duties, board.orders.filter((o) => o.power === power)) }];
    });
}

function factsOf(board: Pick<SandboxBoard, 'variant' | 'variantId' | 'options' | 'position' | 'orders' | 'seated'>): SandboxFacts {
  const given: PowerOrder[] = board.orders.map((o) => ({ power: o.power, order: o.order }));
  const raw: SandboxFacts = { variant: board.variant, options: board.options, position: board.position, orders: given, seated: board.seated };
  const rules = pluginOf(board.variantId).sandbox;
  return rules?.orders ? { ...raw, orders: rules.orders(raw) } : raw;
}

/** The options a sandbox of a game with `options` plays (the plug-in's `sandbox.options`; default: the same). */
export function sandboxOptions(variantId: string, options: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return pluginOf(variantId).sandbox?.options?.(options) ?? options;
}

/** A phase's stage before anything happened in it: orders open, no records, a fresh token. */
export function freshStage(random: () => number): SandboxStage {
  return { step: null, token: randomToken(random), records: [], posts: [] };
}

/** The board after `position` at the start of its phase: no orders, a fresh stage. */
function nextPhase(board: SandboxBoard, position: Position, call: SandboxCall): SandboxBoard {
  return { ...board, position, orders: [], stage: freshStage(call.random), index: board.index + 1 };
}

/**
 * The plug-in's context over a sandbox (src/game/plugin-context.ts makes the game's): the owner holds every seat and
 * is the game master, the records are the stage's, a post is kept for the owner, a DM and an audit line go nowhere
 * (the owner reads the replies), and `setPosition` replaces the sandbox's board. `result` is what the calls changed.
 */
function sandboxContext(
  board: SandboxBoard,
  call: SandboxCall,
  opts: { token: string; writer: string | null },
): { ctx: LiveContext; result: () => { position: Position; records: SandboxRecord[]; posts: string[] } } {
  const plugin = pluginOf(board.variantId);
  const { variant } = board;
  const records = structuredClone(board.stage.records);
  const posts: string[] = [];
  const holder = { position: board.position };
  const ctx: LiveContext = {
    variant,
    game: {
      id: board.game.id,
      channelId: board.game.channelId,
      options: board.options,
      durations: board.game.durations,
      // A sandbox has no deadline: it moves on when its owner says `/sandbox next`.
      deadline: null,
      gmUserId: board.ownerUserId,
    },
    phase: {
      id: 0,
      index: board.index,
      phase: board.position.phase,
      get position() {
        return holder.position;
      },
      label: phaseLabel(board.position.phase, variant),
      resolved: false,
      adjudication: null,
    },
    seats: board.seated.map((power) => ({ power, userId: board.ownerUserId })),
    step: board.stage.step ? { name: board.stage.step.name, startedAt: board.stage.step.startedAt, deadline: null } : null,
    now: call.now,
    records: listRecords(records, plugin.records, { writer: opts.writer, now: call.now }, call.report),
    orders: () => [...factsOf({ ...board, position: holder.position }).orders],
    time: (ms, style) => timeRef(ms, style),
    channel: channelRef(board.game.channelId),
    resultsLines: resultsLinesOf(variant),
    random: call.random,
    token: opts.token,
    post: (text) => void posts.push(text),
    dm: () => {},
    setPosition: (position) => void (holder.position = position),
    audit: () => {},
  };
  return { ctx, result: () => ({ position: holder.position, records, posts }) };
}

/** The board after a plug-in call: its board, records and posts, and the step under way (`step`). */
function after(board: SandboxBoard, result: ReturnType<ReturnType<typeof sandboxContext>['result']>, step: SandboxStage['step'], extraPost?: string): SandboxBoard {
  const posts = [...board.stage.posts, ...result.posts, ...(extraPost ? [extraPost] : [])];
  return { ...board, position: result.position, stage: { ...board.stage, step, records: result.records, posts } };
}

/** The step under way and its spec, or null (a step the plug-in no longer has counts as none, as in a game). */
function stepUnderWay(board: SandboxBoard): { name: string; spec: PhaseStep } | null {
  const name = board.stage.step?.name;
  const spec = name ? pluginOf(board.variantId).steps?.[name] : undefined;
  return name && spec ? { name, spec } : null;
}

/**
 * At the copy: when the game's phase is in its start choice (the copy has its board before the choice is applied),
 * the sandbox opens the plug-in's start choice too, for its owner to make.
 */
export function openSandboxStart(board: SandboxBoard, call: SandboxCall): SandboxBoard {
  const plugin = pluginOf(board.variantId);
  if (!plugin.startSteps) return board;
  const { ctx, result } = sandboxContext(board, call, { token: board.stage.token, writer: null });
  const decision = plugin.startSteps(ctx);
  if (!decision) return board;
  if (!plugin.steps?.[decision.open]) throw new Error(`the plug-in of ${board.variantId} opened a step it does not have: ${decision.open}`);
  return after(board, result(), { name: decision.open, startedAt: call.now }, decision.announce);
}

type Advanced =
  | { status: 'waiting'; board: SandboxBoard; opened: string }
  | { status: 'orders'; board: SandboxBoard }
  | { status: 'adjudicate'; board: SandboxBoard; handoff: Handoff };

/**
 * One step boundary, as src/game/steps.ts `advanceSteps` crosses it for a game (at a deadline or by `/gm advance`):
 * the step under way closes, or (the orders ending) the plug-in may open one before the claim.
 */
function advanceSteps(board: SandboxBoard, call: SandboxCall): Advanced {
  const plugin = pluginOf(board.variantId);
  const open = stepUnderWay(board);
  if (!open && !plugin.beforeClaim) return { status: 'adjudicate', board: { ...board, stage: { ...board.stage, step: null } }, handoff: {} };
  const { ctx, result } = sandboxContext(board, call, { token: board.stage.token, writer: null });
  const decision = open ? open.spec.close(ctx) : (plugin.beforeClaim?.(ctx) ?? null);
  if (!decision) return { status: 'adjudicate', board: after(board, result(), null), handoff: {} };
  if ('open' in decision) {
    if (!plugin.steps?.[decision.open]) throw new Error(`the plug-in of ${board.variantId} opened a step it does not have: ${decision.open}`);
    return { status: 'waiting', board: after(board, result(), { name: decision.open, startedAt: call.now }), opened: decision.open };
  }
  if ('adjudicate' in decision) return { status: 'adjudicate', board: after(board, result(), null), handoff: decision.adjudicate };
  // The phase's orders begin on the board the step made.
  const moved = after(board, result(), null, decision.beginOrders.announce);
  return { status: 'orders', board: decision.beginOrders.position ? { ...moved, position: decision.beginOrders.position } : moved };
}

/** The adjudication of the board's orders with what the steps handed over (as src/game/resolve.ts makes a game's). */
function adjudicateBoard(board: SandboxBoard, handoff: Handoff): Adjudication {
  return adjudicatePhase(board.variant, board.position, [...factsOf(board).orders], [...board.seated], handoff);
}

/** How many step boundaries a preview crosses at most before it adjudicates (a plug-in's steps always end). */
const MAX_PREVIEW_STEPS = 8;

/**
 * The results the phase would have if it were played out now with what was decided so far (every step closed as a
 * game master's `/gm advance` closes it): the provisional result while nothing else is decided. Nothing is kept.
 */
export function adjudicateSandbox(board: SandboxBoard, call: SandboxCall): Adjudication {
  let current = board;
  for (let i = 0; i < MAX_PREVIEW_STEPS; i++) {
    const r = advanceSteps(current, call);
    if (r.status === 'adjudicate') return adjudicateBoard(r.board, r.handoff);
    current = r.board;
  }
  throw new Error(`the steps of ${board.variantId} did not end after ${MAX_PREVIEW_STEPS} boundaries`);
}

/** What `/sandbox next` did. */
export type SandboxOutcome =
  /** A step of the phase opened (the owner acts in it with `/sandbox act`, then goes on). */
  | { kind: 'step'; step: string }
  /** The start choice closed: the phase's orders are open, on the board it made. */
  | { kind: 'orders' }
  /**
   * The phase was adjudicated (`phase`: its board as played, with its records and posts), then the phases where
   * nobody has anything to decide (`skipped`), as a game chains them.
   */
  | { kind: 'resolved'; phase: SandboxBoard; adjudication: Adjudication; skipped: Adjudication[] };

/**
 * Moves the sandbox on by one step boundary, as a game moves at a deadline: a step opens or closes, or the phase is
 * adjudicated and the sandbox goes on to the next phase with something to decide.
 */
export function stepSandbox(board: SandboxBoard, call: SandboxCall): { board: SandboxBoard; outcome: SandboxOutcome } {
  const first = advanceSteps(board, call);
  if (first.status === 'waiting') return { board: first.board, outcome: { kind: 'step', step: first.opened } };
  if (first.status === 'orders') return { board: first.board, outcome: { kind: 'orders' } };
  const adjudication = adjudicateBoard(first.board, first.handoff);
  let current = nextPhase(first.board, adjudication.position, call);
  const skipped: Adjudication[] = [];
  let last = adjudication;
  for (let i = 0; i < MAX_SKIPPED_PHASES && !last.winner; i++) {
    if (sandboxDuties(current).length > 0) break;
    const r = advanceSteps(current, call);
    if (r.status !== 'adjudicate') {
      current = r.board;
      break;
    }
    last = adjudicateBoard(r.board, r.handoff);
    skipped.push(last);
    current = nextPhase(r.board, last.position, call);
  }
  return { board: current, outcome: { kind: 'resolved', phase: first.board, adjudication, skipped } };
}

/** Why the sandbox's orders cannot change now (a step between the orders and the claim is under way), or null. */
export function sandboxOrdersClosed(board: SandboxBoard): string | null {
  const open = stepUnderWay(board);
  if (!open || open.spec.at !== 'claim') return null;
  return sandboxWords(open.spec.closedOrders ?? 'Orders for this phase are closed: a step of the phase is under way.');
}

/** A plug-in's instruction as it applies in a sandbox: its `/act` and `/gm act` are `/sandbox act` there. */
export function sandboxWords(text: string): string {
  return text.replace(/`\/(gm )?act /g, '`/sandbox act ');
}

/** The step under way as the sandbox shows it: its line, and whom it still waits for (the owner answers for them). */
export interface SandboxStepStatus {
  name: string;
  at: 'start' | 'claim';
  line: string;
  progress: StepProgress;
  labels: { answered: string; waiting: string };
}

export function sandboxStepStatus(board: SandboxBoard, call: SandboxCall): SandboxStepStatus | null {
  const open = stepUnderWay(board);
  if (!open) return null;
  const { ctx } = sandboxContext(board, call, { token: board.stage.token, writer: null });
  const progress = open.spec.progress(ctx);
  return { name: open.name, at: open.spec.at, line: sandboxWords(open.spec.statusLine(ctx, progress)), progress, labels: open.spec.labels ?? { answered: 'answered', waiting: 'waiting' } };
}

/** Who acts in a sandbox: the owner as one seat's player (`power`), or as the game master (`power` null). */
export interface SandboxActor {
  by: VariantAction['by'];
  power: string | null;
}

/** The seat `typed` names (any case), or why nobody acts for it. */
function seatOf(board: SandboxBoard, typed: string | null): { power: Power } | { error: string } {
  const wanted = (typed ?? '').trim().toLowerCase();
  if (wanted === '') return { error: 'Say which power you act for in `as:` (or `as:gm` for the game master).' };
  const power = board.variant.powers.map((p) => p.name).find((p) => p.toLowerCase() === wanted);
  if (!power) return { error: `${board.variant.name} has no power "${typed!.slice(0, 40)}"; the seated powers: ${board.seated.join(', ')}.` };
  if (!board.seated.includes(power)) return { error: `Nobody plays ${power} in the game this sandbox copies, so nobody acts for it (the seated powers: ${board.seated.join(', ')}).` };
  return { power };
}

function actionsFor(board: SandboxBoard, by: VariantAction['by']): VariantAction[] {
  return (pluginOf(board.variantId).actions ?? []).filter((a) => a.by === by);
}

/** The plug-in's actions open to the actor now (for the autocomplete and the help line). */
export function sandboxActions(board: SandboxBoard, actor: SandboxActor, call: SandboxCall): VariantAction[] {
  const caller = callerOf(board, actor);
  if ('error' in caller) return [];
  const { ctx } = sandboxContext(board, call, { token: board.stage.token, writer: board.ownerUserId });
  return actionsFor(board, actor.by).filter((a) => a.available(ctx, caller) === true);
}

function callerOf(board: SandboxBoard, actor: SandboxActor): ActionCaller | { error: string } {
  if (actor.by === 'gm') return { userId: board.ownerUserId, power: null };
  const seat = seatOf(board, actor.power);
  return 'error' in seat ? seat : { userId: board.ownerUserId, power: seat.power };
}

/** The choices of one slot of an action, as `/act` offers them to that seat (empty when the action is not open). */
export function sandboxActionChoices(
  board: SandboxBoard,
  call: SandboxCall,
  input: SandboxActor & { action: string | null; slot: 'choice' | 'detail'; typed: string; values: ActionValues },
): ActionChoice[] {
  const caller = callerOf(board, input);
  if ('error' in caller) return [];
  const action = actionsFor(board, input.by).find((a) => a.name === String(input.action ?? '').trim().toLowerCase());
  const { ctx } = sandboxContext(board, call, { token: board.stage.token, writer: board.ownerUserId });
  if (!action?.choices || !action[input.slot] || action.available(ctx, caller) !== true) return [];
  return action.choices(ctx, caller, input.slot, input.typed, input.values);
}

/**
 * Runs one of the plug-in's actions in the sandbox, for a seat or as the game master, exactly as `/act` and `/gm act`
 * run it in a game (src/game/actions.ts): refused when not open or when a required slot is empty, and a refusal
 * changes nothing. `settled`: a step is under way and nobody is left to answer in it (a game would close it now).
 */
export function actInSandbox(
  board: SandboxBoard,
  call: SandboxCall,
  input: SandboxActor & { action: string; values: ActionValues },
): { ok: true; board: SandboxBoard; action: string; reply: string; posts: string[]; settled: boolean } | { ok: false; error: string } {
  const caller = callerOf(board, input);
  if ('error' in caller) return { ok: false, error: caller.error };
  const actions = actionsFor(board, input.by);
  const typed = String(input.action ?? '').trim().toLowerCase();
  const action = actions.find((a) => a.name === typed);
  const who = input.by === 'gm' ? "game master's actions" : 'actions';
  if (!action) {
    return { ok: false, error: actions.length === 0 ? `${board.variant.name} has no ${who} beyond the orders.` : `${board.variant.name} has no \`${typed.slice(0, 40)}\` among its ${who}: ${actions.map((a) => `\`${a.name}\``).join(', ')}.` };
  }
  const { ctx, result } = sandboxContext(board, call, { token: randomToken(call.random), writer: board.ownerUserId });
  const available = action.available(ctx, caller);
  if (available !== true) return { ok: false, error: sandboxWords(available) };
  for (const slot of ['choice', 'detail'] as const) {
    const spec = action[slot];
    if (spec?.required && input.values[slot] === null) return { ok: false, error: `\`/sandbox act action:${action.name}\` needs its ${spec.label} in \`${slot}:\`.` };
  }
  const r = action.run(ctx, caller, input.values);
  if (!r.ok) return { ok: false, error: sandboxWords(r.error) };
  const done = result();
  const next = after(board, done, board.stage.step);
  const status = sandboxStepStatus(next, call);
  const settled = status !== null && !status.progress.gameMaster && status.progress.powers.every((p) => p.answered);
  return { ok: true, board: next, action: action.name, reply: sandboxWords(r.reply), posts: done.posts, settled };
}
