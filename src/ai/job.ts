/**
 * The computer players as plain-JSON jobs, for a worker thread (the bot runs them off its event loop, as it runs
 * the renderer): the variant by id and the game's options, the seat's view, and the answer as texts; for the card
 * game, the seat's view of the table. Everything in and out survives `postMessage` (structured clone) unchanged, and
 * the same job always gives the same answer.
 */
import type { Action, CardGameView } from '../cardgame/index.js';
import { readOrder } from '../engine/parse/index.js';
import type { DecisiveDeclaration } from '../engine/rules.js';
import type { Position, Power, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { getVariant } from '../variants/index.js';
import { loadStoredVariant } from '../variants/stored.js';
import { cardAiAction } from './cards/index.js';
import { aiDeclarations } from './declare.js';
import { toTexts, type OrderTextEntry } from './orders.js';
import { aiOrders } from './player.js';
import type { Level } from './levels.js';
import { aiStartChoice, type StartChoice, type StartOption } from './start.js';

interface Seat {
  /** Variant id (`classic`, …) and the game's options (configured with `Variant.configure` when it has one). */
  variant: string;
  options?: Record<string, string>;
  /** A server's stored variant (src/variants/stored.ts): its map as JSON, which the worker loads once. */
  stored?: string;
  position: Position;
  power: Power;
  /** Powers with a seated player (the voters of a variant with voted units). */
  players?: Power[];
  seed: string;
  /** How well the computer player plays (src/ai/levels.ts); default `hard`. */
  level?: Level;
}

export type AiJob =
  | (Seat & { kind: 'orders'; budget?: number })
  /** After a provisional result: every power's orders as texts (public by then) and the declarations offered. */
  | (Seat & { kind: 'declare'; orders: OrderTextEntry[]; offered: DecisiveDeclaration[]; count?: number })
  | (Seat & { kind: 'start'; choices: StartOption[] })
  /** The card game: the seat's view (`privateView`, never the full state) and its search budget. */
  | { kind: 'cards'; view: CardGameView; seed: string; playouts?: number; level?: Level };

export type AiAnswer =
  | { kind: 'orders'; orders: OrderTextEntry[] }
  | { kind: 'declare'; declarations: DecisiveDeclaration[] }
  | { kind: 'start'; choice: StartChoice | null }
  /** null: the seat has nothing to decide now. */
  | { kind: 'cards'; action: Action | null };

export function runAiJob(job: AiJob): AiAnswer {
  if (job.kind === 'cards')
    return {
      kind: 'cards',
      action: cardAiAction(job.view, {
        seed: job.seed,
        ...(job.playouts !== undefined ? { playouts: job.playouts } : {}),
        ...(job.level ? { level: job.level } : {}),
      }),
    };
  const variant = variantOf(job.variant, job.options, job.stored);
  const seat = {
    variant,
    position: job.position,
    power: job.power,
    seed: job.seed,
    ...(job.level ? { level: job.level } : {}),
    ...(job.players ? { players: job.players } : {}),
    ...(job.options ? { options: job.options } : {}),
  };
  switch (job.kind) {
    case 'orders':
      return {
        kind: 'orders',
        orders: toTexts(variant, aiOrders({ ...seat, ...(job.budget !== undefined ? { budget: job.budget } : {}) })),
      };
    case 'declare': {
      const orders: PowerOrder[] = [];
      for (const o of job.orders) {
        const read = readOrder(variant, o.text, { position: job.position });
        if (read.ok) orders.push({ power: o.power, order: read.order });
      }
      return {
        kind: 'declare',
        declarations: aiDeclarations({
          ...seat,
          orders,
          offered: job.offered,
          ...(job.count !== undefined ? { count: job.count } : {}),
        }),
      };
    }
    case 'start':
      return { kind: 'start', choice: aiStartChoice({ ...seat, choices: job.choices }) };
  }
}

function variantOf(id: string, options: Record<string, string> | undefined, stored: string | undefined): Variant {
  const base = getVariant(id) ?? (stored ? loadStoredVariant({ id, name: id, map: stored, drawing: null }) : undefined);
  if (!base) throw new Error(`unknown variant "${id}"`);
  return options && base.configure ? base.configure(options) : base;
}
