/**
 * Seats that never stall (docs/bot.md "Seats that never stall"): vacant seats, `/game leave` during a game,
 * `/gm substitute` and the **Claim** of a substitute call, for every kind of game (a kind with seats of its own, the
 * card game, hands them over through `KindSeats`, src/game/core/kind.ts); the record they rest on is record.ts.
 *
 * A vacant seat's holder is `vacant:<power>` (src/game/core/holder.ts): nobody orders or votes for it, its missing
 * orders are given as the game's `nmr` says, and it waits for a substitute. The first claim closes the call by `UPDATE
 * … WHERE closed_at IS NULL`, which changes one row exactly once, in the transaction that hands the seat over: two
 * presses at once, two processes, or a kill -9 between the press and the reply still give one new player. Entry
 * points: `vacateSeat`, `vacateSilentSeats` (after each adjudication), `leaveSeat`, `gmSubstitute`, `claimSeat`.
 */
import { first, type Tx } from '../../store/store.js';
import { and, eq, isNull } from 'drizzle-orm';
import { locationKey } from '../../engine/index.js';
import type { Position } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import {
  audit,
  gameById,
  openGameByChannel,
  ordersOf,
  phaseById,
  playerByUser,
  playersOf,
  readyPowers,
} from '../../store/queries.js';
import { phases, players, readiness, substituteCalls, votes, type GameRow, type PhaseRow } from '../../store/schema.js';
import {
  handedAt,
  isPerson,
  holderName,
  vacantUserId,
  isVacant,
  hidesIdentities,
  gameKindOf,
  type KindSeats,
  type SeatDescription,
  phaseMsg,
  channelRef,
  timeRef,
  fail,
  inReadTransaction,
  inTransaction,
  type Caller,
  type GameDeps,
  type Refusal,
  type Result,
  powerByName,
  gamePowerParam,
  powersParam,
  unitParam,
  variantOfGame,
  variantParam,
  typed,
} from '../core/index.js';
import { clearSeatOnHandOver, handWaitingToHolder, queueVotesCleared } from './hand-over.js';
import { syncPressThreads } from '../press/index.js';
import { fogIsUp, positionSeenBy } from '../fog/index.js';
import { dutiesOf, hasDuties, keepShownProgress, missingParams } from '../phase/index.js';
import {
  enqueue,
  privateActDueAt,
  queueDm,
  queueNotice,
  queueProgressStatus,
  queueStatus,
  worded,
} from '../outbox/index.js';
import { listParam, msg, type MessageKey, type Msg, type MsgParam } from '../../i18n/index.js';
import { NMR_COMPUTER, recordSeatTurn, reliabilityRefusal, seatOutcome, silentFor } from './record.js';
import { openCallOf, openSubstituteCall, queueCallClosed, substituteCallLines } from './substitute-calls.js';

/**
 * Records how every member's seat that had something to decide did in the phase being resolved (inside the
 * resolution's transaction, before the adjudication); `acting` are the seated powers that act in it. Returns the
 * powers recorded as missed.
 */
export async function recordPhaseSeats(
  tx: Tx,
  game: GameRow,
  phaseId: number,
  acting: string[],
  now: number,
): Promise<string[]> {
  const phase = await phaseById(tx, phaseId);
  const variant = variantOfGame(game);
  if (!phase || !variant) return [];
  const missed: string[] = [];
  const ready = await readyPowers(tx, phaseId);
  for (const seat of await playersOf(tx, game.id)) {
    if (!isPerson(seat.userId) || !acting.includes(seat.power)) continue;
    const duties = dutiesOf(variant, positionSeenBy(game, variant, phase.position, seat.power), seat.power);
    if (!hasDuties(duties)) continue;
    const own = (await ordersOf(tx, phaseId, seat.power)).filter((o) => o.submittedBy !== NMR_COMPUTER);
    // A member who said `/ready` without an order was there and chose the defaults: never "missed" (so never vacated
    // for it), but not complete either.
    const given = seatOutcome(duties, own);
    const outcome = given === 'missed' && ready.has(seat.power) ? 'partial' : given;
    await recordSeatTurn(
      tx,
      { gameId: game.id, turn: String(phaseId), power: seat.power, userId: seat.userId, outcome },
      now,
    );
    if (outcome === 'missed') missed.push(seat.power);
  }
  return missed;
}

