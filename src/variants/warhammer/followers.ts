/**
 * Sepoys and Mercenaries (docs/decisions.md: they exist when decisive battles are on, `gm` or `dice`). Pure functions on
 * a position; the state lives in `variantState.followers` (docs/rules/warhammer.md §5).
 *
 * Seed: "Conquered players may still play on as either a Sepoy or a Mercenary. A Sepoy is a player who fights for the
 * player who controls his capital. The player who controls the capital must give each epoy under him at least one
 * decisive battle to fight each turn. After 3 successful decisive battles, the Sepoy player may revolt and during
 * the adjustments phase after the last succesful battle pick any one province outside the nation of his master (but
 * still controlled by his master) and claim it as his new capital. Placing either a fleet or an army in that
 * province. … If the capital changes hands, the Sepoy must either become a Mercenary or fight 3 successful battles
 * for the new owner."
 * "A Mercenaries is a player who picks a second player to fight along side. This player need not control his
 * capital. … A Mercenary may never revolt. A Mercenary may switch employers (and/or may become a Sepoy)."
 */
import type { GameMap } from '../../engine/map.js';
import type { Position, Power, ProvinceId, UnitType } from '../../engine/types.js';
import type { WarhammerFeatures } from './features.js';
import { dogsOfWarCapitals } from './dogs-of-war.js';
import { onBoard, readState, withState, type Follower } from './state.js';

/** Battles a Sepoy must win before revolting. */
export const REVOLT_WINS = 3;

/**
 * Why the rules refuse a follower's choice or a revolt, as data: the plug-in words it in the player's locale
 * (src/variants/warhammer/plugin/follow.ts); `error` is the same in English (logs, tests).
 */
export type FollowerRefusal =
  | { kind: 'notConquered'; power: Power; role: Follower['role'] }
  | { kind: 'noMaster'; power: Power; capital: ProvinceId | null }
  | { kind: 'notOnBoard'; employer: Power }
  | { kind: 'employerFollows'; employer: Power; role: Follower['role'] }
  | { kind: 'noRevolt'; sepoy: Power; province: ProvinceId }
  | { kind: 'noCoast'; province: ProvinceId };

type Result = { ok: true; position: Position } | { ok: false; error: string; refusal: FollowerRefusal };

const refused = (error: string, refusal: FollowerRefusal): Result => ({ ok: false, error, refusal });

/** A power's capital: a revolted Sepoy's new one, a Dogs of War power's chosen city, else the map's. */
export function capitalOf(features: WarhammerFeatures, position: Position, power: Power): ProvinceId | undefined {
  const state = readState(position);
  return state.capitals[power] ?? dogsOfWarCapitals(position)[power] ?? features.capitals[power];
}

function ownerOf(position: Position, province: ProvinceId): Power | undefined {
  return Object.entries(position.supplyCenters).find(([, owned]) => owned.includes(province))?.[0];
}

function conquered(position: Position, power: Power): boolean {
  return !onBoard(position, power);
}

/** A conquered power becomes the Sepoy of whoever controls its capital. */
export function becomeSepoy(features: WarhammerFeatures, position: Position, power: Power): Result {
  if (!conquered(position, power))
    return refused(`${power} still has units or centres: only conquered players become Sepoys`, {
      kind: 'notConquered',
      power,
      role: 'sepoy',
    });
  const capital = capitalOf(features, position, power);
  const master = capital ? ownerOf(position, capital) : undefined;
  if (!master || master === power)
    return refused(`nobody controls ${power}'s capital${capital ? ` (${capital})` : ''}`, {
      kind: 'noMaster',
      power,
      capital: capital ?? null,
    });
  return setFollower(position, power, { role: 'sepoy', master, wins: 0 });
}

