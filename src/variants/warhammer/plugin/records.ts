/**
 * What Warhammer's plug-in keeps besides the board (the generic `variant_records`, these schemas): the
 * Decisive Battle phase of a movement phase (its provisional result, the declarations it allows, the battles and
 * their outcomes), each battle commander's secret declaration, and each Dogs of War power's secret start choice.
 * Migration 0009 moved the rows of the tables the store used to have for them into these kinds.
 */
import { z } from 'zod';
import type { DecisiveDeclaration } from '../../../engine/rules.js';
import type { Adjudication } from '../../../engine/types.js';
import type { DecisiveBattle } from '../decisive-phase.js';

const object = <T>(what: string) =>
  z.custom<T>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { message: `expected ${what}` });

const allowedDeclaration = z.object({
  power: z.string(),
  unit: z.string(),
  kind: z.enum(['move', 'hold']),
  province: z.string(),
}) satisfies z.ZodType<DecisiveDeclaration>;

/** A battle as stored: the engine's battle, and in dice mode its roll. */
export interface Battle extends DecisiveBattle {
  roll?: { value: number; total: number /** The winning side's leading unit. */; lead: string };
}

export const RECORDS = {
  /** The Decisive Battle phase of a movement phase (one per phase: key ''). */
  'battle-step': z.object({
    /** `gm` or `dice` (the game's `decisiveBattles` when the step began). */
    mode: z.enum(['gm', 'dice']),
    /** The provisional adjudication (the plain result, posted at the movement deadline). */
    provisional: object<Adjudication>('an adjudication'),
    /** Every declaration the provisional result allows. */
    allowed: z.array(allowedDeclaration),
    /** The battles fought, once declarations closed, with their sides, army sizes and (dice) rolls. */
    battles: z.array(object<Battle>('a battle')).nullable(),
    /** Winners reported so far: battle id → the winning side's leading unit; `<id>#destroyed` → '1' (Cataclysmic Battles). */
    outcomes: z.record(z.string(), z.string()).nullable(),
    declarationDeadlineMs: z.number(),
    battleDeadlineMs: z.number().nullable(),
  }),
  /** A battle commander's secret declaration (key `power|commander`); `unit` null: the commander passes. */
  declaration: z.object({
    power: z.string(),
    /** The power itself, or the power of its Sepoy or Mercenary. */
    commander: z.string(),
    unit: z.string().nullable(),
    kind: z.enum(['move', 'hold']).nullable(),
    province: z.string().nullable(),
    submittedAt: z.number(),
  }),
  /** A Dogs of War power's secret start choice (key: the power); null until chosen. */
  'muster-choice': z.object({
    city: z.string().nullable(),
    unitType: z.enum(['A', 'F']).nullable(),
    /** When the units were placed (kept for the record). */
    appliedAt: z.number().nullable(),
  }),
};

export type WarhammerRecords = typeof RECORDS;
export type BattleStep = z.infer<WarhammerRecords['battle-step']>;
export type Declaration = z.infer<WarhammerRecords['declaration']>;
