/**
 * The Mandate of Heaven state kept between phases in `position.variantState` (documented in
 * docs/rules/mandate-of-heaven.md). Missing or partial state reads as the state at the start of a game.
 */
import { z } from 'zod';
import type { Position, Power } from '../../../engine/types.js';
import type { MandateFeatures } from '../features.js';
import { unknownFields, type FieldTable } from '../../state-fields.js';

const hsiungNuShape = {
  /** `nomad` until the Hsiung-Nu own 6 centres at a winter adjustment, then `settled` for good. */
  regime: z.enum(['nomad', 'settled']).default('nomad'),
  /** F: the live-off-the-land allowance; 3 at the start, one less for each failed attrition check. */
  allowance: z.number().int().min(0).max(3).default(3),
  eliminated: z.boolean().default(false),
};

/** The state's shape; `strict`: unknown fields are refused (a state read from outside, `stateProblems`). */
function stateSchema(strict: boolean) {
  const object = strict ? z.strictObject : z.object;
  return object({
    /** Rule 2. */
    hsiungNu: object(hsiungNuShape).default({ regime: 'nomad', allowance: 3, eliminated: false }),
    /** Rule 3: neutral powers activated (grew to 3 centres), in the order they were activated. */
    activated: z.array(z.string()).default([]),
    /** Units each power had at the start of the current season's movement phase (the vote counts them in retreats). */
    seasonUnits: z.record(z.string(), z.number().int().min(0)).optional(),
  });
}

/** Read leniently inside the game (a field a later version dropped is ignored); refused from outside (`stateProblems`). */
export const mandateStateSchema = stateSchema(false);
const strictStateSchema = stateSchema(true);
const FIELDS: FieldTable = [
  { at: /^$/, fields: Object.keys(mandateStateSchema.shape) },
  { at: /^hsiungNu$/, fields: Object.keys(hsiungNuShape) },
];

export type MandateState = z.infer<typeof mandateStateSchema>;

export class MandateStateError extends Error {}

/** The state in a position; throws `MandateStateError` naming the bad field. */
export function readState(position: Position): MandateState {
  const parsed = mandateStateSchema.safeParse(position.variantState ?? {});
  if (!parsed.success) {
    throw new MandateStateError(
      `variantState is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

/**
 * What is wrong with a state read from outside (the CLI's `variantState`), one readable line each: a
 * field the state does not have (a misspelling), a power the variant does not have, an activated power that is no
 * neutral or is listed twice. A state of another wrong shape is left to `readState`, which names the field.
 */
export function stateProblems(features: MandateFeatures, position: Position, powers: readonly Power[]): string[] {
  const raw = position.variantState ?? {};
  const parsed = mandateStateSchema.safeParse(raw);
  const unknown = unknownFields(strictStateSchema.safeParse(raw).error?.issues ?? [], FIELDS);
  // A misspelled field explains a missing one; any other state of the wrong shape: readState names the field.
  if (!parsed.success) return unknown;
  const known = new Set(powers);
  const problems: string[] = [...unknown];
  const seen = new Set<Power>();
  for (const p of parsed.data.activated) {
    if (seen.has(p))
      problems.push(
        `activated: ${p} is listed twice (a neutral is activated once, for good: Mandate of Heaven rule 3)`,
      );
    else if (!known.has(p)) problems.push(`activated: no power "${p}" in the variant`);
    else if (!features.isNeutral(p))
      problems.push(`activated: ${p} is not a neutral power (only neutrals are activated: Mandate of Heaven rule 3)`);
    seen.add(p);
  }
  for (const p of Object.keys(parsed.data.seasonUnits ?? {}))
    if (!known.has(p)) problems.push(`seasonUnits: no power "${p}" in the variant`);
  return problems;
}

/**
 * The position carrying this state. Once settled, the allowance is 0 whatever it was (rule 2: "Once the 6 SCs are
 * reached, the nomad population is exhausted": no unit without a centre), so the state never shows a free allowance
 * that no longer counts.
 */
export function withState(position: Position, state: MandateState): Position {
  const { seasonUnits, hsiungNu, ...rest } = state;
  const nomads = hsiungNu.regime === 'settled' ? { ...hsiungNu, allowance: 0 } : hsiungNu;
  return { ...position, variantState: { hsiungNu: nomads, ...rest, ...(seasonUnits ? { seasonUnits } : {}) } };
}

/** Neutral powers still moved by the vote: every neutral, unless activated and seated (a player of its own). */
export function isVoted(
  features: MandateFeatures,
  state: MandateState,
  power: Power,
  players: ReadonlySet<Power>,
): boolean {
  if (!features.isNeutral(power)) return false;
  return !(state.activated.includes(power) && players.has(power));
}

/** Rule 4 "non neutral power": the states, the Hsiung-Nu, and activated ex-neutrals. */
export function isNonNeutral(features: MandateFeatures, state: MandateState, power: Power): boolean {
  return !features.isNeutral(power) || state.activated.includes(power);
}
