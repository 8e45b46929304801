/**
 * The play of a sandbox, pure: orders for every power checked exactly as `/order` checks a player's
 * (src/game/orders/orders.ts `checkOrder`), and the phase played as a game plays it — by the same phase machine
 * (src/game/phase/machine.ts: the variant plug-in's `startSteps`, `beforeClaim`, each step's `close` and its actions)
 * over a frame of the sandbox instead of the game's tables, the owner acting for every seat and as the game master,
 * and moved on from phase to phase by the same transition (src/game/phase/transition.ts) as a game.
 * The machine's effects are applied to the sandbox's JSON: what the steps would post in the game's channel is kept for
 * the owner, a DM or an audit line goes nowhere; nothing is sent. The plug-in's `sandbox` rules say what a sandbox
 * plays differently (the ballots of a vote, the options). No database: src/game/sandbox/sandbox.ts keeps the board, the
 * orders and the stage.
 */
import { orderSubject } from '../../engine/board.js';
import { parseOrder, parseOrders } from '../../engine/parse/index.js';
import type { OrderLanguage } from '../../engine/parse/index.js';
import type { Adjudication, Position, Power, PowerOrder } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { SandboxOrder, SandboxPost, SandboxStage } from '../../store/schema.js';
import { pluginOf } from '../../variants/index.js';
import type { ActionCaller, ActionValues, Handoff, SandboxFacts, VariantAction } from '../../variants/plugin/index.js';
import {
  dutiesOf,
  hasDuties,
  missingOrders,
  missingParams,
  type PhaseFrame,
  actionSlotChoices,
  type ActionOption,
  adjudicatePhase,
  closedOrdersMsg,
  readBackAction,
  decisionOf,
  openActions,
  phaseTransition,
  stepMachine,
  stepStatusOf,
  stepUnderWay,
  type ActionRefusal,
  type DecidesIn,
  type StepStatus,
  type Transition,
  writeListRecords,
  powersInDisorder,
} from '../phase/index.js';
import { checkOrder, parseProblemMsg } from '../orders/index.js';
import type { PowerCounts } from '../fog/index.js';
import {
  commandParam,
  codeListParam,
  msg,
  nameIn,
  optionParam,
  t,
  type Locale,
  type MessageKey,
  type Msg,
  type MsgParam,
} from '../../i18n/index.js';
import {
  fail,
  powerByName,
  powerParam,
  powersParam,
  provinceParam,
  type RejectedOrder,
  type Refusal,
  randomToken,
  typed as echoTyped,
  variantParam,
} from '../core/index.js';

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
  /** Fog of war: the power whose view the board is (the sandbox's `viewer`), or null for a whole board. */
  viewer: Power | null;
  /** Fog of war, with `viewer`: each power's centres and units out of its sight when copied (the sandbox's `unseen`). */
  unseen?: PowerCounts | null;
}

/** When a sandbox use-case runs, and its randomness (the game layer's `deps`). */
export interface SandboxCall {
  now: number;
  random: () => number;
  /** Told about stored records their schema refuses. */
  report?: (err: unknown) => void;
}

/** A refusal in English and for the reader. */
function refusedIn(key: MessageKey, params?: Record<string, MsgParam>): { error: string; message: Msg } {
  const message = msg(key, params);
  return { error: t('en', message), message };
}

/**
 * Reads `text` (orders separated by `;` or new lines) as orders for whichever power owns each unit, checks each as
 * `/order` would for that power, and returns the new order set (an order replaces the one for the same unit).
 */
