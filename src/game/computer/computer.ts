/**
 * Computer players in the seats of a Diplomacy game. A computer seat is a `players` row whose user id
 * is `computer:<power>` (no Discord user has such an id: theirs are numbers), put there only by a game master
 * (`/game create computer:`, `/gm replace computer:true`, docs/decisions.md "Computer players and sandbox"). It plays
 * through the same use-cases as a person: its orders are stored by `submitOrders` and it says `/ready` by
 * `toggleReady`; it answers a phase step (a start choice, a declaration) through the plug-in's own `/act` actions
 * (`runAction`); its draw votes and concessions are stored like a person's (`settleComputerVotes`, votes.ts). So
 * everything it does is kept, checked and kept secret exactly like anyone's. It reads no DMs (the outbox queues none
 * for it, `enqueue`).
 *
 * At every phase opening (movement, retreat, adjustment) and every step that waits for it, `computerSeats().play()`
 * finds the computer seats with something to decide, asks the AI in its worker thread (`askComputerPlayer`, off the
 * event loop) with what a person in the seat would see (the position, the seated powers, and in a step what the
 * plug-in's `computer.ask` hands over; never another power's secret orders or declarations), and stores the answer
 * if the phase (and step) is still the one it was asked about. It is called after every scheduler sweep and every
 * change, and asks at most once at a time per seat and stage; after a restart the seats still not done are asked
 * again, so nothing is lost. A step without a `computer` player leaves the seat's defaults to apply.
 *
 * The event loop (brief: no block over 20 ms): everything done here on the bot's thread goes in small
 * pieces, one per turn of the loop (`loopTurns`), so gateway events and commands are served between them: finding
 * which games have computer seats is one small query; each game's seats are looked at in a turn of their own; the
 * seats' draw votes are settled once per game and phase, not once per seat; each seat's orders are stored in one
 * turn and its `/ready` (which may resolve the phase) said in another. Answers that come back from the worker
 * together are stored one after another, never back to back in one turn.
 */
import { first, type Tx } from '../../store/store.js';
import { and, eq, isNull, like, or } from 'drizzle-orm';
import { games, phases, players, type GameRow, type PhaseRow, type PlayerRow } from '../../store/schema.js';
import { gameById, gameNotFinished, phaseById, playerByPower, readyPowers } from '../../store/queries.js';
import { toTexts } from '../../ai/orders.js';
import type { ComputerAnswer, ComputerQuestion } from '../../variants/plugin/index.js';
import type { Variant } from '../../engine/variant.js';
import { runAction, toggleReady } from '../resolve/index.js';
import { askComputerPlayer, type AiAnswer, type AiJob } from '../ai-pool/index.js';
import { submitOrders } from '../orders/index.js';
import { pluginContext, storedStepUnderWay, seatedToAct } from '../phase/index.js';
import { positionSeenBy, viewsUnderFog } from '../fog/index.js';

import {
  variantJobOf,
  variantOfGame,
  COMPUTER_ID_PREFIX,
  VACANT_ID_PREFIX,
  computerLevelOf,
  isComputer,
  isVacant,
  type GameDeps,
  inReadTransaction,
  loopTurns,
  type LoopTurns,
} from '../core/index.js';
import { storeVacantSeatOrders } from '../seats/index.js';
import { settleComputerVotes } from '../votes/index.js';

export interface ComputerSeatDuty {
  gameId: number;
  channelId: string;
  phaseId: number;
  power: string;
  userId: string;
  /** The phase step the seat answers (its name), or null: the phase's orders. */
  step: string | null;
  job: AiJob;
}

/** The computer seats that have to play now in every game: orders in an open phase, or an answer a step waits for. */
export async function computerSeatDuties(deps: GameDeps): Promise<ComputerSeatDuty[]> {
  const duties: ComputerSeatDuty[] = [];
  for (const g of await gamesWithComputerSeats(deps)) duties.push(...(await gameSeatDuties(deps, g.gameId)));
  return duties;
}

/**
 * The active games with a seat the computer player plays (a computer seat, or a vacant seat under `nmr: computer`) and
 * a phase under way: one small query (no position is read).
 */
export async function gamesWithComputerSeats(deps: GameDeps): Promise<{ gameId: number; phaseId: number }[]> {
  const r = await inReadTransaction(deps, async (tx) => ({
    ok: true as const,
    games: await tx
      .selectDistinct({ gameId: games.id, phaseId: phases.id })
      .from(games)
      .innerJoin(phases, eq(phases.id, games.currentPhaseId))
      .innerJoin(players, eq(players.gameId, games.id))
      .where(
        and(
          eq(games.status, 'active'),
          isNull(phases.resolvedAt),
          or(
            like(players.userId, `${COMPUTER_ID_PREFIX}%`),
            and(eq(games.nmr, 'computer'), like(players.userId, `${VACANT_ID_PREFIX}%`)),
          ),
        ),
      )
      .orderBy(games.id),
  }));
  return r.ok ? r.games : [];
}

