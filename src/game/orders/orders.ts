/**
 * Players' orders: submit (parse, check against the board, store, replacing earlier orders for the same
 * unit), clear, and list. Orders stay secret: they go only to the ephemeral reply and the player's DM.
 */
import { first, type Tx } from '../../store/store.js';
import { and, eq, gt, isNull, like } from 'drizzle-orm';
import { adjustmentDelta } from '../../engine/adjustment.js';
import { orderProblem } from '../../engine/check.js';
import { parseOrders } from '../../engine/parse/index.js';
import type { Order, Position, Power, ProvinceId } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { audit, ordersOf, playersOf } from '../../store/queries.js';
import { orders, outbox, type GameRow, type OrderRow } from '../../store/schema.js';
import {
  isError,
  playerInGame,
  limitsOf,
  fail,
  inReadTransaction,
  inTransaction,
  type Caller,
  type GameDeps,
  type PhaseView,
  type RejectedOrder,
  type Result,
  type StoredOrder,
  newToken,
  toPhaseView,
  channelRef,
  timeRef,
  phaseMsg,
  orderParam,
  powerParam,
  provinceParam,
  checkProblemMsg,
  isComputer,
} from '../core/index.js';
import {
  ordersClosedByStep,
  type StepSurface,
  buildSites,
  buildableTypes,
  dutiesOf,
  missingOrders,
  missingParams,
  type Duties,
  BALLOT,
  isBallotKey,
  keepShownProgress,
  seatedPowersToAct,
  votedPowersOf,
} from '../phase/index.js';
import {
  ORDER_CONFIRMATION_KEY,
  queueDm,
  queueProgressStatus,
  rewriteCopies,
  type OutboxPayload,
  worded,
} from '../outbox/index.js';
import { listParam, msg, t, type Locale, type MessageKey, type Msg, type MsgParam } from '../../i18n/index.js';
import { parseProblemMsg } from './problems.js';
import { fogIsUp, positionSeenBy, powerView } from '../fog/index.js';
import { orderLanguage } from '../../variants/names.js';

export { isBallotKey };

function toStored(row: OrderRow): StoredOrder {
  return {
    power: row.power,
    unitKey: row.unitKey,
    text: row.text,
    submittedBy: row.submittedBy,
    submittedAt: row.submittedAt,
  };
}

/** An order checked against the board: the key it is stored under, or why it is refused (English, and for the reader). */
type CheckedOrder = { unitKey: string } | { error: string; message: Msg };

function refused(key: MessageKey, params?: Record<string, MsgParam>): { error: string; message: Msg } {
  const message = msg(key, params);
  return { error: t('en', message), message };
}

/** The adjudicator's reason as a refusal: the English sentence as before, and its message (problems.ts). */
function problemRefusal(variant: Variant, problem: string): { error: string; message: Msg } {
  return {
    error: `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`,
    message: checkProblemMsg(variant, problem),
  };
}

/** The powers whose units the players' vote moves in this game now (none in most variants). */
export async function votedPowersIn(tx: Tx, variant: Variant, gameId: number, position: Position): Promise<Set<Power>> {
  if (!variant.rules.votedPowers) return new Set();
  return votedPowersOf(
    variant,
    position,
    (await playersOf(tx, gameId)).map((p) => p.power),
  );
}

/**
 * Checks one parsed order against the board for this power and phase. Returns the key it is stored under
 * (the unit's province; `waive:n` for a waived build) or the reason it is refused. `fog` (docs/table.md "Fog of war"):
 * the power's view, on which its own builds and disbands are judged (`duties` come from it too), and the provinces out
 * of its sight, where no adjustment order is a ballot: whose centre it is, or what stands there, would show.
 */
