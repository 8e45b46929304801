/**
 * The phase of a stored game as the phase machine and a variant's plug-in see it (src/game/phase/frame.ts
 * `PhaseFrame`), read inside the caller's transaction; and the read-only context a plug-in is told about it with
 * (src/variants/plugin `PluginContext`: status lines, `/why`, results and game-over lines, autocomplete). What a
 * plug-in changes goes through the phase machine, whose effects the game writes (src/game/phase/steps.ts, actions.ts).
 */
import type { Position } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import type { Tx } from '../../store/store.js';
import { ordersOf, playersOf, stepRowOf } from '../../store/queries.js';
import type { GameRow, PhaseRow } from '../../store/schema.js';
import { pluginOf } from '../../variants/index.js';
import { durationsOf, isVacant, randomOf } from '../core/index.js';
import { fogIsUp } from '../fog/index.js';
import type { PluginContext, VariantPlugin } from '../../variants/plugin/index.js';
import { votedPowersOf } from './duties.js';
import { contextOf, type PhaseFrame, type StepState } from './frame.js';
import { phaseRecordList, type RecordEntry } from './records.js';

export interface ContextOptions {
  now: number;
  random?: () => number;
  /** The token of this call (the phase's step token in a step, a fresh one in an action). */
  token: string;
  /** The user whose call this is. */
  writer?: string | null;
  /** Told about stored records their schema refuses. */
  report?: (err: unknown) => void;
}

/** The plug-in of a game's variant. */
export const pluginOfGame = (game: Pick<GameRow, 'variantId'>): VariantPlugin => pluginOf(game.variantId);

/**
 * A game's phase as a frame: its board, seats, records and orders as stored, and where its steps stand (`steps`, or
 * else its `phase_steps` row; without one, none, with `token`).
 */
export async function gameFrame(
  tx: Tx,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  opts: {
    now: number;
    random?: () => number;
    token: string;
    steps?: StepState;
    /** The phase's records when the caller knows them (a variant without steps has none to read). */
    records?: readonly RecordEntry[];
    report?: (err: unknown) => void;
  },
): Promise<PhaseFrame> {
  const row = opts.steps ? undefined : await stepRowOf(tx, phase.id);
  // Read up front: the phase machine reads them synchronously (it is pure).
  const phaseOrders = (await ordersOf(tx, phase.id)).map((o) => ({ power: o.power, order: o.order }));
  const seats = await playersOf(tx, game.id);
  return {
    variant,
    plugin: pluginOfGame(game),
    game: {
      id: game.id,
      channelId: game.channelId,
      options: game.options ?? {},
      durations: durationsOf(game),
      deadline: game.deadlineMs,
      gmUserId: game.gmUserId,
    },
    phase: {
      id: phase.id,
      index: phase.idx,
      position: phase.position,
      resolved: phase.resolvedAt !== null,
      adjudication: phase.resolvedAt !== null ? phase.adjudication : null,
    },
    seats: seats.map((p) => ({ power: p.power, userId: p.userId })),
    noPlayer: powersInDisorder(game, variant, phase.position, seats),
    steps: opts.steps ?? {
      step: row?.step ?? null,
      startedAt: row?.startedAt ?? opts.now,
      token: row?.token ?? opts.token,
    },
    records: opts.records ?? (await phaseRecordList(tx, game.id, phase.id)),
    orders: () => phaseOrders,
    now: opts.now,
    random: randomOf(opts),
    ...(opts.report ? { report: opts.report } : {}),
    ...(fogIsUp(game) ? { fog: true } : {}),
  };
}

/** What a plug-in is told about a game and one of its phases (read only). */
export async function pluginContext(
  tx: Tx,
  game: GameRow,
  variant: Variant,
  phase: PhaseRow,
  opts: ContextOptions,
): Promise<PluginContext> {
  return contextOf(await gameFrame(tx, game, variant, phase, opts), { token: opts.token, writer: opts.writer ?? null })
    .ctx;
}

/**
 * The powers in civil disorder on `position` (docs/bot.md "Seats that never stall"): nobody holds them, or their seat
 * is vacant under `nmr:hold` (under `nmr:computer` the computer player plays it). A power the players' vote moves
 * (Mandate of Heaven's neutrals, rule 3) is none. Public in every game: the status names them, and the results (the
 * final ones and a plug-in's provisional ones alike) say "civil disorder" for them, never "missed".
 */
export function powersInDisorder(
  game: Pick<GameRow, 'nmr'>,
  variant: Variant,
  position: Position,
  seats: readonly { power: string; userId: string }[],
): string[] {
  const holders = new Map(seats.map((p) => [p.power, p.userId]));
  const players = seats.map((p) => p.power);
  const voted = votedPowersOf(variant, position, players);
  return variant.powers
    .map((p) => p.name)
    .filter((power) => {
      const holder = holders.get(power);
      if (voted.has(power)) return false;
      return holder === undefined || (isVacant(holder) && game.nmr !== 'computer');
    });
}
