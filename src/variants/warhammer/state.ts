/**
 * The Warhammer state kept between phases in `position.variantState` (shape documented in docs/rules/warhammer.md
 * §5). Missing or partial state reads as the state at the start of a game.
 */
import { z } from 'zod';
import type { GameMap } from '../../engine/map.js';
import type { Position, Power } from '../../engine/types.js';

const followerSchema = z.object({
  /** Seed: "A Sepoy is a player who fights for the player who controls his capital"; a Mercenary picks his employer. */
  role: z.enum(['sepoy', 'mercenary']),
  master: z.string().min(1),
  /** Decisive battles won for the current master (a Sepoy may revolt after 3). */
  wins: z.number().int().min(0).default(0),
});

export const warhammerStateSchema = z.object({
  /** Dogs of War: each seat's start choice (seed: "choose a center in Tilea or Estelia. Also choose a fleet or an army"). */
  dogsOfWar: z.record(z.string(), z.object({ city: z.string().min(1), type: z.enum(['A', 'F']) })).default({}),
  /** Conquered players fighting on as Sepoys or Mercenaries, by power. */
  followers: z.record(z.string(), followerSchema).default({}),
  /** Capitals other than the map's: a revolted Sepoy's new capital (seed: "This is his new capital"). */
  capitals: z.record(z.string(), z.string().min(1)).default({}),
  /** Orcs in the Hills: where the hill armies stand now (they need no centre; lost forever if destroyed). */
  hillArmies: z.array(z.string().min(1)).default([]),
  /** Powers nobody plays (the seed's "Not having enough powers"): with worthlessAbsentCentres their centres give no supply. */
  absent: z.array(z.string().min(1)).default([]),
});

export type WarhammerState = z.infer<typeof warhammerStateSchema>;
export type Follower = z.infer<typeof followerSchema>;

/** The state in a position; throws naming the bad field (the CLI turns it into exit 2). */
export function readState(position: Position): WarhammerState {
  const parsed = warhammerStateSchema.safeParse(position.variantState ?? {});
  if (!parsed.success) {
    throw new Error(`variantState is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/**
 * What is wrong with a state read from outside (the CLI's `variantState`), one readable line each: a power or a province the variant does not have (issue 19 §3).
 */
export function stateProblems(map: GameMap, position: Position, powers: readonly Power[]): string[] {
  const parsed = warhammerStateSchema.safeParse(position.variantState ?? {});
  if (!parsed.success) return []; // a state of the wrong shape: readState names the field when the phase reads it
  const state = parsed.data;
  const known = new Set(powers);
  const problems: string[] = [];
  const power = (p: string, field: string) => known.has(p) || problems.push(`${field}: no power "${p}" in the variant`);
  const province = (p: string, field: string) => map.has(p) || problems.push(`${field}: no province "${p}" on the map`);
  for (const [p, choice] of Object.entries(state.dogsOfWar)) {
    power(p, 'dogsOfWar');
    province(choice.city, `dogsOfWar.${p}.city`);
  }
  for (const [p, follower] of Object.entries(state.followers)) {
    power(p, 'followers');
    power(follower.master, `followers.${p}.master`);
  }
  for (const [p, capital] of Object.entries(state.capitals)) {
    power(p, 'capitals');
    province(capital, `capitals.${p}`);
  }
  for (const p of state.hillArmies) province(p, 'hillArmies');
  for (const p of state.absent) power(p, 'absent');
  return problems;
}

export function withState(position: Position, state: WarhammerState): Position {
  return { ...position, variantState: { ...state } };
}

/** Powers still on the board (a unit or a centre). */
export function onBoard(position: Position, power: Power): boolean {
  return position.units.some((u) => u.power === power) || (position.supplyCenters[power]?.length ?? 0) > 0;
}
