/**
 * The context a variant's plug-in is called with (src/variants/plugin: `PluginContext`, `LiveContext`), built from
 * the stored game inside the caller's transaction. Its effects (posts, DMs, the board, the audit log) are written
 * here, in that same transaction, so they happen if and only if the use-case commits.
 */
import { eq } from 'drizzle-orm';
import type { Adjudication, Position } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { Tx } from '../store/db.js';
import { audit, ordersOf, playersOf } from '../store/queries.js';
import { phases, phaseSteps, type GameRow, type PhaseRow } from '../store/schema.js';
import { pluginOf } from '../variants/index.js';
import type { LiveContext, PluginContext, VariantPlugin } from '../variants/plugin/index.js';
import { enqueue, queueDm, queueNotice } from './outbox-write.js';
import { recordsOf } from './records.js';
import { formatResultsSummary, phaseLabel } from './summary.js';
import { channelRef, timeRef } from './text-refs.js';

export interface ContextOptions {
  now: number;
  random?: () => number;
  /** The token of this call (the phase's step token in a step, a fresh one in an action). */
  token: string;
  /** The user whose action this is (written with records, named in the audit log). */
  writer?: string | null;
  /** Told about stored records their schema refuses. */
  report?: (err: unknown) => void;
}

/** The plug-in of a game's variant. */
export const pluginOfGame = (game: Pick<GameRow, 'variantId'>): VariantPlugin => pluginOf(game.variantId);

/** `PluginContext.resultsLines`: an adjudication's results as a results post shows them, without its title line. */
export const resultsLinesOf =
  (variant: Variant) =>
  (adjudication: Adjudication): string[] =>
    formatResultsSummary(variant, { ...adjudication, winner: null }, null).split('\n').slice(1);

/** What a plug-in is told about a game and one of its phases (read only). */
export function pluginContext(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow, opts: ContextOptions): PluginContext {
  return makeContext(tx, game, variant, phase, opts).ctx;
}

/** The context, and the board it shows (which `setPosition` replaces, so later calls in the same context see it). */
function makeContext(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow, opts: ContextOptions): { ctx: PluginContext; holder: { position: Position } } {
  const plugin = pluginOfGame(game);
  const stepRow = tx.select().from(phaseSteps).where(eq(phaseSteps.phaseId, phase.id)).get();
  const holder = { position: phase.position };
  const ctx: PluginContext = {
    variant,
    game: {
      id: game.id,
      channelId: game.channelId,
      options: game.options ?? {},
      durations: { movement: game.movementMs, retreat: game.retreatMs, adjustment: game.adjustmentMs },
      deadline: game.deadlineMs,
      gmUserId: game.gmUserId,
    },
    phase: {
      id: phase.id,
      index: phase.idx,
      phase: phase.position.phase,
      get position() {
        return holder.position;
      },
      label: phaseLabel(phase.position.phase, variant),
      resolved: phase.resolvedAt !== null,
      adjudication: phase.resolvedAt !== null ? phase.adjudication : null,
    },
    seats: playersOf(tx, game.id).map((p) => ({ power: p.power, userId: p.userId })),
    step: stepRow?.step ? { name: stepRow.step, startedAt: stepRow.startedAt, deadline: game.deadlineMs } : null,
    now: opts.now,
    records: recordsOf(tx, plugin.records, { gameId: game.id, phaseId: phase.id, writer: opts.writer ?? null, now: opts.now }, opts.report),
    orders: () => ordersOf(tx, phase.id).map((o) => ({ power: o.power, order: o.order })),
    time: (ms, style) => timeRef(ms, style),
    channel: channelRef(game.channelId),
    resultsLines: resultsLinesOf(variant),
    random: opts.random ?? Math.random,
    token: opts.token,
  };
  return { ctx, holder };
}

/** The context with its effects, written in this transaction (message keys made unique by the call's token). */
export function liveContext(tx: Tx, game: GameRow, variant: Variant, phase: PhaseRow, opts: ContextOptions): LiveContext {
  const { ctx, holder } = makeContext(tx, game, variant, phase, opts);
  const key = (local: string) => `v:${phase.id}:${local}:${opts.token}`;
  return Object.assign(ctx, {
    post(text: string, o: { key: string; picture?: string }) {
      if (o.picture) {
        enqueue(tx, {
          gameId: game.id,
          phaseId: phase.id,
          payload: { type: 'step_post', gameId: game.id, phaseId: phase.id, text, picture: o.picture },
          target: { kind: 'channel', id: game.channelId },
          dedupeKey: key(o.key),
          now: opts.now,
        });
      } else queueNotice(tx, game, text, key(o.key), opts.now, phase.id);
    },
    dm(power: string, text: string, o: { key: string }) {
      const seat = ctx.seats.find((s) => s.power === power);
      if (seat) queueDm(tx, game, seat.userId, 'variant', text, key(`${o.key}:${power}`), opts.now, phase.id);
    },
    setPosition(position: Position) {
      tx.update(phases).set({ position }).where(eq(phases.id, phase.id)).run();
      holder.position = position;
    },
    audit(action: string, detail?: unknown) {
      audit(tx, { gameId: game.id, userId: opts.writer ?? null, action, detail: detail ?? null, at: opts.now });
    },
  });
}
