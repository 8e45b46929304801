/**
 * Computer players in the seats of a Diplomacy game (issue 22 §5). A computer seat is a `players` row whose user id
 * is `computer:<power>` (no Discord user has such an id: theirs are numbers), put there only by a game master
 * (`/gm replace computer:true`, decisions.md "Computer players and sandbox"). It plays through the same use-cases as
 * a person: its orders are stored by `submitOrders` and it says `/ready` by `toggleReady`, so they are kept, checked
 * and kept secret exactly like anyone's. It reads no DMs (the outbox queues none for it, `enqueue`).
 *
 * At every phase opening (movement, retreat, adjustment) `playComputerSeats` finds the computer seats with something
 * to decide that are not ready yet, asks the AI in its worker thread (`askComputerPlayer`, off the event loop) with
 * what a human in the seat would see (the position and the seated powers; never another power's orders), and stores
 * the answer if the phase is still the one it was asked about. It is called after every scheduler sweep and every
 * change, and asks at most once at a time per seat and phase; after a restart the seats still not ready are asked
 * again, so nothing is lost. While a step of the phase is under way (a start choice, a declaration step), the seat
 * waits for it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { games, phases, players } from '../store/schema.js';
import { readyPowers } from '../store/queries.js';
import { askComputerPlayer, type AiAnswer, type AiJob } from './ai-pool.js';
import { submitOrders } from './orders.js';
import { toggleReady } from './ready.js';
import { seatedToAct } from './resolve.js';
import { stepUnderWay } from './steps.js';
import { variantOfGame } from './variant-of-game.js';
import { isComputer } from './computer-seat.js';
import type { GameDeps } from './types.js';
import type { Tx } from '../store/db.js';
import { inReadTransaction } from './tx.js';

export interface ComputerSeatDuty {
  gameId: number;
  channelId: string;
  phaseId: number;
  power: string;
  userId: string;
  job: AiJob;
}

/** The computer seats that have to play now: the current phase is open, they act in it, and are not ready. */
export function computerSeatDuties(deps: GameDeps): ComputerSeatDuty[] {
  const r = inReadTransaction(deps, (tx) => ({ ok: true as const, duties: dutiesIn(tx) }));
  return r.ok ? r.duties : [];
}

function dutiesIn(tx: Tx): ComputerSeatDuty[] {
  const duties: ComputerSeatDuty[] = [];
  const rows = tx
    .select({ game: games, phase: phases })
    .from(games)
    .innerJoin(phases, eq(phases.id, games.currentPhaseId))
    .where(and(eq(games.status, 'active'), isNull(phases.resolvedAt)))
    .all();
  for (const { game, phase } of rows) {
    const seats = tx.select().from(players).where(eq(players.gameId, game.id)).all();
    const computers = seats.filter((p) => isComputer(p.userId));
    if (computers.length === 0) continue;
    const variant = variantOfGame(game);
    if (!variant) continue;
    if (stepUnderWay(tx, game, phase)) continue;
    const seated = seats.map((p) => p.power);
    const acting = seatedToAct(variant, phase.position, seated);
    const ready = readyPowers(tx, phase.id);
    for (const seat of computers) {
      if (!acting.includes(seat.power) || ready.has(seat.power)) continue;
      duties.push({
        gameId: game.id,
        channelId: game.channelId,
        phaseId: phase.id,
        power: seat.power,
        userId: seat.userId,
        job: {
          kind: 'orders',
          variant: game.variantId,
          ...(game.options ? { options: game.options } : {}),
          position: phase.position,
          power: seat.power,
          players: seated,
          // Deterministic for the seat and phase: the same game replays to the same orders.
          seed: `${game.id}:${phase.idx}:${seat.power}`,
        },
      });
    }
  }
  return duties;
}

export interface ComputerSeatsOptions {
  /** The AI (tests may pass a stand-in); default: the worker thread. */
  ask?: (job: AiJob) => Promise<AiAnswer>;
  /** Debug-level log of what a computer seat stored (order texts are never logged above debug). */
  debug?: (message: string) => void;
  /** Called when a seat's answer could not be computed or stored (no order text in it). */
  onError?: (err: unknown) => void;
  /** Called after a seat stored its orders (e.g. to kick the outbox deliverer and re-arm the scheduler). */
  onPlayed?: (duty: ComputerSeatDuty) => void;
}

/**
 * Asks the AI for every computer seat that has to play and stores the answers. Returns one promise per seat asked
 * (already-asked seats are skipped until their answer is in).
 */
export function computerSeats(deps: GameDeps, options: ComputerSeatsOptions = {}): { play(): Promise<void>[]; busy(): number } {
  const asked = new Set<string>();
  const ask = options.ask ?? askComputerPlayer;
  const playOne = async (duty: ComputerSeatDuty): Promise<void> => {
    const key = `${duty.phaseId}:${duty.power}`;
    asked.add(key);
    try {
      const answer = await ask(duty.job);
      if (answer.kind !== 'orders') throw new Error(`computer player for ${duty.power}: unexpected answer ${answer.kind}`);
      const caller = { channelId: duty.channelId, userId: duty.userId };
      if (answer.orders.length > 0) {
        const stored = submitOrders(deps, { ...caller, text: answer.orders.map((o) => o.text).join('\n'), phaseId: duty.phaseId });
        // The phase moved on, or the seat changed hands, while the AI thought: nothing to store.
        if (!stored.ok) return;
        options.debug?.(`computer ${duty.power} phase ${duty.phaseId}: stored ${stored.stored.map((o) => o.text).join('; ')}${stored.rejected.length ? `; refused ${stored.rejected.map((r) => `${r.input} (${r.error})`).join('; ')}` : ''}`);
      }
      if (!stillCurrent(deps, duty)) return;
      toggleReady(deps, caller);
      options.onPlayed?.(duty);
    } catch (err) {
      options.onError?.(err);
    } finally {
      asked.delete(key);
    }
  };
  return {
    play: () => computerSeatDuties(deps).filter((d) => !asked.has(`${d.phaseId}:${d.power}`)).map(playOne),
    busy: () => asked.size,
  };
}

function stillCurrent(deps: GameDeps, duty: ComputerSeatDuty): boolean {
  const r = inReadTransaction(deps, (tx) => ({ ok: true as const, current: currentIn(tx, duty) }));
  return r.ok && r.current;
}

function currentIn(tx: Tx, duty: ComputerSeatDuty): boolean {
  const game = tx.select().from(games).where(eq(games.id, duty.gameId)).get();
  if (!game || game.currentPhaseId !== duty.phaseId || game.status !== 'active') return false;
  const seat = tx.select().from(players).where(and(eq(players.gameId, duty.gameId), eq(players.power, duty.power))).get();
  return seat?.userId === duty.userId && !readyPowers(tx, duty.phaseId).has(duty.power);
}
