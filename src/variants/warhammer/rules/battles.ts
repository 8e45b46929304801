/**
 * Decisive battles, the re-adjudication with the reported winners (the engine's outer loop `revisitMovement`, then
 * `battleWinner` and `convoyStands` inside the resolver's decisions; docs/engine.md "Battles").
 *
 * Seed: "If you are the victor of the decisive battle, then you have sufficient strength to either take the
 * province or hold the province, recalculate the results of the diplomacy move."
 * - Pass 0 is the provisional result. With battles reported, the phase is resolved once more: in each province of a
 *   battle, the winning side's unit there takes the province (its move succeeds whatever the strengths, every other
 *   move into the province fails) or holds it (every move into it fails). A province of the battle where the winning
 *   side does not fight keeps the resolver's own decision.
 * - Seed: "Another way is to immediately dislodge any unit that bounces back into the province where a decisive
 *   battle is occuring … I prefer the immediate dislodge effect." A unit that moved away from a battle province is
 *   no side there (rules/battlefield.ts); the winner's move into it succeeds, so if the unit bounces back it is
 *   dislodged. A power never dislodges its own unit: a winning move into a province its own unit stays in fails.
 * - Seed, item 7: "If supporting, an army of a foreign power is declared the victor, then the power being supported
 *   by that army is the victor" (rules/battlefield.ts `winningSide`).
 * - Seed, item 8: "convoys are auto disrupted if they are met with a strength great enough to dislodge them … Convoys
 *   are NOT disrupted if they are met with less than the needed strength to dislodge them (even if they are hit
 *   with a decisive battle which causes them to dislodge)": every convoy keeps its provisional outcome (it stands
 *   unless the provisional result dislodged its fleet).
 * - Cataclysmic Battles (option): a report's `destroyed` removes the losers' leading units there from the game.
 */
import type { GameMap } from '../../../engine/map.js';
import type {
  BattleLoss,
  DestroyedUnit,
  MovementContext,
  MovementOutcomeView,
  OrderedUnit,
} from '../../../engine/rules.js';
import type { Adjudication, BattleReport, ProvinceId, VariantEvent } from '../../../engine/types.js';
import {
  battlesAt,
  fieldOf,
  winningSide,
  type Field,
  type FieldBattle,
  type FieldOptions,
  type FieldSide,
  type FieldUnit,
} from './battlefield.js';
import { decisiveDeclarations } from './decisive.js';

/** The outer loop's data once the battles are known. */
export interface BattlePass {
  kind: 'battles';
  /** Province -> the province the winning unit stands in (its start), or null: every move into it fails. */
  winners: Record<ProvinceId, ProvinceId | null>;
  /**
   * Province -> the move into it that lost a head-to-head battle fought at the loser's own province (so the two never
   * swap): that move fails; the resolver decides the others.
   */
  losses: Record<ProvinceId, BattleLoss>;
  /** Convoying fleet's province -> its convoy stands (item 8: the provisional outcome). */
  convoys: Record<ProvinceId, boolean>;
  /**
   * Units destroyed (Cataclysmic Battles), removed from the map before the re-adjudication (seed: "Remove it from
   * the map"; then "recalculate the results"), each with its result's reason.
   */
  destroyed: DestroyedUnit[];
  /**
   * Battle provinces whose unit moved away and fought no side there: if it bounces back and is dislodged, it had no
   * army in that battle (seed: "immediately dislodge any unit that bounces back into the province where a decisive
   * battle is occuring").
   */
  leftBehind: ProvinceId[];
  events: VariantEvent[];
}

export function isBattlePass(pass: unknown): pass is BattlePass {
  return typeof pass === 'object' && pass !== null && (pass as BattlePass).kind === 'battles';
}

/** Problems with the reports against this provisional outcome (empty: all good). One readable line each. */
export function reportProblems(
  map: GameMap,
  provisional: MovementOutcomeView,
  reports: BattleReport[],
  opts: FieldOptions = {},
): string[] {
  return ruling(map, provisional, reports, opts).problems;
}

/**
 * From the provisional outcome and the reports: the pass data of the re-adjudication, and any problem. A battle is
 * accepted exactly where a declaration is allowed (./decisive.ts): what `decisive` offers and `battles` accepts agree.
 */