export function checkOrder(
  variant: Variant,
  position: Position,
  power: Power,
  order: Order,
  duties: Duties,
  existing: { unitKey: string; kind: string }[],
  voted: ReadonlySet<Power> = new Set(),
  fog?: { own: Position; unseen: ReadonlySet<ProvinceId> },
): CheckedOrder {
  const phaseType = position.phase.type;
  if (phaseType === 'adjustment') {
    // A build the power may make itself is its own, even in a voted power's centre: a ballot only otherwise.
    const ownBuild = order.kind === 'build' && duties.builds > 0 && duties.buildSites.includes(order.unit.province);
    const hidden = 'unit' in order && fog?.unseen.has(order.unit.province);
    const ballot = ownBuild || hidden ? null : checkAdjustmentBallot(variant, position, order, voted);
    if (ballot) return ballot;
    return checkAdjustment(
      variant,
      fog?.own ?? position,
      power,
      order,
      duties,
      existing.filter((e) => !isBallotKey(e.unitKey)),
    );
  }
  const allowed = phaseType === 'movement' ? ['hold', 'move', 'support', 'convoy', 'special'] : ['retreat', 'disband'];
  if (!allowed.includes(order.kind)) {
    return refused(phaseType === 'movement' ? 'orders.check.movementPhase' : 'orders.check.retreatPhase');
  }
  if (order.kind === 'waive') return refused('orders.check.nothingToWaive');
  const pool = phaseType === 'movement' ? position.units : position.dislodged;
  const province = order.unit.province;
  const unit = pool.find((u) => u.province === province);
  const place = provinceParam(variant, province);
  if (!unit) {
    return refused(phaseType === 'movement' ? 'orders.problem.check.noUnit' : 'orders.check.notDislodged', { place });
  }
  const ballot = unit.power !== power && voted.has(unit.power);
  if (unit.power !== power && !ballot)
    return refused('orders.check.notYours', {
      place,
      owner: powerParam(variant, unit.power),
      power: powerParam(variant, power),
    });
  if (order.unit.type && order.unit.type !== unit.type)
    return refused('orders.check.wrongType', { place, type: unit.type, said: order.unit.type });
  if (ballot) {
    // A secret ballot for a neutral unit: checked as that power's order (an illegal ballot would not be counted).
    const problem = orderProblem(variant, position, { power: unit.power, order });
    if (problem)
      return {
        error: `As a vote for ${unit.power}'s unit: ${problem}.`,
        message: msg('orders.check.ballot', {
          power: powerParam(variant, unit.power),
          problem: checkProblemMsg(variant, problem),
        }),
      };
    return { unitKey: `${BALLOT}${province}` };
  }
  // The adjudicator's own legality rules, so a player hears at once what the results would only say later.
  const problem = orderProblem(variant, position, { power, order });
  if (problem) return problemRefusal(variant, problem);
  return { unitKey: province };
}

/** A winter ballot: a build in a centre of a voted power, or a disband of its unit; null when it is not one. */
function checkAdjustmentBallot(
  variant: Variant,
  position: Position,
  order: Order,
  voted: ReadonlySet<Power>,
): CheckedOrder | null {
  if (order.kind !== 'build' && order.kind !== 'disband') return null;
  const province = order.unit.province;
  const place = provinceParam(variant, province);
  const neutral =
    order.kind === 'build'
      ? [...voted].find((p) => (position.supplyCenters[p] ?? []).includes(province))
      : position.units.find((u) => u.province === province && voted.has(u.power))?.power;
  if (!neutral) return null;
  const delta = adjustmentDelta(position, neutral, variant.map, variant.rules);
  const power = powerParam(variant, neutral);
  if (order.kind === 'build') {
    if (delta <= 0) return refused('orders.check.ballotNoBuilds', { power });
    if (!buildSites(variant, position, neutral).includes(province))
      return refused('orders.check.ballotOccupied', { power, place });
    if (!buildableTypes(variant, position, neutral, province).includes(order.unit.type))
      return refused('orders.check.ballotType', { power, place, type: order.unit.type });
  } else if (delta >= 0) return refused('orders.check.ballotNoDisbands', { power });
  return { unitKey: `${BALLOT}${province}` };
}