/** A conquered power (or a Sepoy) becomes the Mercenary of any power still on the board. */
export function becomeMercenary(position: Position, power: Power, employer: Power): Result {
  if (!conquered(position, power))
    return refused(`${power} still has units or centres: only conquered players become Mercenaries`, {
      kind: 'notConquered',
      power,
      role: 'mercenary',
    });
  if (employer === power || !onBoard(position, employer))
    return refused(`${employer} is not a power on the board`, { kind: 'notOnBoard', employer });
  const state = readState(position);
  const role = state.followers[employer]?.role;
  if (role) return refused(`${employer} is itself a ${role}`, { kind: 'employerFollows', employer, role });
  return setFollower(position, power, { role: 'mercenary', master: employer, wins: 0 });
}

function setFollower(position: Position, power: Power, follower: Follower): Result {
  const state = readState(position);
  return {
    ok: true,
    position: withState(position, { ...state, followers: { ...state.followers, [power]: follower } }),
  };
}

/** A power's battle commanders: itself and its Sepoys and Mercenaries (one declaration each). */
export function battleCommanders(position: Position, power: Power): Power[] {
  const state = readState(position);
  if (state.followers[power]) return [];
  const followers = Object.entries(state.followers)
    .filter(([, f]) => f.master === power)
    .map(([p]) => p)
    .sort();
  return [power, ...followers];
}

/**
 * Seed: "You must assign your Battle Commanders as equally as possible" and "must give each Sepoy under him at least
 * one decisive battle". Problems with a power's assignment (battle id -> commander), one readable line each.
 */
export function commanderProblems(position: Position, power: Power, assignment: Record<string, Power>): string[] {
  const commanders = battleCommanders(position, power);
  const problems: string[] = [];
  const count = new Map(commanders.map((c) => [c, 0]));
  for (const [battle, c] of Object.entries(assignment)) {
    if (!count.has(c)) problems.push(`${c} is not a battle commander of ${power} (battle ${battle})`);
    else count.set(c, count.get(c)! + 1);
  }
  const battles = Object.keys(assignment).length;
  const counts = [...count.values()];
  if (battles >= commanders.length && Math.max(...counts) - Math.min(...counts) > 1)
    problems.push(
      `${power}'s battle commanders are not assigned as equally as possible (${[...count].map(([c, n]) => `${c} ${n}`).join(', ')})`,
    );
  const state = readState(position);
  for (const c of commanders) {
    if (state.followers[c]?.role === 'sepoy' && count.get(c) === 0)
      problems.push(`${power} must give its Sepoy ${c} a decisive battle this turn`);
  }
  return problems;
}

/** Records decisive battles won by followers (commander -> battles won this turn). */
export function recordWins(position: Position, won: Record<Power, number>): Position {
  const state = readState(position);
  const followers = { ...state.followers };
  for (const [p, n] of Object.entries(won))
    if (followers[p]) followers[p] = { ...followers[p]!, wins: followers[p]!.wins + n };
  return withState(position, { ...state, followers });
}

/** After ownership changes: a Sepoy whose capital changed hands now serves the new owner, from 0 wins. */
export function followCapitals(features: WarhammerFeatures, position: Position): Position {
  const state = readState(position);
  let changed = false;
  const followers = { ...state.followers };
  for (const [p, f] of Object.entries(followers)) {
    if (f.role !== 'sepoy') continue;
    const capital = capitalOf(features, position, p);
    const owner = capital ? ownerOf(position, capital) : undefined;
    if (owner && owner !== f.master && owner !== p) {
      followers[p] = { role: 'sepoy', master: owner, wins: 0 };
      changed = true;
    }
  }
  return changed ? withState(position, { ...state, followers }) : position;
}

/**
 * A follower that is on the board again is a power again: its follower record ends. Seed: "Conquered players may
 * still play on as either a Sepoy or a Mercenary" — a follower is a conquered player; the Vampire Counts' Immortality
 * can bring one back ("a virtual Vampire Count army moves to Sylvania … retaking their ancesteral lands"). It then
 * declares its own battles and is ranked by its centres.
 */