export function ruling(
  map: GameMap,
  provisional: MovementOutcomeView,
  reports: BattleReport[],
  opts: FieldOptions = {},
): { pass: BattlePass; problems: string[] } {
  const field = fieldOf(map, provisional, opts);
  const declarable = new Set(decisiveDeclarations(provisional, { decisiveBattles: 'gm' }).map((d) => d.province));
  const problems: string[] = [];
  // Each line names the report's province; callers add the field (the CLI: "battles: …").
  const valid = reports.filter((r) => {
    if (!map.has(r.province)) problems.push(`there is no province "${r.province}"`);
    else if (field.groupsAt(r.province).length === 0)
      problems.push(`no unit moves into or stands at ${r.province}, so no battle was fought there`);
    else if (!declarable.has(r.province)) {
      problems.push(
        `no decisive battle can be declared at ${r.province}: no unit bounced there against an opponent's unit, and none there would be dislodged`,
      );
    } else return true;
    return false;
  });
  const winners: BattlePass['winners'] = {};
  const losses: BattlePass['losses'] = {};
  const destroyed: DestroyedUnit[] = [];
  const leftBehind: ProvinceId[] = [];
  const events: VariantEvent[] = [];
  for (const battle of battlesAt(
    field,
    valid.map((r) => r.province),
  )) {
    const mine = valid.filter((r) => battle.provinces.includes(r.province));
    const chosen = mine.map((r) => winningSide(battle, r.winner, r.unit));
    const bad = chosen.find((c) => typeof c === 'string');
    if (typeof bad === 'string') {
      problems.push(bad);
      continue;
    }
    const sides = new Set(chosen.map((c) => (typeof c === 'string' ? '' : c.lead)));
    if (sides.size > 1) {
      problems.push(
        `the battle at ${battle.provinces.join(', ')} is one battle (its groups share units) but was given different winners`,
      );
      continue;
    }
    const side = chosen[0] as Exclude<(typeof chosen)[number], string>;
    for (const p of battle.provinces) {
      const standing = field.units.find((u) => u.province === p);
      if (standing && !field.groupsAt(p).some((g) => g.principal === standing)) leftBehind.push(p);
      const group = field.groupsAt(p).find((g) => side.groups.includes(g));
      if (group) winners[p] = group.kind === 'move' ? group.principal.province : p;
      // A head-to-head lost at p: the losing unit defended p with its own move, which therefore fails too. The
      // winner's order is carried out, the loser's is not: the two never swap places.
      for (const g of field.groupsAt(p)) {
        const into = g.principal.moveTo;
        if (g.kind === 'defend' && !side.groups.includes(g) && into && !battle.provinces.includes(into))
          losses[into] = { lost: g.principal.province, at: p };
      }
    }
    events.push({
      kind: 'battle',
      power: side.power,
      province: battle.provinces[0],
      text: `${side.power} (${side.leadName}) won the decisive battle at ${battle.provinces.map((p) => map.province(p)?.name ?? p).join(' and ')}`,
    });
    // A unit destroyed in a battle over several provinces (a head-to-head) is destroyed once, told once.
    const doomed = new Map<string, FieldUnit>();
    for (const r of mine) {
      if (!r.destroyed) continue;
      const losers = battle.sides
        .filter((s) => s !== side)
        .flatMap((s) => s.groups.filter((g) => g.province === r.province).map((g) => g.principal));
      const named = r.destroyed === true ? losers : losers.filter((u) => (r.destroyed as string[]).includes(u.label));
      if (Array.isArray(r.destroyed)) {
        for (const label of r.destroyed)
          if (!losers.some((u) => u.label === label))
            problems.push(`${label} did not lose the battle at ${r.province}, so it cannot be destroyed`);
      }
      for (const u of named.filter((x) => !x.virtual)) doomed.set(u.label, u);
    }
    for (const u of [...doomed.values()].sort((a, b) => a.label.localeCompare(b.label))) {
      destroyed.push({
        power: u.power,
        type: u.type,
        province: u.province,
        coast: null,
        reason: destroyedReason(map, field, battle, side, u),
      });
      events.push({
        kind: 'destroyed',
        power: u.power,
        province: u.province,
        text: `${u.power}'s ${u.label} broke in a cataclysmic battle and is destroyed`,
      });
    }
  }
  const convoys: BattlePass['convoys'] = {};
  for (const ou of provisional.ordered) {
    if (ou.order.kind !== 'convoy') continue;
    convoys[ou.unit.province] = !provisional.dislodged.some(
      (d) => d.province === ou.unit.province && d.power === ou.unit.power,
    );
  }
  return {
    pass: { kind: 'battles', winners, losses, convoys, destroyed, leftBehind: leftBehind.sort(), events },
    problems,
  };
}