function checkAdjustment(
  variant: Variant,
  position: Position,
  power: Power,
  order: Order,
  duties: Duties,
  existing: { unitKey: string; kind: string }[],
): CheckedOrder {
  switch (order.kind) {
    case 'build':
    case 'waive': {
      if (duties.builds <= 0) return refused('orders.check.noBuilds', { power: powerParam(variant, power) });
      const key = order.kind === 'build' ? order.unit.province : null;
      const others = existing.filter((e) => (e.kind === 'build' || e.kind === 'waive') && e.unitKey !== key);
      if (others.length >= duties.builds) {
        return refused('orders.check.buildsOnly', { power: powerParam(variant, power), count: duties.builds });
      }
      if (order.kind === 'waive') {
        const refusal = orderProblem(variant, position, { power, order });
        if (refusal) return problemRefusal(variant, refusal);
        const used = new Set(existing.map((e) => e.unitKey));
        let n = 1;
        while (used.has(`waive:${n}`)) n++;
        return { unitKey: `waive:${n}` };
      }
      const province = order.unit.province;
      const place = provinceParam(variant, province);
      if (!buildSites(variant, position, power).includes(province)) {
        const home = variant.map.homeCenters(power).includes(province);
        const owned = (position.supplyCenters[power] ?? []).includes(province);
        const occupied = position.units.some((u) => u.province === province);
        const rule = occupied
          ? undefined
          : variant.rules.buildRefusal?.({ map: variant.map, position, power, province });
        const why = occupied
          ? msg('orders.check.why.occupied')
          : rule
            ? rule
            : msg(!home ? 'orders.check.why.notHome' : !owned ? 'orders.check.why.notOwned' : 'orders.check.why.rules');
        return refused('orders.check.cannotBuild', { place, why });
      }
      const types = buildableTypes(variant, position, power, province);
      if (!types.includes(order.unit.type)) return refused('orders.check.buildType', { place, type: order.unit.type });
      if (!variant.map.canStand(order.unit.type, order.unit)) {
        const coasts = variant.map.coastsOf(province).map((c) => `${province}/${c}`);
        const last = coasts.pop() ?? '';
        const list = coasts.length > 0 ? msg('orders.problem.orList', { first: listParam(coasts), last }) : last;
        return refused('orders.check.needsCoast', { place, coasts: list });
      }
      return { unitKey: province };
    }
    case 'disband': {
      const named = powerParam(variant, power);
      if (duties.disbands <= 0) return refused('orders.check.noDisbands', { power: named });
      const province = order.unit.province;
      const place = provinceParam(variant, province);
      const unit = position.units.find((u) => u.province === province);
      if (!unit) return refused('orders.problem.check.noUnit', { place });
      if (unit.power !== power)
        return refused('orders.check.notYours', { place, owner: powerParam(variant, unit.power), power: named });
      const others = existing.filter((e) => e.kind === 'disband' && e.unitKey !== province);
      if (others.length >= duties.disbands)
        return refused('orders.check.disbandsOnly', { power: named, count: duties.disbands });
      return { unitKey: province };
    }
    default:
      return refused('orders.check.adjustmentPhase');
  }
}

/**
 * Order texts and what is still without an order (`F bre`, `1 build (in par) or WAIVE`: `missingOrders`), each with
 * its words in the reader's language (only those some locale writes otherwise; `missingParams` words the missing ones,
 * line for line). A unit is never an order's text (a hold reads `F bre H`): one record holds both.
 */
function writtenOrders(
  variant: Variant,
  texts: readonly string[],
  missing: { lines: readonly string[]; shown: readonly MsgParam[] } = { lines: [], shown: [] },
): Record<string, MsgParam> {
  const written: Record<string, MsgParam> = {};
  for (const text of texts) {
    const param = orderParam(variant, text);
    if (typeof param === 'object') written[text] = param;
  }
  missing.lines.forEach((line, i) => {
    const param = missing.shown[i];
    if (typeof param === 'object') written[line] = param;
  });
  return written;
}

/**
 * A power's order set as its lines: each order, then the units still without one (or that every unit has one); a power
 * with nothing to decide this phase (`idle`: as `/ready` judges, docs/bot.md) and no orders reads just that.
 */
function orderSetLines(variant: Variant, duties: Duties, rows: OrderRow[], idle = false): Msg[] {
  if (idle && rows.length === 0) return [msg('orders.nothingToDecide')];
  const lines = rows.map((r) =>
    msg(isBallotKey(r.unitKey) ? 'orders.line.ballot' : 'orders.line', { order: orderParam(variant, r.text) }),
  );
  const missing = missingParams(variant, duties, rows);
  return [
    ...(lines.length > 0 ? lines : [msg('orders.none')]),
    missing.length > 0 ? msg('orders.missing', { units: listParam(missing) }) : msg('orders.complete'),
  ];
}