/**
 * A Diplomacy power's seat as a substitute call and the claim DM describe it. A call is posted in the channel: while
 * the fog of war is up (`forCall`) it counts the seat's units rather than saying where they stand (docs/table.md "Fog
 * of war"); the claim DM, to the seat's new player, lists them.
 */
function describePower(
  game: GameRow,
  position: Position,
  power: string,
  forCall = false,
): SeatDescription & { named: MsgParam; phase: Msg; holdings: Msg; units: string[] } {
  const variant = variantOfGame(game);
  const centres = position.supplyCenters[power]?.length ?? 0;
  const own = position.units.filter((u) => u.power === power);
  const units = own.map((u) => `${u.type} ${locationKey(u)}`);
  return {
    power,
    named: gamePowerParam(game, power),
    phase: phaseMsg(position.phase, variant ?? undefined),
    deadline: game.status === 'active' ? game.deadlineMs : null,
    holdings:
      forCall && fogIsUp(game)
        ? msg('seats.holdings.fogged', { centres, units: own.length })
        : units.length > 0
          ? msg('seats.holdings', {
              centres,
              units: listParam(variant ? own.map((u) => unitParam(variant, u)) : units),
            })
          : msg('seats.holdings.noUnits', { centres }),
    units,
  };
}

/** A Diplomacy seat as a substitute call describes it: with what it does meanwhile when nobody holds it. */
async function callDescription(tx: Tx, game: GameRow, position: Position, power: string): Promise<SeatDescription> {
  const description = describePower(game, position, power, true);
  const holder = (await playersOf(tx, game.id)).find((p) => p.power === power)?.userId;
  return holder !== undefined && isVacant(holder)
    ? { ...description, meanwhile: vacantSeatMeanwhile(game) }
    : description;
}

/** What a vacant Diplomacy seat does until someone claims it, as its `nmr:` says (a whole sentence). */
function vacantSeatMeanwhile(game: Pick<GameRow, 'nmr'>): Msg {
  return msg(game.nmr === 'computer' ? 'seats.meanwhile.computer' : 'seats.meanwhile.hold');
}

/** What the vacated member is told: why, what the seat does meanwhile, how to come back. */
function vacatedText(game: GameRow, power: string, reason: VacateReason): Msg {
  const meanwhile = vacantSeatMeanwhile(game);
  const channel = channelRef(game.channelId);
  const named = gamePowerParam(game, power);
  if (reason === 'silent')
    return msg('seats.vacated.silent', { power: named, channel, phases: game.vacateAfter, meanwhile });
  return msg(reason === 'muster' ? 'seats.vacated.muster' : 'seats.vacated.left', { power: named, channel, meanwhile });
}

/** Why a seat becomes vacant: silent for `vacate-after` phases, left, or unconfirmed at the muster's end. */
type VacateReason = 'silent' | 'left' | 'muster';

/**
 * Makes a Diplomacy seat vacant (its member fell silent, left, or did not answer the muster): the member no longer
 * orders or votes for it and is told by DM; the channel gets the substitute call. Orders already stored for the phase
 * under way stay. A member who left acted privately: in a game that hides who plays whom the channel learns it at the
 * next mark of the clock (`privateActDueAt`), the member's own DM at once; a silent seat or the muster's end is a
 * public event of the clock.
 */
export async function vacateSeat(
  tx: Tx,
  game: GameRow,
  power: string,
  reason: VacateReason,
  now: number,
): Promise<void> {
  const seat = (await playersOf(tx, game.id)).find((p) => p.power === power);
  if (!seat || !isPerson(seat.userId)) return;
  const dueAt = reason === 'left' ? privateActDueAt(game, now) : now;
  if (reason === 'left') await keepShownProgress(tx, game, now);
  await tx
    .update(players)
    .set({ userId: vacantUserId(power) })
    .where(eq(players.id, seat.id));
  await syncPressThreads(tx, game, power, now);
  await tx.delete(votes).where(and(eq(votes.gameId, game.id), eq(votes.power, power)));
  if (game.currentPhaseId !== null) {
    await tx.delete(readiness).where(and(eq(readiness.phaseId, game.currentPhaseId), eq(readiness.power, power)));
  }
  const fresh = (await gameById(tx, game.id))!;
  const phase = fresh.currentPhaseId !== null ? await phaseById(tx, fresh.currentPhaseId) : undefined;
  if (phase) {
    const description = await callDescription(tx, fresh, phase.position, power);
    await openSubstituteCall(tx, fresh, { power, reason, vacatedBy: seat.userId, description }, now, dueAt);
  }
  await queueVotesCleared(tx, game, power, `vacated:${now}`, now, dueAt, reason);
  await queueDm(tx, game, {
    to: seat.userId,
    reason: 'replaced',
    text: [vacatedText(game, power, reason)],
    dedupeKey: `vacated:${game.id}:${power}:${now}`,
    now,
  });
  if (reason === 'left') await queueProgressStatus(tx, game, now);
  else await queueStatus(tx, game.id, now);
}