/**
 * What a destroyed unit reads: "lost the battle at Altdorf; destroyed by A wast from The Wasteland (removed from the
 * game: no retreat)": the provinces of the battle where it fought (both of a head-to-head, as the results name them),
 * and the winning side's unit at its own province, else at the first of them (else the side's lead).
 */
function destroyedReason(map: GameMap, field: Field, battle: FieldBattle, side: FieldSide, loser: FieldUnit): string {
  const name = (p: ProvinceId) => map.province(p)?.name ?? p;
  const fought = battle.provinces.filter((p) => field.groupsAt(p).some((g) => g.principal === loser));
  const at = [loser.province, ...fought].find((p) => field.groupsAt(p).some((g) => side.groups.includes(g)));
  const group = at === undefined ? undefined : field.groupsAt(at).find((g) => side.groups.includes(g));
  const winner = group?.principal ?? side.groups[0]!.principal;
  // A unit as every reason names it: as orders write it (`A wast`).
  const label = winner.virtual ? winner.name : winner.label;
  const from = group?.kind === 'move' && map.has(winner.province) ? ` from ${name(winner.province)}` : '';
  return `lost the battle at ${fought.map(name).join(' and ')}; destroyed by ${label}${from} (removed from the game: no retreat)`;
}

/**
 * A unit that moved away from a battle province fought no side there; if it bounced back and was dislodged, it is
 * not told it lost that battle (the engine says so of a unit dislodged where a battle was lost), but why it was
 * dislodged: seed, "immediately dislodge any unit that bounces back into the province where a decisive battle is
 * occuring".
 */
export function bouncedBackTexts(map: GameMap, pass: BattlePass, adjudication: Adjudication): Adjudication {
  if (pass.leftBehind.length === 0) return adjudication;
  let changed = false;
  const results = adjudication.results.map((r) => {
    const at = r.unit.split(' ')[1]?.split('/')[0] ?? '';
    if (!pass.leftBehind.includes(at)) return r;
    const name = map.province(at)?.name ?? at;
    const lost = `; lost the battle at ${name}; dislodged by `;
    if (!r.reason.includes(lost)) return r;
    changed = true;
    return {
      ...r,
      reason: `${r.reason.replace(lost, '; dislodged by ')} (it bounced back into ${name}, where a decisive battle was fought without it)`,
    };
  });
  return changed ? { ...adjudication, results } : adjudication;
}

/** `battleWinner`: the reported winner of a battle province, through the resolver's decisions. */
export function battleWinner(ctx: MovementContext, province: ProvinceId): ProvinceId | null | BattleLoss | undefined {
  if (!isBattlePass(ctx.pass)) return undefined;
  const winner = ctx.pass.winners[province];
  if (winner === undefined) return ctx.pass.losses[province];
  if (winner === null || winner === province) return winner;
  // A power never dislodges its own unit: a winning move into a province its own unit stays in fails.
  const mover = ctx.unitAt(winner);
  const occupant = ctx.unitAt(province);
  if (mover && occupant && occupant.unit.power === mover.unit.power && !ctx.moveSucceeds(province)) return null;
  return winner;
}

/** `convoyStands`: item 8, every convoy keeps its provisional outcome in the re-adjudication. */
export function convoyStands(ctx: MovementContext, fleet: OrderedUnit): boolean | undefined {
  return isBattlePass(ctx.pass) ? ctx.pass.convoys[fleet.unit.province] : undefined;
}

/** A province reported twice. */
export function duplicateReports(reports: BattleReport[]): string[] {
  const first = new Map<ProvinceId, number>();
  const problems: string[] = [];
  reports.forEach((r, i) => {
    const earlier = first.get(r.province);
    if (earlier !== undefined)
      problems.push(`a second report for ${r.province} (reports ${earlier + 1} and ${i + 1} both name it)`);
    else first.set(r.province, i);
  });
  return problems;
}