/**
 * Queues the DM that confirms a power's complete order set: at most one
 * per burst of changes. A confirmation still waiting for its quiet period (`confirmationQuietMs`, at most three
 * of them after the first change) is rewritten with the newest order set, so sixty quick `/order`s send one DM
 * that shows the final orders; one already due (perhaps being delivered) is left alone and a new one follows.
 * When the phase resolves first, the confirmation is dropped (its results show the orders; src/game/outbox/write.ts
 * `enqueue`).
 */
async function queueConfirmation(
  tx: Tx,
  deps: GameDeps,
  game: GameRow,
  userId: string,
  power: string,
  phaseId: number,
  lines: Msg[],
  now: number,
): Promise<void> {
  const quiet = limitsOf(deps).confirmationQuietMs;
  const pending = first(
    await tx
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'dm'),
          eq(outbox.target, userId),
          eq(outbox.phaseId, phaseId),
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
          eq(outbox.attempts, 0),
          // Not due yet, so no deliverer has picked it up (they only take due rows).
          gt(outbox.nextAttemptAt, now),
          like(outbox.dedupeKey, `${ORDER_CONFIRMATION_KEY}${phaseId}:${power}:%`),
        ),
      )
      .limit(1),
  );
  const payload: OutboxPayload = { type: 'dm', gameId: game.id, ...worded(lines), reason: 'order_confirmation' };
  if (pending) {
    const nextAttemptAt = Math.min(now + quiet, pending.createdAt + 3 * quiet);
    await tx.update(outbox).set({ payload, nextAttemptAt }).where(eq(outbox.id, pending.id));
    // A spectator allowed to see the orders (docs/table.md "Spectators") reads the same, newest set.
    await rewriteCopies(tx, { dedupeKey: pending.dedupeKey, payload, nextAttemptAt });
    return;
  }
  const dedupeKey = `${ORDER_CONFIRMATION_KEY}${phaseId}:${power}:${newToken(deps)}`;
  await queueDm(tx, game, { to: userId, reason: 'order_confirmation', text: lines, dedupeKey, now, phaseId });
  if (quiet > 0) {
    await tx
      .update(outbox)
      .set({ nextAttemptAt: now + quiet })
      .where(eq(outbox.dedupeKey, dedupeKey));
    await rewriteCopies(tx, { dedupeKey, payload, nextAttemptAt: now + quiet });
  }
}

/**
 * Orders close at the deadline, even if the sweep that resolves the phase has not run yet.
 * Returns the reason, or null while orders are open (a paused game has no deadline).
 */
export function deadlinePassed(game: GameRow, now: number): Msg | null {
  if (game.status !== 'active' || game.deadlineMs === null || now < game.deadlineMs) return null;
  return msg('orders.closed.deadline', {
    relative: timeRef(game.deadlineMs, 'R'),
    date: timeRef(game.deadlineMs, 'f'),
  });
}

/**
 * Bounds an order text before anything parses it: characters and orders (lines or
 * `;`-separated parts). Returns the sentence to show, or null when it is within bounds. Counting is one
 * linear pass that stops at the first excess.
 */
export function orderInputProblem(deps: Pick<GameDeps, 'limits'>, text: string): Msg | null {
  const { maxOrderChars, maxOrderLines } = limitsOf(deps);
  if (text.length > maxOrderChars) return msg('orders.refused.tooLong', { length: text.length, max: maxOrderChars });
  let parts = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 59 || c === 0xff1b) {
      parts++;
      if (parts > maxOrderLines) return msg('orders.refused.tooMany', { max: maxOrderLines });
    }
  }
  return null;
}