/**
 * After a phase's records: every seat whose member has now missed `vacate_after` phases in a row becomes vacant
 * (inside the resolution's transaction, after its results were queued).
 */
export async function vacateSilentSeats(tx: Tx, game: GameRow, missed: string[], now: number): Promise<void> {
  if (game.vacateAfter <= 0) return;
  for (const power of missed) {
    const seat = (await playersOf(tx, game.id)).find((p) => p.power === power);
    if (!seat || !isPerson(seat.userId)) continue;
    // The streak counts from the phase under way when the member took the seat (a claim starts it afresh).
    const since = await phaseUnderWayAt(tx, game.id, seat.joinedAt);
    if (await silentFor(tx, game, power, seat.userId, since)) await vacateSeat(tx, game, power, 'silent', now);
  }
}

/** The id of the phase under way at `at` (the latest begun by then), or 0 before the first. */
async function phaseUnderWayAt(tx: Tx, gameId: number, at: number): Promise<number> {
  const begun = (
    await tx.select({ id: phases.id, startedAt: phases.startedAt }).from(phases).where(eq(phases.gameId, gameId))
  ).filter((p) => p.startedAt <= at);
  return Math.max(0, ...begun.map((p) => p.id));
}

async function startedGame(tx: Tx, channelId: string): Promise<GameRow | Refusal> {
  const game = await openGameByChannel(tx, channelId);
  if (!game) return fail(msg('seats.refused.noRunningGame'));
  if (game.status === 'forming') return fail(msg('game.refused.notStarted'));
  return game;
}

/**
 * The seat policy of a game's kind (src/game/core/kind.ts `KindSeats`): the card table's, or Diplomacy's. Every seat
 * use-case below goes through it, whatever the kind.
 */
function seatsOf(game: GameRow): KindSeats {
  return gameKindOf(game.kind)?.seats ?? DIPLOMACY_SEATS;
}

/**
 * What an open substitute call's post says now: the phase, its deadline and what the seat holds as they are, and what
 * it does meanwhile if nobody holds it (the deliverer rewrites the post with it, docs/bot.md "Seats that never
 * stall"). Null once the call is closed or its game over: its post then says so (`queueCallClosed`).
 */
export async function openCallLines(tx: Tx, callId: number): Promise<Msg[] | null> {
  const call = first(await tx.select().from(substituteCalls).where(eq(substituteCalls.id, callId)).limit(1));
  if (!call || call.closedAt !== null) return null;
  const game = await gameById(tx, call.gameId);
  if (!game || game.status === 'finished') return null;
  const description = await seatsOf(game).describe(tx, game, call.power);
  return substituteCallLines(description, call.reason, game.kind);
}

/** `leaveSeatCheck`'s refusal in English (the CLI and the tests read it), or null. */
export async function leaveSeatRefusal(deps: GameDeps, caller: Caller): Promise<string | null> {
  return (await leaveSeatCheck(deps, caller))?.error ?? null;
}

/**
 * Why `/game leave` during a game has nothing to ask the caller (no running game here, or no seat of theirs in it), or
 * null: the bot asks for the confirmation only when there is a seat to leave.
 */
export async function leaveSeatCheck(deps: GameDeps, caller: Caller): Promise<Refusal | null> {
  const r = await inReadTransaction(deps, async (tx) => {
    const game = await startedGame(tx, caller.channelId);
    if ('ok' in game) return game;
    if (!(await seatsOf(game).seatOf(tx, game, caller.userId))) return fail(NO_SEAT_TO_LEAVE);
    return { ok: true as const };
  });
  return r.ok ? null : r;
}

const NO_SEAT_TO_LEAVE = msg('seats.refused.noSeat');

/**
 * When the channel learns of a member's private act at the latest (a game that hides who plays whom: the next mark of
 * the clock, `privateActDueAt`), or null when it learns it at once; the member's reply says so.
 */