/**
 * Does the computer player play this seat at each phase's opening? A computer seat, and a vacant seat under `nmr:
 * computer` (docs/bot.md "Seats that never stall": played like a computer seat until someone claims it).
 */
function playedByComputer(game: Pick<GameRow, 'nmr'>, seat: Pick<PlayerRow, 'userId'>): boolean {
  return isComputer(seat.userId) || (game.nmr === 'computer' && isVacant(seat.userId));
}

/** The computer seats of one game that have to play now. */
export async function gameSeatDuties(deps: GameDeps, gameId: number): Promise<ComputerSeatDuty[]> {
  const r = await inReadTransaction(deps, async (tx) => ({
    ok: true as const,
    duties: await dutiesIn(tx, gameId, deps.now()),
  }));
  return r.ok ? r.duties : [];
}

/**
 * The duties of the seats `plays` picks (default: those the computer player plays) in a game's current phase: a step's question,
 * or the phase's orders. `level` is how well the AI plays for a seat that is not a computer player's.
 */
async function dutiesIn(
  tx: Tx,
  gameId: number,
  now: number,
  plays: (game: GameRow, seat: PlayerRow) => boolean = playedByComputer,
  stepsOnly = false,
): Promise<ComputerSeatDuty[]> {
  const duties: ComputerSeatDuty[] = [];
  const row = first(
    await tx
      .select({ game: games, phase: phases })
      .from(games)
      .innerJoin(phases, eq(phases.id, games.currentPhaseId))
      .where(and(eq(games.id, gameId), eq(games.status, 'active'), isNull(phases.resolvedAt)))
      .limit(1),
  );
  if (!row) return duties;
  const { game, phase } = row;
  const seats = await tx.select().from(players).where(eq(players.gameId, game.id));
  const computers = seats.filter((seat) => plays(game, seat));
  if (computers.length === 0) return duties;
  const variant = variantOfGame(game);
  if (!variant) return duties;
  const seated = seats.map((p) => p.power);
  const seat = (power: string) => ({
    ...variantJobOf(game),
    // In a fog game the computer player decides from the power's view only (docs/table.md "Fog of war").
    position: positionSeenBy(game, variant, phase.position, power),
    power,
    players: seated,
    level: levelFor(game, computers.find((c) => c.power === power)!.userId),
  });
  const open = await storedStepUnderWay(tx, game, phase);
  if (open) {
    // A step is under way: the seats it waits for answer it (orders wait until it is over).
    if (!open.spec.computer) return duties;
    const ctx = await pluginContext(tx, game, variant, phase, { now, token: open.row.token });
    for (const { power, answered } of open.spec.progress(ctx).powers) {
      const holder = computers.find((c) => c.power === power);
      if (answered || !holder) continue;
      const question = open.spec.computer.ask(ctx, power);
      if (!question) continue;
      duties.push({
        ...dutyOf(game, phase, holder),
        step: open.name,
        job: stepJob(variant, question, { ...seat(power), seed: `${game.id}:${phase.idx}:${open.name}:${power}` }),
      });
    }
    return duties;
  }
  if (stepsOnly) return duties;
  const acting = seatedToAct(variant, phase.position, seated, viewsUnderFog(game, variant, phase.position));
  const ready = await readyPowers(tx, phase.id);
  for (const holder of computers) {
    if (!acting.includes(holder.power) || ready.has(holder.power)) continue;
    // Deterministic for the seat and phase: the same game replays to the same orders.
    duties.push({
      ...dutyOf(game, phase, holder),
      step: null,
      job: { kind: 'orders', ...seat(holder.power), seed: `${game.id}:${phase.idx}:${holder.power}` },
    });
  }
  return duties;
}

/** A computer player's own level; the game's for a seat it plays for a member or a vacant seat (`nmr: computer`). */
function levelFor(game: GameRow, userId: string) {
  return isComputer(userId) ? computerLevelOf(userId) : game.computerLevel;
}

/**
 * `nmr: computer` at a step's deadline: the questions of the step under way for the seats that are not computer
 * players (members' and vacant ones) and have not answered (src/game/computer/nmr-filler.ts). [] outside a step.
 */
export async function missingStepDuties(tx: Tx, gameId: number, now: number): Promise<ComputerSeatDuty[]> {
  return await dutiesIn(tx, gameId, now, (_, p) => !isComputer(p.userId), true);
}