/** What `submitOrders` stored, refused and replaced, and the power's whole order set after it. */
export interface SubmittedOrders {
  power: string;
  /** The power's name as a message parameter, worded in the reader's locale (`Qin`, `秦`). */
  powerName: MsgParam;
  phase: PhaseView;
  stored: StoredOrder[];
  rejected: RejectedOrder[];
  /** Earlier orders (stored before, or earlier in this text) that an order of this text replaced. */
  replaced: { before: string; after: string }[];
  orders: StoredOrder[];
  missing: string[];
  /** Each order text and missing unit above in the reader's language, for the replies that list them. */
  written: Readonly<Record<string, MsgParam>>;
}

/** A power's stored orders of a phase, as `submitOrders` replaces them. */
async function existingOrders(tx: Tx, phaseId: number, power: Power) {
  return (await ordersOf(tx, phaseId, power)).map((r) => ({ unitKey: r.unitKey, kind: r.order.kind, text: r.text }));
}

/**
 * The board a player's typed orders are read on: the whole board, or while the fog is up the player's view with the
 * provinces out of sight (docs/table.md "Fog of war"). Read on the whole board, a refusal would tell what stands out of
 * sight ("the army in Armenia belongs to Turkey" against "England has no unit in Armenia"); on the view it reads the
 * same whatever stands there, and a support or convoy for a unit out of sight stays legal when it names the unit's type.
 */
function boardForOrders(
  game: GameRow,
  variant: Variant,
  position: Position,
  power: Power,
): { read: Position; judged: Position; unseen?: ReadonlySet<string> } {
  if (!fogIsUp(game)) return { read: position, judged: position };
  const view = powerView(variant, position, power);
  // Ballots for a neutral's adjustment are judged on the whole board; a power's own builds and disbands on its view
  // (`read`): a build site out of sight (the Hsiung-Nu's placement area) reads as vacant whatever stands there, and the
  // adjudication fails a build where a unit stands, as any.
  const judged = position.phase.type === 'adjustment' ? position : view.position;
  return { read: view.position, judged, unseen: new Set(view.hidden) };
}

/** Where and by whom orders are being stored. */
interface OrderSite {
  phaseId: number;
  power: Power;
  userId: string;
  now: number;
}

/**
 * Stores one checked order, replacing the unit's earlier one, and keeps `existing` (the power's orders as the next
 * check reads them) current. Returns the text it replaced, or null when the unit had none.
 */
async function storeOrder(
  tx: Tx,
  at: OrderSite,
  one: { unitKey: string; text: string; order: Order },
  existing: { unitKey: string; kind: Order['kind']; text: string }[],
): Promise<string | null> {
  await tx
    .insert(orders)
    .values({
      phaseId: at.phaseId,
      power: at.power,
      unitKey: one.unitKey,
      text: one.text,
      order: one.order,
      submittedBy: at.userId,
      submittedAt: at.now,
    })
    .onConflictDoUpdate({
      target: [orders.phaseId, orders.power, orders.unitKey],
      set: { text: one.text, order: one.order, submittedBy: at.userId, submittedAt: at.now },
    });
  const i = existing.findIndex((e) => e.unitKey === one.unitKey);
  const before = i >= 0 ? existing[i]!.text : null;
  if (i >= 0) existing.splice(i, 1);
  existing.push({ unitKey: one.unitKey, kind: one.order.kind, text: one.text });
  return before;
}

/** After orders were stored: the DM that confirms the power's set, the audit line, the progress in the status. */
async function afterOrdersStored(
  tx: Tx,
  deps: GameDeps,
  at: OrderSite & { game: GameRow },
  confirmation: Msg[],
  count: number,
): Promise<void> {
  const { game, phaseId, power, userId, now } = at;
  await queueConfirmation(tx, deps, game, userId, power, phaseId, confirmation, now);
  // Debug-level detail only: the audit log keeps who submitted how many orders, never their text.
  await audit(tx, { gameId: game.id, userId, action: 'orders', detail: { phaseId, power, count }, at: now });
  await queueProgressStatus(tx, game, now);
}

/**
 * Parses `text` (one order per line or `;`-separated) as orders of the caller's power for the current phase,
 * stores the accepted ones (replacing earlier orders for the same unit), and queues a DM with the power's
 * complete order set. Rejected lines come back with the reason; stored ones are kept even if some fail.
 */
