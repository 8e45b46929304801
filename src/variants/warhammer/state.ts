/**
 * The Warhammer state kept between phases in `position.variantState` (shape documented in docs/rules/warhammer.md
 * §5). Missing or partial state reads as the state at the start of a game.
 */
import { z } from 'zod';
import type { GameMap } from '../../engine/map.js';
import type { Position, Power, Unit } from '../../engine/types.js';
import type { WarhammerFeatures } from './features.js';
import { unknownFields, type FieldTable } from '../state-fields.js';

const followerShape = {
  /** Seed: "A Sepoy is a player who fights for the player who controls his capital"; a Mercenary picks his employer. */
  role: z.enum(['sepoy', 'mercenary']),
  master: z.string().min(1),
  /** Decisive battles won for the current master (a Sepoy may revolt after 3). */
  wins: z.number().int().min(0).default(0),
};
const dogsOfWarShape = { city: z.string().min(1), type: z.enum(['A', 'F']) };

/** The state's shape; `strict`: unknown fields are refused (a state read from outside, `stateProblems`). */
function stateSchema(strict: boolean) {
  const object = strict ? z.strictObject : z.object;
  return object({
    /** Dogs of War: each seat's start choice (seed: "choose a center in Tilea or Estelia. Also choose a fleet or an army"). */
    dogsOfWar: z.record(z.string(), object(dogsOfWarShape)).default({}),
    /** Conquered players fighting on as Sepoys or Mercenaries, by power. */
    followers: z.record(z.string(), object(followerShape)).default({}),
    /** Capitals other than the map's: a revolted Sepoy's new capital (seed: "This is his new capital"). */
    capitals: z.record(z.string(), z.string().min(1)).default({}),
    /** Orcs in the Hills: where the hill armies stand now (they need no centre; lost forever if destroyed). */
    hillArmies: z.array(z.string().min(1)).default([]),
    /** Powers nobody plays (the seed's "Not having enough powers"): with worthlessAbsentCentres their centres give no supply. */
    absent: z.array(z.string().min(1)).default([]),
  });
}

/** Read leniently inside the game (a field a later version dropped is ignored); refused from outside (`stateProblems`). */
export const warhammerStateSchema = stateSchema(false);
const strictStateSchema = stateSchema(true);
const followerSchema = z.object(followerShape);

/** The fields each object of the state has, for the refusal of one it does not (`dogsOfWar.Tilea`: `city, type`). */
const FIELDS: FieldTable = [
  { at: /^$/, fields: Object.keys(warhammerStateSchema.shape) },
  { at: /^dogsOfWar\.[^.]+$/, fields: Object.keys(dogsOfWarShape) },
  { at: /^followers\.[^.]+$/, fields: Object.keys(followerShape) },
];

export type WarhammerState = z.infer<typeof warhammerStateSchema>;
export type Follower = z.infer<typeof followerSchema>;

/**
 * What of the state a power sees under fog of war (docs/rules/warhammer.md "Warhammer under fog of war"): its own
 * entries; another power's Dogs of War city, revolted capital or hill army only where it sees that place; another
 * power's Sepoy only to its master; Mercenaries and the absent powers as they are (public: posted and counted). A
 * state that does not read shows nothing.
 */
export function fogState(q: {
  state: Record<string, unknown>;
  seen: ReadonlySet<string>;
  power: Power;
}): Record<string, unknown> {
  const parsed = warhammerStateSchema.safeParse(q.state);
  if (!parsed.success) return {};
  const { dogsOfWar, followers, capitals, hillArmies, absent } = parsed.data;
  const shown = (power: string, place: string) => power === q.power || q.seen.has(place);
  return {
    dogsOfWar: Object.fromEntries(Object.entries(dogsOfWar).filter(([power, c]) => shown(power, c.city))),
    // Whom a Sepoy serves is who holds its capital: told to the Sepoy and its master only. A Mercenary's employer is
    // its own choice, no part of the board.
    followers: Object.fromEntries(
      Object.entries(followers).filter(([p, f]) => p === q.power || f.master === q.power || f.role === 'mercenary'),
    ),
    capitals: Object.fromEntries(Object.entries(capitals).filter(([power, capital]) => shown(power, capital))),
    hillArmies: hillArmies.filter((p) => q.seen.has(p)),
    absent,
  };
}