function dutyOf(game: GameRow, phase: PhaseRow, holder: { power: string; userId: string }) {
  return { gameId: game.id, channelId: game.channelId, phaseId: phase.id, power: holder.power, userId: holder.userId };
}

type SeatFields = Omit<Extract<AiJob, { kind: 'start' }>, 'kind' | 'choices'>;

/** The AI job for a step's question (the phase's orders go as texts, which cross the worker unchanged). */
function stepJob(variant: Variant, question: ComputerQuestion, seat: SeatFields): AiJob {
  return question.kind === 'declare'
    ? {
        kind: 'declare',
        ...seat,
        orders: toTexts(variant, question.orders),
        offered: question.offered,
        count: question.count,
      }
    : { kind: 'start', ...seat, choices: question.choices };
}

/** Does a game not finished yet have a computer seat (then the bot warms the AI worker up)? */
export async function computerSeatsExist(deps: GameDeps): Promise<boolean> {
  const r = await inReadTransaction(deps, async (tx) => ({
    ok: true as const,
    any:
      (
        await tx
          .select({ id: players.id })
          .from(players)
          .innerJoin(games, eq(games.id, players.gameId))
          .where(and(gameNotFinished, like(players.userId, `${COMPUTER_ID_PREFIX}%`)))
          .limit(1)
      ).length > 0,
  }));
  return r.ok && r.any;
}

export interface ComputerSeatsOptions {
  /** The AI (tests may pass a stand-in); default: the worker thread. */
  ask?: (job: AiJob) => Promise<AiAnswer>;
  /** Search budget of every orders job (default: the AI's own); a demonstration in tests may play lighter. */
  budget?: number;
  /** Debug-level log of what a computer seat stored (order texts are never logged above debug). */
  debug?: (message: string) => void;
  /** Called when a seat's answer could not be computed or stored (no order text in it). */
  onError?: (err: unknown) => void;
  /** Called after a seat stored its orders or answer (e.g. to kick the outbox deliverer and re-arm the scheduler). */
  onPlayed?: (duty: ComputerSeatDuty) => void;
}

/**
 * Asks the AI for every computer seat that has to play and stores the answers, in turns of the event loop (see the
 * top of this file). Returns one promise per game looked at, settled once its seats asked now have played (games
 * whose look is already queued are not queued twice; seats already asked are skipped until their answer is in).
 */
export function computerSeats(
  deps: GameDeps,
  options: ComputerSeatsOptions = {},
): { play(): Promise<Promise<void>[]>; busy(): number } {
  const asked = new Set<string>();
  const looking = new Set<string>();
  const turn = loopTurns();
  const ask = options.ask ?? askComputerPlayer;
  const keyOf = (d: ComputerSeatDuty) => `${d.phaseId}:${d.step ?? ''}:${d.power}`;
  const playOne = async (duty: ComputerSeatDuty): Promise<void> => {
    try {
      const job =
        duty.job.kind === 'orders' && options.budget !== undefined ? { ...duty.job, budget: options.budget } : duty.job;
      const answer = await ask(job);
      if (duty.step === null) await storeOrders(deps, turn, duty, answer, options);
      else await turn(async () => await answerStep(deps, duty, answer, options));
    } catch (err) {
      options.onError?.(err);
    } finally {
      asked.delete(keyOf(duty));
    }
  };
  const lookAt = async (game: { gameId: number; phaseId: number }, key: string): Promise<void> => {
    let duties: ComputerSeatDuty[] = [];
    try {
      duties = await turn(async () => {
        looking.delete(key);
        const found = (await gameSeatDuties(deps, game.gameId)).filter((d) => !asked.has(keyOf(d)));
        for (const d of found) asked.add(keyOf(d));
        return found;
      });
      if (duties.some((d) => d.step === null)) {
        // Its draw votes and concessions follow their rule on the phase the seats are about to play (votes.ts); once
        // for all the game's seats.
        const votes = await turn(async () => await settleComputerVotes(deps, game.gameId));
        if (votes.ok && votes.end) {
          for (const d of duties) asked.delete(keyOf(d));
          return;
        }
      }
    } catch (err) {
      for (const d of duties) asked.delete(keyOf(d));
      options.onError?.(err);
      return;
    }
    await Promise.all(duties.map(playOne));
  };
  return {
    play: async () =>
      (await gamesWithComputerSeats(deps)).flatMap((game) => {
        const key = `${game.gameId}:${game.phaseId}`;
        if (looking.has(key)) return [];
        looking.add(key);
        return [lookAt(game, key)];
      }),
    busy: () => asked.size + looking.size,
  };
}