function shownBy(game: GameRow, now: number): number | null {
  const due = privateActDueAt(game, now);
  return due > now ? due : null;
}

/** `/game leave` during a game, after its confirmation: the caller's seat becomes vacant and a substitute is called. */
export async function leaveSeat(
  deps: GameDeps,
  caller: Caller,
): Promise<Result<{ power: string; shownBy: number | null }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await startedGame(tx, caller.channelId);
    if ('ok' in game) return game;
    const power = await seatsOf(game).seatOf(tx, game, caller.userId);
    if (!power) return fail(NO_SEAT_TO_LEAVE);
    const now = deps.now();
    await seatsOf(game).vacate(tx, game, power, 'left', now);
    await audit(tx, { gameId: game.id, userId: caller.userId, action: 'leave_seat', detail: { power }, at: now });
    changed(game.id);
    return { ok: true, power, shownBy: shownBy(game, now) };
  });
}

/** `/gm substitute power:`: the game master opens a substitute call for a seat at once (vacant or not). */
export async function gmSubstitute(
  deps: GameDeps,
  input: Caller & { power: string },
): Promise<Result<{ power: string; callId: number }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await startedGame(tx, input.channelId);
    if ('ok' in game) return game;
    if (game.gmUserId !== input.userId) return fail(msg('seats.refused.notGm'));
    const seat = await seatToOffer(tx, game, String(input.power ?? ''));
    if ('ok' in seat) return seat;
    const { power, holder, description } = seat;
    if (await openCallOf(tx, game.id, power))
      return fail(msg('seats.refused.callOpen', { power: gamePowerParam(game, power) }));
    const now = deps.now();
    const call = (await openSubstituteCall(tx, game, { power, reason: 'gm', vacatedBy: null, description }, now))!;
    if (holder && isPerson(holder))
      await queueDm(tx, game, {
        to: holder,
        reason: 'replaced',
        text: [msg('seats.gmCall.holder', { power: gamePowerParam(game, power), channel: channelRef(game.channelId) })],
        dedupeKey: `substitute-holder:${call.id}`,
        now,
      });
    await audit(tx, { gameId: game.id, userId: input.userId, action: 'gm_substitute', detail: { power }, at: now });
    changed(game.id);
    return { ok: true, power, callId: call.id };
  });
}

/** The seat `/gm substitute` names: its power, holder and description; or why there is none. */
async function seatToOffer(
  tx: Tx,
  game: GameRow,
  text: string,
): Promise<{ power: string; holder: string | null; description: SeatDescription } | Refusal> {
  const seats = seatsOf(game);
  const power = await seats.find(tx, game, text);
  if (!power) return fail(await seats.unknown(tx, game, text));
  return { power, holder: await seats.holderOf(tx, game, power), description: await seats.describe(tx, game, power) };
}

/**
 * A member pressed **Claim** on a substitute call. Refused (privately, with the reason) when the call is closed, its
 * game over, the member already plays in the game or is under the game's reliability bar; otherwise the seat is
 * theirs, in this one transaction.
 */
export async function claimSeat(
  deps: GameDeps,
  input: { callId: number; userId: string; channelId: string },
): Promise<
  Result<{
    power: string;
    gameId: number;
    channelId: string;
    returning: boolean;
    shownBy: number | null;
    /** What the claimer is told (the kind's words: `KindSeats.claimedKey`). */
    claimedKey: MessageKey;
  }>
