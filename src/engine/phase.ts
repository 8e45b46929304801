/**
 * The phase sequence: spring movement → retreats → fall movement → retreats → winter adjustments,
 * skipping phases with nothing to decide; supply-centre ownership after fall; victory by centre count.
 */
import { adjustmentDelta, buildableCenters, powersIn } from './adjustment.js';
import type { GameMap } from './map.js';
import type { RulesModule } from './rules.js';
import type { Phase, Position, Power, ProvinceId } from './types.js';

/** The phase after `phase`, before skipping. */
export function followingPhase(rules: RulesModule, phase: Phase): Phase {
  const custom = rules.nextPhase?.(phase);
  if (custom) return custom;
  const { season, year, type } = phase;
  if (type === 'movement') return { season, year, type: 'retreat' };
  if (type === 'retreat')
    return season === 'spring'
      ? { season: 'fall', year, type: 'movement' }
      : { season: 'winter', year, type: 'adjustment' };
  return { season: 'spring', year: year + 1, type: 'movement' };
}

/** The phases of game year `year`, in order (Classic: spring movement and retreat, fall movement and retreat, winter adjustment). */
export function phasesOfYear(rules: RulesModule, year: number): Phase[] {
  const out: Phase[] = [];
  for (
    let phase: Phase = { season: 'spring', year, type: 'movement' };
    phase.year === year && out.length < 12;
    phase = followingPhase(rules, phase)
  )
    out.push(phase);
  return out;
}

/**
 * Why `phase` cannot occur in a game of this variant, or null: a season without that kind of phase (a spring
 * adjustment, a winter movement), or a year before the first (years count from 1). The variant's starting phase
 * always exists (Mandate of Heaven's placement, winter of year 0).
 */
export function phaseProblem(rules: RulesModule, start: Phase, phase: Phase): string | null {
  const same = (a: Phase, b: Phase) => a.season === b.season && a.year === b.year && a.type === b.type;
  if (same(phase, start)) return null;
  const name = (p: Phase) => `${p.season} ${p.type}`;
  if (phase.year < 1) {
    const first = start.year < 1 ? `; year ${start.year} has only the starting phase, ${name(start)}` : '';
    return `year ${phase.year} is before the first game year (years count from 1${first})`;
  }
  const phases = phasesOfYear(rules, phase.year);
  if (phases.some((p) => same(p, phase))) return null;
  return `there is no ${name(phase)} phase (a game year has ${phases.map(name).join(', ')})`;
}

/** Does any power have something to decide in this position? (`powersWithDecisions` is not empty; stops at the first.) */
export function phaseHasDecisions(map: GameMap, rules: RulesModule, position: Position): boolean {
  switch (position.phase.type) {
    case 'movement':
      return position.units.length > 0;
    case 'retreat':
      return position.dislodged.length > 0;
    case 'adjustment':
      return powersIn(position).some((p) => hasAdjustment(map, rules, position, p));
  }
}

/** Must `power` build or disband in this adjustment position? */
function hasAdjustment(map: GameMap, rules: RulesModule, position: Position, power: Power): boolean {
  const delta = adjustmentDelta(position, power, map, rules);
  return delta < 0 || (delta > 0 && buildableCenters(map, rules, position, power).length > 0);
}

export function powersWithDecisions(map: GameMap, rules: RulesModule, position: Position): Power[] {
  switch (position.phase.type) {
    case 'movement':
      return [...new Set(position.units.map((u) => u.power))].sort();
    case 'retreat':
      return [...new Set(position.dislodged.map((d) => d.power))].sort();
    case 'adjustment':
      return powersIn(position).filter((p) => hasAdjustment(map, rules, position, p));
  }
}

/** Ownership after a fall turn: every supply centre with a unit in it belongs to that unit's power. */
export function updateOwnership(
  map: GameMap,
  position: Position,
): { supplyCenters: Record<Power, ProvinceId[]>; changes: { province: ProvinceId; from: Power | null; to: Power }[] } {
  const owner = new Map<ProvinceId, Power>();
  for (const [power, list] of Object.entries(position.supplyCenters)) for (const p of list) owner.set(p, power);
  const changes: { province: ProvinceId; from: Power | null; to: Power }[] = [];
  for (const u of position.units) {
    if (!map.province(u.province)?.supplyCenter) continue;
    const before = owner.get(u.province) ?? null;
    if (before !== u.power) {
      changes.push({ province: u.province, from: before, to: u.power });
      owner.set(u.province, u.power);
    }
  }
  const supplyCenters: Record<Power, ProvinceId[]> = {};
  for (const power of Object.keys(position.supplyCenters)) supplyCenters[power] = [];
  for (const [p, power] of owner) (supplyCenters[power] ??= []).push(p);
  for (const list of Object.values(supplyCenters)) list.sort();
  return { supplyCenters, changes: changes.sort((a, b) => a.province.localeCompare(b.province)) };
}

/** The power that has won, if any (Classic: `victory.centers` or more). */
export function winnerOf(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  victory: { centers: number; strictlyMost: boolean },
): Power | null {
  const hook = rules.winner?.({ map, position, centers: victory.centers });
  if (hook !== undefined) return hook;
  // The two largest counts (the first of equal counts in the record's order leads, as a stable sort would put it).
  let leader: Power | null = null;
  let most = -1;
  let second = -1;
  for (const power in position.supplyCenters) {
    const count = position.supplyCenters[power]!.length;
    if (count > most) {
      second = most;
      most = count;
      leader = power;
    } else if (count > second) second = count;
  }
  if (leader === null || most < victory.centers) return null;
  if (second >= 0 && second >= most && (victory.strictlyMost || second >= victory.centers)) return null;
  return leader;
}