export function enterSandboxOrders(
  board: Pick<SandboxBoard, 'variant' | 'position' | 'orders'>,
  text: string,
  language?: OrderLanguage,
): {
  orders: SandboxOrder[];
  stored: SandboxOrder[];
  rejected: RejectedOrder[];
  replaced: { before: string; after: string }[];
} {
  const { variant, position } = board;
  const orders = [...board.orders];
  const stored: SandboxOrder[] = [];
  const rejected: RejectedOrder[] = [];
  const replaced: { before: string; after: string }[] = [];
  // Read in the owner's language besides English, as `/order` reads a player's (docs/orders.md "Orders in other languages").
  for (const read of parseOrders(variant, text, { position, language })) {
    if (!read.ok) {
      rejected.push({ input: read.input, error: read.error, message: parseProblemMsg(variant, read.error) });
      continue;
    }
    if (read.order.kind === 'waive') {
      rejected.push({ input: read.text, ...refusedIn('sandbox.refused.waive') });
      continue;
    }
    const owner = orderSubject(position, read.order);
    if (!owner) {
      const place = provinceParam(variant, read.order.unit.province);
      const key =
        position.phase.type === 'retreat'
          ? 'orders.check.notDislodged'
          : read.order.kind === 'build'
            ? 'sandbox.refused.noOwner'
            : 'orders.problem.check.noUnit';
      rejected.push({ input: read.text, ...refusedIn(key, { place }) });
      continue;
    }
    // Read again as the owner's order, exactly as `/order` reads it for that power (its coast corrected from the board …).
    const parsed = parseOrder(variant, read.text, { position, power: owner });
    if (!parsed.ok) {
      rejected.push({ input: parsed.input, error: parsed.error, message: parseProblemMsg(variant, parsed.error) });
      continue;
    }
    const own = orders.filter((o) => o.power === owner).map((o) => ({ unitKey: o.unitKey, kind: o.order.kind }));
    const checked = checkOrder(variant, position, owner, parsed.order, dutiesOf(variant, position, owner), own);
    if ('error' in checked) {
      rejected.push({ input: parsed.text, error: checked.error, message: checked.message });
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
export function sandboxDuties(
  board: Pick<SandboxBoard, 'variant' | 'position' | 'orders'>,
): { power: Power; missing: string[]; shown: MsgParam[] }[] {
  return board.variant.powers
    .map((p) => p.name)
    .flatMap((power) => {
      const duties = dutiesOf(board.variant, board.position, power);
      if (!hasDuties(duties)) return [];
      const own = board.orders.filter((o) => o.power === power);
      // `shown`: the same in the reader's words (`A Marseille`, `1 construction (à Paris) ou renonce`).
      return [{ power, missing: missingOrders(duties, own), shown: missingParams(board.variant, duties, own) }];
    });
}

function factsOf(
  board: Pick<SandboxBoard, 'variant' | 'variantId' | 'options' | 'position' | 'orders' | 'seated'>,
): SandboxFacts {
  const given: PowerOrder[] = board.orders.map((o) => ({ power: o.power, order: o.order }));
  const raw: SandboxFacts = {
    variant: board.variant,
    options: board.options,
    position: board.position,
    orders: given,
    seated: board.seated,
  };
  const rules = pluginOf(board.variantId).sandbox;
  return rules?.orders ? { ...raw, orders: rules.orders(raw) } : raw;
}

/** The options a sandbox of a game with `options` plays (the plug-in's `sandbox.options`; default: the same). */
export function sandboxOptions(
  variantId: string,
  options: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
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
 * The sandbox's phase as the phase machine sees it (src/game/phase/plugin-context.ts `gameFrame` makes a game's): the owner
 * holds every seat and is the game master, the records are the stage's, and there is no deadline (a sandbox moves on
 * when its owner says `/sandbox next`).
 */
function frameOf(board: SandboxBoard, call: SandboxCall): PhaseFrame {
  const step = board.stage.step;
  const seats = board.seated.map((power) => ({ power, userId: board.ownerUserId }));
  return {
    variant: board.variant,
    plugin: pluginOf(board.variantId),
    game: {
      id: board.game.id,
      channelId: board.game.channelId,
      options: board.options,
      durations: board.game.durations,
      deadline: null,
      gmUserId: board.ownerUserId,
    },
    phase: { id: 0, index: board.index, position: board.position, resolved: false, adjudication: null },
    seats,
    // The powers nobody sat in in the copied game: the owner gives them no order, so they are in civil disorder here too.
    noPlayer: powersInDisorder({ nmr: 'hold' }, board.variant, board.position, seats),
    steps: { step: step?.name ?? null, startedAt: step?.startedAt ?? call.now, token: board.stage.token },
    records: board.stage.records,
    orders: (position) => [...factsOf({ ...board, position }).orders],
    now: call.now,
    random: call.random,
    ...(call.report ? { report: call.report } : {}),
  };
}

/**
 * The board after a transition of the machine: its posts kept in the stage (with a start choice's announcement and
 * the post that begins the orders), its board, records and step; a DM or an audit line goes nowhere (the owner reads
 * the replies).
 */
function applied(board: SandboxBoard, t: Transition): SandboxBoard {
  let position = board.position;
  const records = structuredClone(board.stage.records);
  const posts = [...board.stage.posts];
  for (const e of t.effects) {
    if (e.kind === 'post') posts.push(e.text);
    else if (e.kind === 'position') position = e.position;
    else if (e.kind === 'record') writeListRecords(records, [e.write]);
    else if (e.kind === 'open' && e.announce) posts.push([e.announce]);
    else if (e.kind === 'beginOrders') {
      posts.push(e.announce);
      position = e.position;
    }
  }
  const step = t.state.step ? { name: t.state.step, startedAt: t.state.startedAt } : null;
  return { ...board, position, stage: { ...board.stage, step, records, posts } };
}

/**
 * At the copy: when the game's phase is in its start choice (the copy has its board before the choice is applied),
 * the sandbox opens the plug-in's start choice too, for its owner to make.
 */
export function openSandboxStart(board: SandboxBoard, call: SandboxCall): SandboxBoard {
  return applied(board, stepMachine(frameOf(board, call), { kind: 'start' }));
}

/**
 * One step boundary, crossed by the phase machine as a game crosses it at a deadline or by `/gm advance`: the board
 * after it, and what follows (a step under way, the orders, or the adjudication).
 */
function crossBoundary(
  board: SandboxBoard,
  call: SandboxCall,
): { board: SandboxBoard; decision: NonNullable<ReturnType<typeof decisionOf>> } {
  const t = stepMachine(frameOf(board, call), { kind: 'boundary' });
  return { board: applied(board, t), decision: decisionOf(t)! };
}

/** The adjudication of the board's orders with what the steps handed over (as src/game/resolve/resolve.ts makes a game's). */
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
    const r = crossBoundary(current, call);
    if (r.decision.kind === 'adjudicate') return adjudicateBoard(r.board, r.decision.handoff);
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
   * nobody has anything to decide (`skipped`), as a game chains them (src/game/phase/transition.ts).
   */
  | { kind: 'resolved'; phase: SandboxBoard; adjudication: Adjudication; skipped: Adjudication[] };

/**
 * Moves the sandbox on by one step boundary, as a game moves at a deadline: a step opens or closes, or the phase is
 * adjudicated and the sandbox goes on to the next phase with something to decide. The sandbox's applier of the move
 * from phase to phase (src/game/phase/transition.ts, the game's is src/game/resolve/resolve.ts): each move applied to
 * the board, a phase where no power has anything to decide adjudicated on the way (the owner holds every seat).
 */
export function stepSandbox(board: SandboxBoard, call: SandboxCall): { board: SandboxBoard; outcome: SandboxOutcome } {
  const decidesIn: DecidesIn = (position) => sandboxDuties({ variant: board.variant, position, orders: [] }).length > 0;
  const moves = phaseTransition(frameOf(board, call), decidesIn);
  let current = board;
  let played: { phase: SandboxBoard; adjudication: Adjudication } | null = null;
  const skipped: Adjudication[] = [];
  for (let r = moves.next(); !r.done; ) {
    const move = r.value;
    const crossed = applied(current, move.crossing);
    if (move.kind === 'waits') {
      current = crossed;
      if (played) break;
      const outcome: SandboxOutcome =
        move.decision.kind === 'open' ? { kind: 'step', step: move.decision.step } : { kind: 'orders' };
      return { board: crossed, outcome };
    }
    if (played) skipped.push(move.adjudication);
    else played = { phase: crossed, adjudication: move.adjudication };
    current = nextPhase(crossed, move.adjudication.position, call);
    r = moves.next(move.after === 'chain' ? frameOf(current, call) : undefined);
  }
  if (!played) throw new Error('the phase transition adjudicated nothing');
  return { board: current, outcome: { kind: 'resolved', ...played, skipped } };
}

/**
 * Why the sandbox's orders cannot change now (a step between the orders and the claim is under way), or null: the
 * game's own message, which the bot words and then names the sandbox's commands in (`sandboxWords`).
 */
export function sandboxOrdersClosed(board: SandboxBoard): Msg | null {
  return closedOrdersMsg(
    stepUnderWay({ plugin: pluginOf(board.variantId), steps: { step: board.stage.step?.name ?? null } })?.spec,
  );
}

/** A post the sandbox kept, as message lines (a post kept as text before posts were messages: one plain line). */
export function postLines(post: SandboxPost): Msg[] {
  return typeof post === 'string' ? [msg('text.plain', { text: post })] : (post as readonly Msg[]).slice();
}

/**
 * A plug-in's instruction as it applies in a sandbox: its `/act` and `/gm act` are `/sandbox act` there, named as the
 * reader's client shows the commands (`/agir` → `/bac-à-sable agir`; their options have the same names).
 */
export function sandboxWords(text: string, locale: Locale = 'en'): string {
  const named = (path: string) => nameIn(locale, commandParam(path));
  const literal = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const act = new RegExp(`\`(?:${literal(named('gm.act'))}|${literal(named('act'))}) `, 'g');
  return text.replace(act, `\`${named('sandbox.act')} `);
}

/**
 * The step under way as the sandbox shows it: its line, and whom it still waits for (the owner answers for them), as
 * messages the bot words in the owner's locale (then `sandboxWords`: its commands are `/sandbox act` there).
 */
export type SandboxStepStatus = StepStatus;

export function sandboxStepStatus(board: SandboxBoard, call: SandboxCall): SandboxStepStatus | null {
  return stepStatusOf(frameOf(board, call));
}

/** Who acts in a sandbox: the owner as one seat's player (`power`), or as the game master (`power` null). */
export interface SandboxActor {
  by: VariantAction['by'];
  power: string | null;
}

/**
 * The seat `typed` names (any case, in English or in any locale's name of the power: `powerByName`), or why nobody acts
 * for it.
 */
function seatOf(board: SandboxBoard, typed: string | null): { power: Power } | Refusal {
  if ((typed ?? '').trim() === '') return fail(msg('sandbox.refused.actAs'));
  const seated = powersParam(board.variant, board.seated);
  const power = powerByName(board.variant, typed ?? '');
  if (!power)
    return fail(
      msg('sandbox.refused.noSeat', { variant: variantParam(board.variant), text: echoTyped(typed), seated }),
    );
  if (!board.seated.includes(power))
    return fail(msg('sandbox.refused.unseated', { power: powerParam(board.variant, power), seated }));
  return { power };
}

/** The plug-in's actions open to the actor now (for the autocomplete and the help line). */
export function sandboxActions(board: SandboxBoard, actor: SandboxActor, call: SandboxCall): VariantAction[] {
  const caller = callerOf(board, actor);
  return 'error' in caller ? [] : openActions(frameOf(board, call), actor.by, caller);
}

function callerOf(board: SandboxBoard, actor: SandboxActor): ActionCaller | Refusal {
  if (actor.by === 'gm') return { userId: board.ownerUserId, power: null };
  const seat = seatOf(board, actor.power);
  return 'error' in seat ? seat : { userId: board.ownerUserId, power: seat.power };
}

/** The choices of one slot of an action, as `/act` offers them to that seat (empty when the action is not open). */
export function sandboxActionChoices(
  board: SandboxBoard,
  call: SandboxCall,
  input: SandboxActor & { action: string | null; slot: 'choice' | 'detail'; values: ActionValues },
): ActionOption[] {
  const caller = callerOf(board, input);
  if ('error' in caller) return [];
  return actionSlotChoices(frameOf(board, call), {
    by: input.by,
    caller,
    action: input.action,
    slot: input.slot,
    values: input.values,
  });
}

/**
 * A refused action, in the words of `/sandbox act` (the keys `/act` uses where the sentence is the same). The plug-in's
 * own refusal names `/act`: its English here reads `/sandbox act`, as the bot words it (`sandboxWords`).
 */
function refusalOf(board: SandboxBoard, refusal: ActionRefusal, by: VariantAction['by']): Refusal {
  switch (refusal.kind) {
    case 'unknown': {
      const variant = variantParam(board.variant);
      if (refusal.actions.length === 0) return fail(msg('sandbox.refused.noActions', { variant, by }));
      const actions = codeListParam(refusal.actions);
      return fail(msg('act.refused.unknown', { variant, by, name: echoTyped(refusal.typed), actions }));
    }
    case 'missing':
      return fail(
        msg('act.refused.missing', {
          command: commandParam('sandbox.act'),
          action: optionParam('sandbox.act', 'action', refusal.action),
          label: refusal.label,
          slot: optionParam('sandbox.act', refusal.slot),
        }),
      );
    default:
      return { ...fail(refusal.why), error: sandboxWords(t('en', refusal.why)) };
  }
}

/**
 * Runs one of the plug-in's actions in the sandbox, for a seat or as the game master, through the phase machine as
 * `/act` and `/gm act` run it in a game (src/game/resolve/actions.ts): refused when not open or when a required slot is empty,
 * and a refusal changes nothing. `settled`: a step is under way and nobody is left to answer in it (a game would
 * close it now).
 */
export function actInSandbox(
  board: SandboxBoard,
  call: SandboxCall,
  input: SandboxActor & { action: string; values: ActionValues; locale?: Locale },
): { ok: true; board: SandboxBoard; action: string; reply: Msg; posts: Msg[][]; settled: boolean } | Refusal {
  const caller = callerOf(board, input);
  if ('error' in caller) return caller;
  const frame = frameOf(board, call);
  const typed = { action: String(input.action ?? ''), values: input.values };
  // Typed in the member's words (`déclarer`, `放棄`): read back as `/act` reads them.
  const { action, values } = input.locale
    ? readBackAction(frame, { ...typed, by: input.by, caller, locale: input.locale })
    : typed;
  const t = stepMachine(frame, { kind: 'act', by: input.by, caller, action, values });
  const answer = t.answer!;
  if (!answer.ok) return refusalOf(board, answer.refusal, input.by);
  const posts = t.effects.flatMap((e) => (e.kind === 'post' ? [e.text] : []));
  return {
    ok: true,
    board: applied(board, t),
    action: answer.action,
    reply: answer.reply,
    posts,
    settled: answer.settled,
  };
}