> {
  return await inTransaction(deps, async (tx, changed) => {
    const call = first(await tx.select().from(substituteCalls).where(eq(substituteCalls.id, input.callId)).limit(1));
    if (!call) return fail(msg('seats.refused.callGone'));
    const game = await gameById(tx, call.gameId);
    // The call's button is posted in the game's channel only: the id pressed anywhere else (a client that forged it,
    // in another channel or server) takes nothing, whoever may see that channel.
    if (game && game.channelId !== input.channelId) return fail(msg('seats.claim.buttonGone'));
    if (!game || game.status === 'finished') return fail(msg('seats.refused.gameOver'));
    if (call.closedAt !== null && call.claimedBy === input.userId)
      return fail(msg('seats.refused.alreadyYours', { power: gamePowerParam(game, call.power) }));
    // Who may not claim at all is told so before whether the call is closed: a player, or a member below the bar,
    // pressing Claim again and again would otherwise read the moment a claim the channel learns only at the next mark
    // of the clock closed it (docs/bot.md "Hidden identities").
    const mine = await seatsOf(game).seatOf(tx, game, input.userId);
    if (mine) return fail(msg('seats.refused.alreadyPlaying', { power: gamePowerParam(game, mine) }));
    // A member claiming back the seat they were vacated from returns (their DM invited them): no bar, no substitute.
    const returning = call.vacatedBy === input.userId;
    const refusal = returning ? null : await reliabilityRefusal(tx, game, input.userId);
    if (refusal) return fail(refusal);
    if (call.closedAt !== null) return fail(msg('seats.refused.tooLate', { power: gamePowerParam(game, call.power) }));
    const now = deps.now();
    // The first press: exactly one claim changes the row.
    const won = (
      await tx
        .update(substituteCalls)
        .set({ closedAt: now, claimedBy: input.userId })
        .where(and(eq(substituteCalls.id, call.id), isNull(substituteCalls.closedAt)))
        .returning({ id: substituteCalls.id })
    ).length;
    if (won !== 1) return fail(msg('seats.refused.tooLate', { power: gamePowerParam(game, call.power) }));
    // The call's post stops offering the seat: its button is disabled (an edit through the outbox), in a game that
    // hides who plays whom at the next mark of the clock, as the claim's notice and status (`privateActDueAt`).
    await queueCallClosed(tx, game, call, 'taken', now, privateActDueAt(game, now));
    const seats = seatsOf(game);
    // Whom the claim replaces (a seat the game master offered while its player still held it): the seat's history.
    const from = await seats.holderOf(tx, game, call.power);
    await seats.hand(tx, game, call.power, input.userId, now, returning);
    await audit(tx, {
      gameId: game.id,
      userId: input.userId,
      action: 'claim',
      detail: { power: call.power, from },
      at: now,
    });
    changed(game.id);
    const shown = shownBy(game, now);
    return {
      ok: true,
      power: call.power,
      gameId: game.id,
      channelId: game.channelId,
      returning,
      shownBy: shown,
      claimedKey: seats.claimedKey ?? 'seats.claim.done',
    };
  });
}

/**
 * The DM a substitute (or a member back on their seat) gets: the power, what it holds, the phase and its deadline, the
 * orders stored and to give.
 */
function claimedText(
  game: GameRow,
  d: ReturnType<typeof describePower>,
  toDecide: MsgParam[],
  variantName: MsgParam,
  returning: boolean,
): Msg[] {
  const channel = channelRef(game.channelId);
  const deadline =
    game.status === 'active' && game.deadlineMs !== null
      ? msg('seats.claimed.deadline', {
          phase: d.phase,
          relative: timeRef(game.deadlineMs, 'R'),
          date: timeRef(game.deadlineMs, 'f'),
        })
      : msg('seats.claimed.paused', { phase: d.phase });
  return [
    msg('seats.claimed.head', { returning: returning ? 'yes' : 'no', power: d.named, variant: variantName, channel }),
    msg('seats.sentence', { text: d.holdings }),
    deadline,
    msg('seats.claimed.stored', { power: d.named }),
    ...(toDecide.length > 0 ? [msg('seats.claimed.toOrder', { units: listParam(toDecide) })] : []),
  ];
}

/** What the channel reads of a claim: a substitute took the seat, or its member is back on it (never named when hidden). */
function claimNotice(game: GameRow, power: string, userId: string, previous: string | null, returning: boolean): Msg {
  const named = gamePowerParam(game, power);
  if (returning)
    return hidesIdentities(game)
      ? msg('seats.notice.backHidden', { power: named })
      : msg('seats.notice.back', { member: holderName(userId), power: named });
  if (hidesIdentities(game)) return msg('seats.notice.tookHidden', { power: named });
  return previous && isPerson(previous)
    ? msg('seats.notice.tookReplacing', { member: holderName(userId), power: named, previous: holderName(previous) })
    : msg('seats.notice.took', { member: holderName(userId), power: named });
}

/**
 * Hands a Diplomacy seat to the member who claimed it: the seat's orders, readiness, draw vote and concession are
 * cleared (docs/decisions.md: a power changing hands loses them); the previous holder, if a member, is told they no
 * longer play it; the new player gets a DM with the power, a map, the deadline and what to order; the channel is told.
 */
