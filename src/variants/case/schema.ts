/**
 * The zod schema of an `adjudicate` case (contract: docs/cli.md). Ordinary cases are read with a hand-written check
 * that accepts a subset of what this schema accepts and returns the same value (read.ts `readPlainCase`); this module
 * is loaded only for the other cases, and gives their messages.
 */
import { z } from 'zod';
import { phaseSchema, unitSchema } from '../schema.js';

const orderSchema = z.object({ power: z.string().min(1), text: z.string() }).passthrough();

const dislodgedSchema = unitSchema.extend({
  /** Absent when the attacker came from no province (a virtual army rising from nowhere: Warhammer's Immortality). */
  attackerFrom: z.string().min(1).optional(),
  viaConvoy: z.boolean().default(false),
  retreatOptions: z.array(z.string()).optional(),
});

const stageSchema = z
  .object({
    phase: phaseSchema,
    units: z.array(unitSchema),
    orders: z.array(orderSchema).default([]),
  })
  .passthrough();

export const caseSchema = stageSchema.extend({
  id: z.union([z.string(), z.number()], { error: 'expected a string or a number' }).optional(),
  variant: z.string().optional(),
  dislodged: z.array(dislodgedSchema).optional(),
  contested: z.array(z.string()).optional(),
  supplyCenters: z.record(z.string(), z.array(z.string())).optional(),
  prelude: stageSchema.optional(),
  /** Variant extensions (cli.md): the variant's state between phases, and the powers with a seated player. */
  variantState: z.record(z.string(), z.unknown()).optional(),
  players: z.array(z.string().min(1)).optional(),
  /** The variant's game options (`{"decisiveBattles": "gm"}`); missing ones take the variant's defaults. */
  options: z.record(z.string(), z.string()).optional(),
  /** Decisive battles fought for this phase (`[{province, winner, unit?, destroyed?}]`, cli.md). */
  battles: z
    .array(
      z.object({
        province: z.string().min(1),
        winner: z.string().min(1),
        unit: z.string().min(1).optional(),
        destroyed: z
          .union([z.literal(true), z.array(z.string().min(1))], { error: 'expected true or a list of unit labels' })
          .optional(),
      }),
    )
    .optional(),
});

export type AdjudicateCase = z.infer<typeof caseSchema>;