export function releaseFollowersOnBoard<T extends { position: Position }>(adjudication: T): T {
  const { position } = adjudication;
  const state = readState(position);
  const back = Object.keys(state.followers).filter((p) => onBoard(position, p));
  if (back.length === 0) return adjudication;
  const followers = Object.fromEntries(Object.entries(state.followers).filter(([p]) => !back.includes(p)));
  return { ...adjudication, position: withState(position, { ...state, followers }) };
}

/** Where a Sepoy may revolt: its master's empty centres outside the master's home nation (after 3 wins, adjustments). */
export function revoltOptions(
  map: GameMap,
  position: Position,
  sepoy: Power,
): { province: ProvinceId; types: UnitType[] }[] {
  const f = readState(position).followers[sepoy];
  if (f?.role !== 'sepoy' || f.wins < REVOLT_WINS || position.phase.type !== 'adjustment') return [];
  const home = new Set(map.homeCenters(f.master));
  const occupied = new Set(position.units.map((u) => u.province));
  return (position.supplyCenters[f.master] ?? [])
    .filter((c) => !home.has(c) && !occupied.has(c))
    .sort()
    .map((province) => ({
      province,
      types: map.province(province)?.kind === 'coast' ? (['A', 'F'] as UnitType[]) : (['A'] as UnitType[]),
    }));
}

/** The revolt: the province becomes the Sepoy's centre and new capital, with its unit; it is a power again. */
export function applyRevolt(
  map: GameMap,
  position: Position,
  sepoy: Power,
  province: ProvinceId,
  type: UnitType,
): Result {
  const option = revoltOptions(map, position, sepoy).find((o) => o.province === province);
  if (!option)
    return refused(
      `${sepoy} cannot revolt in ${province} now (3 won battles, an adjustment phase, an empty centre of its master outside the master's nation)`,
      { kind: 'noRevolt', sepoy, province },
    );
  if (!option.types.includes(type))
    return refused(`a fleet cannot be placed in ${province}`, { kind: 'noCoast', province });
  const state = readState(position);
  const { [sepoy]: _gone, ...followers } = state.followers;
  const supplyCenters = Object.fromEntries(
    Object.entries(position.supplyCenters).map(([p, owned]) => [p, owned.filter((c) => c !== province)]),
  );
  supplyCenters[sepoy] = [province];
  const next: Position = {
    ...position,
    units: [...position.units, { power: sepoy, type, province, coast: null }],
    supplyCenters,
  };
  return {
    ok: true,
    position: withState(next, { ...state, followers, capitals: { ...state.capitals, [sepoy]: province } }),
  };
}

export interface RankEntry {
  rank: number;
  power: Power;
  centers: number;
  role: 'power' | 'sepoy' | 'mercenary';
}

/**
 * Final positions. Seed: "The number of centers you control then defines positions, followed by any player Sepoying,
 * followed by any player playing a Mercenary position." Powers on the board by centres (ties share a rank), then
 * Sepoys, then Mercenaries (each group sharing one rank). Powers in none of these (never seated) are left out.
 */
export function finalRanking(position: Position, powers: Power[]): RankEntry[] {
  const state = readState(position);
  const active = powers
    .filter((p) => onBoard(position, p) && !state.followers[p])
    .map((p) => ({ power: p, centers: position.supplyCenters[p]?.length ?? 0 }));
  active.sort((a, b) => b.centers - a.centers || a.power.localeCompare(b.power));
  const out: RankEntry[] = [];
  active.forEach((a, i) =>
    out.push({
      rank: i > 0 && active[i - 1]!.centers === a.centers ? out[i - 1]!.rank : i + 1,
      power: a.power,
      centers: a.centers,
      role: 'power',
    }),
  );
  for (const role of ['sepoy', 'mercenary'] as const) {
    const group = powers.filter((p) => state.followers[p]?.role === role).sort();
    const rank = out.length + 1;
    for (const p of group) out.push({ rank, power: p, centers: 0, role });
  }
  return out;
}