/** The state in a position; throws naming the bad field (the CLI turns it into exit 2). */
export function readState(position: Position): WarhammerState {
  const parsed = warhammerStateSchema.safeParse(position.variantState ?? {});
  if (!parsed.success) {
    throw new Error(
      `variantState is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

/** What the state is checked against besides the map: the campaign's options and its starting units. */
export interface StateSetting {
  /** Where Orcs in the Hills starts hill armies (none: the option is off). */
  hills: readonly string[];
  /** `gm`, `dice` or `off`. */
  decisiveBattles: string;
  startingUnits: readonly Unit[];
}

/**
 * What is wrong with a state read from outside (the CLI's `variantState`), one readable line each: a
 * field the state does not have (a misspelling), a power or a province the variant does not have, a capital that is
 * no supply centre, a Dogs of War choice of a power that is none or of a city outside its country, a hill army at sea,
 * a power listed twice; and what the rules cannot produce (docs/rules/warhammer.md §5): hill armies the campaign does
 * not start, a follower of a follower, followers without decisive battles, a unit of an absent power where none of
 * its units started. A state of another wrong shape is left to `readState`, which names the field.
 */
export function stateProblems(
  features: WarhammerFeatures,
  map: GameMap,
  position: Position,
  powers: readonly Power[],
  setting?: StateSetting,
): string[] {
  const raw = position.variantState ?? {};
  const parsed = warhammerStateSchema.safeParse(raw);
  const unknown = unknownFields(strictStateSchema.safeParse(raw).error?.issues ?? [], FIELDS);
  // A misspelled field explains a missing one; any other state of the wrong shape: readState names the field.
  if (!parsed.success) return unknown;
  const problems: string[] = [...unknown];
  const state = parsed.data;
  const known = new Set(powers);
  const power = (p: string, field: string) => known.has(p) || problems.push(`${field}: no power "${p}" in the variant`);
  const province = (p: string, field: string) => map.has(p) || problems.push(`${field}: no province "${p}" on the map`);
  const twice = (list: string[], field: string) => {
    const seen = new Set<string>();
    for (const x of list) {
      if (seen.has(x)) problems.push(`${field}: "${x}" is listed twice`);
      seen.add(x);
    }
  };
  const dogs = Object.keys(features.dogsOfWar);
  for (const [p, choice] of Object.entries(state.dogsOfWar)) {
    if (!known.has(p)) power(p, 'dogsOfWar');
    else if (!features.dogsOfWar[p]) problems.push(`dogsOfWar: ${p} is not a Dogs of War power (${dogs.join(', ')})`);
    else if (!map.has(choice.city)) province(choice.city, `dogsOfWar.${p}.city`);
    else if (!features.dogsOfWar[p]!.includes(choice.city)) {
      problems.push(
        `dogsOfWar.${p}.city: ${choice.city} is not a city of ${p} (its cities: ${features.dogsOfWar[p]!.join(', ')})`,
      );
    } else if (choice.type === 'F' && map.province(choice.city)?.kind !== 'coast')
      problems.push(`dogsOfWar.${p}.type: a fleet cannot start in ${choice.city}, which has no coast`);
  }
  for (const [p, follower] of Object.entries(state.followers)) {
    power(p, 'followers');
    power(follower.master, `followers.${p}.master`);
    if (follower.master === p) problems.push(`followers.${p}.master: ${p} cannot follow itself`);
    // Seed: a Sepoy "fights for the player who controls his capital"; a Mercenary "picks a second player to fight
    // along side": a power on the board, never another follower (`becomeMercenary` refuses one).
    else if (state.followers[follower.master]) {
      problems.push(
        `followers.${p}.master: ${follower.master} is itself a ${state.followers[follower.master]!.role === 'sepoy' ? 'Sepoy' : 'Mercenary'}, and a follower fights for a power on the board`,
      );
    }
  }
  // docs/decisions.md: Sepoys and Mercenaries exist when decisive battles are on.
  if (setting?.decisiveBattles === 'off' && Object.keys(state.followers).length > 0) {
    problems.push(
      'followers: Sepoys and Mercenaries exist only with decisive battles, and this case has decisiveBattles: off',
    );
  }
  for (const [p, capital] of Object.entries(state.capitals)) {
    power(p, 'capitals');
    if (!map.has(capital)) province(capital, `capitals.${p}`);
    else if (!map.province(capital)?.supplyCenter)
      problems.push(
        `capitals.${p}: ${capital} is not a supply centre, so it cannot be a capital (a revolted Sepoy's new capital is the centre it revolted in)`,
      );
  }
  for (const p of state.hillArmies) {
    if (!map.has(p)) province(p, 'hillArmies');
    else if (map.province(p)?.kind === 'sea') problems.push(`hillArmies: ${p} is a sea, where no army stands`);
    else if (map.province(p)?.kind === 'impassable')
      problems.push(`hillArmies: ${p} is impassable, where no army stands`);
  }
  twice(state.hillArmies, 'hillArmies');
  if (setting) problems.push(...hillArmyProblems(state.hillArmies, setting.hills));
  for (const p of state.absent) power(p, 'absent');
  twice(state.absent, 'absent');
  if (setting) problems.push(...absentUnitProblems(map, position, state.absent, setting.startingUnits));
  return problems;
}

/**
 * Seed, Orcs in the Hills: "Start an Orc Army in the Pale Sister … this army is lost forever if destroyed": the hill
 * armies are the ones the option starts, never more (an army built later is an ordinary one), and none without it.
 */
function hillArmyProblems(hills: readonly string[], starts: readonly string[]): string[] {
  const started = starts.length;
  if (hills.length === 0 || hills.length <= started) return [];
  if (started === 0) return ['hillArmies: this campaign has no hill armies (the option orcsInTheHills is off)'];
  const option = started === 2 ? 'both' : starts[0];
  return [
    `hillArmies: ${hills.length} hill armies, but orcsInTheHills: ${option} starts ${started}, and a hill army lost is never replaced`,
  ];
}

/**
 * Seed, Not having enough powers: "allow any 2+ power nations to start with their initial armies on board". A power
 * nobody plays (`absent`) has only the units it started with, where they started: they hold (civil disorder), and it
 * never builds.
 */
function absentUnitProblems(
  map: GameMap,
  position: Position,
  absent: readonly string[],
  start: readonly Unit[],
): string[] {
  const problems: string[] = [];
  const list = new Set(absent);
  for (const u of [...position.units, ...position.dislodged]) {
    if (!list.has(u.power) || start.some((s) => s.power === u.power && s.type === u.type && s.province === u.province))
      continue;
    const what = u.type === 'A' ? 'an army' : 'a fleet';
    problems.push(
      `absent: ${u.power} is played by nobody, so its units stay where they started and hold; it cannot have ${what} in ${map.province(u.province)?.name ?? u.province} (${u.province})`,
    );
  }
  return problems;
}

export function withState(position: Position, state: WarhammerState): Position {
  return { ...position, variantState: { ...state } };
}

/** Powers still on the board (a unit or a centre). */
export function onBoard(position: Position, power: Power): boolean {
  return position.units.some((u) => u.power === power) || (position.supplyCenters[power]?.length ?? 0) > 0;
}