async function storeOrders(
  deps: GameDeps,
  turn: LoopTurns,
  duty: ComputerSeatDuty,
  answer: AiAnswer,
  options: ComputerSeatsOptions,
): Promise<void> {
  if (answer.kind !== 'orders') throw new Error(`computer player for ${duty.power}: unexpected answer ${answer.kind}`);
  const caller = { channelId: duty.channelId, userId: duty.userId };
  const texts = answer.orders.map((o) => o.text);
  if (isVacant(duty.userId)) {
    // A vacant seat: the computer player gives what it has no order for (docs/bot.md "Seats that never stall").
    const stored = await turn(
      async () =>
        await storeVacantSeatOrders(deps, { gameId: duty.gameId, phaseId: duty.phaseId, power: duty.power, texts }),
    );
    if (!stored.ok) return;
    options.debug?.(`computer for vacant ${duty.power} phase ${duty.phaseId}: stored ${stored.stored}`);
  } else if (texts.length > 0) {
    const stored = await turn(
      async () => await submitOrders(deps, { ...caller, text: texts.join('\n'), phaseId: duty.phaseId }),
    );
    // The phase moved on, or the seat changed hands, while the AI thought: nothing to store.
    if (!stored.ok) return;
    options.debug?.(
      `computer ${duty.power} phase ${duty.phaseId}: stored ${stored.stored.map((o) => o.text).join('; ')}${stored.rejected.length ? `; refused ${stored.rejected.map((r) => `${r.input} (${r.error})`).join('; ')}` : ''}`,
    );
  }
  // Storing and saying `/ready` (which may resolve the phase) are two turns, so the loop serves others between them.
  const readied = await turn(async () => (await stillCurrent(deps, duty)) && (await toggleReady(deps, caller)).ok);
  if (readied) options.onPlayed?.(duty);
}

/** Stores a step's answer through the plug-in's actions, if the step still waits for the seat. */
export async function answerStep(
  deps: GameDeps,
  duty: ComputerSeatDuty,
  answer: AiAnswer,
  options: ComputerSeatsOptions,
): Promise<void> {
  if (answer.kind !== 'declare' && answer.kind !== 'start')
    throw new Error(`computer player for ${duty.power}: unexpected answer ${answer.kind}`);
  const r = await inReadTransaction(deps, async (tx) => ({
    ok: true as const,
    calls: await stepCallsIn(tx, deps.now(), duty, answer),
  }));
  if (!r.ok || r.calls === null) return;
  for (const call of r.calls) {
    const done = await runAction(deps, {
      channelId: duty.channelId,
      userId: duty.userId,
      by: 'player',
      action: call.action,
      choice: call.values.choice,
      detail: call.values.detail,
    });
    if (!done.ok) throw new Error(`computer player for ${duty.power}: its ${call.action} was refused (${done.error})`);
    options.debug?.(
      `computer ${duty.power} phase ${duty.phaseId} step ${duty.step}: ${call.action} ${call.values.choice ?? ''} ${call.values.detail ?? ''}`,
    );
  }
  options.onPlayed?.(duty);
}

/** The actions storing the answer, or null when the seat, phase or step has moved on while the AI thought. */
async function stepCallsIn(tx: Tx, now: number, duty: ComputerSeatDuty, answer: ComputerAnswer) {
  const game = await gameById(tx, duty.gameId);
  if (game?.status !== 'active' || game.currentPhaseId !== duty.phaseId) return null;
  const phase = await phaseById(tx, duty.phaseId);
  const variant = variantOfGame(game);
  const open = phase && variant ? await storedStepUnderWay(tx, game, phase) : null;
  if (!phase || !variant || !open || open.name !== duty.step || !open.spec.computer) return null;
  const seat = await playerByPower(tx, duty.gameId, duty.power);
  if (seat?.userId !== duty.userId) return null;
  const ctx = await pluginContext(tx, game, variant, phase, { now, token: open.row.token });
  if (open.spec.progress(ctx).powers.find((p) => p.power === duty.power)?.answered !== false) return null;
  return open.spec.computer.answer(ctx, duty.power, answer);
}

async function stillCurrent(deps: GameDeps, duty: ComputerSeatDuty): Promise<boolean> {
  const r = await inReadTransaction(deps, async (tx) => ({ ok: true as const, current: await currentIn(tx, duty) }));
  return r.ok && r.current;
}

async function currentIn(tx: Tx, duty: ComputerSeatDuty): Promise<boolean> {
  const game = await gameById(tx, duty.gameId);
  if (!game || game.currentPhaseId !== duty.phaseId || game.status !== 'active') return false;
  const seat = await playerByPower(tx, duty.gameId, duty.power);
  return seat?.userId === duty.userId && !(await readyPowers(tx, duty.phaseId)).has(duty.power);
}