async function handDiplomacySeat(
  tx: Tx,
  game: GameRow,
  power: string,
  userId: string,
  now: number,
  returning: boolean,
): Promise<void> {
  await keepShownProgress(tx, game, now);
  const seat = (await playersOf(tx, game.id)).find((p) => p.power === power);
  const previous = seat?.userId ?? null;
  if (seat)
    await tx
      .update(players)
      .set({ userId, joinedAt: handedAt(seat.joinedAt, now) })
      .where(eq(players.id, seat.id));
  else await tx.insert(players).values({ gameId: game.id, power, userId, joinedAt: now });
  const cleared = await clearSeatOnHandOver(tx, game, power);
  await syncPressThreads(tx, game, power, now);
  const tag = `${game.id}:${power}:${now}`;
  if (previous && isPerson(previous))
    await queueDm(tx, game, {
      to: previous,
      reason: 'replaced',
      text: [
        cleared > 0
          ? msg('seats.replacedCleared', {
              power: gamePowerParam(game, power),
              channel: channelRef(game.channelId),
              count: cleared,
            })
          : msg('seats.replaced', { power: gamePowerParam(game, power), channel: channelRef(game.channelId) }),
      ],
      dedupeKey: `claimed-previous:${tag}`,
      now,
      dueAt: privateActDueAt(game, now),
    });
  const variant = variantOfGame(game);
  const phase = game.currentPhaseId !== null ? await phaseById(tx, game.currentPhaseId) : undefined;
  if (variant && phase) {
    const seen = positionSeenBy(game, variant, phase.position, power); // its build sites as it sees them (fog)
    const toDecide = missingParams(variant, dutiesOf(variant, seen, power), []);
    await enqueue(tx, {
      gameId: game.id,
      payload: {
        type: 'dm',
        gameId: game.id,
        reason: 'power_assigned',
        mapPhaseId: phase.id,
        // A fog game: the substitute's first look is their power's view (docs/table.md "Fog of war").
        ...(game.fog ? { mapPower: power } : {}),
        ...worded(
          claimedText(game, describePower(game, phase.position, power), toDecide, variantParam(variant), returning),
        ),
      },
      target: { kind: 'user', id: userId },
      dedupeKey: `claimed:${tag}`,
      now,
    });
  }
  // The claimer's DM goes at once (their own act); what the channel reads waits for the mark in a hidden game.
  const notice = [claimNotice(game, power, userId, previous, returning)];
  await queueNotice(tx, game, {
    text: notice,
    dedupeKey: `claimed-notice:${tag}`,
    now,
    dueAt: privateActDueAt(game, now),
  });
  await handWaitingToHolder(tx, game, power, userId, now);
  await queueProgressStatus(tx, game, now);
}

/** The phase a Diplomacy game is in, with its variant, or null before the start or when its variant is gone. */
async function diplomacyBoard(tx: Tx, game: GameRow): Promise<{ variant: Variant; phase: PhaseRow } | null> {
  const variant = variantOfGame(game);
  const phase = game.currentPhaseId !== null ? await phaseById(tx, game.currentPhaseId) : undefined;
  return variant && phase ? { variant, phase } : null;
}

/** Diplomacy's seats (a power's row in `players`) as a seat policy: the one every game without a kind of its own has. */
const DIPLOMACY_SEATS: KindSeats = {
  seatOf: async (tx, game, userId) => (await playerByUser(tx, game.id, userId))?.power ?? null,
  async find(tx, game, text) {
    const board = await diplomacyBoard(tx, game);
    const power = board ? powerByName(board.variant, text) : null;
    return power && (await playersOf(tx, game.id)).some((p) => p.power === power) ? power : null;
  },
  async unknown(tx, game, text) {
    const board = await diplomacyBoard(tx, game);
    if (!board) return msg('game.refused.noPhase');
    const seats = (await playersOf(tx, game.id)).map((p) => p.power);
    return msg('seats.refused.notSeated', { typed: typed(text), seats: powersParam(board.variant, seats) });
  },
  holderOf: async (tx, game, seat) => (await playersOf(tx, game.id)).find((p) => p.power === seat)?.userId ?? null,
  async describe(tx, game, seat) {
    const phase = (await phaseById(tx, game.currentPhaseId!))!;
    return await callDescription(tx, game, phase.position, seat);
  },
  vacate: vacateSeat,
  hand: handDiplomacySeat,
};