export async function submitOrders(
  deps: GameDeps,
  input: Caller & { text: string; phaseId?: number; locale?: Locale; surface?: StepSurface },
): Promise<Result<SubmittedOrders>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await playerInGame(tx, input, { allowPaused: true }); // orders may be written while the clock is stopped
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    // A computer seat's orders still count past the deadline: the resolution waits for them (src/game/seats/nmr.ts).
    const late = isComputer(player.userId) ? null : deadlinePassed(game, deps.now());
    const closed = late ?? (await ordersClosedByStep(tx, game, phase, input.surface));
    if (closed) return fail(closed);
    if (input.phaseId !== undefined && input.phaseId !== phase.id)
      return fail(msg(input.surface === 'pad' ? 'orders.refused.phaseChangedPad' : 'orders.refused.phaseChangedPaste'));
    const text = typeof input.text === 'string' ? input.text : '';
    const problem = text.trim() === '' ? msg('orders.refused.noOrders') : orderInputProblem(deps, text);
    if (problem) return fail(problem);
    const position = phase.position;
    const power = player.power;
    // A power with nothing to decide (as `/ready` judges it, docs/bot.md) hears just that, never a phase's
    // instructions (`build, disband or waive`) that do not apply to it.
    if (!(await seatedPowersToAct(tx, game, variant, position)).includes(power))
      return fail(msg('orders.refused.nothingToDecide', { power: powerParam(variant, power) }));
    const { read, judged, unseen } = boardForOrders(game, variant, position, power);
    const duties = dutiesOf(variant, read, power);
    const now = deps.now();
    const rejected: RejectedOrder[] = [];
    const storedKeys: string[] = [];
    const existing = await existingOrders(tx, phase.id, power);
    const replaced: { before: string; after: string }[] = [];
    const voted = await votedPowersIn(tx, variant, game.id, position);
    // Read in the member's language besides English (docs/orders.md "Orders in other languages"); stored in English.
    const language = input.locale ? orderLanguage(variant, input.locale) : undefined;
    await keepShownProgress(tx, game, now);
    for (const parsed of parseOrders(variant, text, { position: read, power, alsoFor: [...voted], language, unseen })) {
      if (!parsed.ok) {
        rejected.push({ input: parsed.input, error: parsed.error, message: parseProblemMsg(variant, parsed.error) });
        continue;
      }
      const fog = unseen ? { own: read, unseen } : undefined;
      const checked = checkOrder(variant, judged, power, parsed.order, duties, existing, voted, fog);
      if ('error' in checked) {
        rejected.push({ input: parsed.text, error: checked.error, message: checked.message });
        continue;
      }
      const one = { unitKey: checked.unitKey, text: parsed.text, order: parsed.order };
      const before = await storeOrder(tx, { phaseId: phase.id, power, userId: input.userId, now }, one, existing);
      if (before !== null && before !== parsed.text) replaced.push({ before, after: parsed.text });
      if (!storedKeys.includes(checked.unitKey)) storedKeys.push(checked.unitKey);
    }
    const all = await ordersOf(tx, phase.id, power);
    // In the order the player wrote them.
    const stored = storedKeys.map((k) => all.find((r) => r.unitKey === k)!).map(toStored);
    const missing = missingOrders(duties, all);
    if (stored.length > 0) {
      const confirmation = [
        msg('orders.confirm.head', {
          power: powerParam(variant, power),
          phase: phaseMsg(position.phase, variant),
          channel: channelRef(game.channelId),
        }),
        ...orderSetLines(variant, duties, all),
      ];
      await afterOrdersStored(
        tx,
        deps,
        { game, phaseId: phase.id, power, userId: input.userId, now },
        confirmation,
        stored.length,
      );
      changed(game.id);
    }
    return {
      ok: true,
      power,
      powerName: powerParam(variant, power),
      phase: toPhaseView(phase, variant),
      stored,
      rejected,
      replaced,
      orders: all.map(toStored),
      missing,
      // Refused orders the parser read too, echoed in the reader's words (docs/locales.md "Refused orders").
      written: writtenOrders(
        variant,
        [...all.map((o) => o.text), ...replaced.map((x) => x.before), ...rejected.map((x) => x.input)],
        { lines: missing, shown: missingParams(variant, duties, all) },
      ),
    };
  });
}

/** Deletes all of the caller's orders for the current phase. */
export async function clearOrders(
  deps: GameDeps,
  input: Caller & { phaseId?: number; surface?: StepSurface },
): Promise<Result<{ power: string; phase: PhaseView; cleared: number }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await playerInGame(tx, input, { allowPaused: true }); // orders may be written while the clock is stopped
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    if (input.phaseId !== undefined && input.phaseId !== phase.id) return fail(msg('orders.refused.phaseChangedClear'));
    const closed = deadlinePassed(game, deps.now()) ?? (await ordersClosedByStep(tx, game, phase, input.surface));
    if (closed) return fail(closed);
    await keepShownProgress(tx, game, deps.now());
    const res = (
      await tx
        .delete(orders)
        .where(and(eq(orders.phaseId, phase.id), eq(orders.power, player.power)))
        .returning()
    ).length;
    if (res > 0) {
      const now = deps.now();
      const duties = dutiesOf(
        ctx.variant,
        positionSeenBy(ctx.game, ctx.variant, phase.position, player.power),
        player.power,
      );
      await queueConfirmation(
        tx,
        deps,
        game,
        input.userId,
        player.power,
        phase.id,
        [
          msg('orders.confirm.cleared', {
            power: powerParam(variant, player.power),
            phase: phaseMsg(phase.position.phase, variant),
            channel: channelRef(game.channelId),
          }),
          ...orderSetLines(variant, duties, []),
        ],
        now,
      );
      await audit(tx, {
        gameId: game.id,
        userId: input.userId,
        action: 'orders_clear',
        detail: { phaseId: phase.id, power: player.power },
        at: now,
      });
      await queueProgressStatus(tx, game, now);
      changed(game.id);
    }
    return { ok: true, power: player.power, phase: toPhaseView(phase, variant), cleared: res };
  });
}

/**
 * The caller's orders for the current phase, the units still without one, and for an adjustment phase the
 * number of builds or disbands due. Works while paused too.
 */
export async function myOrders(
  deps: GameDeps,
  input: Caller,
): Promise<
  Result<{
    power: string;
    /** The power's name as a message parameter, worded in the reader's locale (`Qin`, `秦`). */
    powerName: MsgParam;
    phase: PhaseView;
    orders: StoredOrder[];
    unordered: string[];
    adjustment: { builds: number; disbands: number; buildSites: string[] } | null;
    /** Each order text and unordered unit in the reader's language, for the replies that list them. */
    written: Readonly<Record<string, MsgParam>>;
    /** The list `/orders show` answers, worded by the reader. */
    lines: Msg[];
  }>
> {
  return await inReadTransaction(deps, async (tx) => {
    const ctx = await playerInGame(tx, input, { allowPaused: true });
    if (isError(ctx)) return ctx;
    const { game, variant, phase, player } = ctx;
    const rows = await ordersOf(tx, phase.id, player.power);
    // Fog of war: a power's duties as it sees them (its build sites out of sight read as vacant: `boardForOrders`).
    const duties = dutiesOf(variant, positionSeenBy(game, variant, phase.position, player.power), player.power);
    const unordered = missingOrders(duties, rows);
    const idle = !(await seatedPowersToAct(tx, game, variant, phase.position)).includes(player.power);
    const adjustment =
      phase.position.phase.type === 'adjustment'
        ? { builds: duties.builds, disbands: duties.disbands, buildSites: duties.buildSites }
        : null;
    return {
      ok: true,
      power: player.power,
      powerName: powerParam(variant, player.power),
      phase: toPhaseView(phase, variant),
      orders: rows.map(toStored),
      unordered,
      adjustment,
      written: writtenOrders(
        variant,
        rows.map((r) => r.text),
        { lines: unordered, shown: missingParams(variant, duties, rows) },
      ),
      lines: [
        msg('orders.show.head', {
          power: powerParam(variant, player.power),
          phase: phaseMsg(phase.position.phase, variant),
        }),
        ...orderSetLines(variant, duties, rows, idle),
      ],
    };
  });
}
